// The scenario rules of the position view (lesson 11): placing one query/key pair at every
// distance, reversing the keys, and the edits its controls make (ALiBi slope, window).
#pragma once

#include "core/scenario.h"

namespace attn::ui {

/// Curves: the score (logit) of query `query` (its row of Q) and key `key` (its row of K) of
/// `scenario` in query head `head`, with the pair placed at distance d = pos_q − pos_k for
/// d = 0 … maxDistance, under positional scheme `kind` (the scenario's own RoPE base and layout,
/// ALiBi slopes, score kind, scale and temperature; masks dropped). Computed by attend() on a
/// scenario of one query at position maxDistance and maxDistance + 1 copies of the key at
/// positions maxDistance … 0. Returns (maxDistance + 1) values; throws ScenarioError when that
/// scenario is invalid (e.g. RoPE with an odd d_k, or raw scores).
Vector scoreByDistance(const Scenario &scenario, int head, int query, int key, int maxDistance,
                       PositionalKind kind);

/// `scenario` with its keys in reverse order: rows of K and V, key labels, key padding, the
/// columns of raw scores and of explicit visible masks. Positions stay with the slots (key j
/// is still at position j), so each token moves to a new position.
Scenario withKeysReversed(const Scenario &scenario);

/// The ALiBi slope of query head `head`: the scenario's explicit slope, or the standard one for
/// H_q heads (Press et al. 2022, §3); 0 for a head out of range.
double effectiveAlibiSlope(const Scenario &scenario, int head);

/// `scenario` with explicit ALiBi slopes (the standard ones written out first when it has none)
/// and `slope` for query head `head` (0 ≤ head < H_q).
Scenario withAlibiSlope(const Scenario &scenario, int head, double slope);

/// How far the scenario's window reaches: its left bound, else its right bound; −1 when there is
/// no window (or an unbounded one).
int windowReach(const Scenario &scenario);

/// `scenario` with a window of `reach` positions on each side (left = right = reach), or without
/// a window for reach < 0. A window that only looked back (right = 0) keeps right = 0. When
/// n_q ≠ n_k without an alignment or explicit positions, the alignment becomes bottom_right (a
/// window needs positions).
Scenario withWindowReach(const Scenario &scenario, int reach, int n_q, int n_k);

} // namespace attn::ui
