// One batch of training or evaluation sequences, as the tasks make them and the model reads them.
#pragma once

#include "core/tensor.h"

#include <cstdint>
#include <vector>

namespace attn::train {

/// B sequences of T tokens, row-major (example b, position t at b·T + t). The model reads
/// tokens[b·T + t] at position t and is scored, where loss_mask is 1, on predicting
/// targets[b·T + t] there (for a language-model task the next token). Targets under a 0 mask
/// are ignored and may be any value.
struct Batch {
    Index batch_size = 0;                ///< B
    Index seq_len = 0;                   ///< T
    std::vector<int> tokens;             ///< (B, T) input token ids
    std::vector<int> targets;            ///< (B, T) target token ids
    std::vector<std::uint8_t> loss_mask; ///< (B, T) 1 = this prediction is scored

    /// An empty batch of the given size (tokens 0, targets 0, mask 0).
    static Batch zeros(Index batchSize, Index seqLen)
    {
        Batch b;
        b.batch_size = batchSize;
        b.seq_len = seqLen;
        const auto n = static_cast<std::size_t>(batchSize * seqLen);
        b.tokens.assign(n, 0);
        b.targets.assign(n, 0);
        b.loss_mask.assign(n, 0);
        return b;
    }
};

} // namespace attn::train
