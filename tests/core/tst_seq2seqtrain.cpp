// Training the RNN encoder–decoder: a fixed-seed reversal run at length 12 learns the task with
// attention (greedy held-out token accuracy ≥ 0.95) and its alignment is the anti-diagonal (the
// largest weight on the mirrored source position for ≥ 90% of decoder steps), while the
// no-attention baseline, trained on the same data for as long, stays measurably worse; dates
// learn their non-monotone alignment (year first, day last).
//
// The encoder is bidirectional, as in Bahdanau et al. 2015 (§3.2): then h_j is centred on x_j.
// A left-to-right encoder also learns reversal, but its alignment sits one position after the
// mirror: h_j holds x_j and, in its memory, x_{j−1}, so the decoder finds the state of the token
// it has just written (content, not position) and reads the one before it.
#include "core/train/seq2seqtrainer.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>

using namespace attn::train;

namespace {

/// Reversal of 12 tokens over 8 symbols; a bidirectional encoder of 2 × 32, embedding 16, Luong's
/// dot score (or no attention); batch 32, 300 steps.
Seq2SeqTrainConfig reversalRun(bool attention)
{
    Seq2SeqTrainConfig c;
    c.task = {Seq2SeqTaskKind::Reverse, 8, 12};
    c.model.hidden = 32;
    c.model.embed_dim = 16;
    c.model.bidirectional = true;
    c.model.attention = attention;
    c.model.score = ScoreKind::Dot;
    c.steps = 300;
    c.log_every = 300;
    c.heldout_size = 200;
    c.seed = 1;
    c.threads = 2;
    return c;
}

} // namespace

class TestSeq2SeqTrain : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void reversalLearnsTheAntiDiagonal();
    void withoutAttentionReversalIsWorse();
    void leftToRightEncoderLooksOneAfterTheMirror();
    void datesLearnTheirReordering();
    void lengthSweepIsIndependentRuns();
    void memoryEstimateBoundsTheRun();
};

void TestSeq2SeqTrain::reversalLearnsTheAntiDiagonal()
{
    Seq2SeqTrainer t(reversalRun(true));
    const Seq2SeqLogPoint before = t.log().front();
    t.run();
    const Seq2SeqLogPoint after = t.log().back();
    qInfo("attention: greedy accuracy %.3f -> %.3f, alignment on the mirror %.3f -> %.3f, %.1f s",
          before.greedy_accuracy, after.greedy_accuracy, before.alignment_accuracy, after.alignment_accuracy,
          t.trainSeconds());
    QCOMPARE(after.step, 300);
    QVERIFY(before.greedy_accuracy < 0.3); // 1/8 by chance
    QVERIFY2(after.greedy_accuracy >= 0.95, qPrintable(QString::number(after.greedy_accuracy)));
    QVERIFY2(after.heldout_accuracy >= 0.95, qPrintable(QString::number(after.heldout_accuracy)));
    QVERIFY2(after.alignment_accuracy >= 0.9, qPrintable(QString::number(after.alignment_accuracy)));
    // The same measure by hand on the probes: row t's largest weight at S − 1 − t.
    const std::vector<Seq2SeqTrace> traces = t.traceProbes();
    int mirrored = 0, steps = 0;
    for (const Seq2SeqTrace &trace : traces) {
        QCOMPARE(trace.weights.rows(), attn::Index(12));
        QCOMPARE(trace.weights.cols(), attn::Index(12));
        for (attn::Index r = 0; r < 12; ++r) {
            attn::Index best = 0;
            trace.weights.row(r).maxCoeff(&best);
            QVERIFY(std::abs(trace.weights.row(r).sum() - 1.0) < 1e-5); // global: a distribution
            mirrored += best == 11 - r ? 1 : 0;
            ++steps;
        }
    }
    QVERIFY2(mirrored >= 0.9 * steps, qPrintable(QStringLiteral("%1 of %2").arg(mirrored).arg(steps)));
    // The log keeps the probes' alignment at every logged step: spread out before training,
    // peaked after it, and the last one is what traceProbes gives now.
    const auto meanLargest = [](const std::vector<attn::Matrix> &alignments) {
        double sum = 0;
        attn::Index rows = 0;
        for (const attn::Matrix &w : alignments) {
            sum += w.rowwise().maxCoeff().sum();
            rows += w.rows();
        }
        return sum / static_cast<double>(rows);
    };
    QCOMPARE(before.probe_alignments.size(), traces.size());
    QCOMPARE(after.probe_alignments.size(), traces.size());
    QVERIFY(after.probe_alignments[0] == traces[0].weights);
    qInfo("mean largest weight of a step: %.3f before, %.3f after", meanLargest(before.probe_alignments),
          meanLargest(after.probe_alignments));
    QVERIFY(meanLargest(before.probe_alignments) < 0.5);
    QVERIFY(meanLargest(after.probe_alignments) > 0.8);
}

void TestSeq2SeqTrain::withoutAttentionReversalIsWorse()
{
    Seq2SeqTrainer t(reversalRun(false));
    t.run();
    const Seq2SeqLogPoint after = t.log().back();
    qInfo("no attention: greedy accuracy %.3f, teacher-forced %.3f, %.1f s", after.greedy_accuracy,
          after.heldout_accuracy, t.trainSeconds());
    // The run above (same data, same steps) reaches ≥ 0.95; this one stays far below.
    QVERIFY2(after.greedy_accuracy <= 0.75, qPrintable(QString::number(after.greedy_accuracy)));
    QCOMPARE(after.alignment_accuracy, 0.0); // no alignment to measure
}

void TestSeq2SeqTrain::leftToRightEncoderLooksOneAfterTheMirror()
{
    // A left-to-right encoder with Bahdanau's additive score, 600 steps: it learns reversal, but
    // step t looks at S − t (the source of the token it wrote at t − 1), not at S − 1 − t.
    Seq2SeqTrainConfig c = reversalRun(true);
    c.model.bidirectional = false;
    c.model.score = ScoreKind::Additive;
    c.steps = 600;
    c.log_every = 600;
    Seq2SeqTrainer t(c);
    t.run();
    const Seq2SeqLogPoint after = t.log().back();
    const std::vector<Seq2SeqTrace> traces = t.model().trace(t.heldOut(), Decoding::Greedy, 2);
    const double after1 = alignmentAgreement(t.task(), t.heldOut(), traces, 1);
    qInfo("left to right, additive: greedy accuracy %.3f, on the mirror %.3f, one after it %.3f, %.1f s",
          after.greedy_accuracy, after.alignment_accuracy, after1, t.trainSeconds());
    QVERIFY2(after.greedy_accuracy >= 0.95, qPrintable(QString::number(after.greedy_accuracy)));
    QCOMPARE(alignmentAgreement(t.task(), t.heldOut(), traces), after.alignment_accuracy);
    QVERIFY2(after.alignment_accuracy <= 0.2, qPrintable(QString::number(after.alignment_accuracy)));
    QVERIFY2(after1 >= 0.9, qPrintable(QString::number(after1)));
}

void TestSeq2SeqTrain::datesLearnTheirReordering()
{
    Seq2SeqTrainConfig c = reversalRun(true);
    c.task = {Seq2SeqTaskKind::Dates, 0, 0};
    Seq2SeqTrainer t(c);
    t.run();
    const Seq2SeqLogPoint after = t.log().back();
    qInfo("dates: greedy accuracy %.3f, alignment on the reference %.3f, %.1f s", after.greedy_accuracy,
          after.alignment_accuracy, t.trainSeconds());
    QVERIFY2(after.greedy_accuracy >= 0.95, qPrintable(QString::number(after.greedy_accuracy)));
    QVERIFY2(after.alignment_accuracy >= 0.9, qPrintable(QString::number(after.alignment_accuracy)));
    // Not monotone: the first output (the year's first digit) looks further right than the last
    // (the day's last digit), on every probe.
    for (const Seq2SeqTrace &trace : t.traceProbes()) {
        attn::Index first = 0, last = 0;
        trace.weights.row(0).maxCoeff(&first);
        trace.weights.row(trace.weights.rows() - 1).maxCoeff(&last);
        QVERIFY(first > last);
    }
}

void TestSeq2SeqTrain::lengthSweepIsIndependentRuns()
{
    Seq2SeqTrainConfig c;
    c.model.hidden = 6;
    c.model.embed_dim = 4;
    c.steps = 20;
    c.log_every = 10;
    c.heldout_size = 32;
    const std::vector<LengthPoint> points = accuracyAgainstLength(c, {7, 4});
    QCOMPARE(points.size(), std::size_t(2));
    QCOMPARE(points[0].length, 7);
    QCOMPARE(points[1].length, 4);
    // Each point is the run a trainer makes at that length alone.
    c.task.length = 4;
    Seq2SeqTrainer t(c);
    t.run();
    QCOMPARE(points[1].final.step, 20);
    QCOMPARE(points[1].final.heldout_loss, t.log().back().heldout_loss);
    QCOMPARE(points[1].final.greedy_accuracy, t.log().back().greedy_accuracy);
    QCOMPARE(points[1].parameter_count, int(t.model().parameterCount()));
    QVERIFY(points[0].final.heldout_loss != points[1].final.heldout_loss);
    c.task.kind = Seq2SeqTaskKind::Dates;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, accuracyAgainstLength(c, {4}));
}

void TestSeq2SeqTrain::memoryEstimateBoundsTheRun()
{
    // The default run: its parameters (16 bytes each with gradients and moments) are part of the
    // estimate, and the whole is far below the 2 GiB limit.
    Seq2SeqTrainConfig c;
    const Seq2SeqTaskInfo task = describeSeq2SeqTask(c.task);
    Seq2SeqConfig model = c.model;
    model.vocab_size = task.vocab_size;
    double parameters = 0;
    for (const auto &spec : parameterSpecs(model)) parameters += double(spec.size());
    const double bytes = estimatedTrainingBytes(c, task);
    QVERIFY(bytes > 16 * parameters);
    QVERIFY(bytes < 64.0 * 1024 * 1024);
    // Twice the batch (above the held-out size): more activations.
    c.batch_size = 2 * c.heldout_size;
    QVERIFY(estimatedTrainingBytes(c, task) > bytes);
    // A bidirectional 4096-wide GRU would need gigabytes: refused before anything is allocated.
    c.model.hidden = 4096;
    c.model.bidirectional = true;
    QVERIFY(estimatedTrainingBytes(c, task) > kSeq2SeqMemoryLimit);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Seq2SeqTrainer{c});
}

QTEST_GUILESS_MAIN(TestSeq2SeqTrain)
#include "tst_seq2seqtrain.moc"
