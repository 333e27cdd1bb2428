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

/// A colour map's cells: value-axis cells down, key-axis cells across, headed by the axes' text
/// ticks at the cell centres (or the coordinates).
FigureTable mapTable(const QCPColorMap &map)
{
    FigureTable table;
    table.caption = map.name();
    QCPColorMapData *data = map.data(); // cell() is not const in QCustomPlot
    const int nx = data->keySize(), ny = data->valueSize();
    table.corner = axisName(map.valueAxis(), QT_TRANSLATE_NOOP("attn::ui::FigureTable", "y")) +
                   QStringLiteral(" \\ ") +
                   axisName(map.keyAxis(), QT_TRANSLATE_NOOP("attn::ui::FigureTable", "x"));
    const auto header = [](const QCPAxis *axis, double at) {
        const QString tick = tickLabel(axis, at);
        return tick.isEmpty() ? exactNumber(at) : tick;
    };
    double key = 0, value = 0;
    for (int x = 0; x < nx; ++x) {
        data->cellToCoord(x, 0, &key, &value);
        table.columnHeaders << header(map.keyAxis(), key);
    }
    for (int y = 0; y < ny; ++y) {
        data->cellToCoord(0, y, &key, &value);
        table.rowHeaders << header(map.valueAxis(), value);
        QStringList row;
        for (int x = 0; x < nx; ++x) row << exactNumber(data->cell(x, y));
        table.cells << row;
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
        else if (const auto *m = qobject_cast<const QCPColorMap *>(p))
            table = mapTable(*m);
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
        if (const auto *source = dynamic_cast<const FigureTableSource *>(widget)) {
            tables += source->figureTables();
            continue;
        }
        if (auto *plot = qobject_cast<QCustomPlot *>(widget)) tables += plotTables(*plot);
    }
    return tables;
}

} // namespace attn::ui
