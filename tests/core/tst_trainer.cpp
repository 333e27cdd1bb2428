// Training runs: a default induction run forms an induction head, a coreference run generalises
// to held-out name pairs, runs are bit-identical for a seed, and the Trainer interface a view
// drives (progress, cancel, snapshots, reset) keeps its promises.
#include "core/train/tokeneffect.h"
#include "core/train/trainer.h"
#include "strictwarnings.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

using attn::Index;
using namespace attn::train;

namespace {

/// A short induction run for the interface tests: 1 layer × 2 heads, d_model 16.
TrainConfig smallConfig()
{
    TrainConfig c = defaultTrainConfig(TaskKind::Induction);
    c.task.seq_len = 12;
    c.task.symbols = 12;
    c.model.d_model = 16;
    c.model.num_layers = 1;
    c.model.num_heads = 2;
    c.model.head_dim = 8;
    c.batch_size = 8;
    c.steps = 40;
    c.log_every = 10;
    c.heldout_size = 16;
    c.probe_count = 4;
    return c;
}

double bestRole(const LogPoint &p, int layer, int heads, double HeadRoles::*score)
{
    double best = 0;
    for (int h = 0; h < heads; ++h)
        best = std::max(best, p.roles[static_cast<std::size_t>(layer * heads + h)].*score);
    return best;
}

} // namespace

class TestTrainer : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void defaultInductionRunFormsAnInductionHead();
    void coreferenceRunGeneralisesToHeldOutPairs();
    void sameSeedAndThreadsGiveBitIdenticalCurves();
    void progressCancelAndFinalLog();
    void snapshotsReproduceTheirLogPoints();
    void resetStartsOver();
    void weightsRoundTripThroughNamedTensors();
    void traceOfOneSequence();
    void learningRateSchedule();
    void badSettingsAreRefused();
};

void TestTrainer::defaultInductionRunFormsAnInductionHead()
{
    // The default setup (2 layers × 4 heads, d_model 64, batch 32, 1000 steps), seed 0.
    TrainConfig c = defaultTrainConfig(TaskKind::Induction);
    c.threads = 2;
    c.log_every = 100;
    c.keep_snapshots = false;
    Trainer t(c);
    const LogPoint start = t.log().front(); // a copy: training appends to the log
    QVERIFY2(start.heldout_accuracy < 0.1, qPrintable(QString::number(start.heldout_accuracy)));
    QCOMPARE(t.run(), 1000);
    const LogPoint &end = t.log().back();
    QCOMPARE(end.step, 1000);
    const double induction = bestRole(end, 1, 4, &HeadRoles::induction);
    const double previous = bestRole(end, 0, 4, &HeadRoles::previous_token);
    qInfo(
        "held-out second-half accuracy %.3f, best layer-1 induction score %.3f, best layer-0 previous-token "
        "score %.3f, %.0f steps/s",
        end.heldout_accuracy, induction, previous, t.stepsPerSecond());
    QVERIFY(end.heldout_accuracy >= 0.9);
    QVERIFY(induction >= 0.6);
    // The circuit of Olsson et al.: the induction head reads a previous-token head of layer 0.
    QVERIFY(previous >= 0.4);
    // Before training no head is an induction head.
    QVERIFY(bestRole(start, 1, 4, &HeadRoles::induction) < 0.2);

    // Measured token effects on the trained model (core/train/tokeneffect.h), at the last scored
    // position t of the first probe: the token that decides the prediction is the one after the
    // earlier occurrence of x_t. Replacing it by an unused symbol moves the prediction most, and
    // the model then predicts that symbol: it copies whatever follows, which no weight shows.
    const Batch &probes = t.probes();
    const std::vector<int> tokens(probes.tokens.begin(), probes.tokens.begin() + probes.seq_len);
    Index position = probes.seq_len - 1;
    while (position > 0 && probes.loss_mask[std::size_t(position)] == 0) --position;
    Index earlier = -1;
    for (Index j = 0; j < position; ++j)
        if (tokens[std::size_t(j)] == tokens[std::size_t(position)]) earlier = j;
    QVERIFY(earlier >= 0);
    Model<double> exact(t.model().config());
    exact.importParameters(t.weights());
    const int replacement = neutralToken(t.task(), tokens);
    QVERIFY(replacement >= 0);
    const TokenEffects e = measureTokenEffects(exact, tokens, position, replacement, 2);
    Index decisive = 0;
    e.replace_effect.maxCoeff(&decisive);
    qInfo("token effects at position %lld: replacing x_%lld moves the prediction by %.3f (rollout %.3f; the "
          "query token's rollout %.3f); rollout and replacement γ = %.3f",
          static_cast<long long>(position), static_cast<long long>(decisive), e.replace_effect(decisive),
          e.rollout(decisive), e.rollout(position), e.replace_vs_rollout.gamma);
    QCOMPARE(decisive, earlier + 1);
    QVERIFY(e.replace_effect(decisive) > 0.5);
    QCOMPARE(int(e.replace_predicted(decisive)), replacement);
}

void TestTrainer::coreferenceRunGeneralisesToHeldOutPairs()
{
    TrainConfig c = defaultTrainConfig(TaskKind::Coreference);
    c.threads = 2;
    c.log_every = 500;
    c.keep_snapshots = false;
    Trainer t(c);
    QCOMPARE(t.run(), 1500);
    const LogPoint &end = t.log().back();
    qInfo("coreference held-out accuracy %.3f (name pairs never trained together)", end.heldout_accuracy);
    QVERIFY(end.heldout_accuracy >= 0.95);
    QCOMPARE(t.heldOut().batch_size, Index(256));

    // Rollout against the measured effect (core/train/tokeneffect.h). When both names share the
    // pronoun's gender only the verb can decide, and the model uses it: replacing or deleting
    // the verb moves the prediction far, in half the probes or more; yet rollout, which reads
    // the weights, gives the verb little (it spreads across the names, the start and the pronoun).
    Model<double> exact(t.model().config());
    exact.importParameters(t.weights());
    const Batch &probes = t.probes();
    const std::vector<std::string> &names = t.task().token_names;
    const auto isVerb = [&](int token) {
        for (const char *verb : {"promised", "assured", "told", "asked", "reminded", "warned"})
            if (names[std::size_t(token)] == verb) return true;
        return false;
    };
    const auto female = [](int token) { return token >= 2 && token < 2 + coreference::nameCount() / 2; };
    int sameGender = 0, verbDecides = 0;
    for (Index b = 0; b < probes.batch_size; ++b) {
        const auto first = probes.tokens.begin() + b * probes.seq_len;
        const std::vector<int> tokens(first, first + probes.seq_len);
        Index position = probes.seq_len - 1;
        while (position > 0 && probes.loss_mask[std::size_t(b * probes.seq_len + position)] == 0) --position;
        std::vector<int> people;
        Index verb = -1;
        for (Index j = 0; j < position; ++j) {
            const int x = tokens[std::size_t(j)];
            if (x >= 2 && x < 2 + coreference::nameCount()) people.push_back(x);
            if (isVerb(x)) verb = j;
        }
        QCOMPARE(people.size(), std::size_t(2));
        QVERIFY(verb > 0);
        if (female(people[0]) != female(people[1])) continue;
        ++sameGender;
        const TokenEffects e =
            measureTokenEffects(exact, tokens, position, neutralToken(t.task(), tokens), 2);
        const double effect = std::max(e.delete_effect(verb), e.replace_effect(verb));
        qInfo("probe %lld (%s … %s): the verb's rollout %.3f, its largest measured effect %.3f", (long long)b,
              names[std::size_t(tokens[std::size_t(verb)])].c_str(), names[std::size_t(e.predicted)].c_str(),
              e.rollout(verb), effect);
        QVERIFY(e.rollout(verb) < 0.15);
        if (effect > 0.3) ++verbDecides;
    }
    QVERIFY(sameGender >= 3);
    QVERIFY2(2 * verbDecides >= sameGender, qPrintable(QString("%1 of %2").arg(verbDecides).arg(sameGender)));
}

void TestTrainer::sameSeedAndThreadsGiveBitIdenticalCurves()
{
    TrainConfig c = smallConfig();
    c.threads = 2;
    Trainer a(c), b(c);
    a.run();
    b.run();
    QCOMPARE(a.history().size(), std::size_t(40));
    for (std::size_t s = 0; s < a.history().size(); ++s) {
        QCOMPARE(a.history()[s].loss, b.history()[s].loss); // exact
        QCOMPARE(a.history()[s].grad_norm, b.history()[s].grad_norm);
    }
    QCOMPARE(a.log().back().heldout_loss, b.log().back().heldout_loss);
    QVERIFY(a.model().parameters() == b.model().parameters());
    // The loss does move (the curve is not trivially constant).
    QVERIFY(a.history().back().loss < a.history().front().loss);
    // Chunks are cut by index, not by thread: one thread gives the same bits too.
    c.threads = 1;
    Trainer one(c);
    one.run();
    QCOMPARE(one.history().back().loss, a.history().back().loss);
    // Another seed gives another run.
    c.seed = 1;
    Trainer other(c);
    other.run();
    QVERIFY(other.history().back().loss != a.history().back().loss);
}

void TestTrainer::progressCancelAndFinalLog()
{
    Trainer t(smallConfig());
    std::atomic<bool> cancel{false};
    std::vector<int> seen;
    int logged = 0;
    const int done = t.run(
        -1,
        [&](const TrainProgress &p) {
            seen.push_back(p.step);
            QCOMPARE(p.target, 40);
            QCOMPARE(p.last.step, p.step);
            QVERIFY(p.steps_per_second > 0);
            if (p.logged) {
                ++logged;
                QCOMPARE(p.logged->step, p.step);
            }
            if (p.step == 13) cancel = true;
        },
        &cancel);
    QCOMPARE(done, 13);
    QCOMPARE(seen.size(), std::size_t(13));
    QCOMPARE(seen.front(), 1);
    QCOMPARE(logged, 1); // step 10
    // Cancelled between logs: the last step is logged anyway, so the curves end where training did.
    QCOMPARE(t.log().back().step, 13);
    QCOMPARE(t.stepsDone(), 13);
    // A new run goes on from there.
    cancel = false;
    QCOMPARE(t.run(7), 7);
    QCOMPARE(t.stepsDone(), 20);
    QCOMPARE(t.log().back().step, 20);
    QVERIFY(t.trainSeconds() > 0);
}

void TestTrainer::snapshotsReproduceTheirLogPoints()
{
    Trainer t(smallConfig());
    t.run(25);
    std::vector<int> logSteps, snapshotSteps;
    for (const LogPoint &p : t.log()) logSteps.push_back(p.step);
    for (const Snapshot &s : t.snapshots()) snapshotSteps.push_back(s.step);
    QCOMPARE(logSteps, (std::vector<int>{0, 10, 20, 25}));
    QCOMPARE(snapshotSteps, logSteps);
    // Going back to step 10 (the view's scrubber): the same held-out loss and head roles.
    Trainer back(smallConfig());
    back.setWeights(t.snapshots()[1].weights);
    const LogPoint again = back.measure();
    QCOMPARE(again.heldout_loss, t.log()[1].heldout_loss);
    QCOMPARE(again.roles[1].induction, t.log()[1].roles[1].induction);
    // Train means cover the steps since the previous log point.
    double mean = 0;
    for (int s = 10; s < 20; ++s) mean += t.history()[static_cast<std::size_t>(s)].loss;
    QVERIFY(std::abs(t.log()[2].train_loss - mean / 10) < 1e-12);
}

void TestTrainer::resetStartsOver()
{
    Trainer t(smallConfig());
    t.run(15);
    const double loss15 = t.history().back().loss;
    const std::vector<float> weights15 = t.model().parameters();
    t.reset();
    QCOMPARE(t.stepsDone(), 0);
    QCOMPARE(t.history().size(), std::size_t(0));
    QCOMPARE(t.log().size(), std::size_t(1));
    t.run(15);
    QCOMPARE(t.history().back().loss, loss15);
    QVERIFY(t.model().parameters() == weights15);
}

void TestTrainer::weightsRoundTripThroughNamedTensors()
{
    Trainer t(smallConfig());
    t.run(5);
    const std::vector<NamedTensor> w = t.weights();
    QCOMPARE(QString::fromStdString(w[2].name), QStringLiteral("layers.0.attn.W_q"));
    QCOMPARE(w[2].shape, (std::vector<Index>{16, 16}));
    QCOMPARE(w[2].dtype, DType::Float32);
    Trainer u(smallConfig());
    u.setWeights(w);
    QVERIFY(u.model().parameters() == t.model().parameters());
    QVERIFY(u.weights()[2].data == w[2].data);
}

void TestTrainer::traceOfOneSequence()
{
    Trainer t(smallConfig());
    const ProbeTrace tr = t.trace({0, 1, 2, 0, 1});
    QCOMPARE(tr.seq_len, Index(5));
    QCOMPARE(tr.weights.size(), std::size_t(2));
    QCOMPARE(tr.inputs.size(), std::size_t(1));
    QCOMPARE(tr.inputs[0].cols(), Index(16));
    QCOMPARE(tr.logits.cols(), Index(12));
    for (const attn::Matrix &A : tr.weights)
        for (Index i = 0; i < 5; ++i) QVERIFY(std::abs(A.row(i).sum() - 1) < 1e-6);
    QCOMPARE(t.traceProbes().size(), std::size_t(4));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, t.trace({0, 12}));
}

void TestTrainer::learningRateSchedule()
{
    TrainConfig c = smallConfig();
    c.warmup_steps = 4;
    c.steps = 24;
    Trainer t(c);
    t.run();
    const auto lr = [&](int step) { return t.history()[static_cast<std::size_t>(step - 1)].learning_rate; };
    QCOMPARE(lr(1), 3e-3 / 4); // warm-up
    QCOMPARE(lr(4), 3e-3);
    QVERIFY(std::abs(lr(14) - 3e-3 * 0.55) < 1e-15); // half-way through the cosine: (0.1 + 1) / 2
    QVERIFY(std::abs(lr(24) - 3e-4) < 1e-15);        // 10% at the end
    c.cosine_decay = false;
    Trainer flat(c);
    flat.run(10);
    QCOMPARE(flat.history()[9].learning_rate, 3e-3);
}

void TestTrainer::badSettingsAreRefused()
{
    const auto message = [](TrainConfig c) {
        try {
            Trainer t(c);
        } catch (const std::invalid_argument &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    TrainConfig c = smallConfig();
    c.threads = 0;
    QCOMPARE(message(c), QStringLiteral("threads must be from 1 to 1024, got 0"));
    c = smallConfig();
    c.optimizer.learning_rate = -1;
    QVERIFY(message(c).startsWith("learning_rate must be in (0, 10"));
    c = smallConfig();
    c.model.num_layers = 0;
    QCOMPARE(message(c), QStringLiteral("num_layers must be from 1 to 4, got 0"));
    c = smallConfig();
    c.batch_size = 0;
    QCOMPARE(message(c), QStringLiteral("batch_size must be from 1 to 65536, got 0"));
    c = smallConfig();
    c.task.seq_len = 5000;
    QCOMPARE(message(c), QStringLiteral("seq_len must be from 4 to 1024, got 5000"));
}

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
