#include "ui/views/interventions/interventionview.h"

#include "core/intervention.h"
#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/paintedcanvas.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/common/queryselector.h"
#include "ui/views/interventions/interventionfigure.h"
#include "ui/views/interventions/keyinvariants.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

const QStringList kKinds = {QStringLiteral("delete"), QStringLiteral("zero_value"),
                            QStringLiteral("zero_key"), QStringLiteral("duplicate")};

QString vectorText(const Eigen::RowVectorXd &v)
{
    QStringList parts;
    for (Index k = 0; k < v.size(); ++k) parts << compactNumber(v(k));
    return QStringLiteral("[") + parts.join(QStringLiteral(", ")) + QStringLiteral("]");
}

} // namespace

InterventionView::InterventionView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document), m_figure(std::make_unique<InterventionFigureData>())
{
    setObjectName(QStringLiteral("interventionView"));
    m_key = new QComboBox(this);
    m_key->setObjectName(QStringLiteral("interventionKey"));
    m_key->setToolTip(tr("The key to intervene on"));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("interventionKind"));
    m_kind->addItem(tr("delete the token"), kKinds[0]);
    m_kind->addItem(tr("zero its value (keep its key)"), kKinds[1]);
    m_kind->addItem(tr("zero its key (keep its value)"), kKinds[2]);
    m_kind->addItem(tr("duplicate it"), kKinds[3]);
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Intervene on key"), this));
    row->addWidget(m_key);
    row->addWidget(m_kind);
    row->addStretch(1);
    row->addWidget(new QuerySelector(m_document, this));
    m_canvas = new PaintedCanvas([this](QPainter &p, QSizeF size) { paintFigure(p, size); },
                                 [this](QPointF pos, QSizeF size) { return toolTipAt(pos, size); }, this);
    m_canvas->setObjectName(QStringLiteral("interventionCanvas"));
    static_cast<PaintedCanvas *>(m_canvas)->setTables([this] { return interventionTables(*m_figure); });
    m_canvas->setMinimumSize(640, 380);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row);
    layout->addWidget(m_canvas, 1);

    connect(m_key, &QComboBox::currentIndexChanged, this, &InterventionView::rebuild);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &InterventionView::rebuild);
    // One handler for every document change: a hidden view catches up once when shown.
    const auto rebuildShown = whenShown([this] {
        fillKeys();
        rebuild();
    });
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, rebuildShown);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, rebuildShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, rebuildShown);
    fillKeys();
    rebuild();
}

InterventionView::~InterventionView()
{
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

void InterventionView::fillKeys()
{
    const QSignalBlocker blocker(m_key);
    const int previous = m_key->currentData().isValid() ? m_key->currentData().toInt() : -1;
    m_key->clear();
    m_key->addItem(tr("(none)"), -1);
    const QStringList labels = m_document->traceKeyLabels();
    for (int j = 0; j < labels.size(); ++j) m_key->addItem(labels[j], j);
    m_key->setCurrentIndex(std::max(0, m_key->findData(previous)));
}

void InterventionView::rebuild()
{
    InterventionFigureData &f = *m_figure;
    f = InterventionFigureData();
    m_values.clear();
    const int head = m_document->selectedHead(), query = m_document->selectedQuery();
    const QString queryLabel = m_document->traceQueryLabels().value(query);
    f.title = tr("Weight vs effect of deleting each key, query “%1”").arg(queryLabel);
    if (m_document->trace().heads.size() > 1) f.title += tr(", head %1").arg(head);
    try {
        if (!m_document->traceIsCurrent()) throw std::runtime_error(m_document->lastError().toStdString());
        const Scenario &s = m_document->scenario();
        // Only this query of this head is drawn: sweep its cut-down scenario (the same numbers,
        // n_k recomputations of one row instead of all H_q·n_q rows).
        m_cut = restrictToQuery(s, head, query);
        const DeletionSweep sweep = deletionSweep(m_cut);
        const Index n_k = sweep.original.shapes.n_k;
        const RankComparison &rank = sweep.rankings.front();
        f.keyLabels = m_document->traceKeyLabels();
        f.weights = sweep.original.heads.front().weights.row(0).transpose();
        f.effects.resize(n_k);
        f.visible.assign(std::size_t(n_k), false);
        f.disagreeing.assign(std::size_t(n_k), false);
        for (Index j = 0; j < n_k; ++j) {
            f.effects(j) = sweep.keys[std::size_t(j)].effect(0, 0);
            f.visible[std::size_t(j)] = sweep.original.heads.front().visible(0, j);
        }
        for (Index j : rank.disagreeing_keys) f.disagreeing[std::size_t(j)] = true;
        m_values[QStringLiteral("disagreements")] = double(rank.disagreeing_keys.size());
        m_values[QStringLiteral("discordant_pairs")] = double(rank.discordant);
        m_values[QStringLiteral("gamma")] = rank.gamma;
        QStringList pairs;
        for (const auto &[a, b] : rank.discordant_pairs)
            pairs << tr("%1 & %2").arg(f.keyLabels.value(int(a)), f.keyLabels.value(int(b)));
        f.lines << tr("Ranking keys by weight and by deletion effect: %1 concordant, %2 discordant pairs, "
                      "γ = %3.%4")
                       .arg(rank.concordant)
                       .arg(rank.discordant)
                       .arg(compactNumber(rank.gamma))
                       .arg(pairs.isEmpty() ? QString()
                                            : tr(" Discordant (the heavier key moves the output less): %1.")
                                                  .arg(pairs.join(QStringLiteral("; "))));
        measureChosen();
        const PermutationCheck perm = checkPermutation(s);
        f.lines
            << (perm.applicable
                    ? tr("Permutation: the keys reversed together with their values change every output by "
                         "at most %1: attention reads a set, not an order.")
                          .arg(compactNumber(perm.max_difference))
                    : tr("Permutation: not shown here, since %1.").arg(perm.reason));
    } catch (const std::exception &e) {
        f.message = tr("Nothing to show: %1").arg(QString::fromUtf8(e.what()));
        f.weights = Vector();
    }
    m_canvas->update();
    emit taskValuesChanged();
}

void InterventionView::measureChosen()
{
    InterventionFigureData &f = *m_figure;
    const int key = m_key->currentData().toInt();
    const QString kind = m_kind->currentData().toString();
    const int head = m_document->selectedHead(), query = m_document->selectedQuery();
    f.chosenKey = key;
    m_values[QStringLiteral("key")] = key;
    m_values[QStringLiteral("kind")] = key < 0 ? 0 : kKinds.indexOf(kind) + 1;
    m_values[QStringLiteral("deleted_key")] = key >= 0 && kind == kKinds[0] ? key : -1;
    m_values[QStringLiteral("effect")] = 0;
    m_values[QStringLiteral("weight")] = key >= 0 ? f.weights(key) : 0;
    m_values[QStringLiteral("weight_after")] = m_values[QStringLiteral("weight")];
    if (key < 0) {
        f.lines << tr("Choose a key above to delete, blank or duplicate it.");
        return;
    }
    const Scenario &s = m_cut; // this query of this head only (rebuild())
    const QString name = f.keyLabels.value(key);
    const Eigen::RowVectorXd before = m_document->trace().heads[std::size_t(head)].output.row(query);
    try {
        if (kind == kKinds[3]) {
            const DuplicateCheck dup = checkDuplicate(s, key, 0, 0);
            const double effect = (dup.output_copies.row(0) - before).norm();
            m_values[QStringLiteral("effect")] = effect;
            m_values[QStringLiteral("weight_after")] = dup.weight_copies;
            f.lines
                << tr("Duplicate “%1”: its weight %2 becomes %3 for the two copies together; one copy with "
                      "its logit raised by ln 2 gets %4 (outputs differ by %5). Output %6 → %7, ‖Δ‖ = %8.")
                       .arg(name, compactNumber(dup.weight_before), compactNumber(dup.weight_copies),
                            compactNumber(dup.weight_raised), compactNumber(dup.max_difference),
                            vectorText(before), vectorText(dup.output_copies.row(0)), compactNumber(effect));
            return;
        }
        InterventionResult r;
        if (kind == kKinds[0]) {
            r = measureDeletion(s, key);
        } else {
            KeyReplacement rep;
            if (kind == kKinds[1])
                rep.value = Eigen::RowVectorXd::Zero(s.value.cols());
            else
                rep.key = Eigen::RowVectorXd::Zero(s.key.cols());
            r = measureReplacement(s, key, rep);
        }
        const double effect = r.effect.effect(0, 0);
        m_values[QStringLiteral("effect")] = effect;
        m_values[QStringLiteral("weight_after")] =
            kind == kKinds[0] ? 0.0 : r.after.heads.front().weights(0, key);
        const Eigen::RowVectorXd after = r.after.heads.front().output.row(0);
        const QString what = kind == kKinds[0]   ? tr("Deleting “%1”").arg(name)
                             : kind == kKinds[1] ? tr("Zeroing the value of “%1”").arg(name)
                                                 : tr("Zeroing the key of “%1”").arg(name);
        QString line = tr("%1 (weight %2): output %3 → %4, ‖Δ‖ = %5.")
                           .arg(what, compactNumber(f.weights(key)), vectorText(before), vectorText(after),
                                compactNumber(effect));
        if (kind != kKinds[0])
            line += tr(" Its weight is now %1.").arg(compactNumber(r.after.heads.front().weights(0, key)));
        f.lines << line;
        if (kind == kKinds[0]) {
            // The remaining keys share the deleted weight: each is divided by 1 − w (visible keys).
            const Matrix &after_w = r.after.heads.front().weights; // (1, n_k − 1): this query
            QStringList moves;
            for (Index j = 0, a = 0; j < f.weights.size(); ++j) {
                if (j == key) continue;
                if (f.visible[std::size_t(j)])
                    moves << tr("“%1” %2 → %3")
                                 .arg(f.keyLabels.value(int(j)), compactNumber(f.weights(j)),
                                      compactNumber(after_w(0, a)));
                ++a;
            }
            f.lines << tr("The other weights renormalise, each divided by 1 − %1 = %2: %3.")
                           .arg(compactNumber(f.weights(key)), compactNumber(1 - f.weights(key)),
                                moves.join(QStringLiteral(", ")));
        }
    } catch (const std::exception &e) {
        m_values[QStringLiteral("effect")] = std::numeric_limits<double>::quiet_NaN();
        f.lines << tr("This intervention cannot be computed: %1").arg(QString::fromUtf8(e.what()));
    }
}

QMap<QString, double> InterventionView::taskValues() const
{
    return m_values;
}

void InterventionView::resetViewState()
{
    const QSignalBlocker b1(m_key), b2(m_kind);
    fillKeys();
    m_key->setCurrentIndex(0);
    m_kind->setCurrentIndex(0);
    rebuild();
}

QString InterventionView::toolTipAt(QPointF pos, QSizeF size) const
{
    const InterventionFigureData &f = *m_figure;
    const std::vector<QRectF> bars = interventionBars(f, size);
    for (std::size_t b = 0; b < bars.size(); ++b) {
        const QRectF r = bars[b].adjusted(0, -std::max(0.0, 12 - bars[b].height()), 0, 0);
        if (!r.contains(pos)) continue;
        const int j = int(b / 2);
        return b % 2 == 0 ? tr("key “%1”: weight %2").arg(f.keyLabels.value(j), exactNumber(f.weights(j)))
                          : tr("key “%1”: ‖Δ output‖ when deleted = %2")
                                .arg(f.keyLabels.value(j), exactNumber(f.effects(j)));
    }
    return {};
}

void InterventionView::paintFigure(QPainter &painter, QSizeF size) const
{
    paintInterventionFigure(painter, size, *m_figure);
}

bool InterventionView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &p, QSizeF s) { paintFigure(p, s); }, error);
}

} // namespace attn::ui
