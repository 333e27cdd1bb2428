// The RNN encoder–decoder: the hand-written backward (BPTT) of every score, of local-p, of the
// bidirectional encoder and of the no-attention baseline against central differences in
// float64; hand-computed values of a GRU step and of an all-zero model's alignment; the toy
// tasks; and the chunked threads' determinism.
#include "core/attention.h"
#include "core/train/gru.h"
#include "core/train/rng.h"
#include "core/train/seq2seq.h"
#include "core/train/seq2seqscenario.h"
#include "core/train/seq2seqtasks.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <set>
#include <stdexcept>

using attn::Index;
using namespace attn::train;

namespace {

/// A tiny model: vocabulary 7, embedding 3, encoder state 4 per direction.
Seq2SeqConfig tinyConfig(ScoreKind score, int window, bool bidirectional, bool attention)
{
    Seq2SeqConfig c;
    c.vocab_size = 7;
    c.embed_dim = 3;
    c.hidden = 4;
    c.bidirectional = bidirectional;
    c.attention = attention;
    c.score = score;
    c.local_window = window;
    c.bos_token = 6;
    return c;
}

/// Three examples of different lengths (sources of 5, 3 and 7 tokens, targets of 4, 2, 5).
std::vector<Seq2SeqExample> randomExamples(std::uint64_t seed)
{
    Rng rng(seed);
    std::vector<Seq2SeqExample> batch;
    for (const auto [S, n] : {std::pair{5, 4}, std::pair{3, 2}, std::pair{7, 5}}) {
        Seq2SeqExample ex;
        for (int j = 0; j < S; ++j) ex.source.push_back(static_cast<int>(rng.below(6)));
        for (int t = 0; t < n; ++t) ex.target.push_back(static_cast<int>(rng.below(6)));
        batch.push_back(ex);
    }
    return batch;
}

/// Seeded initialisation, then every parameter moved by N(0, 0.3²) (biases not 0).
Seq2Seq<double> perturbedModel(const Seq2SeqConfig &c, std::uint64_t seed)
{
    Seq2Seq<double> m(c);
    m.initialize(seed);
    Rng rng(seed, 99);
    for (double &p : m.parameters()) p += 0.3 * rng.normal();
    return m;
}

double sigmoid(double x)
{
    return 1.0 / (1.0 + std::exp(-x));
}

} // namespace

class TestSeq2Seq : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void parameterNamesAndShapes();
    void gruStepByHand();
    void zeroModelHasUniformAndGaussianAlignment();
    void gradientsMatchCentralDifferences_data();
    void gradientsMatchCentralDifferences();
    void threadsGiveBitIdenticalGradients();
    void decoderStepIsAScenario_data();
    void decoderStepIsAScenario();
    void badInputIsRefused();
    void reversalTask();
    void datesTask();
};

void TestSeq2Seq::parameterNamesAndShapes()
{
    const Seq2Seq<double> m(tinyConfig(ScoreKind::Additive, 2, true, true));
    QStringList names;
    for (const auto &s : m.specs()) names << QString::fromStdString(s.name);
    QCOMPARE(names, (QStringList{"source_embed.weight",
                                 "target_embed.weight",
                                 "encoder.weight_ih",
                                 "encoder.weight_hh",
                                 "encoder.bias_ih",
                                 "encoder.bias_hh",
                                 "encoder_reverse.weight_ih",
                                 "encoder_reverse.weight_hh",
                                 "encoder_reverse.bias_ih",
                                 "encoder_reverse.bias_hh",
                                 "bridge.weight",
                                 "bridge.bias",
                                 "decoder.weight_ih",
                                 "decoder.weight_hh",
                                 "decoder.bias_ih",
                                 "decoder.bias_hh",
                                 "attention.W_a",
                                 "attention.U_a",
                                 "attention.v_a",
                                 "attention.W_p",
                                 "attention.v_p",
                                 "output.weight",
                                 "output.bias"}));
    // K = 8 (two directions of 4); the Bahdanau decoder reads [E y; c] = 3 + 8 values and its
    // readout [s; c] has 16.
    // 2·7·3 + 2·(12·3 + 12·4 + 12 + 12) + (64 + 8) + (24·11 + 24·8 + 24 + 24) + (64 + 64 + 8)
    //   + (64 + 8) + (7·16 + 7)
    QCOMPARE(m.parameterCount(), Index(42 + 2 * 108 + 72 + 504 + 136 + 72 + 119));
    // Luong's decoder (general): input E only, the combination layer, readout from h̃ (K).
    const Seq2Seq<double> g(tinyConfig(ScoreKind::General, 0, false, true));
    names.clear();
    for (const auto &s : g.specs()) names << QString::fromStdString(s.name) + QString::number(s.size());
    QVERIFY(names.contains("decoder.weight_ih36")); // (3K, E) = (12, 3)
    QVERIFY(names.contains("attention.W_a16"));     // (K, K)
    QVERIFY(names.contains("combine.weight32"));    // (K, 2K)
    QVERIFY(names.contains("output.weight28"));     // (V, K)
    QVERIFY(!names.contains("attention.U_a16"));
    // No attention: no attention tensors, Bahdanau's decoder fed the last state.
    const Seq2Seq<double> none(tinyConfig(ScoreKind::Dot, 0, false, false));
    for (const auto &s : none.specs()) QVERIFY(!QString::fromStdString(s.name).startsWith("attention"));
}

void TestSeq2Seq::gruStepByHand()
{
    // One input, one state value: every gate written out with torch.nn.GRUCell's equations.
    double wih[3] = {0.5, -0.3, 0.8}, whh[3] = {0.2, 0.7, -0.6}, bih[3] = {0.1, 0.0, -0.2},
           bhh[3] = {-0.1, 0.3, 0.4};
    const GruWeights<double> w{wih, whh, bih, bhh, 1, 1};
    GruStep<double> s;
    s.x = ColVector<double>::Constant(1, 1.5);
    s.h_prev = ColVector<double>::Constant(1, -0.4);
    gruForward(w, s);
    const double x = 1.5, h = -0.4;
    const double r = sigmoid(0.5 * x + 0.1 + 0.2 * h - 0.1);
    const double z = sigmoid(-0.3 * x + 0.0 + 0.7 * h + 0.3);
    const double n = std::tanh(0.8 * x - 0.2 + r * (-0.6 * h + 0.4)); // b_hn inside r ∘ (…)
    QCOMPARE(s.r[0], r);
    QCOMPARE(s.z[0], z);
    QCOMPARE(s.n[0], n);
    QCOMPARE(s.h[0], (1 - z) * n + z * h);
}

void TestSeq2Seq::zeroModelHasUniformAndGaussianAlignment()
{
    // Every parameter 0: every state is 0, every logit 0, so the loss is log V and the global
    // weights are uniform, 1/S.
    const Seq2SeqExample ex{{1, 2, 3, 4, 5, 0}, {3, 1, 4}};
    Seq2Seq<double> global(tinyConfig(ScoreKind::Dot, 0, false, true));
    const LossStats stats = global.evaluate({ex}, Decoding::TeacherForcing, 1);
    QCOMPARE(stats.loss, std::log(7.0));
    QCOMPARE(stats.scored, Index(3));
    const Seq2SeqTrace trace = global.trace({ex}, Decoding::TeacherForcing, 1).front();
    QCOMPARE(trace.weights.rows(), Index(3));
    QCOMPARE(trace.weights.cols(), Index(6));
    for (Index t = 0; t < 3; ++t)
        for (Index j = 0; j < 6; ++j) QCOMPARE(trace.weights(t, j), 1.0 / 6.0);
    // Local-p with D = 2: p = S · sigmoid(0) = 3, the window 1 … 5 (5 positions, softmax 1/5),
    // times exp(−(j − 3)² / (2σ²)) with σ = 1.
    Seq2Seq<double> local(tinyConfig(ScoreKind::Additive, 2, false, true));
    const Seq2SeqTrace lt = local.trace({ex}, Decoding::TeacherForcing, 1).front();
    QCOMPARE(lt.positions, (std::vector<double>{3.0, 3.0, 3.0}));
    const double expected[6] = {0.0,     std::exp(-2.0) / 5, std::exp(-0.5) / 5,
                                1.0 / 5, std::exp(-0.5) / 5, std::exp(-2.0) / 5};
    for (Index t = 0; t < 3; ++t)
        for (Index j = 0; j < 6; ++j) QCOMPARE(lt.weights(t, j) + 1.0, expected[j] + 1.0);
    // Without attention the alignment is all zeros.
    Seq2Seq<double> none(tinyConfig(ScoreKind::Additive, 0, false, false));
    QCOMPARE(none.trace({ex}, Decoding::Greedy, 1).front().weights.cwiseAbs().sum(), 0.0);
}

void TestSeq2Seq::gradientsMatchCentralDifferences_data()
{
    QTest::addColumn<int>("score");
    QTest::addColumn<int>("window");
    QTest::addColumn<bool>("bidirectional");
    QTest::addColumn<bool>("attention");
    QTest::addRow("additive, global") << int(ScoreKind::Additive) << 0 << false << true;
    QTest::addRow("dot, global") << int(ScoreKind::Dot) << 0 << false << true;
    QTest::addRow("general, global") << int(ScoreKind::General) << 0 << false << true;
    QTest::addRow("additive, local-p D=1") << int(ScoreKind::Additive) << 1 << false << true;
    QTest::addRow("dot, local-p D=2") << int(ScoreKind::Dot) << 2 << false << true;
    QTest::addRow("general, local-p D=2") << int(ScoreKind::General) << 2 << false << true;
    QTest::addRow("bidirectional, additive") << int(ScoreKind::Additive) << 0 << true << true;
    QTest::addRow("bidirectional, dot, local-p D=1") << int(ScoreKind::Dot) << 1 << true << true;
    QTest::addRow("bidirectional, general") << int(ScoreKind::General) << 0 << true << true;
    QTest::addRow("no attention") << int(ScoreKind::Additive) << 0 << false << false;
    QTest::addRow("no attention, bidirectional") << int(ScoreKind::Additive) << 0 << true << false;
}

void TestSeq2Seq::gradientsMatchCentralDifferences()
{
    QFETCH(int, score);
    QFETCH(int, window);
    QFETCH(bool, bidirectional);
    QFETCH(bool, attention);
    const Seq2SeqConfig c = tinyConfig(static_cast<ScoreKind>(score), window, bidirectional, attention);
    Seq2Seq<double> m = perturbedModel(c, 7);
    const std::vector<Seq2SeqExample> batch = randomExamples(11);
    m.forwardBackward(batch, 2);
    const std::vector<double> analytic = m.gradients();

    // Central differences, every entry of every tensor: (L(θ + ε) − L(θ − ε)) / 2ε.
    const double eps = 1e-5;
    std::vector<double> numeric(analytic.size());
    for (std::size_t i = 0; i < numeric.size(); ++i) {
        const double saved = m.parameters()[i];
        m.parameters()[i] = saved + eps;
        const double plus = m.evaluate(batch, Decoding::TeacherForcing, 2).loss;
        m.parameters()[i] = saved - eps;
        const double minus = m.evaluate(batch, Decoding::TeacherForcing, 2).loss;
        m.parameters()[i] = saved;
        numeric[i] = (plus - minus) / (2 * eps);
    }
    double worst = 0;
    for (std::size_t t = 0; t < m.specs().size(); ++t) {
        const auto &spec = m.specs()[t];
        double diff = 0, normA = 0, normN = 0;
        for (Index j = 0; j < spec.size(); ++j) {
            const auto i = static_cast<std::size_t>(m.offset(t) + j);
            diff += (analytic[i] - numeric[i]) * (analytic[i] - numeric[i]);
            normA += analytic[i] * analytic[i];
            normN += numeric[i] * numeric[i];
        }
        // Relative error ‖g − g_num‖ / max(‖g‖, ‖g_num‖) of the whole tensor.
        const double rel = std::sqrt(diff) / std::max(std::sqrt(normA), std::sqrt(normN));
        QVERIFY2(normA > 1e-8, qPrintable(QStringLiteral("%1 has no gradient").arg(spec.name.c_str())));
        QVERIFY2(rel <= 1e-6,
                 qPrintable(QStringLiteral("%1: relative error %2").arg(spec.name.c_str()).arg(rel)));
        worst = std::max(worst, rel);
    }
    qInfo("largest relative error of %zu tensors: %.2e", m.specs().size(), worst);
}

void TestSeq2Seq::threadsGiveBitIdenticalGradients()
{
    Seq2SeqConfig c = tinyConfig(ScoreKind::Additive, 0, true, true);
    Seq2Seq<float> m(c);
    m.initialize(3);
    std::vector<Seq2SeqExample> batch;
    for (int i = 0; i < 4; ++i)
        for (const Seq2SeqExample &ex : randomExamples(20 + static_cast<std::uint64_t>(i)))
            batch.push_back(ex);
    const LossStats one = m.forwardBackward(batch, 1);
    const std::vector<float> g1 = m.gradients();
    const LossStats three = m.forwardBackward(batch, 3);
    QCOMPARE(three.loss, one.loss);
    QVERIFY(m.gradients() == g1);
}

void TestSeq2Seq::decoderStepIsAScenario_data()
{
    QTest::addColumn<int>("score");
    QTest::addColumn<int>("window");
    QTest::addColumn<bool>("bidirectional");
    QTest::addRow("additive") << int(ScoreKind::Additive) << 0 << false;
    QTest::addRow("dot") << int(ScoreKind::Dot) << 0 << false;
    QTest::addRow("general, bidirectional") << int(ScoreKind::General) << 0 << true;
    QTest::addRow("dot, local-p D=2") << int(ScoreKind::Dot) << 2 << false;
    QTest::addRow("additive, local-p D=1, bidirectional") << int(ScoreKind::Additive) << 1 << true;
}

void TestSeq2Seq::decoderStepIsAScenario()
{
    QFETCH(int, score);
    QFETCH(int, window);
    QFETCH(bool, bidirectional);
    const Seq2SeqConfig c = tinyConfig(static_cast<ScoreKind>(score), window, bidirectional, true);
    Seq2Seq<double> model = perturbedModel(c, 5);
    const std::vector<NamedTensor> weights = model.exportParameters();
    const Seq2SeqExample ex = randomExamples(13)[2]; // 7 source tokens, 5 target tokens
    const Seq2SeqTrace trace = model.trace({ex}, Decoding::Greedy, 1).front();
    const std::vector<std::string> labels{"a", "b", "c", "d", "e", "f", "g"};
    for (Index t = 0; t < 5; ++t) {
        const attn::Scenario s = decoderStepScenario(c, weights, trace, t, labels, "s", "step");
        QCOMPARE(s.key_tokens, labels);
        QCOMPARE(s.query.rows(), Index(1));
        QCOMPARE(s.key.cols(), Index(c.stateSize()));
        const attn::HeadTrace h = attn::attend(s).heads[0];
        for (Index j = 0; j < 7; ++j) {
            double expected = trace.weights(t, j);
            if (window > 0) { // the scenario has the window's softmax; the model also the Gaussian
                const double sigma = window / 2.0,
                             d = static_cast<double>(j) - trace.positions[std::size_t(t)];
                expected /= std::exp(-d * d / (2 * sigma * sigma));
                if (trace.weights(t, j) == 0.0) QCOMPARE(h.weights(0, j), 0.0); // outside the window
            }
            QVERIFY2(std::abs(h.weights(0, j) - expected) <= 1e-12,
                     qPrintable(QStringLiteral("step %1 key %2: %3 vs %4")
                                    .arg(t)
                                    .arg(j)
                                    .arg(h.weights(0, j))
                                    .arg(expected)));
        }
        if (window == 0) // the output is the context Σ_j a_j h_j
            QVERIFY((h.output - trace.weights.row(t) * trace.keys).cwiseAbs().maxCoeff() <= 1e-12);
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             decoderStepScenario(c, weights, trace, 5, labels, "s", ""));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             decoderStepScenario(c, weights, trace, 0, {"a"}, "s", ""));
    const Seq2SeqConfig none = tinyConfig(ScoreKind::Dot, 0, false, false);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, decoderStepScenario(none, {}, trace, 0, {}, "s", ""));
}

void TestSeq2Seq::badInputIsRefused()
{
    Seq2Seq<double> m(tinyConfig(ScoreKind::Dot, 0, false, true));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, m.evaluate({}, Decoding::Greedy, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, m.evaluate({{{1, 2}, {}}}, Decoding::Greedy, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, m.evaluate({{{1, 7}, {1}}}, Decoding::Greedy, 1));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             Seq2Seq<double>(tinyConfig(ScoreKind::Dot, 2, false, false)));
    Seq2SeqConfig big = tinyConfig(ScoreKind::Dot, 0, false, true);
    big.bos_token = 7;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Seq2Seq<double>{big});
    QVERIFY_THROWS_EXCEPTION(
        std::invalid_argument,
        m.importParameters({NamedTensor{"encoder.weight_ih", {12, 3}, {}, DType::Float64}}));
}

void TestSeq2Seq::reversalTask()
{
    const Seq2SeqTaskInfo task = describeSeq2SeqTask({Seq2SeqTaskKind::Reverse, 5, 9});
    QCOMPARE(task.vocab_size, 6);
    QCOMPARE(task.bos_token, 5);
    QCOMPARE(task.token_names.back(), std::string("<bos>"));
    const auto batch = makeSeq2SeqBatch(task, Split::Train, 4, 1, 16);
    for (const Seq2SeqExample &ex : batch) {
        QCOMPARE(ex.source.size(), std::size_t(9));
        QCOMPARE(ex.target, std::vector<int>(ex.source.rbegin(), ex.source.rend()));
        const std::vector<int> align = referenceAlignment(task, ex);
        for (std::size_t t = 0; t < 9; ++t) QCOMPARE(align[t], int(8 - t));
    }
    // Seeded: the same batch again, another seed another batch.
    QVERIFY(makeSeq2SeqBatch(task, Split::Train, 4, 1, 16)[3].source == batch[3].source);
    QVERIFY(makeSeq2SeqBatch(task, Split::Train, 5, 1, 16)[3].source != batch[3].source);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, describeSeq2SeqTask({Seq2SeqTaskKind::Reverse, 1, 9}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, describeSeq2SeqTask({Seq2SeqTaskKind::Reverse, 8, 1025}));
}

void TestSeq2Seq::datesTask()
{
    const Seq2SeqTaskInfo task = describeSeq2SeqTask({Seq2SeqTaskKind::Dates, 0, 0});
    QCOMPARE(task.vocab_size, 24);
    QCOMPARE(task.token_names[13], std::string("March"));
    const auto text = [&](const std::vector<int> &tokens, const char *sep) {
        std::string s;
        for (std::size_t i = 0; i < tokens.size(); ++i)
            s += (i && sep[0] ? sep : "") + task.token_names[static_cast<std::size_t>(tokens[i])];
        return s;
    };
    std::set<std::string> train, held;
    for (std::uint64_t b = 0; b < 8; ++b)
        for (const Seq2SeqExample &ex : makeSeq2SeqBatch(task, Split::Train, 1, b, 256)) {
            const std::string iso = text(ex.target, "");
            QCOMPARE(iso.size(), std::size_t(10));
            const int year = std::stoi(iso.substr(0, 4)), month = std::stoi(iso.substr(5, 2)),
                      day = std::stoi(iso.substr(8, 2));
            QVERIFY(year >= 1900 && year <= 2099 && month >= 1 && month <= 12 && day >= 1 && day <= 31);
            QCOMPARE(iso[4], '-');
            // The source says the same date: "d Month yyyy" with the digits spaced.
            const std::string src = text(ex.source, " ");
            const std::string written = std::to_string(day) + " " + task.token_names[10 + month] + " " +
                                        iso.substr(0, 1) + " " + iso.substr(1, 1) + " " + iso.substr(2, 1) +
                                        " " + iso.substr(3, 1);
            QCOMPARE(src, std::string(day >= 10 ? written.substr(0, 1) + " " + written.substr(1) : written));
            // The reference alignment points at the source token each target token comes from.
            const std::vector<int> align = referenceAlignment(task, ex);
            QCOMPARE(align.size(), ex.target.size());
            for (std::size_t t : {0, 1, 2, 3}) QCOMPARE(ex.target[t], ex.source[std::size_t(align[t])]);
            QCOMPARE(ex.source[std::size_t(align[5])], 10 + month);
            QCOMPARE(align[4], -1);
            if (day >= 10) QCOMPARE(ex.target[9], ex.source[1]);
            train.insert(iso);
        }
    // February 29 only in leap years.
    for (const std::string &d : train)
        if (d.substr(5) == "02-29") QCOMPARE(std::stoi(d.substr(0, 4)) % 4, 0);
    for (const Seq2SeqExample &ex : makeSeq2SeqBatch(task, Split::HeldOut, 1, 0, 512))
        held.insert(text(ex.target, ""));
    // Held-out dates are never trained on.
    for (const std::string &d : held) QVERIFY2(!train.count(d), d.c_str());
    QVERIFY(held.size() > 400);
}

QTEST_GUILESS_MAIN(TestSeq2Seq)
#include "tst_seq2seq.moc"
