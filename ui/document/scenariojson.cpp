#include "ui/document/scenariojson.h"
#include "ui/document/boundedread.h"
#include "ui/document/jsonnumbers.h"

#include "ui/document/jsonproblem.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <array>
#include <cmath>
#include <limits>

namespace attn::doc {

namespace {

/// Largest scenario file read (a lesson-sized scenario is a few kilobytes).
constexpr qint64 kMaxScenarioFileBytes = qint64{16} << 20;

[[noreturn]] void fail(const QString &field, const QString &message)
{
    throw ScenarioError(field.toStdString(), message.toStdString());
}

QString typeName(const QJsonValue &v)
{
    return jsonTypeName(v);
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

/// A plain number (null is refused here; only matrix entries may be null).
double numberOf(const QJsonValue &v, const QString &field)
{
    if (isNegativeZeroMark(v)) return -0.0;
    if (!v.isDouble()) fail(field, QStringLiteral("expected a number, got %1").arg(typeName(v)));
    return v.toDouble();
}

/// A matrix entry: a number, or null for NaN (the result format writes NaN as null, so reading
/// it back is symmetric; NaN inputs let a learner see that masked tokens cannot leak).
double entryOf(const QJsonValue &v, const QString &field)
{
    if (v.isNull()) return std::numeric_limits<double>::quiet_NaN();
    return numberOf(v, field);
}

/// `value` shortened to 40 characters with control characters made visible, for messages that
/// must stay on one line whatever the file contains.
QString quoted(const QString &value)
{
    QString out;
    for (const QChar c : value.left(40)) out += c.isPrint() ? c : QChar(u'?');
    if (value.size() > 40) out += QStringLiteral("…");
    return QStringLiteral("\"%1\"").arg(out);
}

/// The value of a required key, or a "missing" error naming it.
QJsonValue required(const QJsonObject &o, const char *key, const QString &field)
{
    if (!o.contains(QLatin1String(key))) fail(field, QStringLiteral("is missing"));
    return o.value(QLatin1String(key));
}

/// Refuses keys the format does not define, so a typo ("casual") is not silently ignored.
void rejectUnknownKeys(const QJsonObject &o, const QString &where, std::initializer_list<const char *> known)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        bool ok = false;
        for (const char *k : known) ok = ok || it.key() == QLatin1String(k);
        if (ok) continue;
        QStringList names;
        for (const char *k : known) names << QLatin1String(k);
        fail(where, QStringLiteral("unknown key %1 (known: %2)").arg(quoted(it.key()), names.join(", ")));
    }
}

qint64 integerOf(const QJsonValue &v, const QString &field)
{
    if (isNegativeZeroMark(v)) return 0;
    if (!v.isDouble()) fail(field, QStringLiteral("expected an integer, got %1").arg(typeName(v)));
    const double d = v.toDouble();
    if (d != std::floor(d) || std::abs(d) > 9.0e15) {
        fail(field, QStringLiteral("expected an integer, got %1").arg(jsonNumberText(d)));
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
    if (rows.isEmpty()) fail(field, QStringLiteral("is empty (0 rows)"));
    const qsizetype cols = arrayOf(rows.at(0), field + QStringLiteral("[0]")).size();
    if (cols == 0) fail(field, QStringLiteral("row 0 is empty (%1×0 matrix)").arg(rows.size()));
    Matrix m(rows.size(), cols);
    // Entry names ("Q[3][1]") are built only for a message: building one per entry made a
    // 60 MB file take 20 s to read.
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonValue rowValue = rows.at(i);
        if (!rowValue.isArray()) arrayOf(rowValue, QStringLiteral("%1[%2]").arg(field).arg(i));
        const QJsonArray row = rowValue.toArray();
        if (row.size() != cols) {
            fail(field, QStringLiteral("row %1 has %2 numbers but row 0 has %3 (ragged matrix)")
                            .arg(i)
                            .arg(row.size())
                            .arg(cols));
        }
        for (qsizetype j = 0; j < cols; ++j) {
            const QJsonValue entry = row.at(j);
            m(i, j) = entry.isDouble()
                          ? entry.toDouble()
                          : entryOf(entry, QStringLiteral("%1[%2][%3]").arg(field).arg(i).arg(j));
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
    fail(field, QStringLiteral("unknown value %1; expected one of %2").arg(quoted(name), allowed.join(", ")));
}

int headCountOf(const QJsonValue &v, const QString &field)
{
    const qint64 n = integerOf(v, field);
    if (n < 1 || n > 4096) fail(field, QStringLiteral("must be between 1 and 4096, got %1").arg(n));
    return static_cast<int>(n);
}

void readMask(const QJsonObject &m, Scenario &s)
{
    rejectUnknownKeys(m, "mask",
                      {"causal", "window", "key_padding", "visible", "all_masked_rows", "document_ids",
                       "query_document_ids", "key_document_ids", "prefix_length"});
    if (m.contains("causal")) {
        if (!m["causal"].isBool())
            fail("mask.causal", "expected true or false, got " + typeName(m["causal"]));
        s.mask.causal = m["causal"].toBool();
    }
    if (m.contains("window")) {
        const QJsonObject w = objectOf(m["window"], "mask.window");
        rejectUnknownKeys(w, "mask.window", {"left", "right"});
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
    // Document ids: an empty list would silently mean "no document mask"; refused as a slip.
    for (const auto &[key, ids] : {std::pair{"document_ids", &s.mask.document_ids},
                                   std::pair{"query_document_ids", &s.mask.query_document_ids},
                                   std::pair{"key_document_ids", &s.mask.key_document_ids}}) {
        if (!m.contains(QLatin1String(key))) continue;
        const QString field = QStringLiteral("mask.") + QLatin1String(key);
        *ids = positionsOf(m[QLatin1String(key)], field);
        if (ids->empty()) fail(field, QStringLiteral("is empty; give one document id per position"));
    }
    if (m.contains("prefix_length"))
        s.mask.prefix_length = integerOf(m["prefix_length"], "mask.prefix_length");
    if (m.contains("all_masked_rows")) {
        s.mask.all_masked_rows = enumOf(m["all_masked_rows"], "mask.all_masked_rows",
                                        std::array{MaskedRowPolicy::Zero, MaskedRowPolicy::NaN,
                                                   MaskedRowPolicy::Uniform, MaskedRowPolicy::Error});
    }
}

void readPositional(const QJsonObject &p, Scenario &s)
{
    rejectUnknownKeys(p, "positional", {"kind", "rope_base", "rope_layout", "rotary_dim", "alibi_slopes"});
    if (p.contains("rotary_dim"))
        s.positional.rotary_dim = integerOf(p["rotary_dim"], "positional.rotary_dim");
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
        // The engine reads no slopes as "the standard ones"; an empty list written on purpose is
        // more likely a mistake than that wish, so it is refused with the way to ask for it.
        if (a.isEmpty())
            fail(QStringLiteral("positional.alibi_slopes"),
                 QStringLiteral("is empty; give one slope per query head, or leave the key out for the "
                                "standard geometric slopes"));
        for (qsizetype h = 0; h < a.size(); ++h) {
            s.positional.alibi_slopes.push_back(
                numberOf(a.at(h), QStringLiteral("positional.alibi_slopes[%1]").arg(h)));
        }
    }
}

} // namespace

QString jsonTypeName(const QJsonValue &v)
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
    return QStringLiteral("nothing");
}

/// A bias: one row of numbers, written [b0, b1, …] (or as a one-row matrix [[b0, b1, …]]).
Matrix rowOf(const QJsonValue &v, const QString &field)
{
    const QJsonArray a = arrayOf(v, field);
    if (!a.isEmpty() && a.at(0).isArray()) {
        Matrix m = matrixOf(v, field);
        if (m.rows() != 1) fail(field, QStringLiteral("expected one row, got %1 rows").arg(m.rows()));
        return m;
    }
    if (a.isEmpty()) fail(field, QStringLiteral("is empty"));
    Matrix m(1, a.size());
    for (qsizetype j = 0; j < a.size(); ++j)
        m(0, j) = numberOf(a.at(j), QStringLiteral("%1[%2]").arg(field).arg(j));
    return m;
}

/// X, X_kv, W_q, W_k, W_v and the biases; Q, K and V are then their products (core/projection.h).
void readProjection(const QJsonObject &o, Scenario &s)
{
    for (const char *key : {"Q", "K", "V", "scores"}) {
        if (o.contains(QLatin1String(key))) {
            fail(key, QStringLiteral("is given together with X: with X, Q, K and V are computed as X·W_q, "
                                     "X·W_k and X·W_v; give either X and the W matrices, or %1")
                          .arg(QLatin1String(key) == QLatin1String("scores") ? QStringLiteral("the scores")
                                                                             : QStringLiteral("Q, K and V")));
        }
    }
    Projection p;
    p.X = matrixOf(o["X"], "X");
    if (o.contains("X_kv")) p.X_kv = matrixOf(o["X_kv"], "X_kv");
    p.W_q = matrixOf(required(o, "W_q", "W_q"), "W_q");
    p.W_k = matrixOf(required(o, "W_k", "W_k"), "W_k");
    p.W_v = matrixOf(required(o, "W_v", "W_v"), "W_v");
    if (o.contains("b_q")) p.b_q = rowOf(o["b_q"], "b_q");
    if (o.contains("b_k")) p.b_k = rowOf(o["b_k"], "b_k");
    if (o.contains("b_v")) p.b_v = rowOf(o["b_v"], "b_v");
    s.projection = std::move(p);
    project(s);
}

Scenario scenarioFromJson(const QJsonObject &o)
{
    // Another file of this program: say which, rather than name its first key unknown.
    const QString format = o.value("format").toString();
    if (format == QLatin1String("attention-lab.lesson"))
        fail("format", QStringLiteral("this is a lesson file (format \"attention-lab.lesson\"), not a "
                                      "scenario; open it with Lessons ▸ Open lessons folder, or check it "
                                      "with `attention-lab lessons --check`"));
    if (format == QLatin1String("attention-lab-workspace"))
        fail("format", QStringLiteral("this is a workspace file (format \"attention-lab-workspace\"), not "
                                      "a scenario; open it with File ▸ Open workspace"));
    // "comment" is free text for people; "expect" holds a reference result (tests/data/cases).
    rejectUnknownKeys(o, "scenario",
                      {"format", "version",     "title",     "query_tokens", "key_tokens", "Q",
                       "K",      "V",           "scores",    "heads",        "score",      "additive",
                       "scale",  "temperature", "alignment", "positions",    "mask",       "positional",
                       "kernel", "tile",        "comment",   "expect",       "X",          "X_kv",
                       "W_q",    "W_k",         "W_v",       "b_q",          "b_k",        "b_v",
                       "W_o",    "b_o",         "softcap",   "sinks",        "dtype"});
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
    // Neither is used here, but a wrong type is a slip worth naming (a number where a note was meant).
    if (o.contains("comment") && !o["comment"].isString())
        fail("comment",
             QStringLiteral("expected a string (a note for people), got %1").arg(typeName(o["comment"])));
    if (o.contains("expect") && !o["expect"].isObject())
        fail("expect", QStringLiteral("expected an object (the reference result: weights, output), got %1")
                           .arg(typeName(o["expect"])));
    if (o.contains("query_tokens")) s.query_tokens = labelsOf(o["query_tokens"], "query_tokens");
    if (o.contains("key_tokens")) s.key_tokens = labelsOf(o["key_tokens"], "key_tokens");
    if (o.contains("X")) {
        readProjection(o, s);
    } else {
        for (const char *key : {"X_kv", "W_q", "W_k", "W_v", "b_q", "b_k", "b_v"}) {
            if (o.contains(QLatin1String(key)))
                fail(key, "is given without X (the projections need the tokens X they multiply)");
        }
        if (o.contains("Q")) s.query = matrixOf(o["Q"], "Q");
        if (o.contains("K")) s.key = matrixOf(o["K"], "K");
        if (o.contains("V")) s.value = matrixOf(o["V"], "V");
        if (o.contains("scores")) s.scores = matricesOf(o["scores"], "scores");
        if (!o.contains("V")) fail("V", "is missing (n_k × (H_kv·d_v) values)");
    }
    if (o.contains("W_o")) s.W_o = matrixOf(o["W_o"], "W_o");
    if (o.contains("b_o")) s.b_o = rowOf(o["b_o"], "b_o");
    if (o.contains("heads")) {
        const QJsonObject h = objectOf(o["heads"], "heads");
        rejectUnknownKeys(h, "heads", {"query", "kv"});
        if (h.contains("query")) s.num_query_heads = headCountOf(h["query"], "heads.query");
        if (h.contains("kv")) s.num_kv_heads = headCountOf(h["kv"], "heads.kv");
    }
    if (o.contains("score")) {
        s.score = enumOf(o["score"], "score",
                         std::array{ScoreKind::ScaledDot, ScoreKind::Dot, ScoreKind::Additive});
    }
    if (o.contains("additive")) {
        const QJsonObject a = objectOf(o["additive"], "additive");
        rejectUnknownKeys(a, "additive", {"W_q", "W_k", "v"});
        AdditiveParams p;
        p.W_q = matrixOf(required(a, "W_q", "additive.W_q"), "additive.W_q");
        p.W_k = matrixOf(required(a, "W_k", "additive.W_k"), "additive.W_k");
        const QJsonArray v = arrayOf(required(a, "v", "additive.v"), "additive.v");
        p.v.resize(v.size());
        for (qsizetype i = 0; i < v.size(); ++i)
            p.v(i) = numberOf(v.at(i), QStringLiteral("additive.v[%1]").arg(i));
        s.additive = p;
    }
    if (o.contains("scale")) s.scale = numberOf(o["scale"], "scale");
    if (o.contains("temperature")) s.temperature = numberOf(o["temperature"], "temperature");
    if (o.contains("softcap")) s.softcap = numberOf(o["softcap"], "softcap");
    if (o.contains("sinks")) {
        const QJsonArray a = arrayOf(o["sinks"], "sinks");
        if (a.isEmpty()) fail("sinks", "is empty; give one sink logit per query head, or leave the key out");
        for (qsizetype h = 0; h < a.size(); ++h) {
            const QString field = QStringLiteral("sinks[%1]").arg(h);
            if (a.at(h).isNull()) fail(field, "must be a finite number (one logit per query head), got null");
            s.sinks.push_back(numberOf(a.at(h), field));
        }
    }
    if (o.contains("dtype")) {
        s.dtype = enumOf(
            o["dtype"], "dtype",
            std::array{Precision::Float64, Precision::Float32, Precision::Float16, Precision::BFloat16});
    }
    if (o.contains("alignment")) {
        s.alignment =
            enumOf(o["alignment"], "alignment", std::array{Alignment::TopLeft, Alignment::BottomRight});
    }
    if (o.contains("positions")) {
        const QJsonObject p = objectOf(o["positions"], "positions");
        rejectUnknownKeys(p, "positions", {"query", "key"});
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
        rejectUnknownKeys(t, "tile", {"query", "key"});
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
        fail("file", jsonSyntaxProblem(text, error));
    }
    if (!doc.isObject()) fail("file", "expected a JSON object at the top level");
    if (const auto duplicate = findDuplicateKey(text)) fail(duplicate->path, duplicate->message());
    // Read again with each −0 kept (QJsonDocument drops the sign of zero), only when there is one.
    if (const QByteArray marked = withNegativeZerosMarked(text); marked != text)
        return scenarioFromJson(QJsonDocument::fromJson(marked).object());
    return scenarioFromJson(doc.object());
}

Scenario readScenarioFile(const QString &path)
{
    if (path.isEmpty()) fail("file", "no file name given");
    const QString shown = printableFileName(path);
    // Only a regular file is read, and at most one byte past the limit: a pipe or a terminal
    // would block, /dev/zero never ends (docs/bad-inputs.md).
    const BoundedRead read = readFileBounded(path, kMaxScenarioFileBytes);
    switch (read.status) {
    case BoundedRead::Status::Ok: break;
    case BoundedRead::Status::NotAFile:
        fail("file", QStringLiteral("%1 is %2, not a scenario file").arg(shown, read.kind));
    case BoundedRead::Status::TooLarge:
        fail("file", QStringLiteral("%1 is larger than %2 MiB, the most a scenario file may be")
                         .arg(shown)
                         .arg(kMaxScenarioFileBytes >> 20));
    default: fail("file", QStringLiteral("cannot read %1: %2").arg(shown, read.reason));
    }
    return scenarioFromJsonText(read.bytes);
}

} // namespace attn::doc
