// Head-role scores: how much of a head's attention goes where a known mechanism would put it,
// measured on probe sequences (Olsson et al. 2022, §2 and the "prefix matching" and "copying"
// scores; Elhage et al. 2021 for previous-token heads).
#pragma once

#include "core/train/batch.h"
#include "core/train/model.h"

#include <vector>

namespace attn::train {

/// The scores of one head. A is the head's attention weights (T, T) on a probe of tokens
/// x_0 … x_{T−1} (row i = query i; causal, so A_ij = 0 for j > i); every score is pooled over
/// all probes: the sum over every qualifying query of every probe divided by their number.
///
///   previous_token  = mean over i ≥ 1 of A_{i, i−1}
///   duplicate_token = mean over i ∈ D of Σ_{j < i, x_j = x_i} A_{ij}
///   induction       = mean over i ∈ D of Σ_{j < i, x_j = x_i} A_{i, j+1}
///   first_token     = mean over i ≥ 1 of A_{i, 0}
///   entropy         = mean over i of −Σ_{j ≤ i} A_{ij} ln A_{ij}   (nats; 0 ln 0 = 0)
///   target_token    = mean over i ∈ S of Σ_{j ≤ i, x_j = y_i} A_{ij}
///
/// D = queries whose token occurred earlier (j < i with x_j = x_i); S = scored queries (loss
/// mask 1) whose target y_i occurs at or before i: for induction the token the head should copy,
/// for coreference the referent's name. A score with no qualifying query is NaN. Each lies in
/// [0, 1] except entropy, in [0, ln T].
struct HeadRoles {
    double previous_token = 0.0;
    double duplicate_token = 0.0;
    double induction = 0.0;
    double first_token = 0.0;
    double entropy = 0.0;
    double target_token = 0.0;
};

/// The scores of every layer × head, index layer · H + head, over every probe of `probes`
/// whose traces (one per example, as Model::probe returns them) are given.
std::vector<HeadRoles> headRoles(const std::vector<ProbeTrace> &traces, const Batch &probes, int numLayers,
                                 int numHeads);

} // namespace attn::train
