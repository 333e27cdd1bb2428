#include "core/onlinesoftmax.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn {

std::vector<ScoreTile> flashTileOrder(Index n_q, Index n_k, Index block_query, Index block_key)
{
    if (n_q < 0 || n_k < 0)
        throw std::invalid_argument("flashTileOrder: n_q = " + std::to_string(n_q) +
                                    " and n_k = " + std::to_string(n_k) + " must be ≥ 0");
    if (block_query < 1 || block_key < 1)
        throw std::invalid_argument("flashTileOrder: B_r = " + std::to_string(block_query) +
                                    " and B_c = " + std::to_string(block_key) + " must be ≥ 1");
    std::vector<ScoreTile> tiles;
    // FlashAttention-2, Algorithm 1: for each query block i (outer), for each K/V block j (inner).
    for (Index r = 0; r < n_q; r += block_query)
        for (Index c = 0; c < n_k; c += block_key)
            tiles.push_back({r, std::min(r + block_query, n_q), c, std::min(c + block_key, n_k)});
    return tiles;
}

OnlineSoftmaxState startOnlineSoftmax(Index n_q, Index d_v)
{
    OnlineSoftmaxState state;
    state.m = Vector::Constant(n_q, -std::numeric_limits<double>::infinity());
    state.l = Vector::Zero(n_q);
    state.acc = Matrix::Zero(n_q, d_v);
    return state;
}

void visitTile(OnlineSoftmaxState &state, const Matrix &logits, const BoolMatrix &visible,
               const Matrix &value, const ScoreTile &tile)
{
    const Index n_q = state.m.size();
    if (logits.rows() != n_q || visible.rows() != n_q || visible.cols() != logits.cols() ||
        value.rows() != logits.cols() || value.cols() != state.acc.cols())
        throw std::invalid_argument("visitTile: logits (" + std::to_string(logits.rows()) + ", " +
                                    std::to_string(logits.cols()) + ") and value (" +
                                    std::to_string(value.rows()) + ", " + std::to_string(value.cols()) +
                                    ") do not fit a state of " + std::to_string(n_q) +
                                    " rows and d_v = " + std::to_string(state.acc.cols()));
    if (tile.row_begin < 0 || tile.row_begin > tile.row_end || tile.row_end > n_q || tile.col_begin < 0 ||
        tile.col_begin > tile.col_end || tile.col_end > logits.cols())
        throw std::invalid_argument("visitTile: the tile lies outside the score matrix");

    for (Index i = tile.row_begin; i < tile.row_end; ++i) {
        // 1. The new running max: the old one or the tile's largest visible logit.
        double mNew = state.m(i);
        for (Index j = tile.col_begin; j < tile.col_end; ++j)
            if (visible(i, j)) mNew = std::max(mNew, logits(i, j));
        if (mNew == -std::numeric_limits<double>::infinity()) continue; // nothing visible yet
        // 2. Rescale what was summed against the old max: e^(m − m_new) ≤ 1 (0 on the first
        //    visible tile, where m = −∞). Subtracting the max keeps every exponent ≤ 0.
        const double rescale = std::exp(state.m(i) - mNew);
        state.l(i) *= rescale;
        state.acc.row(i) *= rescale;
        // 3. Add this tile's visible keys.
        for (Index j = tile.col_begin; j < tile.col_end; ++j) {
            if (!visible(i, j)) continue;
            const double p = std::exp(logits(i, j) - mNew);
            state.l(i) += p;
            state.acc.row(i) += p * value.row(j);
        }
        state.m(i) = mNew;
    }
    ++state.tiles_done;
}

Matrix onlineOutput(const OnlineSoftmaxState &state)
{
    Matrix out = Matrix::Zero(state.acc.rows(), state.acc.cols()); // (n_q, d_v)
    for (Index i = 0; i < out.rows(); ++i)
        if (state.l(i) > 0) out.row(i) = state.acc.row(i) / state.l(i);
    return out;
}

} // namespace attn
