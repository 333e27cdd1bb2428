// Linear (kernel) attention with the feature map φ = elu + 1: a different normalisation, not
// softmax. It does not match the softmax kernels; its reference is linearReference below.
#pragma once

#include "core/kernels/kernel.h"

namespace attn::kernels {

/// Block sizes and threads of the linear kernel.
struct LinearOptions {
    Index query_block = 64; ///< query rows per block (≥ 1)
    Index key_tile = 64;    ///< key rows per tile of the explicit path (≥ 1)
    int threads = 1;        ///< std::threads sharing query blocks (summary and explicit paths)
};

/// How linearHead computes a head, chosen from its mask rule by linearPathFor().
enum class LinearPath {
    Summary,  ///< no causal, window or explicit matrix: one K/V summary for all queries, O(n·d_k·d_v)
    Prefix,   ///< causal only (plus padding): running prefix sums in position order, O(n·d_k·d_v)
    Explicit, ///< a window, an explicit visible matrix, document ids or a prefix length: the
              ///< normalised form over key tiles, fully masked tiles skipped, O(visible pairs · d)
};

/// The path linearHead takes for `mask`. A window or an explicit matrix (and document ids or a
/// prefix, which the running sums of the prefix path do not follow) is not expressible as
/// sums that only grow: a sliding summary would subtract leaving keys, and subtraction lets a
/// NaN or Inf of a masked key reach visible outputs (and loses precision). So those masks take
/// the explicit path: the same formula, tile by tile, each pair's weight computed.
LinearPath linearPathFor(const MaskRule &mask);

/// φ(x) = elu(x) + 1 entry by entry: x + 1 for x > 0, eˣ otherwise; always > 0
/// (Katharopoulos et al. 2020, §3.2, eq. 7). x (n, d) → (n, d).
template <typename Scalar> MatrixT<Scalar> eluFeatures(const ConstView<Scalar> &x);

/// Linear attention for one head (Katharopoulos et al. 2020, "Transformers are RNNs", §3.2–3.3):
///   weights_ij = φ(q_i)·φ(k_j) / Σ_{visible j'} φ(q_i)·φ(k_j'),  output_i = Σ_j weights_ij v_j.
/// Summary path: S = Σ_j φ(k_j) v_jᵀ (d_k, d_v), z = Σ_j φ(k_j) (d_k) over real (unpadded) keys;
///   output_i = φ(q_i)ᵀ S / φ(q_i)·z.
/// Prefix path (causal, eq. 8–9): keys and queries visited in position order (any input order);
///   S and z grow by each key with pos_k ≤ pos_q before query i reads them.
/// Explicit path: see LinearPath. Key padding drops keys from every sum; a masked key never
/// enters a sum, so its NaN or Inf cannot reach a visible output.
/// At the extremes (a φ outside [2^-60, 2^60] in double, [2^-20, 2^20] in float: inputs below
/// about −41 or above 2^60) φ itself over- or underflows, so each path works in log space
/// instead (log φ(x) = log1p(x) or x): the summary and prefix paths scale the keys per feature
/// and each query by its own largest term (the weights do not change under a query's own factor
/// or a factor common to all keys), the explicit path computes each weight as
/// exp(log(φ(q)·φ(k)) − max) over the query's visible keys. Weights stay finite and exact to
/// rounding for keys of −1000 or queries of 1e300 (before: 0/0 or ∞/∞).
/// The scale, the temperature, ALiBi and raw scores have no meaning here and are not used
/// (the registry refuses scenarios that set them); RoPE is not applied either.
///
///   problem  query (n_q, d_k), key (n_k, d_k), value (n_k, d_v); problem.scores must be empty
///   output   (n_q, d_v) written in place; rows that see no key get problem.policy
/// Returns the rows with no visible key and stats (work_bytes: φ features, summaries, tiles).
/// Throws std::invalid_argument for raw scores, a sink or a softcap (no softmax logits), shape
/// mismatches or block sizes < 1.
template <typename Scalar>
KernelRun linearHead(const HeadProblem<Scalar> &problem, const LinearOptions &options,
                     OutputRef<Scalar> output);

/// The plain O(n_q·n_k·d) reference of the same formula, written to be read: each weight
/// computed and normalised over the visible keys of its row. At the extremes (as linearHead)
/// each weight is exp(L_ij − max_j L_ij) / Σ_j exp(L_ij − max) with L_ij = log(φ(q_i)·φ(k_j))
/// = log Σ_t exp(log φ(q_it) + log φ(k_jt)): linear attention's normalisation is a softmax of
/// these L. Used by tests and by attend() for the trace's weights.
///   output   (n_q, d_v) out; weights (n_q, n_k) out when not null (rows with no visible key:
///            0 for Zero and Error, NaN for NaN, 1/n_k for Uniform).
/// Returns the rows that see no key. Throws like linearHead.
template <typename Scalar>
std::vector<Index> linearReference(const HeadProblem<Scalar> &problem, OutputRef<Scalar> output,
                                   MatrixT<Scalar> *weights = nullptr);

} // namespace attn::kernels
