// File → Export figure…: the dialog that asks for the format, size, resolution and file name.
#pragma once

#include <QDialog>
#include <QSize>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace attn::ui {

/// Asks where and how to write a figure: format (PNG, SVG or PDF), width × height (pixels of the
/// layout; points for PDF), DPI (PNG only: the layout is drawn at DPI/96 times the pixels and the
/// file carries the DPI), and a file name whose suffix follows the format. `pairNote`, when not
/// empty, is shown under the file name (e.g. that the Q/K/V page writes two files). The widgets
/// have object names for tests: "formatBox", "widthBox", "heightBox", "dpiBox", "pixelsLabel",
/// "pathEdit", "browseButton".
class ExportDialog : public QDialog {
    Q_OBJECT

public:
    /// Starts with `path` (its suffix picks the format when it is png, svg or pdf), `size` and
    /// 96 DPI.
    ExportDialog(const QString &path, QSize size, const QString &pairNote, QWidget *parent = nullptr);

    /// "png", "svg" or "pdf".
    QString format() const;
    QSize figureSize() const;
    /// Dots per inch of a PNG (kMinPngDpi … kMaxPngDpi of ui/plots/plotexport.h).
    int dpi() const;
    /// The file name, with the format's suffix.
    QString path() const;

    /// The pixels a PNG of `size` at `dpi` has: size × dpi / 96, rounded.
    static QSize pngPixels(QSize size, int dpi);

    void accept() override;

private:
    void onFormatChanged();
    void updatePixels();
    void browse();

    QComboBox *m_format = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QSpinBox *m_dpi = nullptr;
    QLabel *m_pixels = nullptr;
    QLineEdit *m_path = nullptr;
    QPushButton *m_browse = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace attn::ui
