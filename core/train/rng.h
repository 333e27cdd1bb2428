// A small counter-based random number generator for the training engine: seeded initialisation
// and seeded data that give the same numbers on every standard library (no std::*_distribution).
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <string_view>

namespace attn::train {

/// The SplitMix64 output function (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
/// generators"): a bijective mix of 64 bits, so distinct inputs give distinct outputs.
constexpr std::uint64_t mix64(std::uint64_t x)
{
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// FNV-1a hash of a name (for example a parameter's), used to give every tensor its own stream.
constexpr std::uint64_t hashName(std::string_view name)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : name) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

/// A SplitMix64 stream: draw i of the stream with key k is mix64(k + (i + 1)·γ), γ = 2⁶⁴/φ.
/// The key mixes a seed with up to three stream numbers (what the numbers are for, a step, an
/// example), so any example of any step can be drawn directly, in any order, on any thread.
/// Every value below is computed from the raw 64-bit draws by formulas written here, so a seed
/// gives the same numbers with every compiler and standard library.
/// 128-bit unsigned integer (a GCC/Clang extension) for the full product of two 64-bit draws.
__extension__ typedef unsigned __int128 Uint128;

class Rng {
public:
    explicit Rng(std::uint64_t seed, std::uint64_t stream = 0, std::uint64_t sub = 0,
                 std::uint64_t subsub = 0)
        : m_state(mix64(mix64(mix64(mix64(seed) ^ stream) ^ sub) ^ subsub))
    {
    }

    /// The next 64 raw bits.
    std::uint64_t next()
    {
        m_state += 0x9e3779b97f4a7c15ULL;
        return mix64(m_state);
    }

    /// Uniform in [0, 1): the top 53 bits of one draw times 2⁻⁵³.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// Standard normal N(0, 1) by the Box–Muller transform (Box & Muller 1958) from two draws:
    /// √(−2 ln u₁) · cos(2π u₂) with u₁ = 1 − uniform() in (0, 1].
    double normal()
    {
        const double u1 = 1.0 - uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
    }

    /// Uniform integer in [0, n), n ≥ 1, without bias: Lemire's multiply-and-reject
    /// (Lemire 2019, "Fast random integer generation in an interval", Algorithm 5).
    std::uint64_t below(std::uint64_t n)
    {
        Uint128 m = static_cast<Uint128>(next()) * n;
        auto low = static_cast<std::uint64_t>(m);
        if (low < n) {
            const std::uint64_t threshold = (0 - n) % n;
            while (low < threshold) {
                m = static_cast<Uint128>(next()) * n;
                low = static_cast<std::uint64_t>(m);
            }
        }
        return static_cast<std::uint64_t>(m >> 64);
    }

    /// Uniform integer in [lo, hi], lo ≤ hi.
    int between(int lo, int hi)
    {
        return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo) + 1));
    }

private:
    std::uint64_t m_state;
};

} // namespace attn::train
