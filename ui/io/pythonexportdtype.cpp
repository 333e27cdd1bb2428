// The helpers of a NumPy script for a scenario with a reduced dtype: the simulation of
// core/lowprecision.h in NumPy, operation for operation, so that it meets the app's numbers
// exactly (they are values of the dtype; an addition in another order would differ).
#include "ui/io/pythonexportparts.h"

namespace attn::io::py {

const char *dtypeHelpers()
{
    return R"PY(
# --- Reduced precision: tensors stored in DTYPE, arithmetic in float32 (mixed precision, as in
# half-precision FlashAttention and PyTorch's SDPA); the same operations in the same order as the app.
BFLOAT16_MAX = (2.0 - 2.0 ** -7) * 2.0 ** 127


def stored(x):
    """x rounded to DTYPE, ties to even, beyond its largest finite value +-inf; held in float32,
    which holds every value of float32, float16 and bfloat16 exactly."""
    x = np.asarray(x, dtype=float)
    if DTYPE == "float32":
        return x.astype(np.float32)
    if DTYPE == "float16":
        return x.astype(np.float16).astype(np.float32)
    # bfloat16 has no NumPy type: 8 significand bits and float32's exponents, rounded by hand.
    magnitude = np.abs(x)
    _, e = np.frexp(magnitude)  # magnitude = m * 2**e with m in [1/2, 1)
    quantum = np.maximum(e - 1, -126) - 7  # bfloat16's spacing around magnitude is 2**quantum
    r = np.ldexp(np.rint(np.ldexp(magnitude, -quantum)), quantum)  # rint: ties to even
    r = np.where(r > BFLOAT16_MAX, inf, r)
    return np.where(np.isfinite(x) & (x != 0), np.copysign(r, x), x).astype(np.float32)


def libm(f, x):
    """f (math.exp, math.tanh, math.cos, math.sin) of every entry in float64, by the C library, as
    the app computes them before rounding to float32. An overflow is inf, as in C."""
    def one(t):
        try:
            return f(t)
        except OverflowError:
            return inf
    x = np.asarray(x, dtype=float)
    return np.array([one(t) for t in x.ravel()], dtype=float).reshape(x.shape)


def sum_in_order(x, axis):
    """x summed along `axis` in float32, one term after another from the first, as the app's loops
    add (x.sum() pairs the terms up, which rounds differently)."""
    x = np.asarray(x, dtype=np.float32)
    if x.shape[axis] == 0:
        return np.zeros(tuple(n for a, n in enumerate(x.shape) if a != axis % x.ndim), dtype=np.float32)
    return np.add.accumulate(x, axis=axis, dtype=np.float32).take(-1, axis=axis)


def rope_in_dtype(x, pos, base, interleaved, r):
    """RoPE on stored q or k: cos and sin rounded to float32, each pair turned in float32 and
    stored again. Pairs and angles as rope()."""
    out, half = x.copy(), r // 2
    for p in range(half):
        theta = pos.astype(float) * base ** (-2.0 * p / r)
        c = libm(math.cos, theta).astype(np.float32)
        s = libm(math.sin, theta).astype(np.float32)
        a, b = (2 * p, 2 * p + 1) if interleaved else (p, p + half)
        out[:, a] = stored(x[:, a] * c - x[:, b] * s)
        out[:, b] = stored(x[:, a] * s + x[:, b] * c)
    return out


def additive_in_dtype(q, k, A_q, A_k, a_v):
    """v^T tanh(W_q q + W_k k) from stored weights: each projection summed in float32, tanh rounded
    to float32."""
    wq, wk, av = stored(A_q), stored(A_k), stored(a_v)
    a = sum_in_order(wq[None, :, :] * q[:, None, :], axis=2)  # (n_q, h)
    b = sum_in_order(wk[None, :, :] * k[:, None, :], axis=2)  # (n_k, h)
    t = libm(math.tanh, a[:, None, :] + b[None, :, :]).astype(np.float32)  # (n_q, n_k, h)
    return sum_in_order(av[None, None, :] * t, axis=2)  # (n_q, n_k)


def softmax_in_dtype(logits, visible, v, policy, sink):
    """softmax_rows() in float32 over stored logits: m the largest visible logit (and the sink),
    e_j = exp(l_j - m) in float32, the sum in key order (the sink's term last), each weight stored,
    each output entry summed in float32 over the keys with a non-zero weight and stored.
    IEEE throughout: a +inf logit makes its row NaN."""
    n_q, n_k = logits.shape
    weights = np.zeros((n_q, n_k), dtype=np.float32)
    output = np.zeros((n_q, v.shape[1]), dtype=np.float32)
    sink_weights = np.zeros(n_q, dtype=np.float32)
    for i in range(n_q):
        seen = visible[i]
        if not seen.any():
            if sink is not None:
                sink_weights[i] = 1.0  # the sink takes the whole row: no value is read
                continue
            if policy == "nan":
                weights[i], output[i] = nan, nan
            if policy != "uniform":
                continue
            weights[i] = stored(np.float32(1.0) / np.float32(n_k))
            used = weights[i] != 0
        else:
            row = logits[i, seen]
            m = np.max(np.where(np.isnan(row), np.float32(-inf), row))  # a NaN logit is not a maximum
            if sink is not None and not m >= sink:
                m = sink
            e = libm(math.exp, row - m).astype(np.float32)
            total = sum_in_order(e, axis=0)
            if sink is not None:
                sink_term = np.float32(libm(math.exp, sink - m))
                total = total + sink_term
                sink_weights[i] = stored(sink_term / total)
            weights[i, seen] = stored(e / total)
            used = seen & (weights[i] != 0)
        output[i] = stored(sum_in_order(weights[i, used][:, None] * v[used], axis=0))
    return weights, output, sink_weights

)PY";
}

} // namespace attn::io::py
