// One table of every attention kernel: its name, what it does, which scenarios it refuses and
// whether it computes exact softmax attention.
#pragma once

#include "core/scenario.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace attn::kernels {

/// One kernel of the registry.
struct KernelInfo {
    KernelKind kind;
    const char *name;        ///< the scenario file's name: "naive", "tiled", "windowed", "linear"
    const char *description; ///< one line for menus, tooltips and the command line
    bool exact_softmax;      ///< equals the naive softmax reference up to rounding
    /// Why this kernel cannot run `scenario` (one line naming the kernel and the conflicting
    /// field, e.g. score = "additive"), or empty when it can.
    /// Assumes `validate` passed.
    std::optional<std::string> (*refusal)(const Scenario &scenario);
};

/// Every kernel, in menu order: naive, tiled, windowed, linear.
///
/// What each accepts:
/// - naive: everything, and the only one to simulate a reduced dtype (float32, float16,
///   bfloat16: core/lowprecision.h); the fast kernels refuse a dtype other than float64.
/// - tiled, windowed: everything but additive scoring (its score is not a product of a Q tile
///   and a K tile, so the GEMM structure the kernels exist for is gone); raw score matrices are
///   read tile by tile; softcap (on the generic path), sinks, partial rotary, document ids and
///   prefix lengths exactly. windowed accepts scenarios without a window: its band is then the
///   causal prefix or every key (still exact, but O(n_q·n_k), as the description says).
/// - linear (not softmax): Q and K with plain or scaled dot scoring, causal, key padding, windows,
///   explicit visible matrices, document ids and prefix lengths (the last four by its explicit
///   path). It refuses softcap and sinks (softmax logits it does not have), raw scores
///   and additive scoring (φ needs q and k), RoPE and ALiBi (they act on softmax logits, which
///   linear attention does not have), and an explicit scale or a temperature ≠ 1 (φ(q)·φ(k) has
///   no scale; silently ignoring a setting the user chose would mislead). The default 1/√d_k
///   scale of scaled_dot is a softmax convention and is simply not used. A dtype other than float64 is
///   refused, as by every fast kernel.
std::span<const KernelInfo> kernelRegistry();

/// The registry entry of `kind`.
const KernelInfo &kernelInfo(KernelKind kind);

/// The kernel called `name` (as in the scenario file), or empty when there is none.
std::optional<KernelKind> kernelFromName(std::string_view name);

/// Why `scenario.kernel` cannot run `scenario`, or empty. Assumes `validate` passed.
std::optional<std::string> kernelRefusal(const Scenario &scenario);

} // namespace attn::kernels
