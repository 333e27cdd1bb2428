// Writing scenarios and results as JSON (the format of the design map, §2).
#include "ui/document/scenariojson.h"

#include "ui/document/jsonnumbers.h"

#include <QJsonArray>

#include <cmath>

namespace attn::doc {

namespace {

QJsonValue numberOrNull(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue(QJsonValue::Null);
}

/// The rows of `m`. A scenario's own tensors keep the sign of zero (jsonnumbers.h); a result's
/// numbers are plain JSON numbers, for any program to read.
QJsonArray matrixToJson(const Matrix &m, bool keepSignOfZero = true)
{
    QJsonArray rows;
    for (Index i = 0; i < m.rows(); ++i) {
        QJsonArray row;
        for (Index j = 0; j < m.cols(); ++j)
            row.append(keepSignOfZero ? jsonNumber(m(i, j)) : numberOrNull(m(i, j)));
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

/// A bias row (1, n) as a flat array.
QJsonArray rowToJson(const Matrix &row)
{
    QJsonArray a;
    for (Index j = 0; j < row.cols(); ++j) a.append(numberOrNull(row(0, j)));
    return a;
}

QJsonArray positionsToJson(const std::vector<std::int64_t> &positions)
{
    QJsonArray a;
    for (std::int64_t p : positions) a.append(static_cast<qint64>(p));
    return a;
}

} // namespace

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o;
    o["format"] = QStringLiteral("attention-lab.scenario");
    o["version"] = 1;
    if (!s.title.empty()) o["title"] = QString::fromStdString(s.title);
    if (!s.query_tokens.empty()) o["query_tokens"] = labelsToJson(s.query_tokens);
    if (!s.key_tokens.empty()) o["key_tokens"] = labelsToJson(s.key_tokens);
    if (s.projection) {
        // Q, K and V are the products; the file keeps what they are computed from.
        const Projection &p = *s.projection;
        o["X"] = matrixToJson(p.X);
        if (p.X_kv.size() > 0) o["X_kv"] = matrixToJson(p.X_kv);
        o["W_q"] = matrixToJson(p.W_q);
        o["W_k"] = matrixToJson(p.W_k);
        o["W_v"] = matrixToJson(p.W_v);
        if (p.b_q.size() > 0) o["b_q"] = rowToJson(p.b_q);
        if (p.b_k.size() > 0) o["b_k"] = rowToJson(p.b_k);
        if (p.b_v.size() > 0) o["b_v"] = rowToJson(p.b_v);
    } else {
        if (s.query.size() > 0) o["Q"] = matrixToJson(s.query);
        if (s.key.size() > 0) o["K"] = matrixToJson(s.key);
        o["V"] = matrixToJson(s.value);
    }
    if (s.W_o.size() > 0) o["W_o"] = matrixToJson(s.W_o);
    if (s.b_o.size() > 0) o["b_o"] = rowToJson(s.b_o);
    if (!s.projection && s.scores.size() == 1) {
        o["scores"] = matrixToJson(s.scores.front());
    } else if (!s.projection && !s.scores.empty()) {
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
    if (s.softcap) o["softcap"] = *s.softcap;
    if (!s.sinks.empty()) {
        QJsonArray a;
        for (double sink : s.sinks) a.append(sink);
        o["sinks"] = a;
    }
    if (s.dtype != Precision::Float64) o["dtype"] = QLatin1String(toString(s.dtype));
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
    if (!s.mask.document_ids.empty()) mask["document_ids"] = positionsToJson(s.mask.document_ids);
    if (!s.mask.query_document_ids.empty())
        mask["query_document_ids"] = positionsToJson(s.mask.query_document_ids);
    if (!s.mask.key_document_ids.empty()) mask["key_document_ids"] = positionsToJson(s.mask.key_document_ids);
    if (s.mask.prefix_length) mask["prefix_length"] = static_cast<qint64>(*s.mask.prefix_length);
    if (s.mask.all_masked_rows != MaskedRowPolicy::Zero) {
        mask["all_masked_rows"] = QLatin1String(toString(s.mask.all_masked_rows));
    }
    if (!mask.isEmpty()) o["mask"] = mask;
    if (s.positional.kind != PositionalKind::None) {
        QJsonObject p{{"kind", QLatin1String(toString(s.positional.kind))}};
        if (s.positional.kind == PositionalKind::Rope) {
            p["rope_base"] = s.positional.rope_base;
            p["rope_layout"] = QLatin1String(toString(s.positional.rope_layout));
            if (s.positional.rotary_dim) p["rotary_dim"] = static_cast<qint64>(*s.positional.rotary_dim);
        }
        if (!s.positional.alibi_slopes.empty()) {
            QJsonArray a;
            for (double slope : s.positional.alibi_slopes) a.append(slope);
            p["alibi_slopes"] = a;
        }
        o["positional"] = p;
    }
    if (s.kernel != KernelKind::Naive) o["kernel"] = QLatin1String(toString(s.kernel));
    // Every kernel but the naive one reads the tile (the windowed kernel walks its band and the
    // linear one its prefix sums in tiles): keep it whenever it can matter or was changed.
    if (s.kernel != KernelKind::Naive || s.tile.query != TileSpec{}.query || s.tile.key != TileSpec{}.key) {
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
        scores.append(matrixToJson(h.logits, false));
        weights.append(matrixToJson(h.weights, false));
    }
    QJsonArray masked;
    for (const auto &[head, row] : trace.fully_masked_rows) {
        masked.append(QJsonArray{head, static_cast<qint64>(row)});
    }
    QJsonObject o{
        {"shapes", shapes},
        {"scale", trace.scale},
        {"scores", scores},
        {"weights", weights},
        {"output", matrixToJson(trace.output, false)},
        {"fully_masked_rows", masked},
        {"kernel", QLatin1String(toString(trace.kernel))},
        {"dtype", QLatin1String(toString(trace.dtype))},
    };
    if (!trace.heads.empty() && trace.heads.front().sink_weights.size() > 0) {
        QJsonArray sinks;
        for (const HeadTrace &h : trace.heads) {
            QJsonArray row;
            for (Index i = 0; i < h.sink_weights.size(); ++i) row.append(numberOrNull(h.sink_weights(i)));
            sinks.append(row);
        }
        o["sink_weights"] = sinks;
    }
    if (trace.error_vs_float64) {
        QJsonArray overflowed;
        for (const LogitIndex &l : trace.overflowed_logits)
            overflowed.append(QJsonArray{l.head, static_cast<qint64>(l.row), static_cast<qint64>(l.key)});
        o["overflowed_logits"] = overflowed;
        o["max_abs_error_vs_float64"] =
            QJsonObject{{"weights", numberOrNull(trace.error_vs_float64->weights)},
                        {"output", numberOrNull(trace.error_vs_float64->output)}};
    }
    return o;
}

QJsonObject resultToJson(const Scenario &scenario, const AttentionTrace &trace)
{
    QJsonObject o = traceToJson(trace);
    if (scenario.projection) {
        o["Q"] = matrixToJson(scenario.query);
        o["K"] = matrixToJson(scenario.key);
        o["V"] = matrixToJson(scenario.value);
    }
    if (scenario.W_o.size() > 0) o["projected_output"] = matrixToJson(projectOutput(scenario, trace.output));
    return o;
}

} // namespace attn::doc
