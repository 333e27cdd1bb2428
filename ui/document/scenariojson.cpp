#include "ui/document/scenariojson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <array>
#include <cmath>
#include <limits>

namespace attn::doc {

namespace {

[[noreturn]] void fail(const QString &field, const QString &message)
{
    throw ScenarioError(field.toStdString(), message.toStdString());
}

QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("a boolean");
    case QJsonValue::Double: return QStringLiteral("a number");
    case QJsonValue::String: return QStringLiteral("a string");
    case QJsonValue::Array: return QStringLiteral("an array");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("undefined");
}

QJsonArray arrayOf(const QJsonValue &v, const QString &field)
{
    if (!v.isArray()) fail(field, QStringLiteral("expected an array, got %1").arg(typeName(v)));
    return v.toArray();
}

QJsonObject objectOf(const QJsonValue &v, const QString &field)
{
    if (!v.isObject()) fail(field, QStringLiteral("expected an object, got %1").arg(typeName(v)));
    return v.toObject();
}

/// A number, or null for NaN (the result format writes NaN as null; reading it back is symmetric).
double numberOf(const QJsonValue &v, const QString &field)
{
    if (v.isNull()) return std::numeric_limits<double>::quiet_NaN();
    if (!v.isDouble()) fail(field, QStringLiteral("expected a number, got %1").arg(typeName(v)));
    return v.toDouble();
}

qint64 integerOf(const QJsonValue &v, const QString &field)
{
    if (!v.isDouble()) fail(field, QStringLiteral("expected an integer, got %1").arg(typeName(v)));
    const double d = v.toDouble();
    if (d != std::floor(d) || std::abs(d) > 9.0e15) {
        fail(field, QStringLiteral("expected an integer, got %1").arg(d));
    }
    return static_cast<qint64>(d);
}

QString stringOf(const QJsonValue &v, const QString &field)
{
    if (!v.isString()) fail(field, QStringLiteral("expected a string, got %1").arg(typeName(v)));
    return v.toString();
}

Matrix matrixOf(const QJsonValue &v, const QString &field)
{
    const QJsonArray rows = arrayOf(v, field);
    if (rows.isEmpty()) return Matrix();
    const qsizetype cols = arrayOf(rows.at(0), field + QStringLiteral("[0]")).size();
    Matrix m(rows.size(), cols);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray row = arrayOf(rows.at(i), QStringLiteral("%1[%2]").arg(field).arg(i));
        if (row.size() != cols) {
            fail(field, QStringLiteral("row %1 has %2 numbers but row 0 has %3 (ragged matrix)")
                            .arg(i)
                            .arg(row.size())
                            .arg(cols));
        }
        for (qsizetype j = 0; j < cols; ++j) {
            m(i, j) = numberOf(row.at(j), QStringLiteral("%1[%2][%3]").arg(field).arg(i).arg(j));
        }
    }
    return m;
}

bool isThreeDeep(const QJsonValue &v)
{
    return v.isArray() && !v.toArray().isEmpty() && v.toArray().at(0).isArray() &&
           !v.toArray().at(0).toArray().isEmpty() && v.toArray().at(0).toArray().at(0).isArray();
}

/// A matrix (shared) or [head][rows][cols] (one per head).
std::vector<Matrix> matricesOf(const QJsonValue &v, const QString &field)
{
    std::vector<Matrix> out;
    if (isThreeDeep(v)) {
        const QJsonArray heads = v.toArray();
        for (qsizetype h = 0; h < heads.size(); ++h) {
            out.push_back(matrixOf(heads.at(h), QStringLiteral("%1[%2]").arg(field).arg(h)));
        }
    } else {
        out.push_back(matrixOf(v, field));
    }
    return out;
}

BoolMatrix boolMatrixOf(const Matrix &m, const QString &field)
{
    BoolMatrix b(m.rows(), m.cols());
    for (Index i = 0; i < m.rows(); ++i) {
        for (Index j = 0; j < m.cols(); ++j) {
            if (m(i, j) != 0.0 && m(i, j) != 1.0) {
                fail(field, QStringLiteral("entry [%1][%2] is %3; use 1 (may attend) or 0")
                                .arg(i)
                                .arg(j)
                                .arg(m(i, j)));
            }
            b(i, j) = m(i, j) == 1.0;
        }
    }
    return b;
}

/// Accepts 0/1 numbers or booleans in the visible matrix.
QJsonValue boolsToNumbers(const QJsonValue &v)
{
    if (v.isBool()) return v.toBool() ? 1 : 0;
    if (!v.isArray()) return v;
    QJsonArray out;
    for (const QJsonValue &e : v.toArray()) out.append(boolsToNumbers(e));
    return out;
}

std::vector<std::string> labelsOf(const QJsonValue &v, const QString &field)
{
    std::vector<std::string> out;
    const QJsonArray a = arrayOf(v, field);
    for (qsizetype i = 0; i < a.size(); ++i) {
        out.push_back(stringOf(a.at(i), QStringLiteral("%1[%2]").arg(field).arg(i)).toStdString());
    }
    return out;
}

std::vector<std::int64_t> positionsOf(const QJsonValue &v, const QString &field)
{
    std::vector<std::int64_t> out;
    const QJsonArray a = arrayOf(v, field);
    for (qsizetype i = 0; i < a.size(); ++i) {
        out.push_back(integerOf(a.at(i), QStringLiteral("%1[%2]").arg(field).arg(i)));
    }
    return out;
}

template <typename Enum, std::size_t N>
Enum enumOf(const QJsonValue &v, const QString &field, const std::array<Enum, N> &values)
{
    const QString name = stringOf(v, field);
    QStringList allowed;
    for (Enum e : values) {
        if (name == QLatin1String(toString(e))) return e;
        allowed << QStringLiteral("\"%1\"").arg(QLatin1String(toString(e)));
    }
    fail(field, QStringLiteral("unknown value \"%1\"; expected one of %2").arg(name, allowed.join(", ")));
}

int headCountOf(const QJsonValue &v, const QString &field)
{
    const qint64 n = integerOf(v, field);
    if (n < 1 || n > 4096) fail(field, QStringLiteral("must be between 1 and 4096, got %1").arg(n));
    return static_cast<int>(n);
}

void readMask(const QJsonObject &m, Scenario &s)
{
    if (m.contains("causal")) {
        if (!m["causal"].isBool())
            fail("mask.causal", "expected true or false, got " + typeName(m["causal"]));
        s.mask.causal = m["causal"].toBool();
    }
    if (m.contains("window")) {
        const QJsonObject w = objectOf(m["window"], "mask.window");
        Window window;
        if (w.contains("left") && !w["left"].isNull()) window.left = integerOf(w["left"], "mask.window.left");
        if (w.contains("right") && !w["right"].isNull())
            window.right = integerOf(w["right"], "mask.window.right");
        s.mask.window = window;
    }
    if (m.contains("key_padding")) {
        const QJsonArray a = arrayOf(m["key_padding"], "mask.key_padding");
        for (qsizetype j = 0; j < a.size(); ++j) {
            if (!a.at(j).isBool()) {
                fail("mask.key_padding",
                     QStringLiteral("entry %1 is %2; use true (real token) or false (padding)")
                         .arg(j)
                         .arg(typeName(a.at(j))));
            }
            s.mask.key_padding.push_back(a.at(j).toBool());
        }
    }
    if (m.contains("visible")) {
        const QJsonValue v = boolsToNumbers(m["visible"]);
        for (const Matrix &mat : matricesOf(v, "mask.visible")) {
            s.mask.visible.push_back(boolMatrixOf(mat, "mask.visible"));
        }
    }
    if (m.contains("all_masked_rows")) {
        s.mask.all_masked_rows = enumOf(m["all_masked_rows"], "mask.all_masked_rows",
                                        std::array{MaskedRowPolicy::Zero, MaskedRowPolicy::NaN,
                                                   MaskedRowPolicy::Uniform, MaskedRowPolicy::Error});
    }
}

void readPositional(const QJsonObject &p, Scenario &s)
{
    if (p.contains("kind")) {
        s.positional.kind =
            enumOf(p["kind"], "positional.kind",
                   std::array{PositionalKind::None, PositionalKind::Rope, PositionalKind::Alibi});
    }
    if (p.contains("rope_base")) s.positional.rope_base = numberOf(p["rope_base"], "positional.rope_base");
    if (p.contains("rope_layout")) {
        s.positional.rope_layout = enumOf(p["rope_layout"], "positional.rope_layout",
                                          std::array{RopeLayout::HalfSplit, RopeLayout::Interleaved});
    }
    if (p.contains("alibi_slopes")) {
        const QJsonArray a = arrayOf(p["alibi_slopes"], "positional.alibi_slopes");
        for (qsizetype h = 0; h < a.size(); ++h) {
            s.positional.alibi_slopes.push_back(
                numberOf(a.at(h), QStringLiteral("positional.alibi_slopes[%1]").arg(h)));
        }
    }
}

QJsonValue numberOrNull(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null);
}

QJsonArray matrixToJson(const Matrix &m)
{
    QJsonArray rows;
    for (Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Index j = 0; j < m.cols(); ++j) row.append(numberOrNull(m(i, j)));
        rows.append(row);
    }
    return rows;
}

QJsonArray boolMatrixToJson(const BoolMatrix &m)
{
    QJsonArray rows;
    for (Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Index j = 0; j < m.cols(); ++j) row.append(m(i, j) ? 1 : 0);
        rows.append(row);
    }
    return rows;
}

QJsonArray labelsToJson(const std::vector<std::string> &labels)
{
    QJsonArray a;
    for (const std::string &l : labels) a.append(QString::fromStdString(l));
    return a;
}

QJsonArray positionsToJson(const std::vector<std::int64_t> &positions)
{
    QJsonArray a;
    for (std::int64_t p : positions) a.append(static_cast<qint64>(p));
    return a;
}

} // namespace

Scenario scenarioFromJson(const QJsonObject &o)
{
    if (o.value("format").toString() != QLatin1String("attention-lab.scenario")) {
        fail("format", QStringLiteral("expected \"attention-lab.scenario\", got %1")
                           .arg(o.contains("format")
                                    ? QJsonDocument(QJsonArray{o["format"]}).toJson(QJsonDocument::Compact)
                                    : QStringLiteral("nothing")));
    }
    if (!o.contains("version") || integerOf(o["version"], "version") != 1) {
        fail("version", QStringLiteral("this program reads version 1, got %1")
                            .arg(o.contains("version") ? QString::number(o["version"].toDouble())
                                                       : QStringLiteral("nothing")));
    }
    Scenario s;
    if (o.contains("title")) s.title = stringOf(o["title"], "title").toStdString();
    if (o.contains("query_tokens")) s.query_tokens = labelsOf(o["query_tokens"], "query_tokens");
    if (o.contains("key_tokens")) s.key_tokens = labelsOf(o["key_tokens"], "key_tokens");
    if (o.contains("Q")) s.query = matrixOf(o["Q"], "Q");
    if (o.contains("K")) s.key = matrixOf(o["K"], "K");
    if (o.contains("V")) s.value = matrixOf(o["V"], "V");
    if (o.contains("scores")) s.scores = matricesOf(o["scores"], "scores");
    if (o.contains("heads")) {
        const QJsonObject h = objectOf(o["heads"], "heads");
        if (h.contains("query")) s.num_query_heads = headCountOf(h["query"], "heads.query");
        if (h.contains("kv")) s.num_kv_heads = headCountOf(h["kv"], "heads.kv");
    }
    if (o.contains("score")) {
        s.score = enumOf(o["score"], "score",
                         std::array{ScoreKind::ScaledDot, ScoreKind::Dot, ScoreKind::Additive});
    }
    if (o.contains("additive")) {
        const QJsonObject a = objectOf(o["additive"], "additive");
        AdditiveParams p;
        p.W_q = matrixOf(a["W_q"], "additive.W_q");
        p.W_k = matrixOf(a["W_k"], "additive.W_k");
        const QJsonArray v = arrayOf(a["v"], "additive.v");
        p.v.resize(v.size());
        for (qsizetype i = 0; i < v.size(); ++i)
            p.v(i) = numberOf(v.at(i), QStringLiteral("additive.v[%1]").arg(i));
        s.additive = p;
    }
    if (o.contains("scale")) s.scale = numberOf(o["scale"], "scale");
    if (o.contains("temperature")) s.temperature = numberOf(o["temperature"], "temperature");
    if (o.contains("alignment")) {
        s.alignment =
            enumOf(o["alignment"], "alignment", std::array{Alignment::TopLeft, Alignment::BottomRight});
    }
    if (o.contains("positions")) {
        const QJsonObject p = objectOf(o["positions"], "positions");
        if (p.contains("query")) s.query_positions = positionsOf(p["query"], "positions.query");
        if (p.contains("key")) s.key_positions = positionsOf(p["key"], "positions.key");
    }
    if (o.contains("mask")) readMask(objectOf(o["mask"], "mask"), s);
    if (o.contains("positional")) readPositional(objectOf(o["positional"], "positional"), s);
    if (o.contains("kernel")) {
        s.kernel = enumOf(
            o["kernel"], "kernel",
            std::array{KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear});
    }
    if (o.contains("tile")) {
        const QJsonObject t = objectOf(o["tile"], "tile");
        if (t.contains("query")) s.tile.query = integerOf(t["query"], "tile.query");
        if (t.contains("key")) s.tile.key = integerOf(t["key"], "tile.key");
    }
    validate(s);
    return s;
}

Scenario scenarioFromJsonText(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        fail("file",
             QStringLiteral("not valid JSON at byte %1: %2").arg(error.offset).arg(error.errorString()));
    }
    if (!doc.isObject()) fail("file", "expected a JSON object at the top level");
    return scenarioFromJson(doc.object());
}

Scenario readScenarioFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        fail("file", QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    return scenarioFromJsonText(file.readAll());
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o;
    o["format"] = QStringLiteral("attention-lab.scenario");
    o["version"] = 1;
    if (!s.title.empty()) o["title"] = QString::fromStdString(s.title);
    if (!s.query_tokens.empty()) o["query_tokens"] = labelsToJson(s.query_tokens);
    if (!s.key_tokens.empty()) o["key_tokens"] = labelsToJson(s.key_tokens);
    if (s.query.size() > 0) o["Q"] = matrixToJson(s.query);
    if (s.key.size() > 0) o["K"] = matrixToJson(s.key);
    o["V"] = matrixToJson(s.value);
    if (s.scores.size() == 1) {
        o["scores"] = matrixToJson(s.scores.front());
    } else if (!s.scores.empty()) {
        QJsonArray heads;
        for (const Matrix &m : s.scores) heads.append(matrixToJson(m));
        o["scores"] = heads;
    }
    if (s.num_query_heads != 1 || s.num_kv_heads != 1) {
        o["heads"] = QJsonObject{{"query", s.num_query_heads}, {"kv", s.num_kv_heads}};
    }
    if (s.score != ScoreKind::ScaledDot) o["score"] = QLatin1String(toString(s.score));
    if (s.additive) {
        QJsonArray v;
        for (Index i = 0; i < s.additive->v.size(); ++i) v.append(s.additive->v(i));
        o["additive"] = QJsonObject{
            {"W_q", matrixToJson(s.additive->W_q)}, {"W_k", matrixToJson(s.additive->W_k)}, {"v", v}};
    }
    if (s.scale) o["scale"] = *s.scale;
    if (s.temperature != 1.0) o["temperature"] = s.temperature;
    if (s.alignment != Alignment::Unspecified) o["alignment"] = QLatin1String(toString(s.alignment));
    if (!s.query_positions.empty() || !s.key_positions.empty()) {
        QJsonObject p;
        if (!s.query_positions.empty()) p["query"] = positionsToJson(s.query_positions);
        if (!s.key_positions.empty()) p["key"] = positionsToJson(s.key_positions);
        o["positions"] = p;
    }
    QJsonObject mask;
    if (s.mask.causal) mask["causal"] = true;
    if (s.mask.window) {
        const auto bound = [](const std::optional<std::int64_t> &b) {
            return b ? QJsonValue(static_cast<qint64>(*b)) : QJsonValue(QJsonValue::Null);
        };
        mask["window"] =
            QJsonObject{{"left", bound(s.mask.window->left)}, {"right", bound(s.mask.window->right)}};
    }
    if (!s.mask.key_padding.empty()) {
        QJsonArray a;
        for (bool b : s.mask.key_padding) a.append(b);
        mask["key_padding"] = a;
    }
    if (s.mask.visible.size() == 1) {
        mask["visible"] = boolMatrixToJson(s.mask.visible.front());
    } else if (!s.mask.visible.empty()) {
        QJsonArray heads;
        for (const BoolMatrix &m : s.mask.visible) heads.append(boolMatrixToJson(m));
        mask["visible"] = heads;
    }
    if (s.mask.all_masked_rows != MaskedRowPolicy::Zero) {
        mask["all_masked_rows"] = QLatin1String(toString(s.mask.all_masked_rows));
    }
    if (!mask.isEmpty()) o["mask"] = mask;
    if (s.positional.kind != PositionalKind::None) {
        QJsonObject p{{"kind", QLatin1String(toString(s.positional.kind))}};
        if (s.positional.kind == PositionalKind::Rope) {
            p["rope_base"] = s.positional.rope_base;
            p["rope_layout"] = QLatin1String(toString(s.positional.rope_layout));
        }
        if (!s.positional.alibi_slopes.empty()) {
            QJsonArray a;
            for (double slope : s.positional.alibi_slopes) a.append(slope);
            p["alibi_slopes"] = a;
        }
        o["positional"] = p;
    }
    if (s.kernel != KernelKind::Naive) o["kernel"] = QLatin1String(toString(s.kernel));
    if (s.kernel == KernelKind::Tiled) {
        o["tile"] = QJsonObject{{"query", static_cast<qint64>(s.tile.query)},
                                {"key", static_cast<qint64>(s.tile.key)}};
    }
    return o;
}

QJsonObject traceToJson(const AttentionTrace &trace)
{
    const Shapes &sh = trace.shapes;
    const qint64 hq = sh.num_query_heads;
    const qint64 hkv = sh.num_kv_heads;
    QJsonObject shapes{
        {"n_q", static_cast<qint64>(sh.n_q)},
        {"n_k", static_cast<qint64>(sh.n_k)},
        {"d_k", static_cast<qint64>(sh.d_k)},
        {"d_v", static_cast<qint64>(sh.d_v)},
        {"num_query_heads", hq},
        {"num_kv_heads", hkv},
        {"Q", QJsonArray{static_cast<qint64>(sh.n_q), hq * sh.d_k}},
        {"K", QJsonArray{static_cast<qint64>(sh.n_k), hkv * sh.d_k}},
        {"V", QJsonArray{static_cast<qint64>(sh.n_k), hkv * sh.d_v}},
        {"weights", QJsonArray{hq, static_cast<qint64>(sh.n_q), static_cast<qint64>(sh.n_k)}},
        {"output", QJsonArray{static_cast<qint64>(sh.n_q), hq * sh.d_v}},
    };
    QJsonArray scores;
    QJsonArray weights;
    for (const HeadTrace &h : trace.heads) {
        scores.append(matrixToJson(h.logits));
        weights.append(matrixToJson(h.weights));
    }
    QJsonArray masked;
    for (const auto &[head, row] : trace.fully_masked_rows) {
        masked.append(QJsonArray{head, static_cast<qint64>(row)});
    }
    return QJsonObject{
        {"shapes", shapes},
        {"scale", trace.scale},
        {"scores", scores},
        {"weights", weights},
        {"output", matrixToJson(trace.output)},
        {"fully_masked_rows", masked},
        {"kernel", QLatin1String(toString(trace.kernel))},
    };
}

} // namespace attn::doc
