#include "ui/shell/accessnames.h"

#include "ui/base/cellgrid.h"
#include "ui/views/common/paintedcanvas.h"

#include <QAbstractScrollArea>
#include <QAccessible>
#include <QCoreApplication>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>
#include <QStringList>
#include <QTextDocument>
#include <QWidget>

namespace attn::ui {

namespace {

QString accessibleNameOf(QWidget *widget)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
    return iface ? iface->text(QAccessible::Name) : QString();
}

bool reachable(const QWidget *widget)
{
    return (widget->focusPolicy() & Qt::TabFocus) && !qobject_cast<const QLabel *>(widget);
}

/// A widget that paints a figure: a grid, a plot or a canvas (no layout of children, draws itself).
bool drawsFigure(const QWidget *widget)
{
    if (cellGridOf(const_cast<QWidget *>(widget)) || dynamic_cast<const PaintedCanvas *>(widget)) return true;
    const QByteArray name = widget->metaObject()->className();
    return name == "QCustomPlot" || widget->inherits("QCustomPlot") || name.endsWith("Canvas") ||
           name.endsWith("Plot");
}

/// The layout under `layout` that holds `widget`, and its index there; null when none does.
QLayout *layoutHolding(QLayout *layout, const QWidget *widget, int *index)
{
    if (!layout) return nullptr;
    for (int i = 0; i < layout->count(); ++i) {
        QLayoutItem *item = layout->itemAt(i);
        if (item->widget() == widget) {
            *index = i;
            return layout;
        }
        if (QLayout *inner = layoutHolding(item->layout(), widget, index)) return inner;
    }
    return nullptr;
}

/// The text of the label laid out just before `widget` ("Head:" before a combo box), without "&"
/// and the colon; empty when there is none.
QString precedingLabel(const QWidget *widget)
{
    int index = -1;
    QLayout *layout =
        widget->parentWidget() ? layoutHolding(widget->parentWidget()->layout(), widget, &index) : nullptr;
    if (!layout || index <= 0) return {};
    const auto *label = qobject_cast<const QLabel *>(layout->itemAt(index - 1)->widget());
    if (!label) return {};
    QString text = label->text().trimmed();
    text.remove(QLatin1Char('&'));
    while (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0xFF1A))) text.chop(1); // ":" or "："
    return text.trimmed();
}

QString firstLine(const QString &text)
{
    QString line = text.section(QLatin1Char('\n'), 0, 0).trimmed();
    // Rich-text tooltips: the reader wants the words.
    if (Qt::mightBeRichText(line)) line.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    return line;
}

} // namespace

int nameUnnamedWidgets(QWidget *root, const QString &figureName)
{
    if (!root) return 0;
    QList<QWidget *> widgets{root};
    widgets += root->findChildren<QWidget *>();
    int named = 0;
    for (QWidget *widget : widgets) {
        const bool figure = drawsFigure(widget);
        if (!figure && !reachable(widget)) continue;
        if (figure && widget->accessibleDescription().isEmpty())
            widget->setAccessibleDescription(QCoreApplication::translate(
                "attn::ui::AccessActions", "View → Show as table (Ctrl+T) gives its numbers"));
        if (!accessibleNameOf(widget).isEmpty()) continue;
        QString name = figure ? QString() : precedingLabel(widget);
        if (name.isEmpty()) name = firstLine(widget->toolTip());
        if (name.isEmpty()) name = firstLine(widget->statusTip());
        if (name.isEmpty() && figure) name = figureName;
        if (name.isEmpty()) continue;
        widget->setAccessibleName(name);
        ++named;
    }
    return named;
}

QStringList unnamedWidgets(QWidget *root)
{
    QStringList found;
    if (!root) return found;
    QList<QWidget *> widgets{root};
    widgets += root->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (!widget->isVisibleTo(root) || (!reachable(widget) && !drawsFigure(widget))) continue;
        // The viewport of a scroll area and the line edit inside a spin box or combo box are
        // parts of their control, which carries the name.
        if (qobject_cast<QAbstractScrollArea *>(widget->parentWidget()) ||
            widget->objectName() == QLatin1String("qt_spinbox_lineedit"))
            continue;
        if (accessibleNameOf(widget).isEmpty())
            found << QStringLiteral("%1 %2").arg(QString::fromLatin1(widget->metaObject()->className()),
                                                 widget->objectName());
    }
    return found;
}

} // namespace attn::ui
