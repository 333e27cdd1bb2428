// The training engine's transformer: every backward pass against central differences in float64
// for every parameter tensor of every option, the attention forward against the engine's own
// multi-head attention, named-tensor export/import, and the chunked threads' determinism.
#include "core/multihead.h"
#include "core/train/model.h"
#include "core/train/rng.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using attn::Index;
using attn::Matrix;
using attn::train::Batch;
using attn::train::Model;
using attn::train::ModelConfig;
using attn::train::NamedTensor;
using attn::train::Rng;
using TrainPositional = attn::train::PositionalKind;

namespace {

/// A tiny model: vocabulary 7, 6 positions, d_model 8, head_dim 4.
ModelConfig tinyConfig(int layers, int heads, TrainPositional positional, bool mlp, bool layerNorm)
{
    ModelConfig c;
    c.vocab_size = 7;
    c.n_ctx = 6;
    c.d_model = 8;
    c.num_layers = layers;
    c.num_heads = heads;
    c.head_dim = 4;
    c.positional = positional;
    c.mlp = mlp;
    c.d_mlp = 12;
    c.layer_norm = layerNorm;
    return c;
}

/// Random tokens and targets; about two thirds of the positions scored.
Batch randomBatch(const ModelConfig &c, Index B, Index T, std::uint64_t seed)
{
    Batch b = Batch::zeros(B, T);
    Rng rng(seed);
    for (std::size_t i = 0; i < b.tokens.size(); ++i) {
        b.tokens[i] = static_cast<int>(rng.below(static_cast<std::uint64_t>(c.vocab_size)));
        b.targets[i] = static_cast<int>(rng.below(static_cast<std::uint64_t>(c.vocab_size)));
        b.loss_mask[i] = rng.below(3) != 0 ? 1 : 0;
    }
    b.loss_mask[0] = 1;
    return b;
}

/// Seeded initialisation, then every parameter moved by N(0, 0.3²), so LayerNorm weights are
/// not 1 and biases not 0 (their gradients would otherwise be checked only at one point).
Model<double> perturbedModel(const ModelConfig &c, std::uint64_t seed)
{
    Model<double> m(c);
    m.initialize(seed);
    Rng rng(seed, 99);
    for (double &p : m.parameters()) p += 0.3 * rng.normal();
    return m;
}

} // namespace

class TestTrainModel : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void parameterNamesAndShapes();
    void gradientsMatchCentralDifferences_data();
    void gradientsMatchCentralDifferences();
    void attentionEqualsEngineMultiHead_data();
    void attentionEqualsEngineMultiHead();
    void lossOfUniformLogitsIsLogVocab();
    void exportImportRoundTripsExactly();
    void importRefusesWrongTensors();
    void threadsGiveBitIdenticalGradients();
    void badBatchesAreRefused();
};

void TestTrainModel::parameterNamesAndShapes()
{
    const ModelConfig c = tinyConfig(2, 2, TrainPositional::Learned, true, true);
    const Model<double> m(c);
    QStringList names;
    for (const auto &s : m.specs()) names << QString::fromStdString(s.name);
    const QStringList expected{
        "embed.weight",        "pos_embed.weight",   "layers.0.ln1.weight", "layers.0.ln1.bias",
        "layers.0.attn.W_q",   "layers.0.attn.W_k",  "layers.0.attn.W_v",   "layers.0.attn.W_o",
        "layers.0.ln2.weight", "layers.0.ln2.bias",  "layers.0.mlp.W_in",   "layers.0.mlp.b_in",
        "layers.0.mlp.W_out",  "layers.0.mlp.b_out", "layers.1.ln1.weight", "layers.1.ln1.bias",
        "layers.1.attn.W_q",   "layers.1.attn.W_k",  "layers.1.attn.W_v",   "layers.1.attn.W_o",
        "layers.1.ln2.weight", "layers.1.ln2.bias",  "layers.1.mlp.W_in",   "layers.1.mlp.b_in",
        "layers.1.mlp.W_out",  "layers.1.mlp.b_out", "ln_final.weight",     "ln_final.bias",
        "unembed.weight"};
    QCOMPARE(names, expected);
    // Shapes follow the row-vector convention: W_q is d_model × H·head_dim, W_o the reverse.
    const auto shapeOf = [&](const char *name) {
        for (const auto &s : m.specs())
            if (s.name == name) return s.shape;
        return std::vector<Index>{};
    };
    QCOMPARE(shapeOf("embed.weight"), (std::vector<Index>{7, 8}));
    QCOMPARE(shapeOf("pos_embed.weight"), (std::vector<Index>{6, 8}));
    QCOMPARE(shapeOf("layers.1.attn.W_q"), (std::vector<Index>{8, 8}));
    QCOMPARE(shapeOf("layers.0.attn.W_o"), (std::vector<Index>{8, 8}));
    QCOMPARE(shapeOf("layers.0.mlp.W_in"), (std::vector<Index>{8, 12}));
    QCOMPARE(shapeOf("layers.0.mlp.b_in"), (std::vector<Index>{12}));
    QCOMPARE(shapeOf("unembed.weight"), (std::vector<Index>{8, 7}));
    // 7·8 + 6·8 + 2·(2·8 + 4·64 + 2·8 + 8·12 + 12 + 12·8 + 8) + 2·8 + 8·7
    QCOMPARE(m.parameterCount(), Index(56 + 48 + 2 * (16 + 256 + 16 + 96 + 12 + 96 + 8) + 16 + 56));

    // Attention-only with RoPE: no position table, no LayerNorm, no MLP.
    const Model<double> r(tinyConfig(1, 3, TrainPositional::Rope, false, false));
    names.clear();
    for (const auto &s : r.specs()) names << QString::fromStdString(s.name);
    QCOMPARE(names, (QStringList{"embed.weight", "layers.0.attn.W_q", "layers.0.attn.W_k",
                                 "layers.0.attn.W_v", "layers.0.attn.W_o", "unembed.weight"}));
}

void TestTrainModel::gradientsMatchCentralDifferences_data()
{
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::addColumn<bool>("rope");
    QTest::addColumn<bool>("mlp");
    QTest::addColumn<bool>("layerNorm");
    QTest::addRow("1 layer, 1 head, learned positions") << 1 << 1 << false << false << false;
    QTest::addRow("2 layers, 3 heads, learned positions") << 2 << 3 << false << false << false;
    QTest::addRow("2 layers, 2 heads, RoPE") << 2 << 2 << true << false << false;
    QTest::addRow("1 layer, 2 heads, MLP") << 1 << 2 << false << true << false;
    QTest::addRow("2 layers, 2 heads, LayerNorm") << 2 << 2 << false << false << true;
    QTest::addRow("2 layers, 2 heads, MLP + LayerNorm") << 2 << 2 << false << true << true;
    QTest::addRow("3 layers, 2 heads, RoPE + MLP + LayerNorm") << 3 << 2 << true << true << true;
    QTest::addRow("4 layers, 1 head, RoPE + MLP") << 4 << 1 << true << true << false;
}

void TestTrainModel::gradientsMatchCentralDifferences()
{
    QFETCH(int, layers);
    QFETCH(int, heads);
    QFETCH(bool, rope);
    QFETCH(bool, mlp);
    QFETCH(bool, layerNorm);
    const ModelConfig c =
        tinyConfig(layers, heads, rope ? TrainPositional::Rope : TrainPositional::Learned, mlp, layerNorm);
    Model<double> m = perturbedModel(c, 7);
    // T = 5 < n_ctx = 6: the last position row of pos_embed gets no gradient, and must not.
    const Batch batch = randomBatch(c, 3, 5, 11);
    m.forwardBackward(batch, 2);
    const std::vector<double> analytic = m.gradients();

    // Central differences, every entry of every tensor: (L(θ + ε) − L(θ − ε)) / 2ε.
    const double eps = 1e-5;
    std::vector<double> numeric(analytic.size());
    for (std::size_t i = 0; i < numeric.size(); ++i) {
        const double saved = m.parameters()[i];
        m.parameters()[i] = saved + eps;
        const double plus = m.evaluate(batch, 2).loss;
        m.parameters()[i] = saved - eps;
        const double minus = m.evaluate(batch, 2).loss;
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
    // Rows of pos_embed beyond the sequence are never read: exactly zero gradient.
    if (!rope) {
        const Index pos = m.offset(1);
        for (Index j = 5 * c.d_model; j < 6 * c.d_model; ++j)
            QCOMPARE(analytic[static_cast<std::size_t>(pos + j)], 0.0);
    }
}

void TestTrainModel::attentionEqualsEngineMultiHead_data()
{
    QTest::addColumn<bool>("rope");
    QTest::addRow("learned positions") << false;
    QTest::addRow("RoPE") << true;
}

void TestTrainModel::attentionEqualsEngineMultiHead()
{
    // The engine's multiHeadForward on the model's X and W_q, W_k, W_v, W_o (causal, the same
    // RoPE) gives the same weights per head: a trained head is an ordinary scenario.
    QFETCH(bool, rope);
    ModelConfig c = tinyConfig(1, 2, rope ? TrainPositional::Rope : TrainPositional::Learned, false, false);
    Model<double> m(c);
    m.initialize(3);
    Batch probe = Batch::zeros(1, 6);
    probe.tokens = {0, 3, 5, 3, 1, 6};
    const std::vector<attn::train::ProbeTrace> traces = m.probe(probe, 1);
    QCOMPARE(traces.size(), std::size_t(1));
    const attn::train::ProbeTrace &t = traces[0];
    QCOMPARE(t.weights.size(), std::size_t(2));

    attn::MultiHeadWeights w;
    w.num_query_heads = w.num_kv_heads = 2;
    for (const NamedTensor &n : m.exportParameters()) {
        Matrix mat = Eigen::Map<const Matrix>(n.data.data(), n.shape[0], n.shape.size() > 1 ? n.shape[1] : 1);
        if (n.name == "layers.0.attn.W_q") w.W_q = mat;
        if (n.name == "layers.0.attn.W_k") w.W_k = mat;
        if (n.name == "layers.0.attn.W_v") w.W_v = mat;
        if (n.name == "layers.0.attn.W_o") w.W_o = mat;
    }
    attn::Scenario options;
    options.mask.causal = true;
    if (rope) options.positional.kind = attn::PositionalKind::Rope;
    const attn::MultiHeadTrace engine = attn::multiHeadForward(w, t.inputs[0], options);
    for (int h = 0; h < 2; ++h) {
        const double err = (engine.attention.heads[static_cast<std::size_t>(h)].weights -
                            t.weights[static_cast<std::size_t>(h)])
                               .cwiseAbs()
                               .maxCoeff();
        QVERIFY2(err < 1e-14, qPrintable(QStringLiteral("head %1: max difference %2").arg(h).arg(err)));
    }
    // Causal: query 0 sees only itself; query 3 none of keys 4, 5.
    QCOMPARE(t.weights[0](0, 0), 1.0);
    QCOMPARE(t.weights[1](3, 4), 0.0);
    QCOMPARE(t.weights[1](3, 5), 0.0);
}

void TestTrainModel::lossOfUniformLogitsIsLogVocab()
{
    // With W_U = 0 every logit is 0: the loss is ln 7 whatever the rest, the accuracy that of
    // predicting token 0 (the first largest logit).
    const ModelConfig c = tinyConfig(2, 2, TrainPositional::Learned, false, false);
    Model<double> m(c);
    m.initialize(5);
    const std::size_t last = m.specs().size() - 1;
    std::fill(m.parameters().begin() + m.offset(last), m.parameters().end(), 0.0);
    Batch b = Batch::zeros(2, 3);
    b.targets = {0, 1, 2, 0, 0, 5};
    b.loss_mask = {1, 1, 1, 1, 0, 1};
    const attn::train::LossStats s = m.forwardBackward(b, 1);
    QCOMPARE(s.scored, Index(5));
    QVERIFY(std::abs(s.loss - std::log(7.0)) < 1e-15);
    QCOMPARE(s.accuracy, 2.0 / 5.0);
}

void TestTrainModel::exportImportRoundTripsExactly()
{
    const ModelConfig c = tinyConfig(2, 2, TrainPositional::Rope, true, true);
    Model<float> a(c);
    a.initialize(21);
    const std::vector<NamedTensor> exported = a.exportParameters();
    QCOMPARE(exported.size(), a.specs().size());
    QCOMPARE(exported[0].dtype, attn::train::DType::Float32);
    Model<float> b(c);
    b.importParameters(exported);
    QVERIFY(a.parameters() == b.parameters()); // bit for bit
    QVERIFY(b.exportParameters()[3].data == exported[3].data);
    // A float64 model takes the float32 values exactly, and hands them back exactly.
    Model<double> d(c);
    d.importParameters(exported);
    Model<float> back(c);
    back.importParameters(d.exportParameters());
    QVERIFY(back.parameters() == a.parameters());
    // The seed decides everything: the same seed, the same values; another seed, others.
    Model<float> again(c);
    again.initialize(21);
    QVERIFY(again.parameters() == a.parameters());
    again.initialize(22);
    QVERIFY(again.parameters() != a.parameters());
}

void TestTrainModel::importRefusesWrongTensors()
{
    const ModelConfig c = tinyConfig(1, 2, TrainPositional::Learned, false, false);
    Model<double> m(c);
    std::vector<NamedTensor> t = m.exportParameters();
    const auto message = [&](const std::vector<NamedTensor> &tensors) {
        try {
            m.importParameters(tensors);
        } catch (const std::invalid_argument &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    std::vector<NamedTensor> missing(t.begin() + 1, t.end());
    QCOMPARE(message(missing), QStringLiteral("tensor \"embed.weight\" is missing"));
    std::vector<NamedTensor> twice = t;
    twice.push_back(t[2]);
    QCOMPARE(message(twice), QStringLiteral("tensor \"layers.0.attn.W_q\" is given twice"));
    std::vector<NamedTensor> unknown = t;
    unknown[1].name = "layers.0.attn.W_x";
    QCOMPARE(message(unknown), QStringLiteral("unknown tensor \"layers.0.attn.W_x\" for this model"));
    std::vector<NamedTensor> shape = t;
    shape[2].shape = {4, 16};
    QCOMPARE(message(shape), QStringLiteral("tensor \"layers.0.attn.W_q\" has shape (4, 16), the model "
                                            "expects (8, 8)"));
    std::vector<NamedTensor> count = t;
    count[2].data.pop_back();
    QCOMPARE(message(count), QStringLiteral("tensor \"layers.0.attn.W_q\" has 63 values, its shape (8, 8) "
                                            "holds 64"));
}

void TestTrainModel::threadsGiveBitIdenticalGradients()
{
    // The batch is cut by chunk index, not by thread: 1, 2 and 5 threads compute the same bits.
    const ModelConfig c = tinyConfig(2, 2, TrainPositional::Learned, true, false);
    Model<float> m(c);
    m.initialize(9);
    const Batch b = randomBatch(c, 19, 6, 4);
    const double loss1 = m.forwardBackward(b, 1).loss;
    const std::vector<float> g1 = m.gradients();
    for (int threads : {2, 5}) {
        QCOMPARE(m.forwardBackward(b, threads).loss, loss1);
        QVERIFY(m.gradients() == g1);
    }
    QCOMPARE(Model<float>::chunkCount(19, 2), Index(8));
    QCOMPARE(Model<float>::chunkCount(3, 2), Index(3));
    QCOMPARE(Model<float>::chunkCount(64, 12), Index(12));
}

void TestTrainModel::badBatchesAreRefused()
{
    const ModelConfig c = tinyConfig(1, 1, TrainPositional::Learned, false, false);
    Model<double> m(c);
    const auto message = [&](const Batch &b) {
        try {
            m.forwardBackward(b, 1);
        } catch (const std::invalid_argument &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    QCOMPARE(message(Batch::zeros(1, 7)), QStringLiteral("sequences of 7 tokens are longer than n_ctx 6"));
    QCOMPARE(message(Batch::zeros(2, 3)),
             QStringLiteral("the batch has no scored position (its loss mask is all 0)"));
    Batch b = Batch::zeros(1, 2);
    b.tokens[1] = 7;
    QCOMPARE(message(b), QStringLiteral("token 7 is outside the vocabulary 0 … 6"));
    QCOMPARE(message(Batch()), QStringLiteral("the batch is empty"));
    ModelConfig bad = c;
    bad.num_layers = 5;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Model<double>{bad});
    bad = c;
    bad.positional = TrainPositional::Rope;
    bad.head_dim = 3;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, Model<double>{bad});
}

QTEST_GUILESS_MAIN(TestTrainModel)
#include "tst_trainmodel.moc"
