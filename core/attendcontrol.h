// attendControlled(): attend() that a caller on another thread can follow and stop (the window
// computes large scenarios off its interface thread).
#pragma once

#include "core/attention.h"

#include <functional>
#include <stdexcept>
#include <vector>

namespace attn {

/// Thrown by attendControlled() when its AttendControl says the caller no longer wants the result.
class AttendCancelled : public std::runtime_error {
public:
    AttendCancelled() : std::runtime_error("attention cancelled") {}
};

/// How a caller follows and stops a long attend(). Both are called on attend()'s thread, before
/// each query head and once at the end; either may be empty.
struct AttendControl {
    std::function<bool()> cancelled;                   ///< true: stop; AttendCancelled is thrown
    std::function<void(int done, int total)> progress; ///< query heads done of H_q
    /// (H_q) the query heads to compute, or empty for every head. A head left out keeps empty
    /// logits, visibility, weights and output, zero columns in the trace's output and no
    /// fully_masked_rows entries: the caller merges the heads it asked for into a trace it has
    /// (an edit of one head's Q columns, or of one K/V head, changes only the heads reading it).
    std::vector<bool> heads;
};

/// attend(scenario), asking `control` before each query head whether to go on (so a cancel takes
/// effect within one head's work) and telling it how many heads are done, for the heads
/// control.heads names. The heads computed equal attend()'s exactly (the same operations in the
/// same order). Throws what attend() throws (for the heads computed), AttendCancelled when
/// control.cancelled() is true, and std::invalid_argument when control.heads has a size other
/// than H_q.
AttentionTrace attendControlled(const Scenario &scenario, const AttendControl &control);

} // namespace attn
