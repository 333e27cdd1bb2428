// The painted grid of the mask editor: draws a MaskFigureData at the widget's own size and
// tells which cell, query label or key_padding box a click or a tooltip lands on.
#pragma once

#include "ui/base/cellgrid.h"

#include <QRectF>
#include <QWidget>

#include <functional>

namespace attn::ui {

struct MaskFigureData;

/// Draws the figure its source gives (paintMaskFigure at the widget's size and font, with a dotted
/// focus frame when focused) and reports clicks as signals; it edits nothing itself. A click
/// takes the keyboard focus. Tooltips: a key_padding box says what a click does, a cell shows
/// the text of the `cellToolTip` source.
class MaskCanvas : public QWidget, public CellGrid {
    Q_OBJECT

public:
    /// `figure` gives the figure to draw and hit-test (called at every paint, click and tooltip);
    /// `cellToolTip` the tooltip of cell (query, key).
    MaskCanvas(std::function<MaskFigureData()> figure, std::function<QString(int, int)> cellToolTip,
               QWidget *parent = nullptr);
    ~MaskCanvas() override;

    /// The box of cell (query, key) in this widget's coordinates; empty when out of range.
    QRectF cellRect(int query, int key) const;
    /// The key_padding box of key `key` in this widget's coordinates; empty when out of range.
    QRectF paddingRect(int key) const;

    // CellGrid (maskgrid.cpp): the cells of the figure; the cursor is the editor's keyboard cursor
    // (MaskFigureData::cursorQuery, cursorKey), which the editor moves; every cell is editable.
    int gridRows() const override;
    int gridColumns() const override;
    QString gridRowHeader(int row) const override;
    QString gridColumnHeader(int column) const override;
    QString gridCellValue(int row, int column) const override;
    bool gridCellMasked(int row, int column) const override;
    QRect gridCellRect(int row, int column) const override;
    QString gridCaption() const override;
    int gridCurrentRow() const override;
    int gridCurrentColumn() const override;
    bool gridCellEditable(int row, int column) const override;

signals:
    /// A click on key `key`'s key_padding box; `padded` tells whether it is padding now.
    void paddingClicked(int key, bool padded);
    /// A click on the label of query `query`.
    void queryLabelClicked(int query);
    /// A click on cell (query, key).
    void cellClicked(int query, int key);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    /// The tooltip at `pos`; false when `pos` is on no cell and no key_padding box.
    bool toolTipAt(QPointF pos, QString *text) const;

    std::function<MaskFigureData()> m_figure;
    std::function<QString(int, int)> m_cellToolTip;
};

} // namespace attn::ui
