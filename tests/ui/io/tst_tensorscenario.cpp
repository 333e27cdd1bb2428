// Tensor files as scenarios (ui/io/tensorscenario.h): heads first in the file, side by side in the
// scenario; a batch of one dropped; many layers; the projection form; weights only; tokens and
// options from the metadata; every refusal one line naming the file, the tensor and the numbers.
#include "core/attention.h"
#include "readablemessage.h"
#include "strictwarnings.h"
#include "ui/document/scenariojson.h"
#include "ui/io/tensorfile.h"
#include "ui/io/tensorscenario.h"

#include <QTemporaryDir>
#include <QTest>

#include <numeric>

using attn::Scenario;
using attn::io::NamedTensor;
using attn::io::TensorFile;

namespace {

/// A tensor of `shape` holding first, first + 1, … (C order).
NamedTensor counting(const QString &name, std::vector<qint64> shape, double first = 0)
{
    NamedTensor t{name, shape, {}, attn::io::DType::Float64};
    t.data.resize(std::size_t(attn::io::elementCount(shape)));
    std::iota(t.data.begin(), t.data.end(), first);
    return t;
}

NamedTensor values(const QString &name, std::vector<qint64> shape, std::vector<double> data)
{
    return NamedTensor{name, std::move(shape), std::move(data), attn::io::DType::Float64};
}

TensorFile fileOf(std::vector<NamedTensor> tensors, QMap<QString, QString> metadata = {})
{
    TensorFile file;
    file.format = QStringLiteral("safetensors");
    file.tensors = std::move(tensors);
    file.metadata = std::move(metadata);
    return file;
}

/// The one-line refusal of layer `layer` of `file`, or "accepted".
QString refusalOf(const TensorFile &file, int layer = 0)
{
    try {
        attn::io::scenarioFromTensorFile(file, QStringLiteral("model.safetensors"), layer);
    } catch (const attn::io::TensorFileError &error) {
        return error.message();
    }
    return QStringLiteral("accepted");
}

/// Q [2, 3, 2], K [1, 3, 2], V [1, 3, 1]: two query heads share one K/V head.
std::vector<NamedTensor> gqaLayer(const QString &prefix = {}, double first = 0)
{
    return {counting(prefix + "Q", {2, 3, 2}, first), counting(prefix + "K", {1, 3, 2}, first / 2),
            counting(prefix + "V", {1, 3, 1}, 1)};
}

} // namespace

class TestTensorScenario : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void headsGoSideBySide()
    {
        const Scenario s = attn::io::scenarioFromTensorFile(fileOf(gqaLayer()), "model.safetensors");
        QCOMPARE(s.num_query_heads, 2);
        QCOMPARE(s.num_kv_heads, 1);
        QCOMPARE(s.query.rows(), 3);
        QCOMPARE(s.query.cols(), 4); // H_q · d_k
        // Q[h][i][c] = 6h + 2i + c lands at query(i, 2h + c).
        QCOMPARE(s.query(1, 2), 8.0); // head 1, query 1, column 0
        QCOMPARE(s.query(2, 1), 5.0); // head 0, query 2, column 1
        QCOMPARE(s.query(0, 3), 7.0); // head 1, query 0, column 1
        QCOMPARE(s.key(2, 1), 5.0);
        QCOMPARE(s.value(2, 0), 3.0);
        QCOMPARE(QString::fromStdString(s.title), QStringLiteral("model.safetensors"));
        QCOMPARE(s.score, attn::ScoreKind::ScaledDot);
        QVERIFY(!s.mask.causal);
    }

    void batchOfOneIsDropped()
    {
        std::vector<NamedTensor> layer = gqaLayer();
        for (NamedTensor &t : layer) t.shape.insert(t.shape.begin(), 1);
        const Scenario s = attn::io::scenarioFromTensorFile(fileOf(layer), "model.safetensors");
        QCOMPARE(s.query(1, 2), 8.0);
    }

    /// The same numbers as a scenario file give the same weights, bit for bit (worked example of
    /// tests/data/cases/06: four query heads on two K/V heads, dot scores).
    void sameTraceAsTheScenarioFile()
    {
        const Scenario fromJson = attn::doc::scenarioFromJsonText(
            R"({"format": "attention-lab.scenario", "version": 1, "heads": {"query": 4, "kv": 2},
                "Q": [[1, 1, 1, 1]], "K": [[1, 0], [0, 1]], "V": [[1, 3], [2, 4]], "score": "dot"})");
        const TensorFile file =
            fileOf({values("Q", {4, 1, 1}, {1, 1, 1, 1}), values("K", {2, 2, 1}, {1, 0, 0, 1}),
                    values("V", {2, 2, 1}, {1, 2, 3, 4})},
                   {{"score", "dot"}});
        const Scenario fromTensors = attn::io::scenarioFromTensorFile(file, "gqa.safetensors");
        const attn::AttentionTrace a = attn::attend(fromJson), b = attn::attend(fromTensors);
        QCOMPARE(b.heads.size(), std::size_t(4));
        for (std::size_t h = 0; h < 4; ++h) QVERIFY(a.heads[h].weights == b.heads[h].weights);
        QVERIFY(a.output == b.output);
        // head 0 reads K/V head 0: keys [1, 0] → weights e/(e+1), 1/(e+1)
        QCOMPARE(b.heads[0].weights(0, 0), std::exp(1.0) / (std::exp(1.0) + 1));
    }

    void manyLayers()
    {
        std::vector<NamedTensor> tensors = gqaLayer("layers.0.");
        for (NamedTensor &t : gqaLayer("layers.1.", 100)) tensors.push_back(t);
        const TensorFile file = fileOf(tensors);
        QCOMPARE(attn::io::tensorLayout(file, "m").layerCount, 2);
        const std::vector<Scenario> layers = attn::io::scenariosFromTensorFile(file, "m.safetensors");
        QCOMPARE(layers.size(), std::size_t(2));
        QCOMPARE(layers[1].query(1, 2), 108.0);
        QCOMPARE(QString::fromStdString(layers[1].title), QStringLiteral("m.safetensors, layer 1"));
    }

    void projectionForm()
    {
        // X (2, 2), W_q = W_k = identity for two heads of width 1, W_v (2, 2).
        const TensorFile file =
            fileOf({values("X", {2, 2}, {1, 2, 3, 4}), values("W_q", {2, 2}, {1, 0, 0, 1}),
                    values("W_k", {2, 2}, {0, 1, 1, 0}), values("W_v", {2, 2}, {2, 0, 0, 3}),
                    values("b_q", {2}, {10, 20})},
                   {{"num_query_heads", "2"}, {"num_kv_heads", "2"}});
        const Scenario s = attn::io::scenarioFromTensorFile(file, "p.safetensors");
        QVERIFY(s.projection.has_value());
        QCOMPARE(s.num_query_heads, 2);
        QCOMPARE(s.query(1, 0), 13.0); // 3 + 10
        QCOMPARE(s.query(1, 1), 24.0); // 4 + 20
        QCOMPARE(s.key(0, 0), 2.0);    // X·W_k swaps the columns
        QCOMPARE(s.value(1, 1), 12.0);
    }

    /// Weights only: ln(w) as raw scores and V the identity give back w, and each output row is w.
    void weightsOnlyReadBack()
    {
        const std::vector<double> w = {0.5, 0.25, 0.25, 0, 0.1, 0.9};
        const TensorFile file = fileOf({values("attention", {1, 1, 2, 3}, w)});
        const Scenario s = attn::io::scenarioFromTensorFile(file, "w.safetensors");
        const attn::AttentionTrace trace = attn::attend(s);
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j) {
                QVERIFY(std::abs(trace.heads[0].weights(i, j) - w[std::size_t(i * 3 + j)]) < 1e-15);
                QVERIFY(std::abs(trace.output(i, j) - w[std::size_t(i * 3 + j)]) < 1e-15);
            }
        QVERIFY(!s.mask.visible[0](1, 0)); // a zero weight is a hidden key
    }

    void tokensAndOptions()
    {
        const TensorFile file = fileOf(gqaLayer(), {{"tokens", R"(["Xiaohong", "told", "Ming"])"},
                                                    {"causal", "true"},
                                                    {"score", "dot"},
                                                    {"scale", "0.5"}});
        const Scenario s = attn::io::scenarioFromTensorFile(file, "t.safetensors");
        QCOMPARE(s.query_tokens.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(s.key_tokens[0]), QStringLiteral("Xiaohong"));
        QVERIFY(s.mask.causal);
        QCOMPARE(s.score, attn::ScoreKind::Dot);
        QCOMPARE(s.scale.value_or(0), 0.5);
        TensorFile npz = fileOf(gqaLayer());
        npz.strings.insert("tokens", {"a", "b", "c"});
        QCOMPARE(attn::io::scenarioFromTensorFile(npz, "t.npz").query_tokens[2], std::string("c"));
    }

    void refusals_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QStringList>("fragments");
        QTest::addRow("no V") << 0 << QStringList{"model.safetensors:", "tensor \"V\" is missing"};
        QTest::addRow("wrong rank") << 1 << QStringList{"tensor \"Q\"", "[3, 2]", "2 dimensions, expected 3"};
        QTest::addRow("d_k differs") << 2 << QStringList{"tensor \"K\"", "[1, 3, 3]", "d_k 3", "d_k 2"};
        QTest::addRow("H_q not a multiple") << 3 << QStringList{"tensor \"Q\"", "H_q 3", "H_kv 2"};
        QTest::addRow("tokens count") << 4 << QStringList{"\"tokens\" has 2 tokens", "n_q is 3"};
        QTest::addRow("causal") << 5 << QStringList{"\"causal\" is \"maybe\""};
        QTest::addRow("layer out of range") << 6 << QStringList{"layer 1 was asked for", "1 layer"};
        QTest::addRow("additive") << 7 << QStringList{"\"score\" is \"additive\""};
        QTest::addRow("nothing to attend") << 8 << QStringList{"holds \"weights\"", "no attention layer"};
        QTest::addRow("layer gap") << 9 << QStringList{"\"layers.1.Q\" is missing"};
        QTest::addRow("negative weight") << 10 << QStringList{"tensor \"attention\"", "key 1 is -0.5"};
        QTest::addRow("V rows differ") << 11 << QStringList{"tensor \"V\"", "n_k 2", "[1, 3, 2]"};
        QTest::addRow("tokens not JSON") << 12 << QStringList{"\"tokens\" is not a JSON array"};
        QTest::addRow("scale") << 13 << QStringList{"\"scale\" is \"-1\""};
    }

    void refusals()
    {
        QFETCH(int, which);
        QFETCH(QStringList, fragments);
        std::vector<NamedTensor> t = gqaLayer();
        QMap<QString, QString> meta;
        int layer = 0;
        switch (which) {
        case 0: t.pop_back(); break;
        case 1: t[0] = counting("Q", {3, 2}); break;
        case 2: t[1] = counting("K", {1, 3, 3}); break;
        case 3:
            t[0] = counting("Q", {3, 3, 2}), t[1] = counting("K", {2, 3, 2}), t[2] = counting("V", {2, 3, 1});
            break;
        case 4: meta.insert("tokens", R"(["a", "b"])"); break;
        case 5: meta.insert("causal", "maybe"); break;
        case 6: layer = 1; break;
        case 7: meta.insert("score", "additive"); break;
        case 8: t = {counting("weights", {2, 2})}; break;
        case 9:
            t = gqaLayer("layers.0.");
            for (NamedTensor &x : gqaLayer("layers.2.")) t.push_back(x);
            layer = 1;
            break;
        case 10: t = {values("attention", {1, 2}, {0.5, -0.5})}; break;
        case 11: t[2] = counting("V", {1, 2, 1}); break;
        case 12: meta.insert("tokens", "a, b, c"); break;
        case 13: meta.insert("scale", "-1"); break;
        }
        if (which == 10) t[0].shape = {1, 1, 2};
        const QString message = refusalOf(fileOf(t, meta), layer);
        attn::test::verifyReadable(message);
        QVERIFY2(message.startsWith("model.safetensors:"), qPrintable(message));
        for (const QString &fragment : fragments)
            QVERIFY2(message.contains(fragment),
                     qPrintable(QStringLiteral("“%1” not in: %2").arg(fragment, message)));
    }

    /// A file on disk, through the reader: what `compute FILE` and File → Open tensors… do.
    void roundTripThroughAFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("layer.safetensors");
        QString error;
        QVERIFY2(attn::io::writeSafetensors(path, gqaLayer(), {{"tokens", R"(["a", "b", "c"])"}}, &error),
                 qPrintable(error));
        QVERIFY(attn::io::isTensorFilePath(path));
        const Scenario s =
            attn::io::scenarioFromTensorFile(attn::io::readTensorFile(path), "layer.safetensors");
        QCOMPARE(s.query(1, 2), 8.0);
        // A file named otherwise is still found by its first bytes; a scenario is not.
        QVERIFY(QFile::copy(path, dir.filePath("layer.bin")));
        QVERIFY(attn::io::isTensorFilePath(dir.filePath("layer.bin")));
        QFile json(dir.filePath("s.json"));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"({"format": "attention-lab.scenario", "version": 1})");
        json.close();
        QVERIFY(!attn::io::isTensorFilePath(json.fileName()));
    }
};

QTEST_GUILESS_MAIN(TestTensorScenario)
#include "tst_tensorscenario.moc"
