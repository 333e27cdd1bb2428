// The table twin of the figures in a widget: every CellGrid (heatmaps, the mask editor, painted weight
// grids) and every QCustomPlot plot (curves, bars) as numbers.
#pragma once

#include "ui/base/figuretable.h"

class QCustomPlot;
class QWidget;

namespace attn::ui {

/// One table per plottable of `plot` with data: a graph, a curve or a bar series, its points as rows
/// (a colour map: its cells, value-axis cells down and key-axis cells across);
/// (x and y under the axes' labels; bars keyed by their tick label when the axis has text ticks).
QList<FigureTable> plotTables(QCustomPlot &plot);

/// The tables of every visible figure under `root` (root included), in the order the widgets were
/// created: a CellGrid widget gives gridTable(), a FigureTableSource its figureTables(), a
/// QCustomPlot plotTables().
QList<FigureTable> figureTablesIn(QWidget *root);

} // namespace attn::ui
