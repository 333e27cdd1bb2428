// One source → target pair of the encoder–decoder's tasks.
#pragma once

#include <vector>

namespace attn::train {

/// A source sequence and the target the decoder learns to write for it (token ids of one shared
/// vocabulary). Lengths may differ between examples of one batch: every example is its own
/// recurrence.
struct Seq2SeqExample {
    std::vector<int> source; ///< (S) S ≥ 1
    std::vector<int> target; ///< (n) n ≥ 1, scored at every position
};

} // namespace attn::train
