// The baselines view (offscreen): mean pooling, the local convolution and the recurrence on the
// same tokens X = V as attention, with hand-computed outputs and mixing weights; its controls;
// rows changed since the step opened; export as PNG and SVG.
#include "core/baselines.h"
#include "plotfiles.h"
#include "strictwarnings.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/baselinesplot.h"
#include "ui/views/baselines/baselinesview.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFontMetricsF>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using attn::Matrix;
using attn::doc::ScenarioDocument;
using attn::doc::TensorRole;
using attn::ui::BaselinesView;

namespace {

/// Lesson 16, step 1: five tokens, every key [1, 0] but cat's [0, 2].
attn::Scenario fiveTokens()
{
    attn::Scenario s;
    s.query_tokens = {"the", "cat", "sat", "on", "mats"};
    s.key_tokens = s.query_tokens;
    s.query.resize(5, 2);
    s.query << 1, 1, 0, 1, 1, 0, 2, 0, 0, 2;
    s.key.resize(5, 2);
    s.key << 1, 0, 0, 2, 1, 0, 1, 0, 1, 0;
    s.value.resize(5, 2);
    s.value << 1, 0, 0, 2, 2, 1, -1, 1, 0, -1;
    return s;
}

double value(const BaselinesView &view, const char *name)
{
    return view.taskValues().value(QString::fromLatin1(name), std::nan(""));
}

} // namespace

class TestBaselinesView : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void meanPoolingByHand();
    void convolutionByHand();
    void centredNeedsAnOddWidth();
    void equalKeysMakeAttentionTheMean();
    void recurrenceIsTheEngines();
    void rowsChangedShowWhoReadsWhat();
    void resetRestoresDefaults();
    void crossAttentionIsNotCompared();
    void toolTipsAndExport();
    void fourMapsAlike_data();
    void fourMapsAlike();
};

void TestBaselinesView::meanPoolingByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    // Mean of the rows of V: ((1 + 0 + 2 − 1 + 0)/5, (0 + 2 + 1 + 1 − 1)/5) = (0.4, 0.6).
    const Matrix &mean = view.output(1);
    QCOMPARE(mean.rows(), 5);
    for (int r = 0; r < 5; ++r) {
        QVERIFY(std::abs(mean(r, 0) - 0.4) < 1e-12);
        QVERIFY(std::abs(mean(r, 1) - 0.6) < 1e-12);
    }
    QVERIFY((view.mixing(1).array() - 0.2).abs().maxCoeff() < 1e-12);
    QCOMPARE(value(view, "selected_baseline"), 0.0);
    // The difference to attention is max |output − (0.4, 0.6)| over the trace's output.
    const Matrix &attention = document.trace().output;
    double expected = 0;
    for (int r = 0; r < 5; ++r)
        expected = std::max({expected, std::abs(attention(r, 0) - 0.4), std::abs(attention(r, 1) - 0.6)});
    QVERIFY(expected > 0.5); // mats leans on cat: (0.096, 1.665)
    QCOMPARE(value(view, "difference_to_attention"), expected);
    QCOMPARE(view.mixing(0), document.trace().heads[0].weights);
}

void TestBaselinesView::convolutionByHand()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    // Causal, k = 3, renormalised at the start: row 0 = V0, row 1 = (V0 + V1)/2, row 4 = (V2 + V3 + V4)/3.
    const Matrix &conv = view.output(2);
    QVERIFY(std::abs(conv(0, 0) - 1.0) < 1e-12 && std::abs(conv(0, 1)) < 1e-12);
    QVERIFY(std::abs(conv(1, 0) - 0.5) < 1e-12 && std::abs(conv(1, 1) - 1.0) < 1e-12);
    QVERIFY(std::abs(conv(4, 0) - 1.0 / 3) < 1e-12 && std::abs(conv(4, 1) - 1.0 / 3) < 1e-12);
    const Matrix &mixing = view.mixing(2);
    QCOMPARE(mixing(4, 1), 0.0);
    QVERIFY(std::abs(mixing(4, 2) - 1.0 / 3) < 1e-12);
    QCOMPARE(value(view, "conv_weight_last_first"), 0.0);
    QCOMPARE(value(view, "conv_causal"), 1.0);

    // The width spin box, as a learner sets it: k = 5 reaches from the last token to the first.
    QSignalSpy changed(&view, &attn::ui::FigureView::taskValuesChanged);
    auto *width = view.findChild<QSpinBox *>(QStringLiteral("convWidth"));
    QVERIFY(width);
    width->setValue(5);
    QVERIFY(changed.count() >= 1);
    QCOMPARE(value(view, "conv_width"), 5.0);
    QVERIFY(std::abs(value(view, "conv_weight_last_first") - 0.2) < 1e-12);
    QVERIFY((view.output(2).row(4) - view.output(1).row(4)).cwiseAbs().maxCoeff() < 1e-12); // = the mean
    auto *select = view.findChild<QComboBox *>(QStringLiteral("baselineSelect"));
    select->setCurrentIndex(select->findData(QStringLiteral("conv")));
    QCOMPARE(value(view, "selected_baseline"), 1.0);
}

void TestBaselinesView::centredNeedsAnOddWidth()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    auto *width = view.findChild<QSpinBox *>(QStringLiteral("convWidth"));
    auto *alignment = view.findChild<QComboBox *>(QStringLiteral("convAlignment"));
    width->setValue(4);
    alignment->setCurrentIndex(alignment->findData(QStringLiteral("centred")));
    QCOMPARE(width->value(), 5); // raised to the next odd width
    QCOMPARE(value(view, "conv_causal"), 0.0);
    width->setValue(3);
    // Centred k = 3: row 0 = (V0 + V1)/2 (V−1 does not exist), row 2 = (V1 + V2 + V3)/3.
    const Matrix &conv = view.output(2);
    QVERIFY(std::abs(conv(0, 0) - 0.5) < 1e-12 && std::abs(conv(0, 1) - 1.0) < 1e-12);
    QVERIFY(std::abs(conv(2, 0) - 1.0 / 3) < 1e-12 && std::abs(conv(2, 1) - 4.0 / 3) < 1e-12);
    width->setValue(2);
    QCOMPARE(width->value(), 3);
}

void TestBaselinesView::equalKeysMakeAttentionTheMean()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    QVERIFY(value(view, "difference_to_attention") > 0.5);
    // Through the view's own K table, as the learner edits it.
    auto *keys = view.findChild<QAbstractItemView *>(QStringLiteral("baselinesKeys"));
    QVERIFY(keys);
    QVERIFY(keys->model()->setData(keys->model()->index(1, 0), 1.0));
    QVERIFY(keys->model()->setData(keys->model()->index(1, 1), 0.0));
    QVERIFY(value(view, "difference_to_attention") < 1e-12);
    QVERIFY((view.mixing(0).array() - 0.2).abs().maxCoeff() < 1e-12);
}

void TestBaselinesView::recurrenceIsTheEngines()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    const Matrix expected = attn::recurrenceBaseline(fiveTokens().value, 2, 1);
    QCOMPARE(view.output(3), expected);
    QVERIFY(view.output(3).cwiseAbs().maxCoeff() < 1.0); // tanh
    QCOMPARE(view.mixing(3).size(), 0);                  // a state, no weights
    auto *seed = view.findChild<QSpinBox *>(QStringLiteral("rnnSeed"));
    seed->setValue(7);
    QCOMPARE(value(view, "rnn_seed"), 7.0);
    QCOMPARE(view.output(3), attn::recurrenceBaseline(fiveTokens().value, 2, 7));
    QVERIFY(view.output(3) != expected);
    QCOMPARE(value(view, "rows_changed_rnn"), 0.0); // the tokens did not change
    // The RNN is causal: the first state depends on x_0 alone, h_0 = tanh(W_xh x_0 + b).
    const attn::ElmanRnn rnn = attn::initElmanRnn(2, 2, 7);
    const attn::Vector h0 = (rnn.W_xh * fiveTokens().value.row(0).transpose() + rnn.b).array().tanh();
    QVERIFY((view.output(3).row(0).transpose() - h0).cwiseAbs().maxCoeff() < 1e-12);
}

void TestBaselinesView::rowsChangedShowWhoReadsWhat()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    for (const char *name :
         {"rows_changed_attention", "rows_changed_mean", "rows_changed_conv", "rows_changed_rnn"})
        QCOMPARE(value(view, name), 0.0);
    QVERIFY(document.setCell(TensorRole::Value, 4, 0, 3.0)); // the last token
    QCOMPARE(value(view, "rows_changed_rnn"), 1.0);
    QCOMPARE(value(view, "rows_changed_conv"), 1.0);
    QCOMPARE(value(view, "rows_changed_mean"), 5.0);
    QCOMPARE(value(view, "rows_changed_attention"), 5.0);    // every weight on mats is > 0
    QVERIFY(document.setCell(TensorRole::Value, 0, 0, 5.0)); // the first token too
    QCOMPARE(value(view, "rows_changed_rnn"), 5.0);
    QCOMPARE(value(view, "rows_changed_conv"), 4.0); // causal k = 3: rows 0, 1, 2 and 4
}

void TestBaselinesView::resetRestoresDefaults()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    view.findChild<QSpinBox *>(QStringLiteral("convWidth"))->setValue(7);
    view.findChild<QSpinBox *>(QStringLiteral("rnnSeed"))->setValue(9);
    auto *select = view.findChild<QComboBox *>(QStringLiteral("baselineSelect"));
    select->setCurrentIndex(2);
    view.findChild<QComboBox *>(QStringLiteral("convAlignment"))->setCurrentIndex(1);
    QVERIFY(document.setCell(TensorRole::Value, 4, 0, 3.0));
    QCOMPARE(value(view, "rows_changed_rnn"), 1.0);
    view.resetViewState();
    QCOMPARE(value(view, "conv_width"), 3.0);
    QCOMPARE(value(view, "rnn_seed"), 1.0);
    QCOMPARE(value(view, "selected_baseline"), 0.0);
    QCOMPARE(value(view, "conv_causal"), 1.0);
    QCOMPARE(value(view, "rows_changed_rnn"), 0.0); // the edited tokens are the new reference
}

void TestBaselinesView::crossAttentionIsNotCompared()
{
    attn::Scenario s = fiveTokens();
    s.query.conservativeResize(2, 2);
    s.query_tokens = {"x", "y"};
    ScenarioDocument document;
    QVERIFY(document.load(s));
    BaselinesView view(&document);
    QVERIFY(view.message().contains(QStringLiteral("self-attention")));
    QCOMPARE(view.output(0).size(), 0);
    QVERIFY(std::isnan(value(view, "difference_to_attention")));
    QCOMPARE(view.output(1).rows(), 5); // the baselines still run on the five tokens
}

void TestBaselinesView::fourMapsAlike_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QSize>("size");
    QTest::newRow("5 tokens, 1100 × 700") << 5 << QSize(1100, 700);
    QTest::newRow("6 tokens, 1100 × 700") << 6 << QSize(1100, 700);
    QTest::newRow("6 tokens, 1600 × 900") << 6 << QSize(1600, 900);
}

void TestBaselinesView::fourMapsAlike()
{
    // The three mixing maps (the RNN has none) are equally wide, thin their token labels alike
    // and show their values in one font size, all or none, each value clear of its cell's edges.
    QFETCH(int, tokens);
    QFETCH(QSize, size);
    attn::Scenario s = fiveTokens();
    if (tokens == 6) { // lesson 16, step 2
        s.query_tokens = {"Mia", "lent", "Tom", "a", "book", "she"};
        s.key_tokens = s.query_tokens;
        s.query.resize(6, 2);
        s.query << 1, 0, 0, 1, 0, 2, 0, 1, 0, 1, 4, 0;
        s.key.resize(6, 2);
        s.key << 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0;
        s.value.resize(6, 2);
        s.value << 2, 1, 0, -1, -2, 1, 0, 0, 1, -2, 0, 1;
    }
    ScenarioDocument document;
    QVERIFY(document.load(s));
    BaselinesView view(&document);
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    attn::ui::BaselinesPlot *plot = view.plot();
    for (int pass = 0; pass < 4; ++pass) plot->replot(QCustomPlot::rpImmediateRefresh); // let the fit settle
    QList<QCPAxisRect *> mixing;
    for (QCPAxisRect *rect : plot->axisRects())
        if (rect->axis(QCPAxis::atBottom)->label() == QStringLiteral("input token") &&
            !rect->plottables().isEmpty() && rect->plottables().first()->visible())
            mixing << rect;
    QCOMPARE(mixing.size(), 3);
    QMap<double, QString> firstTicks;
    for (QCPAxisRect *rect : mixing) {
        QVERIFY2(std::abs(rect->width() - mixing.first()->width()) <= 2,
                 qPrintable(QStringLiteral("%1 vs %2").arg(rect->width()).arg(mixing.first()->width())));
        auto *ticker = dynamic_cast<QCPAxisTickerText *>(rect->axis(QCPAxis::atBottom)->ticker().data());
        QVERIFY(ticker);
        if (rect == mixing.first()) firstTicks = ticker->ticks();
        QCOMPARE(ticker->ticks(), firstTicks);
    }
    QSet<bool> shown;
    QSet<double> points;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *label = qobject_cast<QCPItemText *>(plot->item(i));
        if (!label || !mixing.contains(label->clipAxisRect())) continue;
        shown << label->visible();
        if (!label->visible()) continue;
        points << label->font().pointSizeF();
        const double cell = label->clipAxisRect()->width() / double(tokens);
        QVERIFY2(QFontMetricsF(label->font()).horizontalAdvance(label->text()) + 4 <= cell,
                 qPrintable(label->text()));
    }
    QCOMPARE(shown.size(), 1);
    QVERIFY(points.size() <= 1);
    if (tokens == 5 || size.width() >= 1600) QVERIFY(shown.contains(true)); // room enough for the values
}

void TestBaselinesView::toolTipsAndExport()
{
    ScenarioDocument document;
    QVERIFY(document.load(fiveTokens()));
    BaselinesView view(&document);
    view.resize(1100, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString tip = view.plot()->cellToolTip(1, true, 0, 1);
    QVERIFY2(tip.contains(QStringLiteral("output of “the” takes 0.2 of input token “cat”")), qPrintable(tip));
    QVERIFY(view.plot()->cellToolTip(2, false, 1, 1).contains(QStringLiteral("feature 1 = 1")));
    QVERIFY(view.plot()->cellToolTip(3, true, 0, 0).isEmpty()); // no mixing weights
    double largest = 0; // one colour range for the four outputs: the largest |value| of any
    for (int p = 0; p < 4; ++p) largest = std::max(largest, view.output(p).cwiseAbs().maxCoeff());
    QCOMPARE(view.plot()->outputRange(), largest);
    QVERIFY(std::abs(largest - 1.6653732334843825) < 1e-9); // attention's output of mats
    QTemporaryDir dir;
    for (const QString format : {QStringLiteral("png"), QStringLiteral("svg")}) {
        const QString path = dir.filePath(QStringLiteral("baselines.") + format);
        QString error;
        QVERIFY2(view.exportTo(path, format, QSize(1000, 700), &error), qPrintable(error));
        const QString problem = attn::test::checkFigureFile(path, format, QSize(1000, 700));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
    QString error;
    QVERIFY(!view.exportTo(dir.filePath(QStringLiteral("x.gif")), QStringLiteral("gif"), QSize(100, 100),
                           &error));
    QVERIFY(!error.isEmpty());
}

QTEST_MAIN(TestBaselinesView)
#include "tst_baselinesview.moc"
