#include "ui/views/position/positionview.h"

#include "ui/base/numbertext.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/gridcanvas.h"
#include "ui/views/common/numberbox.h"
#include "ui/views/common/paintedcanvas.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/common/weightgrid.h"
#include "ui/views/position/positionedits.h"
#include "ui/views/position/positionfigure.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QSpinBox>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

QString vectorText(const Vector &v)
{
    QStringList parts;
    for (Index i = 0; i < v.size(); ++i) parts << compactNumber(v(i));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

} // namespace

PositionView::PositionView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("positionView"));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("positionalKind"));
    // Item data: the scenario file's names; the index is the PositionalKind (0 none, 1 RoPE, 2 ALiBi).
    m_kind->addItem(tr("none"), QStringLiteral("none"));
    m_kind->addItem(tr("RoPE"), QStringLiteral("rope"));
    m_kind->addItem(tr("ALiBi"), QStringLiteral("alibi"));
    m_kind->setToolTip(tr("The positional scheme applied to the scores before softmax"));
    // Typed as a cell is (numberbox.h); the engine refuses a base ≤ 1.
    m_base = new NumberBox(this);
    m_base->setObjectName(QStringLiteral("ropeBase"));
    m_base->setRange(std::nextafter(1.0, 2.0), std::numeric_limits<double>::max());
    m_base->setToolTip(tr("RoPE base: feature pair p turns by pos · base^(−2p/d_k) radians"));
    m_layout = new QComboBox(this);
    m_layout->setObjectName(QStringLiteral("ropeLayout"));
    m_layout->addItem(tr("half split"), QStringLiteral("half_split"));
    m_layout->addItem(tr("interleaved"), QStringLiteral("interleaved"));
    m_layout->setToolTip(tr("Which features rotate together: p with p + d_k/2, or 2p with 2p + 1"));
    m_rotary = new QSpinBox(this);
    m_rotary->setObjectName(QStringLiteral("rotaryDim"));
    m_rotary->setRange(0, 4096);
    m_rotary->setSingleStep(2);
    m_rotary->setSpecialValueText(tr("all"));
    m_rotary->setKeyboardTracking(false);
    m_rotary->setToolTip(
        tr("Partial rotary (GPT-NeoX, Hugging Face's partial_rotary_factor): only the first r\n"
           "features of each head's q and k rotate, pair i turning by pos · base^(−2i/r); the\n"
           "other d_k − r features carry content only. r is even, 2 ≤ r ≤ d_k; all = d_k."));
    m_slope = new NumberBox(this);
    m_slope->setObjectName(QStringLiteral("alibiSlope"));
    m_slope->setRange(0, std::numeric_limits<double>::max());
    m_slope->setSingleStep(0.05);
    m_slope->setToolTip(tr("ALiBi slope of the selected head: the score loses slope · distance"));
    m_window = new QSpinBox(this);
    m_window->setObjectName(QStringLiteral("window"));
    m_window->setRange(-1, 4096);
    m_window->setSpecialValueText(tr("off"));
    m_window->setKeyboardTracking(false);
    m_window->setToolTip(tr("W positions on each side: query i sees keys i − W … i + W, 2W + 1 keys with "
                            "itself (off: no window)"));
    m_key = new QComboBox(this);
    m_key->setObjectName(QStringLiteral("curveKey"));
    m_key->setToolTip(tr("The key whose score against the selected query is drawn at every distance"));
    auto *top = new QHBoxLayout;
    const auto add = [this, top](const QString &caption, QWidget *widget) {
        top->addWidget(new QLabel(caption, this));
        top->addWidget(widget);
    };
    add(tr("Scheme:"), m_kind);
    add(tr("RoPE base:"), m_base);
    top->addWidget(m_layout);
    add(tr("rotary_dim:"), m_rotary);
    add(tr("ALiBi slope:"), m_slope);
    add(tr("Window W (each side):"), m_window);
    top->addStretch(1);
    add(tr("Curve key:"), m_key);
    auto *canvas = new GridCanvas([this](QPainter &p, QSizeF size) { paintFigure(p, size); },
                                  [this](QPointF pos, QSizeF size) { return toolTipAt(pos, size); },
                                  [this](QSizeF size) { return positionGrids(figureData(), size); },
                                  [this](int, int query, int) { m_document->setSelectedQuery(query); }, this);
    canvas->setClickHandler([this](QPointF pos, QSizeF size) { clickAt(pos, size); });
    canvas->setObjectName(QStringLiteral("positionCanvas"));
    canvas->setMinimumSize(480, 300);
    m_canvas = canvas;
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_canvas, 1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int i) { setKind(i); });
    connect(m_base, &QDoubleSpinBox::valueChanged, this, &PositionView::setBase);
    connect(m_layout, &QComboBox::currentIndexChanged, this,
            [this](int i) { setLayout(m_layout->itemData(i).toString()); });
    connect(m_rotary, &QSpinBox::valueChanged, this, &PositionView::setRotaryDim);
    connect(m_slope, &QDoubleSpinBox::valueChanged, this, &PositionView::setSlope);
    connect(m_window, &QSpinBox::valueChanged, this, &PositionView::setWindow);
    connect(m_key, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i < 0 || i == m_curveKey) return;
        m_curveKey = i;
        m_keyChosen = true;
        recompute();
    });
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] {
                if (m_curveKey >= m_document->keyCount()) m_curveKey = defaultCurveKey();
                sync();
                recompute();
            }));
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, whenShown([this] {
                sync();
                recompute();
            }));
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, whenShown([this] {
                if (!m_keyChosen) {
                    m_curveKey = defaultCurveKey();
                    sync();
                }
                recompute();
            }));
    resetViewState();
}

PositionView::~PositionView()
{
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

int PositionView::defaultCurveKey() const
{
    // The selected query's favourite key (the first of equal ones), as the trace has it.
    const AttentionTrace &t = m_document->trace();
    const int head = m_document->selectedHead();
    const int query = m_document->selectedQuery();
    if (!m_document->traceIsCurrent() || head >= static_cast<int>(t.heads.size()) || query >= t.shapes.n_q)
        return 0;
    const auto row = t.heads[static_cast<std::size_t>(head)].weights.row(query);
    int best = 0;
    for (Index j = 1; j < row.size(); ++j)
        if (row(j) > row(best)) best = static_cast<int>(j);
    return best;
}

void PositionView::resetViewState()
{
    m_keyChosen = false;
    m_curveKey = defaultCurveKey();
    sync();
    recompute();
}

void PositionView::sync()
{
    const Scenario &s = m_document->scenario();
    const QSignalBlocker b1(m_kind), b2(m_base), b3(m_layout), b4(m_slope), b5(m_window), b6(m_key),
        b7(m_rotary);
    m_kind->setCurrentIndex(static_cast<int>(s.positional.kind));
    m_base->setValue(s.positional.rope_base);
    m_layout->setCurrentIndex(s.positional.rope_layout == RopeLayout::HalfSplit ? 0 : 1);
    m_slope->setValue(effectiveAlibiSlope(s, m_document->selectedHead()));
    m_base->setEnabled(s.positional.kind == PositionalKind::Rope);
    m_layout->setEnabled(s.positional.kind == PositionalKind::Rope);
    m_rotary->setEnabled(s.positional.kind == PositionalKind::Rope);
    m_rotary->setMaximum(std::max(2, m_document->keyDim()));
    m_rotary->setValue(s.positional.rotary_dim ? static_cast<int>(*s.positional.rotary_dim) : 0);
    m_slope->setEnabled(s.positional.kind == PositionalKind::Alibi);
    m_window->setValue(windowReach(s));
    const QStringList keys = m_document->traceKeyLabels();
    m_key->clear();
    m_key->addItems(keys);
    m_key->setCurrentIndex(std::min(m_curveKey, static_cast<int>(keys.size()) - 1));
}

void PositionView::edit(const Scenario &edited, const QString &text)
{
    if (!m_document->replaceScenario(edited, text)) sync(); // refused: the controls show the scenario again
}

void PositionView::setKind(int kind)
{
    Scenario s = m_document->scenario();
    const PositionalKind k = static_cast<PositionalKind>(std::clamp(kind, 0, 2));
    if (s.positional.kind == k) return;
    s.positional.kind = k;
    if (k != PositionalKind::Rope) s.positional.rotary_dim.reset(); // only RoPE rotates features
    if (k != PositionalKind::None && s.alignment == Alignment::Unspecified && s.query_positions.empty() &&
        m_document->queryCount() != m_document->keyCount())
        s.alignment = Alignment::BottomRight;
    edit(s, tr("Positional scheme: %1").arg(QString::fromLatin1(toString(k))));
}

void PositionView::setBase(double base)
{
    Scenario s = m_document->scenario();
    if (s.positional.rope_base == base) return;
    s.positional.rope_base = base;
    edit(s, tr("RoPE base %1").arg(compactNumber(base)));
}

void PositionView::setRotaryDim(int rotaryDim)
{
    Scenario s = m_document->scenario();
    // 0 ("all") and d_k both rotate every feature; the file then leaves the key out.
    const std::optional<Index> r =
        rotaryDim <= 0 || rotaryDim == m_document->keyDim() ? std::nullopt : std::optional<Index>(rotaryDim);
    if (s.positional.rotary_dim == r) return;
    s.positional.rotary_dim = r;
    edit(s, r ? tr("rotary_dim %1").arg(rotaryDim) : tr("rotary_dim all (d_k)"));
}

void PositionView::setLayout(const QString &layout)
{
    Scenario s = m_document->scenario();
    const RopeLayout l =
        layout == QLatin1String("interleaved") ? RopeLayout::Interleaved : RopeLayout::HalfSplit;
    if (s.positional.rope_layout == l) return;
    s.positional.rope_layout = l;
    edit(s, tr("RoPE layout %1").arg(layout));
}

void PositionView::setSlope(double slope)
{
    const int head = m_document->selectedHead();
    if (effectiveAlibiSlope(m_document->scenario(), head) == slope) return;
    edit(withAlibiSlope(m_document->scenario(), head, slope),
         tr("ALiBi slope of head %1: %2").arg(head).arg(compactNumber(slope)));
}

void PositionView::setWindow(int window)
{
    if (windowReach(m_document->scenario()) == window) return;
    edit(withWindowReach(m_document->scenario(), window, m_document->queryCount(), m_document->keyCount()),
         window < 0 ? tr("No window") : tr("Window %1").arg(window));
}

void PositionView::recompute()
{
    m_none = m_rope = m_alibi = m_reversedOutput = Vector();
    m_curveNote.clear();
    m_orderEffect = 0;
    if (m_document->traceIsCurrent()) {
        const Scenario &s = m_document->scenario();
        const int head = m_document->selectedHead();
        const int query = m_document->selectedQuery();
        const int key = std::clamp(m_curveKey, 0, m_document->keyCount() - 1);
        const auto curve = [&](PositionalKind kind, Vector *out) {
            try {
                *out = scoreByDistance(s, head, query, key, kMaxDistance, kind);
            } catch (const std::exception &e) {
                if (m_curveNote.isEmpty()) m_curveNote = QString::fromUtf8(e.what());
            }
        };
        curve(PositionalKind::None, &m_none);
        curve(PositionalKind::Rope, &m_rope);
        curve(PositionalKind::Alibi, &m_alibi);
        try {
            const AttentionTrace reversed = attend(withKeysReversed(s));
            const Matrix &a = m_document->trace().output;
            // An entry that is NaN or infinite in either order cannot be compared: the whole
            // check is then NaN ("not comparable"), never a reassuring 0.
            for (Index i = 0; i < a.size(); ++i) {
                const double d = std::abs(reversed.output.data()[i] - a.data()[i]);
                if (!std::isfinite(reversed.output.data()[i]) || !std::isfinite(a.data()[i])) {
                    m_orderEffect = std::numeric_limits<double>::quiet_NaN();
                    break;
                }
                m_orderEffect = std::max(m_orderEffect, d);
            }
            m_reversedOutput = reversed.output.row(query).transpose();
        } catch (const std::exception &) {
            m_orderEffect = std::numeric_limits<double>::quiet_NaN();
        }
    }
    m_canvas->update();
    emit taskValuesChanged();
}

QString PositionView::title() const
{
    const Scenario &s = m_document->scenario();
    QString text;
    switch (s.positional.kind) {
    case PositionalKind::None: text = tr("No positional scheme: scores from content only"); break;
    case PositionalKind::Rope:
        text = tr("RoPE: q and k rotated by position (base %1, %2)")
                   .arg(QString::number(s.positional.rope_base, 'g', 7),
                        QString::fromLatin1(toString(s.positional.rope_layout)));
        break;
    case PositionalKind::Alibi:
        text = tr("ALiBi: score − %1 · distance")
                   .arg(compactNumber(effectiveAlibiSlope(s, m_document->selectedHead())));
        break;
    }
    if (s.mask.window) text += tr("; window on");
    if (m_document->trace().heads.size() > 1) text += tr("; head %1").arg(m_document->selectedHead());
    return text;
}

QString PositionView::orderText() const
{
    if (!m_document->traceIsCurrent() || m_reversedOutput.size() == 0) return {};
    const int query = m_document->selectedQuery();
    const Vector own = m_document->trace().output.row(query).transpose();
    const QString head =
        tr("Order check: with the keys in reverse order, the output of “%1” is %2 instead of %3. ")
            .arg(m_document->traceQueryLabels().value(query), vectorText(m_reversedOutput), vectorText(own));
    if (std::isnan(m_orderEffect))
        return head +
               tr("Largest change: NaN — an output is NaN or infinite in one of the two orders, so the "
                  "orders cannot be compared (not “no change”).");
    return head + tr("Largest change of any output entry: %1%2.")
                      .arg(compactNumber(m_orderEffect),
                           m_orderEffect < 1e-12 ? tr(" (floating-point rounding: no change)") : QString());
}

PositionFigureData PositionView::figureData() const
{
    PositionFigureData d;
    d.title = title();
    if (!m_document->traceIsCurrent()) {
        d.message = tr("Nothing to show: %1").arg(m_document->lastError());
        return d;
    }
    const AttentionTrace &t = m_document->trace();
    const int head = std::clamp(m_document->selectedHead(), 0, static_cast<int>(t.heads.size()) - 1);
    d.head = &t.heads[static_cast<std::size_t>(head)];
    d.queryLabels = m_document->traceQueryLabels();
    d.keyLabels = m_document->traceKeyLabels();
    d.queryPositions = t.query_positions;
    d.keyPositions = t.key_positions;
    d.selectedQuery = m_document->selectedQuery();
    d.window = m_document->scenario().mask.window;
    d.kind = m_document->scenario().positional.kind;
    d.curveNone = m_none;
    d.curveRope = m_rope;
    d.curveAlibi = m_alibi;
    d.curveTitle = m_none.size() == 0
                       ? tr("No curves: %1").arg(m_curveNote)
                       : tr("Score of q “%1” · k “%2” at distance d")
                             .arg(d.queryLabels.value(d.selectedQuery), d.keyLabels.value(m_curveKey));
    d.orderText = orderText();
    if (!d.orderText.isEmpty())
        d.orderSummary = std::isnan(m_orderEffect)
                             ? tr("Keys reversed: NaN, not comparable")
                             : tr("Keys reversed: largest change %1").arg(compactNumber(m_orderEffect));
    return d;
}

void PositionView::paintFigure(QPainter &painter, QSizeF size) const
{
    paintPositionFigure(painter, size, figureData());
}

QString PositionView::toolTipAt(QPointF pos, QSizeF size) const
{
    const PositionFigureData d = figureData();
    if (!d.head) return {};
    const PositionLayout l = layoutPositionFigure(d, size);
    int row = 0, column = 0;
    if (weightGridCellAt(l.cells, static_cast<int>(d.head->weights.rows()),
                         static_cast<int>(d.head->weights.cols()), pos, &row, &column)) {
        const std::int64_t pq = d.queryPositions[static_cast<std::size_t>(row)];
        const std::int64_t pk = d.keyPositions[static_cast<std::size_t>(column)];
        QString text =
            tr("query “%1” (position %2) → key “%3” (position %4), distance %5\nweight = %6\nscore "
               "(logit) = %7")
                .arg(d.queryLabels.value(row))
                .arg(pq)
                .arg(d.keyLabels.value(column))
                .arg(pk)
                .arg(pq - pk)
                .arg(exactNumber(d.head->weights(row, column)), exactNumber(d.head->logits(row, column)));
        if (d.head->visible.size() != 0 && !d.head->visible(row, column)) text += tr("\nmasked");
        return text;
    }
    if (l.plotRect.contains(pos) && m_none.size() > 1) {
        const double left = l.plotRect.left() + l.fontPx * 4, right = l.plotRect.right() - 4;
        const int dist = static_cast<int>(std::lround((pos.x() - left) / (right - left) * kMaxDistance));
        if (dist < 0 || dist > kMaxDistance) return {};
        QString text = tr("distance %1\nno positions: %2").arg(dist).arg(exactNumber(m_none(dist)));
        if (m_rope.size() > dist) text += tr("\nRoPE: %1").arg(exactNumber(m_rope(dist)));
        if (m_alibi.size() > dist) text += tr("\nALiBi: %1").arg(exactNumber(m_alibi(dist)));
        return text;
    }
    return {};
}

void PositionView::clickAt(QPointF pos, QSizeF size)
{
    const PositionFigureData d = figureData();
    if (!d.head) return;
    int row = 0, column = 0;
    if (weightGridCellAt(layoutPositionFigure(d, size).cells, static_cast<int>(d.head->weights.rows()),
                         static_cast<int>(d.head->weights.cols()), pos, &row, &column))
        m_document->setSelectedQuery(row);
}

bool PositionView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    return exportPainted(
        path, format, size, [this](QPainter &painter, QSizeF figure) { paintFigure(painter, figure); },
        error);
}

QMap<QString, double> PositionView::taskValues() const
{
    const Scenario &s = m_document->scenario();
    return {{QStringLiteral("positional_kind"), static_cast<double>(s.positional.kind)},
            {QStringLiteral("rope_base"), s.positional.rope_base},
            {QStringLiteral("rotary_dim"),
             static_cast<double>(s.positional.rotary_dim.value_or(m_document->keyDim()))},
            {QStringLiteral("alibi_slope"), effectiveAlibiSlope(s, m_document->selectedHead())},
            {QStringLiteral("window"), windowReach(s)},
            {QStringLiteral("order_effect"), m_orderEffect},
            {QStringLiteral("curve_key"), m_curveKey}};
}

} // namespace attn::ui
