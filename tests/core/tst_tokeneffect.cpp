// Measured token effects against rollout (core/train/tokeneffect.h) on models whose answers can be
// worked out by hand: with W_o = 0 attention adds nothing, so only the query's own token and
// position decide the prediction; with W_q = 0 every head averages its visible keys, so rollout
// has a closed form. (tst_trainer checks the measurement on a trained induction model.)
#include "core/train/tokeneffect.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using attn::Index;
using attn::Matrix;
using attn::Vector;
using namespace attn::train;

namespace {

ModelConfig smallModel(int layers)
{
    ModelConfig c;
    c.vocab_size = 6;
    c.n_ctx = 8;
    c.d_model = 4;
    c.num_layers = layers;
    c.num_heads = 2;
    c.head_dim = 2;
    return c;
}

/// Model<double> with seeded weights and every parameter whose name ends in `zeroed` set to 0.
Model<double> seededModel(int layers, const std::string &zeroed)
{
    Model<double> m(smallModel(layers));
    m.initialize(7);
    std::vector<NamedTensor> tensors = m.exportParameters();
    for (NamedTensor &t : tensors)
        if (!zeroed.empty() && t.name.ends_with(zeroed)) std::fill(t.data.begin(), t.data.end(), 0.0);
    m.importParameters(tensors);
    return m;
}

const NamedTensor &tensor(const std::vector<NamedTensor> &all, const std::string &name)
{
    for (const NamedTensor &t : all)
        if (t.name == name) return t;
    throw std::logic_error("no tensor " + name);
}

/// softmax((embed[x] + pos_embed[i]) · unembed), the prediction of a model whose attention adds 0.
Vector directPrediction(const std::vector<NamedTensor> &w, int x, Index i, const ModelConfig &c)
{
    const NamedTensor &e = tensor(w, "embed.weight"), &p = tensor(w, "pos_embed.weight"),
                      &u = tensor(w, "unembed.weight");
    Vector z = Vector::Zero(c.vocab_size);
    for (Index v = 0; v < c.vocab_size; ++v)
        for (Index k = 0; k < c.d_model; ++k)
            z(v) += (e.data[std::size_t(x * c.d_model + k)] + p.data[std::size_t(i * c.d_model + k)]) *
                    u.data[std::size_t(k * c.vocab_size + v)];
    const Vector ez = (z.array() - z.maxCoeff()).exp();
    return ez / ez.sum();
}

} // namespace

class TestTokenEffect : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void withoutAttentionOutputOnlyTheQueryTokenMatters()
    {
        // W_o = 0 in both layers: the residual stream at t is embed[x_t] + pos_embed[t] whatever
        // the other tokens are. Replacing x_j, j < t, changes nothing; replacing x_t moves p to
        // the prediction of the replacement; deleting x_j, j < t, moves x_t to position t − 1.
        Model<double> m = seededModel(2, "attn.W_o");
        const std::vector<NamedTensor> w = m.exportParameters();
        const std::vector<int> tokens{0, 3, 2, 5, 4, 1};
        const Index t = 4;
        const TokenEffects e = measureTokenEffects(m, tokens, t, 1, 1);
        const Vector p = directPrediction(w, 4, t, m.config());
        Index top = 0;
        p.maxCoeff(&top);
        QCOMPARE(e.predicted, int(top));
        QCOMPARE(e.probability, p(top));
        QCOMPARE(e.replace_effect.size(), Index(5));
        for (Index j = 0; j < t; ++j) {
            QVERIFY(e.replace_effect(j) == 0.0);
            QCOMPARE(e.replace_probability(j), p(top));
        }
        const Vector replaced = directPrediction(w, 1, t, m.config());
        QVERIFY(std::abs(e.replace_effect(t) - 0.5 * (p - replaced).cwiseAbs().sum()) < 1e-14);
        QVERIFY(std::abs(e.replace_probability(t) - replaced(top)) < 1e-14);
        const Vector shifted = directPrediction(w, 4, t - 1, m.config());
        const double moved = 0.5 * (p - shifted).cwiseAbs().sum();
        QVERIFY(moved > 0.01);
        for (Index j = 0; j < t; ++j) QVERIFY(std::abs(e.delete_effect(j) - moved) < 1e-14);
        QVERIFY(std::isnan(e.delete_effect(t)));
    }

    void uniformHeadsGiveRolloutsClosedForm()
    {
        // W_q = 0: every logit is 0, so each head weighs its i + 1 visible keys 1/(i + 1). One
        // layer: R(t, j) = ½/(t + 1) + ½·[j = t]. Two layers: R = Ã·Ã with Ã = ½A + ½I.
        const Index t = 3;
        const std::vector<int> tokens{2, 0, 4, 1, 3};
        Model<double> one = seededModel(1, "attn.W_q");
        const TokenEffects e1 = measureTokenEffects(one, tokens, t, -1, 1);
        QCOMPARE(e1.rollout.size(), t + 1);
        for (Index j = 0; j <= t; ++j)
            QVERIFY(std::abs(e1.rollout(j) - (0.5 / double(t + 1) + (j == t ? 0.5 : 0.0))) < 1e-15);

        Matrix a = Matrix::Zero(t + 1, t + 1);
        for (Index i = 0; i <= t; ++i)
            for (Index j = 0; j <= i; ++j) a(i, j) = 0.5 / double(i + 1) + (i == j ? 0.5 : 0.0);
        const Matrix r = a * a;
        Model<double> two = seededModel(2, "attn.W_q");
        const TokenEffects e2 = measureTokenEffects(two, tokens, t, -1, 1);
        for (Index j = 0; j <= t; ++j) QVERIFY(std::abs(e2.rollout(j) - r(t, j)) < 1e-15);
        QVERIFY(std::abs(e2.rollout.sum() - 1.0) < 1e-14);
        // No replacement asked for: those rows are not measured.
        QCOMPARE(e2.replacement, -1);
        for (Index j = 0; j <= t; ++j) QVERIFY(std::isnan(e2.replace_effect(j)));
        QCOMPARE(e2.replace_vs_rollout.concordant + e2.replace_vs_rollout.discordant, std::int64_t(0));
    }

    void effectsMatchASeparateRunOfTheChangedSequence()
    {
        // Every entry is the distance between two ordinary forward passes: recompute a few here.
        Model<double> m = seededModel(2, "");
        const std::vector<int> tokens{5, 1, 2, 0, 3, 4, 2};
        const Index t = 5;
        const TokenEffects e = measureTokenEffects(m, tokens, t, 0, 2);
        const auto predict = [&](const std::vector<int> &x) {
            Batch b = Batch::zeros(1, Index(x.size()));
            b.tokens = x;
            const Matrix logits = m.probe(b, 1).front().logits;
            const Eigen::RowVectorXd z = logits.row(Index(x.size()) - 1);
            const Vector ez = (z.array() - z.maxCoeff()).exp().transpose();
            return Vector(ez / ez.sum());
        };
        const Vector p = predict({5, 1, 2, 0, 3, 4});
        const Vector replaced = predict({5, 1, 0, 0, 3, 4});
        const Vector deleted = predict({5, 1, 2, 3, 4});
        QVERIFY(std::abs(e.replace_effect(3) - 0.0) < 1e-15); // x_3 is already the replacement 0
        QVERIFY(std::abs(e.replace_effect(2) - 0.5 * (p - replaced).cwiseAbs().sum()) < 1e-14);
        QVERIFY(std::abs(e.delete_effect(3) - 0.5 * (p - deleted).cwiseAbs().sum()) < 1e-14);
        QVERIFY(e.replace_effect(2) > 1e-4);
        // The comparisons name each disagreeing pair: the key ranked higher by rollout has the smaller
        // effect.
        for (const auto &[a, b] : e.delete_vs_rollout.discordant_pairs)
            QVERIFY((e.rollout(a) - e.rollout(b)) * (e.delete_effect(a) - e.delete_effect(b)) < 0);
        QCOMPARE(e.delete_vs_rollout.keys.size(), std::size_t(t));
        QCOMPARE(e.replace_vs_rollout.keys.size(), std::size_t(t + 1));
    }

    void neutralTokenIsUnusedOrPadding()
    {
        TaskInfo symbols = describeTask({TaskKind::Induction, 0, 0});
        QCOMPARE(neutralToken(symbols, {0, 1, 3, 0}), 2);
        QCOMPARE(neutralToken(symbols, {1, 2}), 0);
        std::vector<int> all;
        for (int s = 0; s < symbols.symbols; ++s) all.push_back(s);
        QCOMPARE(neutralToken(symbols, all), -1);
        TaskInfo copy = describeTask({TaskKind::Copy, 0, 0});
        all.resize(std::size_t(copy.symbols));
        all.push_back(copy.symbols); // SEP is not a symbol and never a replacement
        QCOMPARE(neutralToken(copy, all), -1);
        TaskInfo coreference = describeTask({TaskKind::Coreference, 0, 0});
        QCOMPARE(coreference.token_names[1], std::string("<pad>"));
        QCOMPARE(neutralToken(coreference, {0, 2, 20}), 1);
    }

    void badArgumentsAreRefused()
    {
        Model<double> m = seededModel(1, "");
        const std::vector<int> tokens{1, 2, 3};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, tokens, 3, 0, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, tokens, -1, 0, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, {1, 6, 2}, 1, 0, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, tokens, 1, 6, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, tokens, 1, -2, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, measureTokenEffects(m, tokens, 1, 0, 1, -0.1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 measureTokenEffects(m, std::vector<int>(9, 1), 2, 0, 1)); // n_ctx 8
        // One token: nothing to delete, the query's own replacement still measured.
        const TokenEffects e = measureTokenEffects(m, {2}, 0, 0, 1);
        QVERIFY(std::isnan(e.delete_effect(0)));
        QVERIFY(e.replace_effect(0) > 0);
        QVERIFY(std::abs(e.rollout(0) - 1.0) < 1e-15);
    }
};

QTEST_GUILESS_MAIN(TestTokenEffect)
#include "tst_tokeneffect.moc"
