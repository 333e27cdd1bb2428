// The window fits a projector's screen: the frame arithmetic by hand, the scroll area that lets a
// page be smaller than its controls ask, and the whole window on every view and every lesson
// step, in normal and in presentation mode, within 1280 × 720 and 1366 × 768 (offscreen).
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/base/fitscrollarea.h"
#include "ui/base/resources.h"
#include "ui/base/wraprow.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/screenfit.h"
#include "ui/views/qkv/qkveditorview.h"
#include "ui/views/viewregistry.h"
#include "ui/workspace/appearance.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>

using attn::ui::FitScrollArea;
using attn::ui::MainWindow;

class TestScreenFit : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { attn::test::failOnQtWarnings(); }
    void cleanup() { attn::ui::AppSettings::instance().setPresentationMode(false); }
    void fittedFrame_data();
    void fittedFrame();
    void pageSizeFor_data();
    void pageSizeFor();
    void pageFillsTheAreaAboveItsMinimum();
    void rowWrapsWhenNarrow();
    void everyViewAndStepFits_data();
    void everyViewAndStepFits();
    void editorTablesShowTheirRowsInPresentationMode();

private:
    QTemporaryDir m_dir;
};

void TestScreenFit::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    attn::ui::initResources();
    attn::ui::AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
    attn::ui::Appearance::install(); // presentation mode's fonts follow the setting
}

void TestScreenFit::fittedFrame_data()
{
    QTest::addColumn<QRect>("frame");
    QTest::addColumn<QMargins>("margins");
    QTest::addColumn<QSize>("minimum");
    QTest::addColumn<QRect>("fitted");
    // On a 1280 × 720 screen. The window of the issue: 1654 px wide on a narrower screen.
    QTest::addRow("too wide") << QRect(10, 20, 1654, 700) << QMargins() << QSize(600, 400)
                              << QRect(0, 20, 1280, 700);
    QTest::addRow("fits, stays") << QRect(100, 50, 800, 600) << QMargins() << QSize(600, 400)
                                 << QRect(100, 50, 800, 600);
    // 1360 × 860 (the first size) with a 30 px title bar and 5 px borders: the frame is the screen.
    QTest::addRow("title bar") << QRect(0, 0, 1370, 895) << QMargins(5, 30, 5, 5) << QSize(600, 400)
                               << QRect(0, 0, 1280, 720);
    // Hanging off the bottom right: moved back in, its size kept.
    QTest::addRow("off the edge") << QRect(900, 500, 600, 400) << QMargins() << QSize(300, 200)
                                  << QRect(680, 320, 600, 400);
    // A minimum larger than the screen wins over the screen (then the frame cannot fit).
    QTest::addRow("minimum too large")
        << QRect(0, 0, 1000, 700) << QMargins() << QSize(1400, 300) << QRect(0, 0, 1400, 700);
}

void TestScreenFit::fittedFrame()
{
    QFETCH(QRect, frame);
    QFETCH(QMargins, margins);
    QFETCH(QSize, minimum);
    QFETCH(QRect, fitted);
    QCOMPARE(attn::ui::fittedFrame(frame, margins, minimum, QRect(0, 0, 1280, 720)), fitted);
}

void TestScreenFit::pageSizeFor_data()
{
    QTest::addColumn<QSize>("available");
    QTest::addColumn<QSize>("minimum");
    QTest::addColumn<QSize>("page");
    // Scroll bars 12 px: a horizontal one takes 12 px of height, a vertical one 12 of width.
    QTest::addRow("fits") << QSize(800, 600) << QSize(500, 400) << QSize(800, 600);
    QTest::addRow("too narrow") << QSize(800, 600) << QSize(900, 400) << QSize(900, 588);
    QTest::addRow("too low") << QSize(800, 600) << QSize(500, 700) << QSize(788, 700);
    QTest::addRow("both") << QSize(800, 600) << QSize(900, 700) << QSize(900, 700);
    // Just fits the height until the horizontal bar takes its 12 px: then a vertical bar too.
    QTest::addRow("bar brings bar") << QSize(800, 600) << QSize(900, 595) << QSize(900, 595);
    QTest::addRow("other way round") << QSize(800, 600) << QSize(795, 700) << QSize(795, 700);
}

void TestScreenFit::pageSizeFor()
{
    QFETCH(QSize, available);
    QFETCH(QSize, minimum);
    QFETCH(QSize, page);
    QCOMPARE(FitScrollArea::pageSizeFor(available, minimum, 12, 12), page);
}

void TestScreenFit::pageFillsTheAreaAboveItsMinimum()
{
    // A page with a wrapped label (height for width) and a table: QScrollArea's own resizing
    // would make it as tall as its preferred height; here it is exactly the area's size.
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *label = new QLabel(QStringLiteral("A long line of text that wraps ").repeated(20), page);
    label->setWordWrap(true);
    layout->addWidget(label);
    auto *table = new QTableView(page);
    table->setMinimumSize(300, 200);
    layout->addWidget(table, 1);
    FitScrollArea area(page);
    area.resize(700, 500);
    area.show();
    QVERIFY(QTest::qWaitForWindowExposed(&area));
    QCOMPARE(page->size(), QSize(700, 500));
    QVERIFY(!area.horizontalScrollBar()->isVisible());
    QVERIFY(!area.verticalScrollBar()->isVisible());
    // Narrower than the table: the page keeps its minimum width and the area scrolls.
    area.resize(250, 500);
    QTRY_COMPARE(page->width(), page->minimumSizeHint().width());
    QVERIFY(page->width() > 250);
    QVERIFY(area.horizontalScrollBar()->maximum() > 0);
    // The label wraps into more lines there: the page is tall enough for them and the table's
    // minimum, rather than squeezing the table.
    QTRY_VERIFY2(table->height() >= table->minimumHeight() &&
                     page->height() >= label->heightForWidth(label->width()) + table->minimumHeight(),
                 qPrintable(QStringLiteral("page %1, label %2")
                                .arg(page->height())
                                .arg(label->heightForWidth(label->width()))));
    // The area itself asks for little: a window around it can be small.
    QVERIFY(area.minimumSizeHint().width() < 150);
}

void TestScreenFit::rowWrapsWhenNarrow()
{
    // Three groups of 200 px (12 px apart): one line from 624 px, else one under another; the
    // row asks for no more than its widest group.
    QWidget holder; // a child, as in a view: a window would take its layout's one-line minimum
    attn::ui::WrapRow row(&holder);
    for (int i = 0; i < 3; ++i) {
        auto *control = new QWidget;
        control->setMinimumSize(200, 30);
        row.addGroup()->addWidget(control);
    }
    QCOMPARE(row.oneLineWidth(), 624);
    QCOMPARE(row.minimumSizeHint().width(), 200);
    row.resize(700, 100);
    holder.resize(800, 200);
    holder.show();
    QVERIFY(QTest::qWaitForWindowExposed(&holder));
    QVERIFY(row.isOneLine());
    const int oneLine = row.minimumSizeHint().height();
    row.resize(623, 100);
    QTRY_VERIFY(!row.isOneLine());
    QVERIFY(row.minimumSizeHint().height() >= 3 * 30);
    QVERIFY(row.minimumSizeHint().height() > oneLine);
    row.resize(624, 100);
    QTRY_VERIFY(row.isOneLine());
}

void TestScreenFit::everyViewAndStepFits_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::addRow("normal") << false;
    QTest::addRow("presentation") << true;
}

void TestScreenFit::everyViewAndStepFits()
{
    QFETCH(bool, presentation);
    attn::ui::AppSettings::instance().setPresentationMode(presentation);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QList<QRect> screens{QRect(0, 0, 1280, 720), QRect(0, 0, 1366, 768)};
    QStringList failures;
    const auto check = [&](const QString &where) {
        QApplication::processEvents();
        for (const QRect &screen : screens) {
            const bool fits = attn::ui::fitWindowInto(&window, screen);
            QApplication::processEvents(); // the layout settles at the new size
            const QSize minimum = window.minimumSizeHint();
            if (!fits || !screen.contains(window.frameGeometry()) || minimum.width() > screen.width() ||
                minimum.height() > screen.height())
                failures << QStringLiteral("%1 at %2×%3: frame %4×%5, minimum %6×%7")
                                .arg(where)
                                .arg(screen.width())
                                .arg(screen.height())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(minimum.width())
                                .arg(minimum.height());
        }
    };
    const QStringList views = attn::lessons::knownViews();
    QCOMPARE(views.size(), static_cast<qsizetype>(attn::ui::figureViews().size() + 1));
    for (const QString &view : views) {
        QVERIFY(window.showView(view));
        check(QStringLiteral("view %1").arg(view));
    }
    int steps = 0;
    for (const attn::lessons::Lesson &lesson : window.lessonNavigator()->library().lessons)
        for (int step = 0; step < static_cast<int>(lesson.steps.size()); ++step) {
            QVERIFY(window.openLesson(lesson.id, step));
            check(QStringLiteral("%1 step %2").arg(lesson.id).arg(step + 1));
            ++steps;
        }
    QVERIFY2(steps >= 80, qPrintable(QString::number(steps)));
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

void TestScreenFit::editorTablesShowTheirRowsInPresentationMode()
{
    // The editor at 1280 × 720 with presentation mode's fonts: each of Q, K and V shows at least
    // two whole rows (or all of them), rather than being squeezed to a sliver.
    attn::ui::AppSettings::instance().setPresentationMode(true);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showView(QStringLiteral("qkv")));
    QVERIFY(attn::ui::fitWindowInto(&window, QRect(0, 0, 1280, 720)));
    QApplication::processEvents();
    // Beside the lesson panel the editor needs no sideways scrolling: its rows of controls wrap.
    auto *page = dynamic_cast<FitScrollArea *>(window.editorView()->parentWidget()->parentWidget());
    QVERIFY(page);
    QVERIFY2(window.editorView()->width() <= page->viewport()->width(),
             qPrintable(QStringLiteral("editor %1 px (at least %2) in %3 px")
                            .arg(window.editorView()->width())
                            .arg(window.editorView()->minimumSizeHint().width())
                            .arg(page->viewport()->width())));
    // The plots keep at least their minimum heights (the wrapped titles above them take lines).
    for (QWidget *plot : {static_cast<QWidget *>(window.editorView()->findChild<attn::ui::HeatmapPlot *>()),
                          static_cast<QWidget *>(window.editorView()->findChild<attn::ui::BarPlot *>())})
        QVERIFY2(
            plot->height() >= plot->minimumHeight(),
            qPrintable(QStringLiteral("%1: %2 px").arg(plot->metaObject()->className()).arg(plot->height())));
    for (attn::doc::TensorRole role :
         {attn::doc::TensorRole::Query, attn::doc::TensorRole::Key, attn::doc::TensorRole::Value}) {
        QTableView *table = window.editorView()->tableView(role);
        const int rows = table->model()->rowCount();
        const int rowHeight = table->verticalHeader()->defaultSectionSize();
        const int shown = table->viewport()->height() / rowHeight;
        QVERIFY2(
            shown >= std::min(rows, 2),
            qPrintable(QStringLiteral("%1: %2 of %3 rows").arg(table->objectName()).arg(shown).arg(rows)));
        // A row is as tall as the larger text needs.
        QVERIFY2(rowHeight >= table->fontMetrics().height() + 4,
                 qPrintable(QStringLiteral("%1: rows %2 px for text %3 px")
                                .arg(table->objectName())
                                .arg(rowHeight)
                                .arg(table->fontMetrics().height())));
    }
}

QTEST_MAIN(TestScreenFit)
#include "tst_screenfit.moc"
