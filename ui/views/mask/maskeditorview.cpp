#include "ui/views/mask/maskeditorview.h"

#include "core/mask.h"
#include "ui/base/numbertext.h"
#include "ui/base/textcolors.h"
#include "ui/document/scenariodocument.h"
#include "ui/views/common/paintedexport.h"
#include "ui/views/mask/maskcanvas.h"
#include "ui/views/mask/maskcontrols.h"
#include "ui/views/mask/maskedits.h"
#include "ui/views/mask/maskfigure.h"
#include "ui/views/mask/masktext.h"

#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kCheckTolerance = 1e-12; // |ΔO| at or below this counts as unchanged
const QColor kPassColor(0x1a, 0x7f, 0x37);
const QColor kFailColor(0xc6, 0x28, 0x28);

QString policyName(MaskedRowPolicy policy)
{
    return QString::fromLatin1(toString(policy));
}

} // namespace

MaskEditorView::MaskEditorView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_document(document)
{
    setObjectName(QStringLiteral("maskEditorView"));
    setAutoFillBackground(true);

    m_controls = new MaskControls(this);
    m_canvas = new MaskCanvas([this] { return figureData(true); },
                              [this](int query, int key) { return cellToolTip(query, key); }, this);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    setTextTone(m_message, TextTone::Error);
    m_message->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_controls);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_message);
    setFocusProxy(m_canvas);

    connect(m_controls, &MaskControls::causalRequested, this, [this] { applyCausal(); });
    connect(m_controls, &MaskControls::windowRequested, this,
            [this](std::optional<int> left, std::optional<int> right) { applyWindow(left, right); });
    connect(m_controls, &MaskControls::clearRequested, this, [this] { clearMask(); });
    connect(m_controls, &MaskControls::policyChosen, this,
            [this](MaskedRowPolicy policy) { setMaskedRowPolicy(policy); });
    connect(m_controls, &MaskControls::documentsRequested, this,
            [this](const std::vector<std::int64_t> &queries, const std::vector<std::int64_t> &keys) {
                setDocumentIds(queries, keys);
            });
    connect(m_controls, &MaskControls::prefixRequested, this,
            [this](std::optional<std::int64_t> prefix) { setPrefixLength(prefix); });
    connect(m_controls, &MaskControls::inputRejected, this, [this](const QString &text) {
        m_message->setText(text);
        m_message->show();
    });
    connect(m_canvas, &MaskCanvas::paddingClicked, this,
            [this](int key, bool padded) { setKeyPadding(key, !padded); });
    connect(m_canvas, &MaskCanvas::queryLabelClicked, this,
            [this](int query) { m_document->setSelectedQuery(query); });
    connect(m_canvas, &MaskCanvas::cellClicked, this, [this](int query, int key) {
        m_cursorKey = key;
        m_cursorQuery = query;
        m_document->setSelectedQuery(query);
        toggleCell(query, key);
        m_canvas->update();
    });
    connect(m_document, &doc::ScenarioDocument::editRefused, this, [this](const QString &text) {
        m_message->setText(text);
        m_message->show();
        syncControls(); // a refused policy change puts the combo back
    });
    connect(m_document, &doc::ScenarioDocument::scenarioChanged, this, [this] {
        m_message->clear();
        m_message->hide();
    });
    const auto syncShown = whenShown([this] {
        syncControls();
        refreshCheck();
    });
    connect(m_document, &doc::ScenarioDocument::traceChanged, this, syncShown);
    connect(m_document, &doc::ScenarioDocument::selectedHeadChanged, this, syncShown);
    connect(m_document, &doc::ScenarioDocument::selectedQueryChanged, this, whenShown([this] {
                m_cursorQuery = m_document->selectedQuery();
                refreshCheck();
            }));
    connect(m_controls, &MaskControls::headChosen, this,
            [this](int head) { m_document->setSelectedHead(head); });
    syncControls();
    refreshCheck();
}

MaskEditorView::~MaskEditorView()
{
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

bool MaskEditorView::hasTrace() const
{
    const AttentionTrace &trace = m_document->trace();
    return m_document->traceIsCurrent() &&
           m_document->selectedHead() < static_cast<int>(trace.heads.size()) && trace.shapes.n_q > 0 &&
           trace.shapes.n_k > 0;
}

bool MaskEditorView::push(const std::function<Scenario(const Scenario &)> &edit, const QString &text)
{
    try {
        return m_document->replaceScenario(edit(m_document->scenario()), text);
    } catch (const std::exception &error) { // the current scenario did not validate
        m_message->setText(tr("%1: refused (%2).").arg(text, QString::fromUtf8(error.what())));
        m_message->show();
        return false;
    }
}

bool MaskEditorView::toggleCell(int query, int key)
{
    if (!hasTrace() || query < 0 || key < 0 || query >= m_document->trace().shapes.n_q ||
        key >= m_document->trace().shapes.n_k)
        return false;
    const int head = m_document->selectedHead();
    const bool show = !m_document->trace().heads[static_cast<std::size_t>(head)].visible(query, key);
    return push([=](const Scenario &s) { return withCellVisible(s, head, query, key, show); },
                (show ? tr("Show %1→%2") : tr("Hide %1→%2"))
                    .arg(m_document->queryLabel(query), m_document->keyLabel(key)));
}

bool MaskEditorView::applyCausal()
{
    const Alignment alignment = alignmentChoice();
    return push([=](const Scenario &s) { return withCausal(s, alignment); }, tr("Causal mask"));
}

bool MaskEditorView::applyWindow(std::optional<int> left, std::optional<int> right)
{
    const auto wide = [](std::optional<int> v) {
        return v ? std::optional<std::int64_t>(*v) : std::optional<std::int64_t>();
    };
    const auto side = [](std::optional<int> v) { return v ? QString::number(*v) : QStringLiteral("∞"); };
    const Alignment alignment = alignmentChoice();
    return push([=](const Scenario &s) { return withWindow(s, wide(left), wide(right), alignment); },
                tr("Window left %1, right %2").arg(side(left), side(right)));
}

bool MaskEditorView::setKeyPadding(int key, bool padding)
{
    if (key < 0 || key >= m_document->keyCount()) return false;
    return push([=](const Scenario &s) { return withKeyPadding(s, key, padding); },
                (padding ? tr("Pad key %1") : tr("Unpad key %1")).arg(m_document->keyLabel(key)));
}

bool MaskEditorView::clearMask()
{
    return push(withClearedMask, tr("Clear the mask"));
}

bool MaskEditorView::setDocumentIds(const std::vector<std::int64_t> &queryIds,
                                    const std::vector<std::int64_t> &keyIds)
{
    const MaskSpec &mask = m_document->scenario().mask;
    const bool same = mask.document_ids.empty()
                          ? mask.query_document_ids == queryIds && mask.key_document_ids == keyIds
                          : mask.document_ids == keyIds && queryIds == keyIds;
    if (same) return true;
    QStringList ids;
    for (std::int64_t id : keyIds) ids << QString::number(id);
    const QString text = keyIds.empty() && queryIds.empty()
                             ? tr("Remove the document mask")
                             : tr("Documents %1").arg(ids.join(QLatin1Char(' ')));
    const bool ok = push([&](const Scenario &s) { return withDocumentIds(s, queryIds, keyIds); }, text);
    syncControls();
    return ok;
}

bool MaskEditorView::setPrefixLength(std::optional<std::int64_t> prefix)
{
    if (prefix == m_document->scenario().mask.prefix_length) return true;
    const bool ok = push([=](const Scenario &s) { return withPrefixLength(s, prefix); },
                         prefix ? tr("Prefix length %1").arg(*prefix) : tr("Remove the prefix"));
    syncControls();
    return ok;
}

bool MaskEditorView::setMaskedRowPolicy(MaskedRowPolicy policy)
{
    if (policy == m_document->scenario().mask.all_masked_rows) return true;
    const bool ok = push([=](const Scenario &s) { return withMaskedRowPolicy(s, policy); },
                         tr("Policy for rows with no visible key: %1").arg(policyName(policy)));
    syncControls();
    return ok;
}

void MaskEditorView::setAlignmentChoice(Alignment alignment)
{
    m_controls->setAlignmentChoice(alignment);
}

Alignment MaskEditorView::alignmentChoice() const
{
    return m_controls->alignmentChoice();
}

void MaskEditorView::syncControls()
{
    const int heads = std::max(1, static_cast<int>(m_document->trace().heads.size()));
    const int nq = m_document->queryCount();
    const int nk = m_document->keyCount();
    m_controls->sync(m_document->scenario(), heads, m_document->selectedHead(), nq, nk);
    m_cursorQuery = std::clamp(m_cursorQuery, 0, std::max(0, nq - 1));
    m_cursorKey = std::clamp(m_cursorKey, 0, std::max(0, nk - 1));
    m_canvas->update();
}

QString MaskEditorView::rowNote(int query) const
{
    if (!hasTrace()) return {};
    for (const auto &[head, row] : m_document->trace().fully_masked_rows)
        if (head == m_document->selectedHead() && row == query)
            return emptyRowNote(m_document->scenario().mask.all_masked_rows);
    return {};
}

void MaskEditorView::refreshCheck()
{
    m_checkText.clear();
    m_checkPassed = true;
    if (!hasTrace()) {
        m_canvas->update();
        return;
    }
    const int head = m_document->selectedHead();
    const int query =
        std::min(m_document->selectedQuery(), static_cast<int>(m_document->trace().shapes.n_q) - 1);
    const QString label = m_document->traceQueryLabels().value(query);
    const MaskedValueCheck check =
        checkMaskedValues(m_document->scenario(), m_document->trace(), head, query);
    m_checkText = maskedValueCheckText(check, label, m_document->scenario().mask.all_masked_rows,
                                       kCheckTolerance, &m_checkPassed);
    m_canvas->update();
}

QString MaskEditorView::checkText() const
{
    return m_checkText;
}

bool MaskEditorView::checkPassed() const
{
    return m_checkPassed;
}

QString MaskEditorView::message() const
{
    return m_message->text();
}

QString MaskEditorView::cellToolTip(int query, int key) const
{
    if (!hasTrace()) return {};
    const AttentionTrace &trace = m_document->trace();
    if (query < 0 || key < 0 || query >= trace.shapes.n_q || key >= trace.shapes.n_k) return {};
    const int head = m_document->selectedHead();
    const HeadTrace &h = trace.heads[static_cast<std::size_t>(head)];
    const QString q = m_document->traceQueryLabels().value(query);
    const QString k = m_document->traceKeyLabels().value(key);
    QString text = tr("query “%1” → key “%2”\nweight = %3\nlogit = %4")
                       .arg(q, k, exactNumber(h.weights(query, key)), exactNumber(h.logits(query, key)));
    if (trace.heads.size() > 1) text += tr("\nhead %1").arg(head);
    const Scenario &s = m_document->scenario();
    const Positions positions = resolvePositions(s, trace.shapes);
    if (h.visible(query, key)) return text + tr("\nvisible · click or Space hides it");
    return text + tr("\nmasked by:\n") + maskedReasonsText(s, positions, head, query, key, k) +
           tr("\nclick or Space shows it");
}

MaskFigureData MaskEditorView::figureData(bool screen) const
{
    MaskFigureData d;
    if (!hasTrace()) {
        d.title = tr("Mask editor");
        d.message = m_document->lastError().isEmpty()
                        ? tr("Nothing computed yet.")
                        : tr("Nothing to draw: %1").arg(m_document->lastError());
        return d;
    }
    const AttentionTrace &trace = m_document->trace();
    const Scenario &s = m_document->scenario();
    const int head = m_document->selectedHead();
    const HeadTrace &h = trace.heads[static_cast<std::size_t>(head)];
    const Index nq = trace.shapes.n_q, nk = trace.shapes.n_k;
    d.title =
        tr("Visibility and weights: rows are queries (n_q = %1), columns keys (n_k = %2)").arg(nq).arg(nk);
    if (trace.heads.size() > 1) d.title += tr(", head %1").arg(head);
    d.maskSummary = maskSummaryText(s, nq, nk);
    d.queryLabels = m_document->traceQueryLabels();
    d.keyLabels = m_document->traceKeyLabels();
    d.weights = h.weights;
    d.visible = h.visible;
    for (bool real : s.mask.key_padding) d.keyIsPadding.push_back(!real);
    d.rowSeesNothing.assign(static_cast<std::size_t>(nq), false);
    for (const auto &[rowHead, row] : trace.fully_masked_rows)
        if (rowHead == head && row < nq) {
            d.rowSeesNothing[static_cast<std::size_t>(row)] = true;
            d.policyNote = rowNote(static_cast<int>(row));
        }
    d.selectedQuery = m_document->selectedQuery();
    if (screen && m_canvas->hasFocus()) {
        d.cursorQuery = m_cursorQuery;
        d.cursorKey = m_cursorKey;
    }
    d.checkText = m_checkText;
    d.checkColor = m_checkText.isEmpty()                              ? QColor(Qt::black)
                   : !m_checkPassed                                   ? kFailColor
                   : m_checkText.contains(QStringLiteral("max |ΔO|")) ? kPassColor
                                                                      : QColor(0x55, 0x55, 0x55);
    return d;
}

void MaskEditorView::paintFigure(QPainter &painter, QSizeF size) const
{
    const MaskFigureData data = figureData(false);
    paintMaskFigure(painter, data, layoutMaskFigure(data, size, font()), size);
}

QRectF MaskEditorView::cellRect(int query, int key) const
{
    const QRectF r = m_canvas->cellRect(query, key);
    return r.isEmpty() ? r : r.translated(m_canvas->pos());
}

QRectF MaskEditorView::paddingRect(int key) const
{
    const QRectF r = m_canvas->paddingRect(key);
    return r.isEmpty() ? r : r.translated(m_canvas->pos());
}

void MaskEditorView::moveCursor(int dq, int dk)
{
    const int nq = m_document->queryCount();
    const int nk = m_document->keyCount();
    m_cursorKey = std::clamp(m_cursorKey + dk, 0, std::max(0, nk - 1));
    const int row = std::clamp(m_cursorQuery + dq, 0, std::max(0, nq - 1));
    m_cursorQuery = row;
    if (dq != 0) m_document->setSelectedQuery(row);
    m_canvas->update();
    announceGridCell(m_canvas, *m_canvas);
}

void MaskEditorView::keyPressEvent(QKeyEvent *event)
{
    if (event->modifiers() == Qt::NoModifier || event->modifiers() == Qt::KeypadModifier) {
        switch (event->key()) {
        case Qt::Key_Left: moveCursor(0, -1); return event->accept();
        case Qt::Key_Right: moveCursor(0, 1); return event->accept();
        case Qt::Key_Up: moveCursor(-1, 0); return event->accept();
        case Qt::Key_Down: moveCursor(1, 0); return event->accept();
        case Qt::Key_Space:
        case Qt::Key_Return:
        case Qt::Key_Enter:
            toggleCell(m_cursorQuery, m_cursorKey);
            announceGridCell(m_canvas, *m_canvas);
            return event->accept();
        default: break;
        }
    }
    FigureView::keyPressEvent(event);
}

QSize MaskEditorView::sizeHint() const
{
    return {820, 560};
}

QSize MaskEditorView::minimumSizeHint() const
{
    return {420, 320};
}

bool MaskEditorView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    const MaskFigureData data = figureData(false);
    const QFont base = font();
    return exportPainted(
        path, format, size,
        [&](QPainter &painter, QSizeF area) {
            paintMaskFigure(painter, data, layoutMaskFigure(data, area, base), area);
        },
        error);
}

} // namespace attn::ui
