#include "ui/views/scaling/scalingview.h"

#include "core/scorevariant.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/plotexport.h"
#include "ui/plots/scalingplot.h"
#include "ui/views/common/queryselector.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

#include <map>

namespace attn::ui {

const std::vector<ScalingPoint> &ScalingView::curves()
{
    static const std::vector<ScalingPoint> points = scalingSweep(defaultScalingDims(), kKeys, kTrials, kSeed);
    return points;
}

ScalingView::ScalingView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("scalingView"));
    auto *top = new QHBoxLayout;
    top->addStretch(1);
    top->addWidget(new QuerySelector(m_document, this));
    m_plot = new ScalingPlot(this);
    m_plot->setObjectName(QStringLiteral("scalingPlot"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);

    connect(m_document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] {
                updateMarker();
                updateRow();
            }));
    const auto rowShown = whenShown([this] { updateRow(); });
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, rowShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, rowShown);
    updateMarker();
    updateRow();
}

ScalingView::~ScalingView() = default;

void ScalingView::ensureCurves() const
{
    if (m_curvesSet) return;
    m_curvesSet = true;
    // Filling the plot and the marker is the view's own lazily built state, not a change of
    // what it shows: hence the cast from a const accessor.
    auto *self = const_cast<ScalingView *>(this);
    m_plot->setCurves(curves(), kKeys, kTrials);
    self->updateMarker();
}

void ScalingView::showEvent(QShowEvent *event)
{
    ensureCurves();
    FigureView::showEvent(event);
}

void ScalingView::updateMarker()
{
    if (!m_curvesSet) return;
    m_marker = ScalingPoint();
    const Index d = m_document->hasQueryAndKey() ? m_document->keyDim() : 0;
    if (d > 0 && d <= 4096) {
        // The curve's own point when d_k is on it; otherwise the same sweep at that d_k, once.
        static std::map<Index, ScalingPoint> extra;
        for (const ScalingPoint &p : curves())
            if (p.d_k == d) m_marker = p;
        if (m_marker.d_k == 0) {
            if (!extra.count(d)) extra[d] = scalingSweep({d}, kKeys, kTrials, kSeed).front();
            m_marker = extra[d];
        }
    }
    m_plot->setMarker(m_marker);
}

void ScalingView::updateRow()
{
    m_scaled = m_plain = m_scaledLogits = m_plainLogits = Vector();
    m_rowMessage.clear();
    const Scenario &s = m_document->scenario();
    if (!m_document->traceIsCurrent()) {
        m_rowMessage = tr("Nothing to show: %1").arg(m_document->lastError());
    } else if (!m_document->hasQueryAndKey()) {
        m_rowMessage = tr("This scenario gives raw scores, not q·k: there is no dot product to scale.");
    } else if (s.score == ScoreKind::Additive) {
        m_rowMessage = tr("This scenario scores additively (vᵀ tanh(W_q q + W_k k)), which is never divided "
                          "by √d_k: the live row compares dot products only.");
    } else {
        try {
            const int head = m_document->selectedHead();
            const int query = m_document->selectedQuery();
            const ScoreRow scaled = scoreRowWith(s, ScoreKind::ScaledDot, head, query);
            const ScoreRow plain = scoreRowWith(s, ScoreKind::Dot, head, query);
            m_scaled = scaled.weights;
            m_scaledLogits = scaled.logits;
            m_plain = plain.weights;
            m_plainLogits = plain.logits;
            if (s.scale)
                m_rowMessage =
                    tr("The scenario sets its own scale %1; the bars use the default ones (1 and 1/√d_k).")
                        .arg(compactNumber(*s.scale));
        } catch (const std::exception &e) {
            m_scaled = m_plain = m_scaledLogits = m_plainLogits = Vector();
            m_rowMessage = tr("The live row cannot be computed: %1").arg(QString::fromUtf8(e.what()));
        }
    }
    m_plot->setRow(m_plain, m_plainLogits, m_scaled, m_scaledLogits, m_document->traceKeyLabels(),
                   m_rowMessage.isEmpty() ? rowTitle() : rowTitle() + QLatin1Char('\n') + m_rowMessage);
}

QString ScalingView::rowTitle() const
{
    if (m_plain.size() == 0) return tr("Live example");
    const QString kind = m_document->scenario().score == ScoreKind::Dot ? tr("plain dot") : tr("scaled dot");
    QString text = tr("Live example, query “%1”: weights without and with 1/√%2 (this scenario: %3)")
                       .arg(m_document->traceQueryLabels().value(m_document->selectedQuery()))
                       .arg(m_document->keyDim())
                       .arg(kind);
    if (m_document->trace().heads.size() > 1) text += tr(", head %1").arg(m_document->selectedHead());
    return text;
}

QString ScalingView::curveToolTip(int index) const
{
    ensureCurves();
    return m_plot->curveToolTip(index);
}

QString ScalingView::keyToolTip(int key) const
{
    return m_plot->keyToolTip(key);
}

bool ScalingView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    ensureCurves();
    return exportPlot(m_plot, path, format, size, error);
}

} // namespace attn::ui
