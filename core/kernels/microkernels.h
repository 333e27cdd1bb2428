// Register-blocked building blocks of the fast float path of the tiled kernel, written with
// Eigen's packet math (AVX-512 or AVX2 + FMA under -march=native on x86-64, SSE2 in a portable
// build, NEON on ARM): a small GEMM whose lanes are queries, and a vectorised 2^t for t ≤ 0.
// Internal to core/kernels (tiled.cpp); not part of the public API.
#pragma once

#include "core/tensor.h"

#include <Eigen/Core>

#include <type_traits>

namespace attn::kernels::micro {

namespace ei = Eigen::internal;

/// Vector registers the build targets: 32 with AVX-512 (zmm0–31) and on AArch64 (v0–31), 16
/// with AVX2 or SSE on x86-64.
#if defined(EIGEN_VECTORIZE_AVX512) || defined(__aarch64__)
inline constexpr int kVectorRegisters = 32;
#else
inline constexpr int kVectorRegisters = 16;
#endif

/// Packet geometry. A micro-tile is kRows rows × kLanes lanes (kPackets packets per row), held in
/// kRows·kPackets accumulator registers, plus kPackets registers for a row of B and one for the
/// broadcast entry of A. Each step of the depth loads kPackets packets and kRows broadcasts for
/// kRows·kPackets FMAs:
/// - 16 registers (AVX2, SSE): 6 × 2 = 12 accumulators, 8 loads per 12 FMAs;
/// - 32 registers (AVX-512, NEON): 6 × 4 = 24 accumulators, 10 loads per 24 FMAs, so that the
///   two load ports keep up with two FMA ports. (8 × 3 also fits, but its 3-packet lane blocks
///   do not divide power-of-two query tiles.)
template <typename Scalar> struct Geometry {
    using Packet = typename ei::packet_traits<Scalar>::type;
    static constexpr int kWidth = ei::unpacket_traits<Packet>::size; ///< scalars per packet
    static constexpr int kPackets = kVectorRegisters >= 32 ? 4 : 2;
    static constexpr int kLanes = kWidth * kPackets; ///< lanes of one micro-tile
    static constexpr int kRows = 6;
    static_assert(kRows * kPackets + kPackets + 1 <= kVectorRegisters,
                  "the micro-tile must fit the registers");
};

/// Whether the fast path pays off: measured with 8-wide packets and FMA (AVX2, -march=native);
/// with SSE2's 4-wide packets and no FMA (a portable build) Eigen's own products are faster.
inline constexpr bool kFastPathProfitable = Geometry<float>::kWidth >= 8;

/// One micro-tile: for r < M and the kLanes lanes l,
///   C[r·ldc + l] (+)= Σ_{k < depth} A[r·ars + k·acs] · B[k·ldb + l]
/// A is read by broadcasting single entries (any strides), B and C by whole packets.
template <int M, bool Accumulate, typename Scalar>
inline void microTile(const Scalar *a, Index ars, Index acs, const Scalar *b, Index ldb, Index depth,
                      Scalar *c, Index ldc)
{
    using G = Geometry<Scalar>;
    using Packet = typename G::Packet;
    Packet acc[M][G::kPackets];
    for (int r = 0; r < M; ++r)
        for (int p = 0; p < G::kPackets; ++p)
            acc[r][p] =
                Accumulate ? ei::ploadu<Packet>(c + r * ldc + p * G::kWidth) : ei::pset1<Packet>(Scalar(0));
    for (Index k = 0; k < depth; ++k) {
        Packet bk[G::kPackets];
        for (int p = 0; p < G::kPackets; ++p) bk[p] = ei::ploadu<Packet>(b + k * ldb + p * G::kWidth);
        for (int r = 0; r < M; ++r) {
            const Packet ar = ei::pset1<Packet>(a[r * ars + k * acs]);
            for (int p = 0; p < G::kPackets; ++p) acc[r][p] = ei::pmadd(ar, bk[p], acc[r][p]);
        }
    }
    for (int r = 0; r < M; ++r)
        for (int p = 0; p < G::kPackets; ++p) ei::pstoreu(c + r * ldc + p * G::kWidth, acc[r][p]);
}

/// C (rows, lanes) (+)= A (rows, depth) · B (depth, lanes), lanes a multiple of kLanes.
/// A(r, k) = a[r·ars + k·acs]; B(k, l) = b[k·ldb + l]; C(r, l) = c[r·ldc + l].
/// Row blocks of kRows outside, lane blocks inside: a block of A stays in L1 while B streams.
template <bool Accumulate, typename Scalar>
void gemmLanes(Index rows, Index lanes, Index depth, const Scalar *a, Index ars, Index acs, const Scalar *b,
               Index ldb, Scalar *c, Index ldc)
{
    using G = Geometry<Scalar>;
    Index r0 = 0;
    auto block = [&](auto rowsConst) {
        constexpr int R = decltype(rowsConst)::value;
        for (Index l0 = 0; l0 < lanes; l0 += G::kLanes)
            microTile<R, Accumulate>(a + r0 * ars, ars, acs, b + l0, ldb, depth, c + r0 * ldc + l0, ldc);
        r0 += R;
    };
    while (rows - r0 >= G::kRows) block(std::integral_constant<int, G::kRows>{});
    switch (rows - r0) {
    case 5: block(std::integral_constant<int, 5>{}); break;
    case 4: block(std::integral_constant<int, 4>{}); break;
    case 3: block(std::integral_constant<int, 3>{}); break;
    case 2: block(std::integral_constant<int, 2>{}); break;
    case 1: block(std::integral_constant<int, 1>{}); break;
    default: break;
    }
}

/// Coefficients of p(f) ≈ 2^f on [−½, ½], p(0) = 1: a weighted least-squares fit of the relative
/// error on Chebyshev nodes, refined by Lawson's reweighting; max relative error 1.1e-7 in
/// float (about one float rounding).
inline constexpr float kExp2Poly[6] = {1.0f,          0.693147004f,   0.240222424f,
                                       0.0555073358f, 0.00967151299f, 0.00132647273f};

/// 2^t entry by entry for t ≤ 0 (float packets): t = n + f with n = round(t), f ∈ [−½, ½];
/// 2^t = p(f) · 2^n, 2^n built in the exponent bits. Every t ≤ −127 (−∞ included) gives exactly
/// 0, as std::exp underflows, and t in (−127, −126] gives 0 or a number below the smallest
/// normal float: weights under ~1e-38 are flushed. Relative error ≤ 2e-7 elsewhere. Twelve
/// packet operations; t must not be NaN or +∞ (the callers guarantee finite logits).
template <typename Packet> inline Packet pexp2NonPositive(Packet t)
{
    static_assert(std::is_same_v<typename ei::unpacket_traits<Packet>::type, float>, "float packets only");
    using PacketI = typename ei::unpacket_traits<Packet>::integer_packet;
    t = ei::pmax(t, ei::pset1<Packet>(-127.0f));
    const Packet n = ei::print(t);
    const Packet f = ei::psub(t, n);
    Packet p = ei::pset1<Packet>(kExp2Poly[5]);
    p = ei::pmadd(p, f, ei::pset1<Packet>(kExp2Poly[4]));
    p = ei::pmadd(p, f, ei::pset1<Packet>(kExp2Poly[3]));
    p = ei::pmadd(p, f, ei::pset1<Packet>(kExp2Poly[2]));
    p = ei::pmadd(p, f, ei::pset1<Packet>(kExp2Poly[1]));
    p = ei::pmadd(p, f, ei::pset1<Packet>(kExp2Poly[0]));
    // 2^n for n in [−127, 0]: biased exponent n + 127 in [0, 127]; 0 encodes +0.0.
    const PacketI e = ei::padd(ei::pcast<Packet, PacketI>(n), ei::pset1<PacketI>(127));
    return ei::pmul(p, ei::preinterpret<Packet>(ei::plogical_shift_left<23>(e)));
}

} // namespace attn::kernels::micro
