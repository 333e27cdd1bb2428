// One head of a model as a scenario (core/train/headscenario.h): the scenario's attention gives
// the model's own weights for every layer × head (learned positions and RoPE, with LayerNorm),
// the heads' projected outputs add up to what the attention layer writes into the residual
// stream, and bad layers, heads and labels are refused.
#include "core/attention.h"
#include "core/train/headscenario.h"
#include "core/train/rng.h"
#include "strictwarnings.h"

#include <QtTest>

#include <stdexcept>

using attn::Index;
using attn::Matrix;
using namespace attn::train;

namespace {

ModelConfig smallModel(PositionalKind positional, bool layerNorm)
{
    ModelConfig c;
    c.vocab_size = 11;
    c.n_ctx = 9;
    c.d_model = 12;
    c.num_layers = 2;
    c.num_heads = 3;
    c.head_dim = 4;
    c.positional = positional;
    c.layer_norm = layerNorm;
    return c;
}

std::vector<int> someTokens()
{
    return {3, 1, 4, 1, 5, 9, 2, 6};
}

} // namespace

class TestHeadScenario : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void weightsEqualTheModels_data();
    void weightsEqualTheModels();
    void headsAddUpToTheLayersWrite();
    void badArgumentsAreRefused();
};

void TestHeadScenario::weightsEqualTheModels_data()
{
    QTest::addColumn<bool>("rope");
    QTest::addColumn<bool>("layerNorm");
    QTest::addRow("learned") << false << false;
    QTest::addRow("rope") << true << false;
    QTest::addRow("rope-layernorm") << true << true;
}

void TestHeadScenario::weightsEqualTheModels()
{
    QFETCH(bool, rope);
    QFETCH(bool, layerNorm);
    const ModelConfig config = smallModel(rope ? PositionalKind::Rope : PositionalKind::Learned, layerNorm);
    Model<double> model(config);
    model.initialize(5);
    Batch b = Batch::zeros(1, 8);
    b.tokens = someTokens();
    const ProbeTrace trace = model.probe(b, 1).front();
    const std::vector<std::string> labels{"c", "a", "d", "a", "e", "i", "b", "f"};
    for (int layer = 0; layer < config.num_layers; ++layer)
        for (int head = 0; head < config.num_heads; ++head) {
            const attn::Scenario s =
                headScenario(config, model.exportParameters(), trace, layer, head, labels, "head");
            QCOMPARE(s.query.rows(), Index(8));
            QCOMPARE(s.query.cols(), Index(4));
            QCOMPARE(s.W_o.rows(), Index(4));
            QCOMPARE(s.W_o.cols(), Index(12));
            QVERIFY(s.mask.causal);
            QCOMPARE(s.key_tokens, labels);
            const attn::AttentionTrace t = attn::attend(s);
            const Matrix &expected = trace.weights[static_cast<std::size_t>(layer * 3 + head)];
            const double diff = (t.heads[0].weights - expected).cwiseAbs().maxCoeff();
            QVERIFY2(diff <= 1e-12,
                     qPrintable(QStringLiteral("layer %1 head %2: %3").arg(layer).arg(head).arg(diff)));
            QVERIFY(expected(7, 0) > 0); // a real, non-trivial row
        }
}

void TestHeadScenario::headsAddUpToTheLayersWrite()
{
    // Attention-only without LayerNorm: layer 1's input is layer 0's plus Σ_h output_h · W_o,h.
    const ModelConfig config = smallModel(PositionalKind::Learned, false);
    Model<double> model(config);
    model.initialize(9);
    Batch b = Batch::zeros(1, 8);
    b.tokens = someTokens();
    const ProbeTrace trace = model.probe(b, 1).front();
    Matrix sum = Matrix::Zero(8, 12);
    for (int head = 0; head < 3; ++head) {
        const attn::Scenario s = headScenario(config, model.exportParameters(), trace, 0, head, {}, "");
        const attn::AttentionTrace t = attn::attend(s);
        sum += attn::projectOutput(s, t.output);
    }
    const Matrix written = trace.inputs[1] - trace.inputs[0];
    QVERIFY(written.cwiseAbs().maxCoeff() > 0.01);
    QVERIFY((sum - written).cwiseAbs().maxCoeff() <= 1e-12);
}

void TestHeadScenario::badArgumentsAreRefused()
{
    const ModelConfig config = smallModel(PositionalKind::Learned, false);
    Model<double> model(config);
    model.initialize(1);
    Batch b = Batch::zeros(1, 8);
    b.tokens = someTokens();
    const ProbeTrace trace = model.probe(b, 1).front();
    const auto weights = model.exportParameters();
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, headScenario(config, weights, trace, 2, 0, {}, ""));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, headScenario(config, weights, trace, 0, 3, {}, ""));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, headScenario(config, weights, trace, -1, 0, {}, ""));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             headScenario(config, weights, trace, 0, 0, {"a", "b"}, ""));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, headScenario(config, {}, trace, 0, 0, {}, ""));
}

QTEST_GUILESS_MAIN(TestHeadScenario)
#include "tst_headscenario.moc"
