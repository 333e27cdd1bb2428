#include "ui/views/qkv/tensorbuttons.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QToolButton>

namespace attn::ui {

namespace {

using doc::TensorRole;

/// The editor's translation context: these buttons used to be written by QkvEditorView.
QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::QkvEditorView", text);
}

QToolButton *makeButton(const QString &text, const QString &toolTip, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

QHBoxLayout *createTensorButtons(doc::ScenarioDocument *document, TensorRole role, QWidget *parent,
                                 TensorButtonTargets targets)
{
    const bool isQuery = role == TensorRole::Query;
    const bool isValue = role == TensorRole::Value;
    const QString rowWord = isQuery ? tr("query") : tr("key");
    const QString dimWord = isValue ? QStringLiteral("d_v") : QStringLiteral("d_k");
    auto *addRow = makeButton(isQuery ? tr("Add query") : tr("Add key"),
                              isQuery ? tr("Add a query (a row of zeros in Q)")
                                      : tr("Add a key (a row of zeros in both K and V)"),
                              parent);
    auto *removeRow = makeButton(isQuery ? tr("Remove query") : tr("Remove key"),
                                 isQuery ? tr("Remove the selected query (or the last one) from Q")
                                         : tr("Remove the selected key (or the last one) from K and V"),
                                 parent);
    auto *addDim = makeButton(tr("Add %1 column").arg(dimWord),
                              isValue ? tr("Add a feature column to V (d_v grows by one)")
                                      : tr("Add a feature column to both Q and K (d_k grows by one)"),
                              parent);
    auto *removeDim =
        makeButton(tr("Remove %1 column").arg(dimWord),
                   isValue ? tr("Remove the selected feature column (or the last one) from V")
                           : tr("Remove the selected feature column (or the last one) from Q and K"),
                   parent);
    addRow->setObjectName(QStringLiteral("add_%1_%2").arg(doc::tensorName(role), rowWord));
    removeRow->setObjectName(QStringLiteral("remove_%1_%2").arg(doc::tensorName(role), rowWord));
    addDim->setObjectName(QStringLiteral("add_%1_%2").arg(doc::tensorName(role), dimWord));
    removeDim->setObjectName(QStringLiteral("remove_%1_%2").arg(doc::tensorName(role), dimWord));

    QObject::connect(addRow, &QToolButton::clicked, parent,
                     [document, isQuery] { isQuery ? document->addQuery() : document->addKey(); });
    // Each button checks its own condition; an edit the engine cannot compute is refused by
    // the document, which says why through editRefused().
    QObject::connect(removeRow, &QToolButton::clicked, parent, [document, targets, isQuery, rowWord] {
        const int count = isQuery ? document->queryCount() : document->keyCount();
        if (count <= 1) {
            targets.refuse(tr("Cannot remove the last %1: attention needs at least one.").arg(rowWord));
            return;
        }
        isQuery ? document->removeQuery(targets.row()) : document->removeKey(targets.row());
    });
    QObject::connect(addDim, &QToolButton::clicked, parent, [document, targets, isValue] {
        if (!isValue && !document->hasQueryAndKey()) {
            targets.refuse(
                tr("This scenario gives raw scores instead of Q and K: there is no d_k to change."));
            return;
        }
        isValue ? document->addValueDim() : document->addKeyDim();
    });
    QObject::connect(removeDim, &QToolButton::clicked, parent, [document, targets, role, isValue, dimWord] {
        if (!isValue && !document->hasQueryAndKey()) {
            targets.refuse(
                tr("This scenario gives raw scores instead of Q and K: there is no d_k to change."));
            return;
        }
        if (document->headWidth(role) <= 1) {
            targets.refuse(tr("Cannot remove the last %1 column: %1 must be at least 1.").arg(dimWord));
            return;
        }
        isValue ? document->removeValueDim(targets.dim()) : document->removeKeyDim(targets.dim());
    });

    auto *buttons = new QHBoxLayout;
    for (QToolButton *button : {addRow, removeRow, addDim, removeDim}) buttons->addWidget(button);
    buttons->addStretch(1);
    return buttons;
}

} // namespace attn::ui
