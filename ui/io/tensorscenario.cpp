#include "ui/io/tensorscenario.h"
#include "ui/document/filekind.h"
#include "ui/io/readbudget.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace attn::io {

namespace {

QString layerName(int layer, const QString &name)
{
    return QStringLiteral("layers.%1.%2").arg(layer).arg(name);
}

/// The tensor `name` with exactly `rank` dimensions (a leading batch dimension of 1 dropped), or
/// nullopt when the file has no such tensor. Throws for another rank.
std::optional<NamedTensor> tensorOfRank(const TensorFile &file, const QString &fileName, const QString &name,
                                        int rank, const char *meaning)
{
    const NamedTensor *found = file.find(name);
    if (!found) return std::nullopt;
    NamedTensor tensor = *found;
    dropLeadingOne(tensor, rank);
    if (tensor.shape.size() != std::size_t(rank))
        throw TensorFileError(where(fileName, name) +
                              QStringLiteral("shape %1 has %2 dimensions, expected %3 (%4)")
                                  .arg(shapeText(tensor.shape))
                                  .arg(tensor.shape.size())
                                  .arg(rank)
                                  .arg(QLatin1String(meaning)));
    for (qint64 d : tensor.shape)
        if (d == 0)
            throw TensorFileError(where(fileName, name) +
                                  QStringLiteral("shape %1 is empty").arg(shapeText(tensor.shape)));
    return tensor;
}

NamedTensor required(const TensorFile &file, const QString &fileName, const QString &name, int rank,
                     const char *meaning)
{
    if (auto tensor = tensorOfRank(file, fileName, name, rank, meaning)) return *tensor;
    throw TensorFileError(where(fileName, QString()) + QStringLiteral("tensor \"%1\" is missing").arg(name));
}

/// [H, n, d] → (n, H·d): head h owns the column block h·d … (h+1)·d − 1, as the scenario's Q.
Matrix headsSideBySide(const NamedTensor &t)
{
    const Index heads = t.shape[0], rows = t.shape[1], width = t.shape[2];
    Matrix m(rows, heads * width);
    for (Index h = 0; h < heads; ++h)
        for (Index i = 0; i < rows; ++i)
            for (Index c = 0; c < width; ++c)
                m(i, h * width + c) = t.data[std::size_t((h * rows + i) * width + c)];
    return m;
}

Matrix matrixOf(const NamedTensor &t)
{
    Matrix m(t.shape[0], t.shape[1]);
    for (Index i = 0; i < m.size(); ++i) m.data()[i] = t.data[std::size_t(i)];
    return m;
}

/// A bias: [d] or [1, d] as a (1, d) row.
std::optional<Matrix> biasOf(const TensorFile &file, const QString &fileName, const QString &name)
{
    const NamedTensor *found = file.find(name);
    if (!found) return std::nullopt;
    NamedTensor t = *found;
    if (t.shape.size() == 1) t.shape.insert(t.shape.begin(), 1);
    if (t.shape.size() != 2 || t.shape[0] != 1)
        throw TensorFileError(
            where(fileName, name) +
            QStringLiteral("shape %1 is not a bias row [d] or [1, d]").arg(shapeText(t.shape)));
    return matrixOf(t);
}

QString metadataText(const TensorFile &file, const char *key)
{
    return file.metadata.value(QLatin1String(key));
}

/// The token list `key`: an .npz string array, or a JSON array of strings in the metadata.
std::optional<std::vector<std::string>> tokenList(const TensorFile &file, const QString &fileName,
                                                  const char *key)
{
    const QString name = QLatin1String(key);
    std::vector<std::string> tokens;
    if (file.strings.contains(name)) {
        for (const QString &token : file.strings.value(name)) tokens.push_back(token.toStdString());
        return tokens;
    }
    if (!file.metadata.contains(name)) return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument json = QJsonDocument::fromJson(file.metadata.value(name).toUtf8(), &error);
    if (!json.isArray())
        throw TensorFileError(where(fileName, QString()) +
                              QStringLiteral("metadata \"%1\" is not a JSON array of strings (%2)")
                                  .arg(name, error.error == QJsonParseError::NoError
                                                 ? QStringLiteral("not an array")
                                                 : error.errorString()));
    int index = 0;
    for (const QJsonValue &value : json.array()) {
        if (!value.isString())
            throw TensorFileError(
                where(fileName, QString()) +
                QStringLiteral("metadata \"%1\": entry %2 is not a string").arg(name).arg(index));
        tokens.push_back(value.toString().toStdString());
        ++index;
    }
    return tokens;
}

int headCountOption(const TensorFile &file, const QString &fileName, const char *key)
{
    const QString text = metadataText(file, key);
    if (text.isEmpty()) return 1;
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < 1)
        throw TensorFileError(where(fileName, QString()) +
                              QStringLiteral("metadata \"%1\" is \"%2\", expected a whole number from 1")
                                  .arg(QLatin1String(key), printable(text)));
    return value;
}

/// Tokens, causal, score and scale from the metadata, into `s` (shapes known).
void applyOptions(const TensorFile &file, const QString &fileName, Scenario &s, Index nQ, Index nK)
{
    const auto shared = tokenList(file, fileName, "tokens");
    auto queries = tokenList(file, fileName, "query_tokens");
    auto keys = tokenList(file, fileName, "key_tokens");
    if (shared && !queries && qsizetype(shared->size()) == nQ) queries = shared;
    if (shared && !keys && qsizetype(shared->size()) == nK) keys = shared;
    if (shared && !queries && !keys)
        throw TensorFileError(where(fileName, QString()) +
                              QStringLiteral("metadata \"tokens\" has %1 tokens, but n_q is %2 and n_k is %3")
                                  .arg(shared->size())
                                  .arg(nQ)
                                  .arg(nK));
    const auto check = [&](const std::optional<std::vector<std::string>> &list, const char *key, Index n,
                           const char *what) {
        if (list && qsizetype(list->size()) != n)
            throw TensorFileError(where(fileName, QString()) +
                                  QStringLiteral("\"%1\" has %2 tokens, but %3 is %4")
                                      .arg(QLatin1String(key))
                                      .arg(list->size())
                                      .arg(QLatin1String(what))
                                      .arg(n));
    };
    check(queries,
          file.metadata.contains("query_tokens") || file.strings.contains("query_tokens") ? "query_tokens"
                                                                                          : "tokens",
          nQ, "n_q");
    check(keys,
          file.metadata.contains("key_tokens") || file.strings.contains("key_tokens") ? "key_tokens"
                                                                                      : "tokens",
          nK, "n_k");
    if (queries) s.query_tokens = *queries;
    if (keys) s.key_tokens = *keys;

    const QString causal = metadataText(file, "causal").trimmed().toLower();
    if (causal == QLatin1String("true") || causal == QLatin1String("1"))
        s.mask.causal = true;
    else if (!causal.isEmpty() && causal != QLatin1String("false") && causal != QLatin1String("0"))
        throw TensorFileError(where(fileName, QString()) +
                              QStringLiteral("metadata \"causal\" is \"%1\", expected \"true\" or \"false\"")
                                  .arg(printable(metadataText(file, "causal"))));
    if (s.mask.causal && nQ != nK) s.alignment = Alignment::BottomRight; // a decoder's last query, last key

    const QString score = metadataText(file, "score").trimmed();
    if (score == QLatin1String("dot"))
        s.score = ScoreKind::Dot;
    else if (!score.isEmpty() && score != QLatin1String("scaled_dot"))
        throw TensorFileError(
            where(fileName, QString()) +
            QStringLiteral("metadata \"score\" is \"%1\", expected \"scaled_dot\" or \"dot\"")
                .arg(printable(score)));
    const QString scale = metadataText(file, "scale").trimmed();
    if (!scale.isEmpty()) {
        bool ok = false;
        const double value = scale.toDouble(&ok);
        if (!ok || !std::isfinite(value) || value <= 0)
            throw TensorFileError(where(fileName, QString()) +
                                  QStringLiteral("metadata \"scale\" is \"%1\", expected a positive number")
                                      .arg(printable(scale)));
        s.scale = value;
    }
}

/// Checks that Q [H_q, n_q, d_k], K [H_kv, n_k, d_k] and V [H_kv, n_k, d_v] agree.
void checkQkv(const QString &fileName, const NamedTensor &q, const NamedTensor &k, const NamedTensor &v)
{
    const auto fail = [&](const NamedTensor &t, const QString &why) {
        throw TensorFileError(where(fileName, t.name) + QStringLiteral("shape %1 ").arg(shapeText(t.shape)) +
                              why);
    };
    if (k.shape[2] != q.shape[2])
        fail(k, QStringLiteral("has d_k %1, but %2 %3 has d_k %4")
                    .arg(k.shape[2])
                    .arg(q.name, shapeText(q.shape))
                    .arg(q.shape[2]));
    if (v.shape[0] != k.shape[0] || v.shape[1] != k.shape[1])
        fail(v, QStringLiteral("has H_kv %1 and n_k %2, but %3 %4 has %5 and %6")
                    .arg(v.shape[0])
                    .arg(v.shape[1])
                    .arg(k.name, shapeText(k.shape))
                    .arg(k.shape[0])
                    .arg(k.shape[1]));
    if (q.shape[0] % k.shape[0] != 0)
        fail(q, QStringLiteral("has H_q %1 query heads, not a multiple of H_kv %2 of %3")
                    .arg(q.shape[0])
                    .arg(k.shape[0])
                    .arg(k.name));
    if (q.shape[0] > 4096) fail(q, QStringLiteral("has %1 heads, more than 4096").arg(q.shape[0]));
}

Scenario qkvLayer(const TensorFile &file, const QString &fileName, const QString &prefix)
{
    const NamedTensor q = required(file, fileName, prefix + QLatin1Char('Q'), 3, "[H_q, n_q, d_k]");
    const NamedTensor k = required(file, fileName, prefix + QLatin1Char('K'), 3, "[H_kv, n_k, d_k]");
    const NamedTensor v = required(file, fileName, prefix + QLatin1Char('V'), 3, "[H_kv, n_k, d_v]");
    checkQkv(fileName, q, k, v);
    Scenario s;
    s.query = headsSideBySide(q);
    s.key = headsSideBySide(k);
    s.value = headsSideBySide(v);
    s.num_query_heads = int(q.shape[0]);
    s.num_kv_heads = int(k.shape[0]);
    applyOptions(file, fileName, s, q.shape[1], k.shape[1]);
    return s;
}

Scenario projectionLayer(const TensorFile &file, const QString &fileName)
{
    Projection p;
    p.X = matrixOf(required(file, fileName, QStringLiteral("X"), 2, "[n_q, d_model]"));
    if (auto x = tensorOfRank(file, fileName, QStringLiteral("X_kv"), 2, "[n_k, d_model_kv]"))
        p.X_kv = matrixOf(*x);
    p.W_q = matrixOf(required(file, fileName, QStringLiteral("W_q"), 2, "[d_model, H_q·d_k]"));
    p.W_k = matrixOf(required(file, fileName, QStringLiteral("W_k"), 2, "[d_model, H_kv·d_k]"));
    p.W_v = matrixOf(required(file, fileName, QStringLiteral("W_v"), 2, "[d_model, H_kv·d_v]"));
    if (auto b = biasOf(file, fileName, QStringLiteral("b_q"))) p.b_q = *b;
    if (auto b = biasOf(file, fileName, QStringLiteral("b_k"))) p.b_k = *b;
    if (auto b = biasOf(file, fileName, QStringLiteral("b_v"))) p.b_v = *b;
    Scenario s;
    if (auto w = tensorOfRank(file, fileName, QStringLiteral("W_o"), 2, "[H_q·d_v, d_out]"))
        s.W_o = matrixOf(*w);
    if (auto b = biasOf(file, fileName, QStringLiteral("b_o"))) s.b_o = *b;
    s.num_query_heads = headCountOption(file, fileName, "num_query_heads");
    s.num_kv_heads = headCountOption(file, fileName, "num_kv_heads");
    s.projection = p;
    try {
        project(s);
    } catch (const ScenarioError &e) {
        throw TensorFileError(where(fileName, QString()) + QString::fromStdString(e.what()));
    }
    applyOptions(file, fileName, s, s.query.rows(), s.key.rows());
    return s;
}

Scenario weightsLayer(const TensorFile &file, const QString &fileName, int layer)
{
    NamedTensor a = *file.find(QStringLiteral("attention"));
    if (a.shape.size() == 3) a.shape.insert(a.shape.begin(), 1);
    const Index heads = a.shape[1], nQ = a.shape[2], nK = a.shape[3];
    const std::size_t block = std::size_t(nQ * nK);
    Scenario s;
    s.num_query_heads = s.num_kv_heads = int(heads);
    s.value = Matrix::Zero(nK, heads * nK);
    for (Index h = 0; h < heads; ++h) s.value.block(0, h * nK, nK, nK).setIdentity();
    for (Index h = 0; h < heads; ++h) {
        Matrix logits(nQ, nK);
        BoolMatrix visible(nQ, nK);
        const double *w = a.data.data() + (std::size_t(layer) * std::size_t(heads) + std::size_t(h)) * block;
        for (Index i = 0; i < nQ; ++i)
            for (Index j = 0; j < nK; ++j) {
                const double weight = w[i * nK + j];
                if (!(weight >= 0) || !std::isfinite(weight))
                    throw TensorFileError(
                        where(fileName, a.name) +
                        QStringLiteral(
                            "layer %1, head %2, query %3, key %4 is %5; weights are ≥ 0 and finite")
                            .arg(layer)
                            .arg(h)
                            .arg(i)
                            .arg(j)
                            .arg(weight));
                visible(i, j) = weight > 0;
                logits(i, j) = weight > 0 ? std::log(weight) : 0.0;
            }
        s.scores.push_back(logits);
        s.mask.visible.push_back(visible);
    }
    s.score = ScoreKind::Dot;
    applyOptions(file, fileName, s, nQ, nK);
    s.mask.causal = false; // the weights already hold any mask and scale
    s.scale.reset();
    s.alignment = Alignment::Unspecified;
    return s;
}

int countLayers(const TensorFile &file)
{
    static const QRegularExpression pattern(QStringLiteral("^layers\\.(\\d+)\\.[QKV]$"));
    int highest = -1;
    for (const NamedTensor &t : file.tensors)
        if (const auto m = pattern.match(t.name); m.hasMatch())
            highest = std::max(highest, m.captured(1).toInt());
    return highest + 1;
}

QString tensorNames(const TensorFile &file)
{
    QStringList names;
    for (const NamedTensor &t : file.tensors)
        names << QLatin1Char('"') + printable(t.name) + QLatin1Char('"');
    if (names.size() > 8) names = names.mid(0, 8) << QStringLiteral("…");
    return names.isEmpty() ? QStringLiteral("no tensor") : names.join(QStringLiteral(", "));
}

} // namespace

TensorLayout tensorLayout(const TensorFile &file, const QString &fileName)
{
    TensorLayout layout;
    if (const int layers = countLayers(file); layers > 0) {
        layout.form = TensorLayout::Form::Layers;
        layout.layerCount = layers;
    } else if (file.find(QStringLiteral("Q")) || file.find(QStringLiteral("K")) ||
               file.find(QStringLiteral("V"))) {
        layout.form = TensorLayout::Form::SingleLayer;
    } else if (file.find(QStringLiteral("X"))) {
        layout.form = TensorLayout::Form::Projection;
    } else if (const NamedTensor *a = file.find(QStringLiteral("attention"))) {
        if (a->shape.size() != 3 && a->shape.size() != 4)
            throw TensorFileError(
                where(fileName, a->name) +
                QStringLiteral("shape %1 is not [L, H, n_q, n_k] or [H, n_q, n_k]").arg(shapeText(a->shape)));
        for (qint64 d : a->shape)
            if (d == 0)
                throw TensorFileError(where(fileName, a->name) +
                                      QStringLiteral("shape %1 is empty").arg(shapeText(a->shape)));
        layout.form = TensorLayout::Form::WeightsOnly;
        layout.layerCount = a->shape.size() == 4 ? int(a->shape[0]) : 1;
    } else {
        throw TensorFileError(
            where(fileName, QString()) +
            QStringLiteral("holds %1, but no attention layer: expected Q, K and V; X and W_q, "
                           "W_k, W_v; layers.0.Q, …; or attention (docs/tensor-files.md)")
                .arg(tensorNames(file)));
    }
    return layout;
}

Scenario scenarioFromTensorFile(const TensorFile &file, const QString &fileName, int layer)
{
    const TensorLayout layout = tensorLayout(file, fileName);
    if (layer < 0 || layer >= layout.layerCount)
        throw TensorFileError(where(fileName, QString()) +
                              QStringLiteral("layer %1 was asked for, but the file has %2 (0 … %3)")
                                  .arg(layer)
                                  .arg(layout.layerCount == 1
                                           ? QStringLiteral("1 layer")
                                           : QStringLiteral("%1 layers").arg(layout.layerCount))
                                  .arg(layout.layerCount - 1));
    Scenario s;
    switch (layout.form) {
    case TensorLayout::Form::SingleLayer: s = qkvLayer(file, fileName, QString()); break;
    case TensorLayout::Form::Projection: s = projectionLayer(file, fileName); break;
    case TensorLayout::Form::Layers: s = qkvLayer(file, fileName, layerName(layer, QString())); break;
    case TensorLayout::Form::WeightsOnly: s = weightsLayer(file, fileName, layer); break;
    }
    const QString base = QFileInfo(fileName).fileName();
    s.title =
        (layout.layerCount > 1 ? QStringLiteral("%1, layer %2").arg(base).arg(layer) : base).toStdString();
    try {
        validate(s);
    } catch (const ScenarioError &e) {
        throw TensorFileError(where(fileName, QString()) + QStringLiteral("layer %1: ").arg(layer) +
                              QString::fromStdString(e.what()));
    }
    return s;
}

std::vector<Scenario> scenariosFromTensorFile(const TensorFile &file, const QString &fileName)
{
    std::vector<Scenario> layers;
    const int count = tensorLayout(file, fileName).layerCount;
    for (int i = 0; i < count; ++i) layers.push_back(scenarioFromTensorFile(file, fileName, i));
    return layers;
}

bool isTensorFilePath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("npy") || suffix == QLatin1String("npz") ||
        suffix == QLatin1String("safetensors"))
        return true;
    if (!QFileInfo(path).isFile() || !doc::unreadableFileKind(path).isEmpty()) return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = file.read(9);
    return head.startsWith("\x93NUMPY") || head.startsWith("PK\x03\x04") || head.startsWith("PK\x05\x06") ||
           // a header length below 4 GiB has four zero bytes, which JSON text never has
           (head.size() == 9 && head[8] == '{' && head.mid(4, 4) == QByteArray(4, '\0'));
}

} // namespace attn::io
