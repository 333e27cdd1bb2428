// The baselines figure (lesson 16): attention's output beside mean pooling, a local convolution
// and a recurrence on the same tokens, with the mixing weights of each where it has any.
#pragma once

#include "core/tensor.h"

#include <QString>
#include <QStringList>
#include <qcustomplot.h>

#include <array>
#include <vector>

namespace attn::ui {

class ColorBar;

/// Everything one BaselinesPlot shows. Panel 0 is attention, 1 mean pooling, 2 the local
/// convolution, 3 the recurrence.
struct BaselinesFigure {
    static constexpr int kPanels = 4;
    QString title;
    QStringList tokens;                  ///< (n) row labels of every panel
    std::array<QString, kPanels> names;  ///< panel headers, e.g. "Mean pooling"
    std::array<QString, kPanels> notes;  ///< one line under each panel: what it can and cannot do
    std::array<Matrix, kPanels> outputs; ///< (n, d) per token; empty = not shown
    std::array<Matrix, kPanels> mixing;  ///< (n, n) weight of output row t on token s; empty = none
    QString noMixingText;                ///< written where a panel has no mixing weights
    int selected = -1;                   ///< the baseline compared with attention (1 … 3), framed
};

/// Two rows of heatmaps, one column per panel: the outputs (n, d) on a blue–white–red scale
/// symmetric about 0 (one range for all four, so colours compare), and the mixing weights
/// (n, n) in the colour map of AppSettings (followed when it changes) over [0, 1]. SVG and PDF
/// exports draw every cell as a vector rectangle. Cells show compact values while they fit; hovering a cell
/// shows the exact value. Tokens run top to bottom.
class BaselinesPlot : public QCustomPlot {
    Q_OBJECT

public:
    explicit BaselinesPlot(QWidget *parent = nullptr);
    ~BaselinesPlot() override;

    /// Shows `figure`. Replots.
    void setFigure(const BaselinesFigure &figure);
    const BaselinesFigure &figure() const { return m_figure; }

    /// The half-width m of the output colour range [−m, m] (the largest |value| shown, ≥ 1e-9).
    double outputRange() const { return m_outputRange; }

    /// The tooltip of a cell: `mixing` false for an output cell (row = token, column = feature),
    /// true for a mixing cell (row = output token, column = input token). Empty when out of range.
    QString cellToolTip(int panel, bool mixing, int row, int column) const;

    /// Writes the figure to `path` as "png", "svg" or "pdf" at `size`; see exportPlot(). The text
    /// is fitted to `size` (fitTo()) for the file and to the widget again afterwards.
    bool exportTo(const QString &path, const QString &format, QSize size, QString *error = nullptr);

    /// Fits the text to a figure of `size` pixels: below 640 × 420 the notes, the axis names and
    /// the second line of each header are dropped and the fonts shrink; from 1,400 × 980 up the
    /// fonts grow with the size. Called on resize and by exportTo().
    void fitTo(QSize size);
    /// True while fitTo() dropped the secondary text.
    bool isCompact() const { return m_compact; }

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// A new font (presentation mode): the text is fitted again.
    void changeEvent(QEvent *event) override;

private:
    struct Panel {
        QCPTextElement *header = nullptr;
        QCPAxisRect *outputRect = nullptr;
        QCPAxisRect *mixingRect = nullptr;
        QCPColorMap *outputMap = nullptr;
        QCPColorMap *mixingMap = nullptr;
        QCPTextElement *note = nullptr;
    };

    void fillMap(QCPColorMap *map, QCPAxisRect *rect, const Matrix &values, bool mixing);
    /// Writes the values on the cells in one font size per kind of map (outputs, mixing
    /// weights), the largest that fits the narrowest cells of that kind with a margin on each
    /// side; hides them on every map of the kind when even the smallest size does not fit (known
    /// after a layout). True when that changed.
    bool fitCellLabels();
    /// Sets the column stretch factors so that the four panels' maps are equally wide (the first
    /// column also holds the token labels); true when they changed.
    bool balanceColumns();
    /// Applies the fonts and texts of the current fit (fitTo()) to every element.
    void applyFit();

    BaselinesFigure m_figure;
    std::array<Panel, BaselinesFigure::kPanels> m_panels;
    QCPTextElement *m_title = nullptr;
    QCPLayoutGrid *m_grid = nullptr;
    ColorBar *m_outputScale = nullptr;
    ColorBar *m_mixingScale = nullptr;
    double m_outputRange = 1;
    QList<QCPItemText *> m_noMixingLabels; ///< "no weights" in a panel without a mixing map
    bool m_compact = false;
    double m_points = 9; ///< the base font size of the current fit, in points
    struct CellLabels {
        QCPAxisRect *rect = nullptr;
        int columns = 0;
        int rows = 0;
        bool mixing = false;
        QList<QCPItemText *> labels;
    };
    std::vector<CellLabels> m_cellLabels; ///< one entry per labelled map
};

} // namespace attn::ui
