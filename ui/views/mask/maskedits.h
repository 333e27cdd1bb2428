// The mask editor's scenario edits and its masked-token check. Each function returns an edited
// copy of a scenario (the view pushes it through ScenarioDocument::replaceScenario, so every
// edit is one undoable step); nothing here touches a widget. QtCore-free: core types only.
#pragma once

#include "core/attention.h"
#include "core/mask.h"

#include <optional>
#include <string>
#include <vector>

namespace attn::ui {

/// Which parts of the mask hide one (query, key) cell; several can hide the same cell.
struct MaskReasons {
    bool causal = false;   ///< pos_k > pos_q and not in the prefix (Vaswani et al. 2017, §3.2.3)
    bool window = false;   ///< outside [pos_q − left, pos_q + right] (Beltagy et al. 2020, §3.1)
    bool padding = false;  ///< key_padding marks the key as padding
    bool custom = false;   ///< the explicit `visible` matrix has a 0 there
    bool document = false; ///< query and key belong to different documents (attention-gym)

    bool any() const { return causal || window || padding || custom || document; }
};

/// Why key `key` is hidden from query `query` under query head `head`. `positions` come from
/// resolvePositions(s, validate(s)); indices must be in range (n_q, n_k, H_q).
MaskReasons maskReasons(const Scenario &s, const Positions &positions, int head, Index query, Index key);

/// `s` with cell (query, key) made visible (`show`) or hidden, changing as little as it can:
/// hiding writes a 0 into the explicit `visible` matrix (created all-ones when absent) and keeps
/// causal, window and key_padding. Showing a cell that causal or the window hides drops that flag
/// after copying its pattern into `visible`; showing a padded key marks it real again and keeps
/// it hidden from the other queries in `visible`. A shared `visible` matrix (one for all heads) is
/// edited for every head; with one matrix per query head only `head`'s changes. An all-ones
/// result is removed. Throws ScenarioError when `s` is invalid.
Scenario withCellVisible(const Scenario &s, int head, Index query, Index key, bool show);

/// `s` with the causal mask on (key j visible to query i only if pos_k(j) ≤ pos_q(i); Vaswani
/// et al. 2017, §3.2.3). The parts of a mask combine with AND: the hand-drawn `visible` cells,
/// the window and key_padding stay, so a cell hidden by hand stays hidden.
/// When n_q ≠ n_k and no explicit query positions exist, `alignment` places the queries.
Scenario withCausal(const Scenario &s, Alignment alignment);

/// `s` with the window [pos_q − left, pos_q + right] (bounds inclusive, an empty side
/// unbounded; both empty removes the window; Beltagy et al. 2020, §3.1), combined with AND with
/// the rest: the hand-drawn `visible` cells, causal and key_padding stay. `alignment` as in
/// withCausal.
Scenario withWindow(const Scenario &s, std::optional<std::int64_t> left, std::optional<std::int64_t> right,
                    Alignment alignment);

/// `s` with key `key` (0 ≤ key < n_k) marked as padding (`padding`) or as a real token in
/// key_padding; a key_padding of only real tokens is removed.
Scenario withKeyPadding(const Scenario &s, Index key, bool padding);

/// `s` with every key visible to every query (no causal, window, key_padding or `visible`); the
/// all-masked-row policy and the alignment stay.
Scenario withClearedMask(const Scenario &s);

/// `s` with document ids: `queryIds` (n_q) and `keyIds` (n_k) of attention-gym's document mask
/// (a query sees only keys of its own document). Equal lists with n_q = n_k are written as
/// mask.document_ids, otherwise as query_document_ids and key_document_ids; both empty removes
/// the document mask.
Scenario withDocumentIds(const Scenario &s, const std::vector<std::int64_t> &queryIds,
                         const std::vector<std::int64_t> &keyIds);

/// `s` with the prefix-LM length `prefix` (keys at positions < prefix are exempt from causal;
/// attention-gym's prefix_lm_causal), or without a prefix for std::nullopt. A prefix turns causal
/// on (a prefix without causal would do nothing).
Scenario withPrefixLength(const Scenario &s, std::optional<std::int64_t> prefix);

/// `s` with the policy for rows that see no key set to `policy`.
Scenario withMaskedRowPolicy(const Scenario &s, MaskedRowPolicy policy);

/// The result of the masked-token check of one query (see checkMaskedValues).
struct MaskedValueCheck {
    Index maskedKeys = 0;  ///< keys hidden from the query under the head
    double maxDelta = 0.0; ///< max_c |O'(query, c) − O(query, c)| over the head's d_v entries
    bool computed = false; ///< false when the perturbed copy could not be computed
    std::string error;     ///< why, when !computed
    bool bothNaN = false;  ///< some entry was NaN before and after (counted as unchanged)
};

/// Changes the value rows of every key hidden from `query` under query head `head` (each entry v
/// becomes v + 1000, or 1000 when v is not finite) in a copy of `s`, recomputes it with
/// attn::attend and compares that query's output block (d_v) with `trace` (the trace of `s`).
/// A mask that excludes hidden keys gives maxDelta = 0 exactly; the "uniform" policy of a row
/// that sees no key does not. Indices must be in range.
MaskedValueCheck checkMaskedValues(const Scenario &s, const AttentionTrace &trace, int head, Index query);

} // namespace attn::ui
