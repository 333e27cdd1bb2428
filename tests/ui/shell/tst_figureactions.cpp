// File → Export figure…, File → Export all figures of this lesson…, Edit → Copy figure, driven
// through the real window and dialog widgets.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/exportdialog.h"
#include "ui/shell/figureactions.h"
#include "ui/shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using attn::ui::ExportDialog;
using attn::ui::FigureActions;
using attn::ui::MainWindow;

namespace {

/// The menu of `window` that holds `action`, or nullptr.
QMenu *menuOf(MainWindow &window, QAction *action)
{
    for (QAction *top : window.menuBar()->actions())
        if (top->menu() && top->menu()->actions().contains(action)) return top->menu();
    return nullptr;
}

/// Fills the open export dialog (format, size, DPI, path) and presses Save; returns the pixel
/// text it showed, through *pixels.
void fillExportDialog(const QString &format, QSize size, int dpi, const QString &path, QString *pixels)
{
    auto *dialog = qobject_cast<ExportDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    auto *formatBox = dialog->findChild<QComboBox *>(QStringLiteral("formatBox"));
    formatBox->setCurrentIndex(formatBox->findData(format));
    dialog->findChild<QSpinBox *>(QStringLiteral("widthBox"))->setValue(size.width());
    dialog->findChild<QSpinBox *>(QStringLiteral("heightBox"))->setValue(size.height());
    auto *dpiBox = dialog->findChild<QSpinBox *>(QStringLiteral("dpiBox"));
    QCOMPARE(dpiBox->isEnabled(), format == QLatin1String("png"));
    dpiBox->setValue(dpi);
    dialog->findChild<QLineEdit *>(QStringLiteral("pathEdit"))->setText(path);
    *pixels = dialog->findChild<QLabel *>(QStringLiteral("pixelsLabel"))->text();
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
}

} // namespace

class TestFigureActions : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void actionsAreInTheirMenus();
    void exportDialogWritesTheFigureOnScreen_data();
    void exportDialogWritesTheFigureOnScreen();
    void exportDialogRefusesAMissingFolder();
    void exportsEveryFigureOfTheLesson();
    void copyFigurePutsImageAndSvgOnTheClipboard();

private:
    QTemporaryDir m_dir;
};

void TestFigureActions::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    attn::ui::AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
}

void TestFigureActions::actionsAreInTheirMenus()
{
    MainWindow window;
    auto *exportFigure = window.findChild<QAction *>(QStringLiteral("exportFigureAction"));
    auto *exportLesson = window.findChild<QAction *>(QStringLiteral("exportLessonAction"));
    auto *copyFigure = window.findChild<QAction *>(QStringLiteral("copyFigureAction"));
    QVERIFY(exportFigure && exportLesson && copyFigure);
    QCOMPARE(exportFigure->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QCOMPARE(copyFigure->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QMenu *file = menuOf(window, exportFigure);
    QVERIFY(file);
    QCOMPARE(menuOf(window, exportLesson), file);
    // The old "Export figures…" is gone: one action has Ctrl+E.
    int ctrlE = 0;
    for (QAction *action : file->actions()) ctrlE += action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E);
    QCOMPARE(ctrlE, 1);
    QMenu *edit = menuOf(window, copyFigure);
    QVERIFY(edit && edit != file);
    bool hasUndo = false;
    for (QAction *action : edit->actions()) hasUndo = hasUndo || action->shortcut() == QKeySequence::Undo;
    QVERIFY(hasUndo);
    QVERIFY(!exportFigure->statusTip().isEmpty() && !copyFigure->statusTip().isEmpty());
}

void TestFigureActions::exportDialogWritesTheFigureOnScreen_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<QStringList>("files");
    // The Q/K/V page writes its two figures; a painted view (sentence arcs) and a plot (scaling) one.
    QTest::addRow("qkv, png 300 dpi") << "qkv"
                                      << "png" << 300 << QStringList{"fig-weights.png", "fig-bars.png"};
    QTest::addRow("sentence, png 150 dpi") << "sentence"
                                           << "png" << 150 << QStringList{"fig.png"};
    QTest::addRow("scaling, png 96 dpi") << "scaling"
                                         << "png" << 96 << QStringList{"fig.png"};
    QTest::addRow("sentence, svg") << "sentence"
                                   << "svg" << 96 << QStringList{"fig.svg"};
    QTest::addRow("qkv, pdf") << "qkv"
                              << "pdf" << 96 << QStringList{"fig-weights.pdf", "fig-bars.pdf"};
}

void TestFigureActions::exportDialogWritesTheFigureOnScreen()
{
    QFETCH(QString, view);
    QFETCH(QString, format);
    QFETCH(int, dpi);
    QFETCH(QStringList, files);
    MainWindow window;
    window.show();
    QVERIFY(window.showView(view));
    QTemporaryDir out;
    QString pixels;
    QTimer::singleShot(0, this, [&] {
        fillExportDialog(format, QSize(640, 480), dpi, out.filePath(QStringLiteral("fig.") + format),
                         &pixels);
    });
    window.findChild<QAction *>(QStringLiteral("exportFigureAction"))->trigger();

    const QSize expected(qRound(640 * dpi / 96.0), qRound(480 * dpi / 96.0));
    if (format == QLatin1String("png"))
        QCOMPARE(pixels, QStringLiteral("%1 × %2 pixels").arg(expected.width()).arg(expected.height()));
    QStringList written = QDir(out.path()).entryList(QDir::Files, QDir::Name);
    files.sort();
    QCOMPARE(written, files);
    for (const QString &name : files) {
        const QString path = out.filePath(name);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        if (format == QLatin1String("png")) {
            const QImage image = QImage::fromData(bytes, "PNG");
            QCOMPARE(image.size(), expected); // 300 DPI: the same layout at 3.125 times the pixels
            QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
            QCOMPARE(qRound(image.dotsPerMeterY() * 0.0254), dpi);
        } else if (format == QLatin1String("svg")) {
            QVERIFY(bytes.contains("<svg"));
            QVERIFY(!bytes.contains("<image"));
        } else {
            QVERIFY(bytes.startsWith("%PDF"));
        }
    }
    QVERIFY(
        window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(out.filePath(files.first()))));
}

void TestFigureActions::exportDialogRefusesAMissingFolder()
{
    ExportDialog dialog(m_dir.filePath(QStringLiteral("figure.svg")), QSize(800, 600), QString());
    QCOMPARE(dialog.format(), QStringLiteral("svg")); // from the suffix
    QVERIFY(!dialog.findChild<QSpinBox *>(QStringLiteral("dpiBox"))->isEnabled());
    // Switching the format renames the file.
    auto *formatBox = dialog.findChild<QComboBox *>(QStringLiteral("formatBox"));
    formatBox->setCurrentIndex(formatBox->findData(QStringLiteral("pdf")));
    QCOMPARE(dialog.path(), m_dir.filePath(QStringLiteral("figure.pdf")));

    dialog.findChild<QLineEdit *>(QStringLiteral("pathEdit"))
        ->setText(m_dir.filePath(QStringLiteral("nowhere/f.pdf")));
    QString warning;
    QTimer::singleShot(0, this, [&warning] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            warning = box->text();
            box->close();
        }
    });
    dialog.show();
    dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
    QVERIFY2(warning.contains(QStringLiteral("nowhere")), qPrintable(warning));
    QCOMPARE(dialog.result(), int(QDialog::Rejected)); // still open, nothing accepted
    QVERIFY(dialog.isVisible());
}

void TestFigureActions::exportsEveryFigureOfTheLesson()
{
    MainWindow window;
    auto *actions = window.findChild<FigureActions *>();
    QVERIFY(actions);
    QVERIFY(window.openLesson(QStringLiteral("03-softmax-mixture")));
    QVERIFY(actions->exportLessonAction()->isEnabled());
    QTemporaryDir out;
    QStringList written;
    QString error;
    QVERIFY2(actions->exportLessonFigures(out.filePath(QStringLiteral("slides")), QStringLiteral("pdf"),
                                          QSize(800, 600), &written, &error),
             qPrintable(error));
    const attn::lessons::Lesson *lesson = window.lessonNavigator()->currentLesson();
    QVERIFY(written.size() >= int(lesson->steps.size()));
    for (const QString &path : written) {
        QVERIFY2(QFileInfo(path).fileName().startsWith(QStringLiteral("03-softmax-mixture-step")),
                 qPrintable(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.read(5) == "%PDF-");
    }
    QCOMPARE(QDir(out.filePath(QStringLiteral("slides"))).entryList(QDir::Files).size(), written.size());
}

void TestFigureActions::copyFigurePutsImageAndSvgOnTheClipboard()
{
    MainWindow window;
    window.show();
    QVERIFY(window.showView(QStringLiteral("sentence")));
    QApplication::clipboard()->clear();
    window.findChild<QAction *>(QStringLiteral("copyFigureAction"))->trigger();
    const QMimeData *data = QApplication::clipboard()->mimeData();
    QVERIFY(data);
    QVERIFY(data->hasImage());
    const QImage image = qvariant_cast<QImage>(data->imageData());
    QVERIFY(image.width() >= 320 && image.height() >= 200);
    const QByteArray svg = data->data(QStringLiteral("image/svg+xml"));
    QVERIFY(svg.contains("<svg"));
    QVERIFY(!svg.contains("<image"));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("clipboard")));
}

QTEST_MAIN(TestFigureActions)
#include "tst_figureactions.moc"
