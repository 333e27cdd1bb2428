// Dense tensor aliases used by the attention engine.
// Rows are tokens, columns are features; heads are contiguous column blocks.
#pragma once

#include <Eigen/Core>

#include <cstdint>

namespace attn {

using Index = Eigen::Index;

/// Row-major dense matrix of doubles, shape (rows, cols). Traces and scenarios use it.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Dense column vector of doubles.
using Vector = Eigen::VectorXd;

/// Visibility matrix, shape (n_q, n_k): true means query i may attend key j.
using BoolMatrix = Eigen::Matrix<bool, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Every size of one attention call, derived from a scenario by `validate`.
struct Shapes {
    Index n_q = 0;           ///< number of queries
    Index n_k = 0;           ///< number of keys (= number of values)
    Index d_k = 0;           ///< query/key width per head; 0 when raw scores replace Q·Kᵀ
    Index d_v = 0;           ///< value width per K/V head
    int num_query_heads = 1; ///< H_q
    int num_kv_heads = 1;    ///< H_kv; H_q is a multiple of it
};

/// K/V head read by query head `head` (contiguous groups, as in GQA: Ainslie et al. 2023, §2).
/// With H_kv = H_q this is `head` (MHA); with H_kv = 1 it is 0 (MQA).
inline int kvHeadFor(int head, int numQueryHeads, int numKvHeads)
{
    return static_cast<int>((static_cast<std::int64_t>(head) * numKvHeads) / numQueryHeads);
}

} // namespace attn
