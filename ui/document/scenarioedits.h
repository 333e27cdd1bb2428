// Structural edits of a scenario (tokens and feature columns), as plain functions.
// Each keeps every per-token part consistent: tokens, raw scores, visible masks, key padding,
// positions and additive parameters. No Qt; the document wraps them in undo commands.
#pragma once

#include "core/scenario.h"

#include <string>

namespace attn::doc::edits {

/// n_q: rows of Q, or of the raw scores when Q is absent.
int queryCount(const Scenario &s);
/// n_k: rows of V (= rows of K).
int keyCount(const Scenario &s);

/// "q<row+1>" and "k<row+1>": the label of a token of a scenario without token labels.
std::string defaultQueryLabel(int row);
std::string defaultKeyLabel(int row);

/// Appends a query: a zero row in Q (n_q, H_q·d_k) and in each raw score matrix (n_q, n_k), a
/// visible row in each explicit mask, a token "q<n_q+1>" (unique), the next position if
/// positions are explicit. Unnamed tokens get their default labels first.
void appendQuery(Scenario &s);
/// Removes query `row` (0 ≤ row < n_q) from everything appendQuery touches.
void removeQuery(Scenario &s, int row);

/// Appends a key: a zero row in K (n_k, H_kv·d_k) and V (n_k, H_kv·d_v), a zero column in each
/// raw score matrix, a visible column in each explicit mask, a real (non-padding) entry in the
/// key padding, a token "k<n_k+1>" (unique), the next position if positions are explicit.
void appendKey(Scenario &s);
/// Removes key `row` (0 ≤ row < n_k) from everything appendKey touches.
void removeKey(Scenario &s, int row);

/// d_k + 1: a zero column at the end of every head block of Q and K (and of W_q, W_k).
/// Requires Q and K to be present.
void appendKeyDim(Scenario &s);
/// d_k − 1: removes column `dim` (0 ≤ dim < d_k) of every head block of Q and K (and W_q, W_k).
void removeKeyDim(Scenario &s, int dim);

/// d_v + 1: a zero column at the end of every head block of V.
void appendValueDim(Scenario &s);
/// d_v − 1: removes column `dim` (0 ≤ dim < d_v) of every head block of V.
void removeValueDim(Scenario &s, int dim);

} // namespace attn::doc::edits
