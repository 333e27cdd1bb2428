#include "core/kernels/registry.h"

#include <array>
#include <sstream>

namespace attn::kernels {

namespace {

std::optional<std::string> acceptsAll(const Scenario &)
{
    return std::nullopt;
}

/// The fast kernels compute in float64 for the trace (the benchmark times them in float32); the
/// storage types of `dtype` are simulated by the naive reference only (core/lowprecision.h).
std::optional<std::string> reducedPrecision(const Scenario &s, const char *kernel)
{
    if (s.dtype == Precision::Float64) return std::nullopt;
    return std::string("\"") + kernel + "\" computes the trace in float64 and cannot simulate dtype = \"" +
           toString(s.dtype) + "\"; use \"naive\", which rounds every stored tensor to it";
}

std::optional<std::string> softmaxTiles(const Scenario &s, const char *kernel)
{
    if (auto refusal = reducedPrecision(s, kernel)) return refusal;
    if (s.score == ScoreKind::Additive) {
        return std::string("\"") + kernel +
               "\" multiplies tiles of Q and Kᵀ and cannot compute score = \"additive\"; use \"naive\"";
    }
    return std::nullopt;
}

std::optional<std::string> tiledRefusal(const Scenario &s)
{
    return softmaxTiles(s, "tiled");
}
std::optional<std::string> windowedRefusal(const Scenario &s)
{
    return softmaxTiles(s, "windowed");
}

std::optional<std::string> linearRefusal(const Scenario &s)
{
    if (s.score == ScoreKind::Additive) {
        return std::string("\"linear\" needs features φ(q)·φ(k) of Q and K; score = \"additive\" has none");
    }
    if (!s.scores.empty()) {
        return std::string(
            "\"linear\" applies φ = elu + 1 to Q and K; raw \"scores\" cannot be split into them");
    }
    if (s.softcap) {
        return std::string("\"linear\" weights φ(q)·φ(k) are not softmax logits; softcap has nothing to "
                           "cap (use a softmax kernel)");
    }
    if (!s.sinks.empty()) {
        return std::string("\"linear\" normalises φ(q)·φ(k) without a softmax; sinks (extra softmax "
                           "logits) have no meaning there (use a softmax kernel)");
    }
    if (auto refusal = reducedPrecision(s, "linear")) return refusal;
    if (s.positional.kind == PositionalKind::Rope || s.positional.kind == PositionalKind::Alibi) {
        return std::string("\"linear\" has no softmax logits for positional = \"") +
               toString(s.positional.kind) + "\" to act on; use a softmax kernel";
    }
    if (s.scale) {
        std::ostringstream out;
        out << "\"linear\" weights φ(q)·φ(k) have no scale, but scale = " << *s.scale << " was set";
        return out.str();
    }
    if (s.temperature != 1.0) {
        std::ostringstream out;
        out << "\"linear\" weights φ(q)·φ(k) have no temperature, but temperature = " << s.temperature
            << " was set";
        return out.str();
    }
    return std::nullopt;
}

const std::array<KernelInfo, 4> kRegistry{{
    {KernelKind::Naive, "naive", "Reference: materialises the n_q × n_k scores and weights; O(n²) memory.",
     true, &acceptsAll},
    {KernelKind::Tiled, "tiled",
     "FlashAttention-2 online softmax over query and key tiles: exact, O(n·d) memory, fully masked tiles "
     "skipped, still O(n²) arithmetic.",
     true, &tiledRefusal},
    {KernelKind::Windowed, "windowed",
     "Banded softmax over the keys a local window leaves visible: exact, O(n·w) time; without a window the "
     "band is every key.",
     true, &windowedRefusal},
    {KernelKind::Linear, "linear",
     "Linear attention with φ = elu + 1: O(n·d²) via K/V summaries or prefix sums; a different "
     "normalisation, not softmax.",
     false, &linearRefusal},
}};

} // namespace

std::span<const KernelInfo> kernelRegistry()
{
    return kRegistry;
}

const KernelInfo &kernelInfo(KernelKind kind)
{
    for (const KernelInfo &info : kRegistry)
        if (info.kind == kind) return info;
    return kRegistry.front();
}

std::optional<KernelKind> kernelFromName(std::string_view name)
{
    for (const KernelInfo &info : kRegistry)
        if (name == info.name) return info.kind;
    return std::nullopt;
}

std::optional<std::string> kernelRefusal(const Scenario &scenario)
{
    return kernelInfo(scenario.kernel).refusal(scenario);
}

} // namespace attn::kernels
