// The mask editor's words: the mask summary, the note beside a row that sees no key, why a cell
// is masked, and the line of the masked-token check. Text only; the numbers come from the trace
// and from checkMaskedValues (maskedits.h).
#pragma once

#include "core/mask.h"

#include <QString>

namespace attn::ui {

struct MaskedValueCheck;

/// One line naming the parts of `s`'s mask, e.g. "Mask: causal · key_padding: 1 padded · a row
/// with no visible key: “zero”". `n_q`, `n_k` are the scenario's sizes (the alignment is named
/// when they differ and positions matter).
QString maskSummaryText(const Scenario &s, Index n_q, Index n_k);

/// The note beside a row with no visible key under `policy`, e.g. "sees no key · policy “zero”:
/// weights 0, output 0".
QString emptyRowNote(MaskedRowPolicy policy);

/// The lines of a cell's tooltip that say why key `key` (labelled `keyLabel`) is hidden from
/// query `query` under head `head`: one "• causal: key position 2 > query position 0" line per
/// part of the mask that hides it. Empty when the cell is visible.
QString maskedReasonsText(const Scenario &s, const Positions &positions, int head, Index query, Index key,
                          const QString &keyLabel);

/// The masked-token check line for query `queryLabel`; *passed (if given) is true when the
/// output moved by at most `tolerance` (or there was nothing to change).
QString maskedValueCheckText(const MaskedValueCheck &check, const QString &queryLabel, MaskedRowPolicy policy,
                             double tolerance, bool *passed);

} // namespace attn::ui
