#include "ui/shell/exportdialog.h"

#include "ui/plots/plotexport.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace attn::ui {

namespace {

constexpr int kMinSide = 100;
constexpr int kMaxSide = 8000;

/// `path` with its suffix replaced by (or extended with) `format`.
QString withSuffix(const QString &path, const QString &format)
{
    if (path.isEmpty()) return path;
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    QString base = path;
    if (isExportFormat(suffix)) base.chop(suffix.size() + 1);
    return base + QLatin1Char('.') + format;
}

QSpinBox *sideBox(const QString &name, int value, QWidget *parent)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(kMinSide, kMaxSide);
    box->setValue(value);
    box->setSuffix(ExportDialog::tr(" px"));
    return box;
}

/// A form label whose mnemonic focuses `buddy` (QFormLayout gives none to a row of a layout).
QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace

ExportDialog::ExportDialog(const QString &path, QSize size, const QString &pairNote, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export figure"));
    auto *form = new QFormLayout;

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("formatBox"));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG (vector)"), QStringLiteral("svg"));
    m_format->addItem(tr("PDF (vector)"), QStringLiteral("pdf"));
    m_format->setToolTip(tr("SVG and PDF stay sharp at any size; PNG is a picture of pixels"));
    const int index = m_format->findData(QFileInfo(path).suffix().toLower());
    m_format->setCurrentIndex(index >= 0 ? index : 0);
    form->addRow(tr("&Format:"), m_format);

    m_width = sideBox(QStringLiteral("widthBox"), size.width(), this);
    m_height = sideBox(QStringLiteral("heightBox"), size.height(), this);
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch();
    m_width->setToolTip(tr("The layout's width: pixels at 96 DPI, points in a PDF"));
    m_height->setToolTip(tr("The layout's height: pixels at 96 DPI, points in a PDF"));
    form->addRow(buddyLabel(tr("&Size:"), m_width, this), sizeRow);

    m_dpi = new QSpinBox(this);
    m_dpi->setObjectName(QStringLiteral("dpiBox"));
    m_dpi->setRange(kMinPngDpi, kMaxPngDpi);
    m_dpi->setValue(kScreenDpi);
    m_dpi->setSuffix(tr(" DPI"));
    m_dpi->setToolTip(tr("PNG only: 300 DPI keeps the layout and draws it at 3.125 times the pixels, "
                         "for print and slides"));
    m_pixels = new QLabel(this);
    m_pixels->setObjectName(QStringLiteral("pixelsLabel"));
    auto *dpiRow = new QHBoxLayout;
    dpiRow->addWidget(m_dpi);
    dpiRow->addWidget(m_pixels, 1);
    form->addRow(buddyLabel(tr("&Resolution:"), m_dpi, this), dpiRow);

    m_path = new QLineEdit(withSuffix(path, format()), this);
    m_path->setObjectName(QStringLiteral("pathEdit"));
    m_path->setMinimumWidth(360);
    m_browse = new QPushButton(tr("&Browse…"), this);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(m_browse);
    form->addRow(buddyLabel(tr("F&ile:"), m_path, this), pathRow);
    if (!pairNote.isEmpty()) {
        auto *note = new QLabel(pairNote, this);
        note->setWordWrap(true);
        form->addRow(QString(), note);
    }

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);

    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    for (QSpinBox *box : {m_width, m_height, m_dpi})
        connect(box, &QSpinBox::valueChanged, this, &ExportDialog::updatePixels);
    connect(m_browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    onFormatChanged();
}

QString ExportDialog::format() const
{
    return m_format->currentData().toString();
}

QSize ExportDialog::figureSize() const
{
    return QSize(m_width->value(), m_height->value());
}

int ExportDialog::dpi() const
{
    return m_dpi->value();
}

QString ExportDialog::path() const
{
    return withSuffix(m_path->text().trimmed(), format());
}

QSize ExportDialog::pngPixels(QSize size, int dpi)
{
    const double scale = double(dpi) / kScreenDpi;
    return QSize(qRound(size.width() * scale), qRound(size.height() * scale));
}

void ExportDialog::onFormatChanged()
{
    const bool png = format() == QLatin1String("png");
    m_dpi->setEnabled(png);
    m_path->setText(withSuffix(m_path->text().trimmed(), format()));
    updatePixels();
}

void ExportDialog::updatePixels()
{
    if (format() != QLatin1String("png")) {
        m_pixels->setText(tr("vector: no pixels, the size is the page in points"));
        return;
    }
    const QSize pixels = pngPixels(figureSize(), dpi());
    m_pixels->setText(pngSizeProblem(figureSize(), dpi()).isEmpty()
                          ? tr("%1 × %2 pixels").arg(pixels.width()).arg(pixels.height())
                          : tr("%1 × %2 pixels: too large").arg(pixels.width()).arg(pixels.height()));
}

void ExportDialog::browse()
{
    const QString filter = format() == QLatin1String("png")   ? tr("PNG images (*.png)")
                           : format() == QLatin1String("svg") ? tr("SVG drawings (*.svg)")
                                                              : tr("PDF documents (*.pdf)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export figure to"), path(), filter);
    if (!chosen.isEmpty()) m_path->setText(withSuffix(chosen, format()));
}

void ExportDialog::accept()
{
    const QString file = path();
    QString reason;
    if (file.isEmpty())
        reason = tr("Give a file name.");
    else if (!QFileInfo(file).absoluteDir().exists())
        reason =
            tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(QFileInfo(file).absolutePath()));
    else if (format() == QLatin1String("png") && !pngSizeProblem(figureSize(), dpi()).isEmpty())
        reason = tr("The picture would be too large: %1.").arg(pngSizeProblem(figureSize(), dpi()));
    if (!reason.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export"), reason);
        return;
    }
    QDialog::accept();
}

} // namespace attn::ui
