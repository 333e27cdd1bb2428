// Two invariants of softmax attention over keys, for the interventions lesson (lesson 15):
// permuting keys together with their values leaves every output unchanged, and two identical
// copies of a key act like one key whose logit is raised by ln 2. Each builds the modified
// scenario and lets attn::attend compute it; nothing here recomputes attention.
#pragma once

#include "core/attention.h"

#include <QString>

#include <string>

namespace attn::ui {

/// The permutation check: attend(scenario) against attend(keys, values and key labels in
/// reverse order).
struct PermutationCheck {
    bool applicable = false;   ///< false when positions or masks tie keys to their places
    QString reason;            ///< why not applicable (translated)
    double max_difference = 0; ///< max |Δ output| over every query and head
};

/// Reverses the order of the keys (K rows, V rows, key tokens, key_padding, and the columns of
/// raw scores) and compares the outputs. Not applicable when a causal mask, a window, explicit
/// visibility or key positions, or a positional scheme (RoPE, ALiBi) is used: there a key's
/// place matters by design. Throws what attend throws.
PermutationCheck checkPermutation(const Scenario &scenario);

/// The duplicate check for key `key` of query head `head`, query row `query`.
struct DuplicateCheck {
    double weight_before = 0;  ///< weight of the key in the original
    double weight_copies = 0;  ///< the two copies' weights together, key duplicated
    double weight_raised = 0;  ///< the key's weight with its logit raised by ln 2 (no copy)
    double max_difference = 0; ///< max |Δ| between the head outputs of the two (d_v entries)
    Matrix output_copies;      ///< (1, d_v) the head's output for the query, key duplicated
};

/// Appends an exact copy of key `key` (K and V rows, label + "′", padding entry, raw-score and
/// visibility columns, position) and, separately, raises the key's logit by ln 2 (a raw-score
/// scenario holding the original logits with that column + ln 2, scale 1). Throws
/// ScenarioError("key") for an index out of range and what attend throws.
DuplicateCheck checkDuplicate(const Scenario &scenario, Index key, int head, Index query);

} // namespace attn::ui
