// FigureView::whenShown: a hidden page of the window puts off its document handlers and runs
// each once when shown or when its task values are read; a view on screen or standing alone
// (tests, exports) runs them at once.
#include "strictwarnings.h"
#include "timeouts.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/plottables.h"
#include "ui/views/common/figureview.h"
#include "ui/views/viewregistry.h"
#include "workedexample.h"

#include <QLabel>
#include <QStackedWidget>
#include <QTest>

#include <memory>

using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;

namespace {

/// Counts its handler's runs and reports the count as a task value.
class CountingView : public attn::ui::FigureView {
public:
    explicit CountingView(ScenarioDocument *document, QWidget *parent = nullptr)
        : FigureView(document, parent)
    {
        const auto handler = whenShown([this] { ++runs; });
        connect(document, &ScenarioDocument::traceChanged, this, handler);
        connect(document, &ScenarioDocument::selectedQueryChanged, this, handler);
    }
    bool exportTo(const QString &, const QString &, QSize, QString *) const override { return false; }
    QMap<QString, double> taskValues() const override { return {{QStringLiteral("runs"), double(runs)}}; }
    int runs = 0;
};

/// A window's stack of pages: another view in front of a CountingView.
struct Pages {
    explicit Pages(ScenarioDocument *document)
        : front(new QLabel(QStringLiteral("another view"), &pages)), view(new CountingView(document, &pages))
    {
        pages.addWidget(front);
        pages.addWidget(view);
    }
    QStackedWidget pages;
    QLabel *front;
    CountingView *view;
};

} // namespace

class TestFigureView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void standaloneViewRunsAtOnce();
    void hiddenPageCatchesUpOnceWhenShown();
    void readingTaskValuesCatchesUp();
    void everyViewClosesWithTheFocusOnAnyOfItsWidgets();
    void everyViewHasATableTwin();
    void tabOrderFollowsReadingOrder();
};

void TestFigureView::standaloneViewRunsAtOnce()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    CountingView view(&document); // no parent, never shown: as in `export` and the tests
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 2.0));
    QCOMPARE(view.runs, 1);
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 3.0));
    QCOMPARE(view.runs, 2);
}

void TestFigureView::hiddenPageCatchesUpOnceWhenShown()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Pages window(&document);
    QLabel *front = window.front;
    CountingView *view = window.view;
    QStackedWidget &pages = window.pages;
    pages.setCurrentWidget(view);
    pages.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pages));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 2.0)); // on screen: at once
    QCOMPARE(view->runs, 1);
    pages.setCurrentWidget(front);
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 3.0)); // hidden: put off
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 4.0));
    QCOMPARE(view->runs, 1);
    pages.setCurrentWidget(view); // shown: one run for both edits
    QCOMPARE(view->runs, 2);
    view->catchUp(); // nothing left to run
    QCOMPARE(view->runs, 2);
}

void TestFigureView::readingTaskValuesCatchesUp()
{
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    Pages window(&document);
    QLabel *front = window.front;
    CountingView *view = window.view;
    QStackedWidget &pages = window.pages;
    pages.setCurrentWidget(front);
    pages.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pages));
    QVERIFY(document.setCell(TensorRole::Query, 0, 0, 2.0));
    QCOMPARE(view->taskValues().value(QStringLiteral("runs")), 0.0);        // stale, as stored
    QCOMPARE(view->currentTaskValues().value(QStringLiteral("runs")), 1.0); // what checks read
}

void TestFigureView::everyViewClosesWithTheFocusOnAnyOfItsWidgets()
{
    // Closing a window moves the focus out of the widget that has it while the window is being
    // destroyed; a child (a canvas, a grid) whose focus-out calls back into its view must not
    // reach a view already half destroyed. The sanitizer build sees any such call.
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    int closed = 0; // views closed with the focus inside
    for (const attn::ui::FigureViewInfo &info : attn::ui::figureViews()) {
        std::unique_ptr<attn::ui::FigureView> probe(info.create(&document, nullptr));
        int focusable = 0;
        for (QWidget *w : probe->findChildren<QWidget *>())
            if (w->focusPolicy() & Qt::TabFocus) ++focusable;
        probe.reset();
        for (int k = 0; k < focusable; ++k) {
            auto *view = info.create(&document, nullptr);
            view->resize(900, 600);
            view->show();
            QVERIFY(QTest::qWaitForWindowExposed(view));
            int seen = 0;
            for (QWidget *w : view->findChildren<QWidget *>()) {
                if (!(w->focusPolicy() & Qt::TabFocus)) continue;
                if (seen++ == k) w->setFocus(Qt::TabFocusReason);
            }
            QCoreApplication::processEvents();
            delete view;
        }
        closed += focusable;
    }
    QVERIFY2(closed >= 20, qPrintable(QStringLiteral("only %1 focusable widgets in all views").arg(closed)));
}

void TestFigureView::everyViewHasATableTwin()
{
    // View → Show as table: every registered view, on the worked example, gives its figure as
    // tables of numbers (CellGrids, plots and the painted figures' own tables), each one
    // rectangular with a header for every row and column.
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    for (const attn::ui::FigureViewInfo &info : attn::ui::figureViews()) {
        std::unique_ptr<attn::ui::FigureView> view(info.create(&document, nullptr));
        view->resize(1000, 700);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QList<attn::ui::FigureTable> tables;
        // Some views compute on a worker thread (the model view's layers, the training lab's
        // first model): wait for their first picture.
        QTest::qWaitFor(
            [&] {
                tables = attn::ui::figureTablesIn(view.get());
                return !tables.isEmpty();
            },
            attn::test::scaledTimeout(20000));
        QVERIFY2(!tables.isEmpty(), qPrintable(info.name + QStringLiteral(": no table")));
        for (const attn::ui::FigureTable &t : tables) {
            const QString where = info.name + QStringLiteral(": ") + t.caption;
            QVERIFY2(t.rowCount() > 0 && t.columnCount() > 0, qPrintable(where));
            QCOMPARE(t.rowHeaders.size(), t.rowCount());
            for (const QStringList &row : t.cells) QVERIFY2(row.size() == t.columnCount(), qPrintable(where));
        }
    }
}

void TestFigureView::tabOrderFollowsReadingOrder()
{
    // Tab moves through every view's controls as a page reads: along a row from left to right,
    // then down. Going back up is allowed only into a column to the right of the one left (a
    // side panel after the main column), never leftwards within a row.
    ScenarioDocument document;
    QVERIFY(document.load(attn::test::workedExample()));
    int steps = 0;
    for (const attn::ui::FigureViewInfo &info : attn::ui::figureViews()) {
        std::unique_ptr<attn::ui::FigureView> view(info.create(&document, nullptr));
        view->resize(1000, 700);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QList<QWidget *> chain;
        QWidget *w = view.get();
        for (int guard = 0; guard < 1000; ++guard) {
            w = w->nextInFocusChain();
            if (w == view.get()) break;
            if (view->isAncestorOf(w) && w->isVisible() && w->isEnabled() &&
                (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
                chain << w;
        }
        const auto rect = [&](QWidget *c) { return QRect(c->mapTo(view.get(), QPoint(0, 0)), c->size()); };
        const auto name = [](QWidget *c) {
            return c->objectName().isEmpty() ? QString::fromLatin1(c->metaObject()->className())
                                             : c->objectName();
        };
        for (int k = 1; k < chain.size(); ++k) {
            const QRect a = rect(chain[k - 1]), b = rect(chain[k]);
            const bool sameRow = b.top() < a.bottom() && a.top() < b.bottom();
            const bool backwards =
                sameRow ? b.left() < a.left() : b.bottom() <= a.top() && b.left() < a.right();
            QVERIFY2(!backwards,
                     qPrintable(QStringLiteral("%1: Tab goes from %2 at (%3, %4) back to %5 at (%6, %7)")
                                    .arg(info.name, name(chain[k - 1]))
                                    .arg(a.x())
                                    .arg(a.y())
                                    .arg(name(chain[k]))
                                    .arg(b.x())
                                    .arg(b.y())));
            ++steps;
        }
    }
    QVERIFY(steps >= 40);
}

QTEST_MAIN(TestFigureView)
#include "tst_figureview.moc"
