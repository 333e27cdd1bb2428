// Benchmarks (QBENCHMARK; no time limit is asserted): one cell edit of a 64-token, 8-head
// scenario, from the edit to the repainted window, with each view in front. The design map's
// goal is one frame (16 ms). Run `tst_ui_editlatency -iterations 20` for steady figures.
// ATTN_EDIT_LATENCY_TOKENS=1024,4096 adds rows of those sizes (8 heads), for the README: there
// the trace is computed off the interface thread, and the figure runs until the new picture is
// painted.
#include "core/scenario.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lesson.h"
#include "ui/shell/mainwindow.h"

#include <QApplication>
#include <QTest>

#include <random>

namespace {

/// `n` tokens (64 by default), 8 query heads and 8 K/V heads of head_dim 16, entries N(0, 1)
/// from a fixed seed; causal from 1024 tokens on, like the README's start-up rows.
attn::Scenario largeScenario(int n = 64)
{
    constexpr int heads = 8, headDim = 16;
    std::mt19937 generator(7);
    std::normal_distribution<double> normal;
    attn::Scenario s;
    s.num_query_heads = heads;
    s.num_kv_heads = heads;
    for (attn::Matrix *m : {&s.query, &s.key, &s.value}) {
        m->resize(n, heads * headDim);
        for (attn::Index r = 0; r < n; ++r)
            for (attn::Index c = 0; c < heads * headDim; ++c) (*m)(r, c) = normal(generator);
    }
    for (int i = 0; i < n; ++i) s.query_tokens.push_back("t" + std::to_string(i));
    s.key_tokens = s.query_tokens;
    s.mask.causal = n >= 1024;
    return s;
}

} // namespace

class TestEditLatency : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void cellEditRepaints_data();
    void cellEditRepaints();
};

void TestEditLatency::cellEditRepaints_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<int>("tokens");
    QList<int> sizes{64};
    for (const QString &n : qEnvironmentVariable("ATTN_EDIT_LATENCY_TOKENS").split(',', Qt::SkipEmptyParts))
        sizes << n.toInt();
    for (int n : sizes)
        for (const QString &name : attn::lessons::knownViews())
            QTest::addRow("%s%s", qPrintable(name), n == 64 ? "" : qPrintable(QStringLiteral("@%1").arg(n)))
                << name << n;
}

void TestEditLatency::cellEditRepaints()
{
    QFETCH(QString, view);
    QFETCH(int, tokens);
    attn::ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.document()->load(largeScenario(tokens)));
    QVERIFY(window.showView(view));
    QCoreApplication::processEvents();
    double x = 0.5;
    QBENCHMARK
    {
        x = -x;
        QVERIFY(window.document()->setCell(attn::doc::TensorRole::Query, 3, 5, x));
        while (window.document()->computing()) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        window.repaint(); // synchronous: the paint of every visible widget is in the figure
    }
}

QTEST_MAIN(TestEditLatency)
#include "tst_editlatency.moc"
