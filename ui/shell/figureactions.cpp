#include "ui/shell/figureactions.h"

#include "ui/base/appsettings.h"
#include "ui/base/fitscrollarea.h"
#include "ui/document/boundedread.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/lessons/lessonstage.h"
#include "ui/plots/figureexport.h"
#include "ui/plots/heatmapplot.h"
#include "ui/plots/plotexport.h"
#include "ui/shell/exportdialog.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/common/figureview.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTemporaryDir>

namespace attn::ui {

namespace {

/// The page stack in the centre of the window (its central widget, or the first stack inside).
QStackedWidget *viewStack(MainWindow *window)
{
    if (auto *stack = qobject_cast<QStackedWidget *>(window->centralWidget())) return stack;
    return window->centralWidget() ? window->centralWidget()->findChild<QStackedWidget *>() : nullptr;
}

bool fail(QString *error, const QString &message)
{
    if (error) *error = message;
    return false;
}

} // namespace

FigureActions::FigureActions(MainWindow *window) : QObject(window), m_window(window)
{
    m_exportFigure = new QAction(tr("&Export figure…"), this);
    m_exportFigure->setObjectName(QStringLiteral("exportFigureAction"));
    m_exportFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportFigure->setStatusTip(tr("Write the figure on screen as PNG (any size and DPI), SVG or PDF"));
    m_exportLesson = new QAction(tr("Export all figures of this &lesson…"), this);
    m_exportLesson->setObjectName(QStringLiteral("exportLessonAction"));
    m_exportLesson->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    m_exportLesson->setStatusTip(tr("Write the figure of every step of the open lesson into a folder (PDF by "
                                    "default: vector, for slides and handouts)"));
    m_copyFigure = new QAction(tr("Copy &figure"), this);
    m_copyFigure->setObjectName(QStringLiteral("copyFigureAction"));
    m_copyFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyFigure->setStatusTip(tr("Put the figure on screen on the clipboard (as an image and as SVG)"));
    connect(m_exportFigure, &QAction::triggered, this, &FigureActions::exportFigureInteractively);
    connect(m_exportLesson, &QAction::triggered, this, &FigureActions::exportLessonInteractively);
    connect(m_copyFigure, &QAction::triggered, this, &FigureActions::copyFigureInteractively);

    window->addMenuActions(MainWindow::MenuSlot::FileFigures, {m_exportFigure, m_exportLesson});
    window->addMenuActions(MainWindow::MenuSlot::EditClipboard, {m_copyFigure});
    const auto updateLesson = [this] {
        m_exportLesson->setEnabled(m_window->lessonNavigator()->currentLesson());
    };
    connect(window->lessonNavigator(), &lessons::LessonNavigator::stepActivated, this, updateLesson);
    updateLesson();

    // Painted views draw with the current colour map at every paint: repaint them when it changes.
    connect(&AppSettings::instance(), &AppSettings::colorMapChanged, this, [this] {
        for (QWidget *widget : m_window->findChildren<QWidget *>()) widget->update();
    });
}

FigureView *FigureActions::currentFigureView() const
{
    QStackedWidget *stack = viewStack(m_window);
    return stack ? qobject_cast<FigureView *>(pageOf(stack->currentWidget())) : nullptr;
}

QWidget *FigureActions::currentFigureWidget() const
{
    if (FigureView *view = currentFigureView()) return view;
    return m_window->editorView()->heatmap();
}

QString FigureActions::figureStem() const
{
    const lessons::LessonNavigator *navigator = m_window->lessonNavigator();
    if (m_window->currentPresetId().isEmpty() && navigator->currentLesson())
        return lessons::stepFigureStem(*navigator->currentLesson(), navigator->currentStep());
    if (!m_window->currentPresetId().isEmpty()) return m_window->currentPresetId();
    return QStringLiteral("figure");
}

bool FigureActions::exportCurrentFigure(const QString &path, const QString &format, QSize size, int dpi,
                                        QStringList *written, QString *error)
{
    const ScopedPngDpi resolution(dpi);
    if (FigureView *view = currentFigureView()) {
        if (!view->exportTo(path, format, size, error)) return false;
        if (written) *written << path;
        return true;
    }
    // The Q/K/V editor: the heatmap and the bars, named after `path`.
    const QFileInfo info(path);
    return exportDocumentFigures(*m_window->document(), info.completeBaseName(), info.absolutePath(), format,
                                 size, written, error);
}

bool FigureActions::exportLessonFigures(const QString &dir, const QString &format, QSize size,
                                        QStringList *written, QString *error)
{
    const lessons::Lesson *lesson = m_window->lessonNavigator()->currentLesson();
    if (!lesson) return fail(error, tr("No lesson is open: open one in the lesson panel first."));
    return lessons::exportLessonFigures(*lesson, dir, format, size, written, error);
}

bool FigureActions::copyFigure(QString *error)
{
    QWidget *widget = currentFigureWidget();
    const QSize size = widget->isVisible() && widget->width() >= 320 && widget->height() >= 200
                           ? widget->size()
                           : kDefaultSize;
    QTemporaryDir scratch;
    if (!scratch.isValid()) return fail(error, tr("Cannot create a scratch folder for the clipboard."));
    const QString png = scratch.filePath(QStringLiteral("figure.png"));
    const QString svg = scratch.filePath(QStringLiteral("figure.svg"));
    const auto write = [&](const QString &path, const QString &format) {
        if (FigureView *view = currentFigureView()) return view->exportTo(path, format, size, error);
        return m_window->editorView()->heatmap()->exportTo(path, format, size, error);
    };
    if (!write(png, QStringLiteral("png")) || !write(svg, QStringLiteral("svg"))) return false;
    const doc::BoundedRead svgBytes = doc::readFileBounded(svg, qint64{1} << 30);
    const QImage image(png);
    if (image.isNull() || !svgBytes.ok())
        return fail(error, tr("Cannot read the figure back for the clipboard."));
    auto *data = new QMimeData;
    data->setImageData(image);
    data->setData(QStringLiteral("image/svg+xml"), svgBytes.bytes);
    QApplication::clipboard()->setMimeData(data);
    return true;
}

void FigureActions::exportFigureInteractively()
{
    const QString start = QDir(m_lastDir.isEmpty() ? QDir::homePath() : m_lastDir)
                              .filePath(figureStem() + QStringLiteral(".png"));
    const QString note =
        currentFigureView() ? QString()
                            : tr("This page has two figures: the file name gets “-weights” (the heatmap) and "
                                 "“-bars” (the selected query's weights).");
    ExportDialog dialog(start, kDefaultSize, note, m_window);
    dialog.setObjectName(QStringLiteral("exportDialog"));
    if (dialog.exec() != QDialog::Accepted) return;
    m_lastDir = QFileInfo(dialog.path()).absolutePath();
    QStringList written;
    QString error;
    if (!exportCurrentFigure(dialog.path(), dialog.format(), dialog.figureSize(), dialog.dpi(), &written,
                             &error)) {
        QMessageBox::warning(m_window, tr("Export failed"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(dialog.path()), error));
        return;
    }
    QStringList shown;
    for (const QString &file : written) shown << QDir::toNativeSeparators(file);
    m_window->statusBar()->showMessage(tr("Wrote %1").arg(shown.join(QStringLiteral(", "))));
}

void FigureActions::exportLessonInteractively()
{
    const lessons::Lesson *lesson = m_window->lessonNavigator()->currentLesson();
    if (!lesson) {
        QMessageBox::information(m_window, tr("Export all figures of this lesson"),
                                 tr("No lesson is open: open one in the lesson panel first."));
        return;
    }
    bool chosen = false;
    const QStringList formats = {tr("PDF (vector)"), tr("SVG (vector)"), tr("PNG image")};
    const QString item = QInputDialog::getItem(m_window, tr("Export all figures of this lesson"),
                                               tr("Format of the figures of “%1”:").arg(lesson->title),
                                               formats, 0, false, &chosen);
    if (!chosen) return;
    const QString format =
        QStringList{QStringLiteral("pdf"), QStringLiteral("svg"), QStringLiteral("png")}.at(
            static_cast<int>(formats.indexOf(item)));
    const QString dir =
        QFileDialog::getExistingDirectory(m_window, tr("Export the lesson's figures to"), m_lastDir);
    if (dir.isEmpty()) return;
    m_lastDir = dir;

    // A lesson takes well under a second (about 20 ms a figure at 800 × 600): a busy cursor, no
    // progress dialog.
    QStringList written;
    QString error;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = exportLessonFigures(dir, format, kDefaultSize, &written, &error);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        QMessageBox::warning(m_window, tr("Export failed"), error);
        return;
    }
    const QString folder = QDir::toNativeSeparators(dir);
    QMessageBox::information(
        m_window, tr("Export done"),
        tr("Wrote %n file(s) to %1.", nullptr, static_cast<int>(written.size())).arg(folder));
}

void FigureActions::copyFigureInteractively()
{
    QString error;
    if (copyFigure(&error))
        m_window->statusBar()->showMessage(tr("Copied the figure to the clipboard"));
    else
        QMessageBox::warning(m_window, tr("Cannot copy the figure"), error);
}

} // namespace attn::ui
