#include "core/multihead.h"

#include <cmath>
#include <random>
#include <string>

namespace attn {

namespace {

/// Uniform on [0, 1) from 53 bits of two mt19937 outputs; the same on every standard library.
double uniform01(std::mt19937 &rng)
{
    const std::uint64_t a = rng() >> 5;                                     // 27 bits
    const std::uint64_t b = rng() >> 6;                                     // 26 bits
    return static_cast<double>((a << 26) | b) * (1.0 / 9007199254740992.0); // / 2^53
}

/// A (fan_in, fan_out) matrix with entries from U(−a, a), a = √(6 / (fan_in + fan_out)).
Matrix xavierUniform(Index fanIn, Index fanOut, std::mt19937 &rng)
{
    const double bound = std::sqrt(6.0 / static_cast<double>(fanIn + fanOut));
    Matrix m(fanIn, fanOut);
    for (Index i = 0; i < m.size(); ++i) m.data()[i] = bound * (2.0 * uniform01(rng) - 1.0); // row by row
    return m;
}

std::string shape(const Matrix &m)
{
    return std::to_string(m.rows()) + "×" + std::to_string(m.cols());
}

void checkHeads(int hq, int hkv)
{
    if (hq < 1 || hkv < 1) {
        throw ScenarioError("heads", "query " + std::to_string(hq) + " and kv " + std::to_string(hkv) +
                                         " must both be at least 1");
    }
    if (hq % hkv != 0) {
        throw ScenarioError("heads", "query heads " + std::to_string(hq) + " is not a multiple of kv heads " +
                                         std::to_string(hkv));
    }
}

void checkWeight(const char *field, const Matrix &m, Index rows, const char *rowsName, Index colsMultiple,
                 const char *colsName)
{
    if (m.rows() != rows || m.cols() == 0 || m.cols() % colsMultiple != 0) {
        throw ScenarioError(field, "is " + shape(m) + ", expected " + std::to_string(rows) + " rows (" +
                                       rowsName + ") and a non-zero multiple of " +
                                       std::to_string(colsMultiple) + " columns (" + colsName + ")");
    }
}

} // namespace

MultiHeadWeights initMultiHead(const MultiHeadConfig &c, std::uint32_t seed)
{
    checkHeads(c.num_query_heads, c.num_kv_heads);
    if (c.d_model < 1) throw ScenarioError("d_model", "must be ≥ 1, got " + std::to_string(c.d_model));
    if (c.d_k < 1) throw ScenarioError("d_k", "must be ≥ 1, got " + std::to_string(c.d_k));
    if (c.d_v < 1) throw ScenarioError("d_v", "must be ≥ 1, got " + std::to_string(c.d_v));

    std::mt19937 rng(seed);
    MultiHeadWeights w;
    w.num_query_heads = c.num_query_heads;
    w.num_kv_heads = c.num_kv_heads;
    w.W_q = xavierUniform(c.d_model, c.num_query_heads * c.d_k, rng); // (d_model, H_q·d_k)
    w.W_k = xavierUniform(c.d_model, c.num_kv_heads * c.d_k, rng);    // (d_model, H_kv·d_k)
    w.W_v = xavierUniform(c.d_model, c.num_kv_heads * c.d_v, rng);    // (d_model, H_kv·d_v)
    w.W_o = xavierUniform(c.num_query_heads * c.d_v, c.d_model, rng); // (H_q·d_v, d_model)
    return w;
}

MultiHeadTrace multiHeadForward(const MultiHeadWeights &w, const Matrix &x_q, const Matrix &x_kv,
                                const Scenario &options)
{
    // 1. Shapes: every projection reads d_model features and splits its columns into heads.
    checkHeads(w.num_query_heads, w.num_kv_heads);
    const Index d_model = w.W_q.rows();
    checkWeight("W_q", w.W_q, d_model, "d_model", w.num_query_heads, "H_q·d_k");
    checkWeight("W_k", w.W_k, d_model, "d_model", w.num_kv_heads, "H_kv·d_k");
    checkWeight("W_v", w.W_v, d_model, "d_model", w.num_kv_heads, "H_kv·d_v");
    checkWeight("W_o", w.W_o, w.W_v.cols() / w.num_kv_heads * w.num_query_heads, "H_q·d_v", 1, "d_model");
    if (w.W_o.cols() != d_model) {
        throw ScenarioError("W_o", "is " + shape(w.W_o) + " but projects back to d_model = " +
                                       std::to_string(d_model) + " columns");
    }
    if (w.W_q.cols() / w.num_query_heads != w.W_k.cols() / w.num_kv_heads) {
        throw ScenarioError(
            "W_k", "gives d_k = " + std::to_string(w.W_k.cols() / w.num_kv_heads) +
                       " per head but W_q gives d_k = " + std::to_string(w.W_q.cols() / w.num_query_heads));
    }
    if (x_q.rows() == 0 || x_q.cols() != d_model) {
        throw ScenarioError(
            "X_q", "is " + shape(x_q) +
                       ", expected n_q × d_model with n_q ≥ 1 and d_model = " + std::to_string(d_model));
    }
    if (x_kv.rows() == 0 || x_kv.cols() != d_model) {
        throw ScenarioError(
            "X_kv", "is " + shape(x_kv) +
                        ", expected n_k × d_model with n_k ≥ 1 and d_model = " + std::to_string(d_model));
    }
    if (!options.scores.empty()) {
        throw ScenarioError("scores", "the template carries raw scores; the multi-head module computes "
                                      "scores from the projections, so remove them");
    }

    // 2. The projected scenario: the template's options with the projected tensors.
    MultiHeadTrace result;
    result.scenario = options;
    result.scenario.num_query_heads = w.num_query_heads;
    result.scenario.num_kv_heads = w.num_kv_heads;
    result.scenario.query = x_q * w.W_q;  // (n_q, H_q·d_k)
    result.scenario.key = x_kv * w.W_k;   // (n_k, H_kv·d_k)
    result.scenario.value = x_kv * w.W_v; // (n_k, H_kv·d_v)

    // 3. Attention in every head, heads concatenated in order, then the output projection.
    result.attention = attend(result.scenario);
    result.concatenated = result.attention.output; // (n_q, H_q·d_v)
    result.output = result.concatenated * w.W_o;   // (n_q, d_model)
    return result;
}

MultiHeadTrace multiHeadForward(const MultiHeadWeights &weights, const Matrix &x, const Scenario &options)
{
    return multiHeadForward(weights, x, x, options);
}

} // namespace attn
