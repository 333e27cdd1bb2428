#include "ui/plots/plottables.h"

#include "ui/base/cellgrid.h"
#include "ui/base/numbertext.h"

#include <QCoreApplication>
#include <qcustomplot.h>

namespace attn::ui {

namespace {

QString trTable(const char *text)
{
    return QCoreApplication::translate("attn::ui::FigureTable", text);
}

QString axisName(const QCPAxis *axis, const char *fallback)
{
    return axis && !axis->label().isEmpty() ? axis->label() : trTable(fallback);
}

/// The label the key axis shows at `key`, when it has text ticks.
QString tickLabel(const QCPAxis *axis, double key)
{
    const auto text = axis ? qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker()) : nullptr;
    return text ? text->ticks().value(key) : QString();
}

template <typename Data> FigureTable pointsTable(const QCPAbstractPlottable &plottable, const Data &data)
{
    FigureTable table;
    table.caption = plottable.name();
    table.corner = QStringLiteral("#");
    table.columnHeaders << axisName(plottable.keyAxis(), QT_TRANSLATE_NOOP("attn::ui::FigureTable", "x"))
                        << axisName(plottable.valueAxis(), QT_TRANSLATE_NOOP("attn::ui::FigureTable", "y"));
    int index = 0;
    for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
        const QString tick = tickLabel(plottable.keyAxis(), it->key);
        table.rowHeaders << (tick.isEmpty() ? QString::number(++index) : tick);
        table.cells << QStringList{exactNumber(it->key), exactNumber(it->value)};
    }
    return table;
}

} // namespace

QList<FigureTable> plotTables(QCustomPlot &plot)
{
    QList<FigureTable> tables;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        const QCPAbstractPlottable *p = plot.plottable(i);
        if (!p || !p->visible()) continue;
        FigureTable table;
        if (const auto *g = qobject_cast<const QCPGraph *>(p))
            table = pointsTable(*g, *g->data());
        else if (const auto *c = qobject_cast<const QCPCurve *>(p))
            table = pointsTable(*c, *c->data());
        else if (const auto *b = qobject_cast<const QCPBars *>(p))
            table = pointsTable(*b, *b->data());
        else
            continue;
        if (table.rowCount() > 0) tables << table;
    }
    return tables;
}

QList<FigureTable> figureTablesIn(QWidget *root)
{
    QList<FigureTable> tables;
    if (!root) return tables;
    QList<QWidget *> widgets{root};
    widgets += root->findChildren<QWidget *>();
    for (QWidget *widget : widgets) {
        if (widget != root && !widget->isVisibleTo(root)) continue;
        if (const CellGrid *grid = cellGridOf(widget); grid && grid->gridRows() > 0) {
            tables << gridTable(*grid);
            continue;
        }
        if (auto *plot = qobject_cast<QCustomPlot *>(widget)) tables += plotTables(*plot);
    }
    return tables;
}

} // namespace attn::ui
