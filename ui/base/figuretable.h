// A figure as numbers: the table twin that View → Show as table shows and copies, for readers who
// read numbers rather than colours.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace attn::ui {

class CellGrid;

/// One table of a figure: a caption, column headers, and rows that each start with their header.
struct FigureTable {
    QString caption;
    QString corner;            ///< the header above the row headers, e.g. "query \\ key"
    QStringList columnHeaders; ///< (columns)
    QStringList rowHeaders;    ///< (rows)
    QList<QStringList> cells;  ///< (rows, columns)

    int rowCount() const { return static_cast<int>(cells.size()); }
    int columnCount() const { return static_cast<int>(columnHeaders.size()); }

    /// Tab-separated text with the headers: what a spreadsheet pastes as the same table.
    QString toTsv() const;
};

/// A widget that draws a figure of its own (a painted figure, not a CellGrid or a plot) and gives
/// its numbers as tables: View → Show as table lists them (figureTablesIn).
class FigureTableSource {
public:
    virtual ~FigureTableSource() = default;
    /// The figure's tables as it is drawn now; empty when it shows nothing.
    virtual QList<FigureTable> figureTables() const = 0;
};

/// The table of `grid`: query labels down, key labels across, each cell its number, with
/// " (masked)" after the number of a masked cell.
FigureTable gridTable(const CellGrid &grid);

} // namespace attn::ui
