#include "ui/base/figuretable.h"

#include "ui/base/cellgrid.h"

#include <QCoreApplication>

namespace attn::ui {

namespace {

/// A cell of TSV: tabs and line breaks would split the cell, so they become spaces.
QString tsvCell(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

QString FigureTable::toTsv() const
{
    QStringList lines;
    QStringList header{tsvCell(corner)};
    for (const QString &h : columnHeaders) header << tsvCell(h);
    lines << header.join(QLatin1Char('\t'));
    for (int r = 0; r < rowCount(); ++r) {
        QStringList line{tsvCell(rowHeaders.value(r))};
        for (const QString &c : cells[r]) line << tsvCell(c);
        lines << line.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

FigureTable gridTable(const CellGrid &grid)
{
    FigureTable table;
    table.caption = grid.gridCaption();
    //: The corner of a weights table: rows are queries, columns keys
    table.corner = QCoreApplication::translate("attn::ui::CellGrid", "%1 \\ %2")
                       .arg(grid.gridRowNoun(), grid.gridColumnNoun());
    for (int c = 0; c < grid.gridColumns(); ++c) table.columnHeaders << grid.gridColumnHeader(c);
    for (int r = 0; r < grid.gridRows(); ++r) {
        table.rowHeaders << grid.gridRowHeader(r);
        QStringList row;
        for (int c = 0; c < grid.gridColumns(); ++c) {
            QString text = grid.gridCellValue(r, c);
            if (grid.gridCellMasked(r, c))
                text += QCoreApplication::translate("attn::ui::CellGrid", " (masked)");
            row << text;
        }
        table.cells << row;
    }
    return table;
}

} // namespace attn::ui
