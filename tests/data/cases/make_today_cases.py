"""Writes the reference cases 20-27 (softcap, sinks, partial rotary, document and prefix masks,
float16 and bfloat16) with their expected results, computed here from the formulas of the
scenario format and independently of the C++ engine.

Run from this folder with a Python that has NumPy: python3 make_today_cases.py

float64 cases: plain NumPy in float64. Reduced-precision cases follow the dtype semantics of the
README: tensors rounded to the dtype (float16 by NumPy's float64 -> float16 conversion,
bfloat16 by exact rational rounding below), every arithmetic step one float32 operation, exp
and tanh as float64 results rounded to float32.
"""

import json
import math
from fractions import Fraction

import numpy as np

f32 = np.float32


def header(title, comment=None):
    d = {"format": "attention-lab.scenario", "version": 1, "title": title}
    if comment:
        d["comment"] = comment
    return d


def write(name, scenario, expect):
    scenario = dict(scenario)
    scenario["expect"] = expect
    with open(name, "w", encoding="utf-8") as f:
        json.dump(scenario, f, indent=1, ensure_ascii=False)


def tolist(a):
    """Nested lists of floats; NaN as None (the result format writes NaN as null)."""
    a = np.asarray(a, dtype=np.float64)
    if a.ndim == 0:
        return None if math.isnan(a) else float(a)
    return [tolist(x) for x in a]


# ---- float64 reference: logits, masked softmax with an optional sink, output ----------------


def softmax_rows(logits, visible, sink=None, policy="zero"):
    """weights (n_q, n_k), sink weights (n_q) of one head in float64."""
    nq, nk = logits.shape
    w = np.zeros((nq, nk))
    sw = np.zeros(nq)
    masked = []
    for i in range(nq):
        idx = [j for j in range(nk) if visible[i, j]]
        if not idx:
            masked.append(i)
            if sink is not None:
                sw[i] = 1.0
            elif policy == "nan":
                w[i, :] = np.nan
            elif policy == "uniform":
                w[i, :] = 1.0 / nk
            continue
        terms = [logits[i, j] for j in idx] + ([sink] if sink is not None else [])
        m = max(terms)
        den = sum(math.exp(t - m) for t in terms)
        for j in idx:
            w[i, j] = math.exp(logits[i, j] - m) / den
        if sink is not None:
            sw[i] = math.exp(sink - m) / den
    return w, sw, masked


def rope(x, positions, base, layout, r):
    """Partial rotary: the first r features rotate, pair p at angle pos * base^(-2p/r)."""
    out = np.array(x, dtype=np.float64)
    for i, pos in enumerate(positions):
        for p in range(r // 2):
            theta = pos * base ** (-2.0 * p / r)
            a, b = (p, p + r // 2) if layout == "half_split" else (2 * p, 2 * p + 1)
            xa, xb = x[i, a], x[i, b]
            out[i, a] = xa * math.cos(theta) - xb * math.sin(theta)
            out[i, b] = xa * math.sin(theta) + xb * math.cos(theta)
    return out


# ---- reduced precision ----------------------------------------------------------------------


def bf16(x):
    """float64 -> bfloat16 (8 significand bits, float32's exponents), ties to even, by exact
    rational arithmetic: an implementation independent of the engine's."""
    x = float(x)
    if math.isnan(x) or math.isinf(x) or x == 0.0:
        return x
    q = Fraction(abs(x))
    e = math.frexp(abs(x))[1] - 1  # exponent of the leading bit
    e = max(e, -126)
    quantum = Fraction(2) ** (e - 7)
    n = q / quantum
    lo = math.floor(n)
    rest = n - lo
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and lo % 2 == 1):
        lo += 1
    y = float(lo * quantum)
    if y > float((2 - Fraction(1, 2**7)) * Fraction(2) ** 127):
        return math.copysign(math.inf, x)
    return math.copysign(y, x)


def to_dtype(x, dtype):
    if dtype == "float16":
        with np.errstate(over="ignore"):
            return float(np.float16(np.float64(x)))
    if dtype == "bfloat16":
        return bf16(x)
    raise ValueError(dtype)


def exp32(x):
    x = float(x)
    if math.isnan(x):
        return f32(math.nan)
    if x == -math.inf:
        return f32(0.0)
    if x == math.inf:
        return f32(math.inf)
    return f32(math.exp(x))


def reduced_head(q, k, v, scale, dtype, visible, sink=None):
    """One head as a kernel storing tensors in `dtype` computes it (dot scoring, no bias)."""
    rq = np.vectorize(lambda x: to_dtype(x, dtype))(q)
    rk = np.vectorize(lambda x: to_dtype(x, dtype))(k)
    rv = np.vectorize(lambda x: to_dtype(x, dtype))(v)
    factor = f32(scale)
    nq, nk = q.shape[0], k.shape[0]
    logits = np.zeros((nq, nk))
    with np.errstate(over="ignore", invalid="ignore"):
        for i in range(nq):
            for j in range(nk):
                acc = f32(0.0)
                for t in range(q.shape[1]):
                    acc = f32(acc + f32(f32(rq[i, t]) * f32(rk[j, t])))
                logits[i, j] = to_dtype(float(f32(acc * factor)), dtype)
        s = None if sink is None else f32(to_dtype(sink, dtype))
        w = np.zeros((nq, nk))
        sw = np.zeros(nq)
        out = np.zeros((nq, v.shape[1]))
        for i in range(nq):
            idx = [j for j in range(nk) if visible[i, j]]
            if not idx:
                sw[i] = 1.0
                continue
            m = f32(-math.inf)
            for j in idx:
                if f32(logits[i, j]) > m:
                    m = f32(logits[i, j])
            if s is not None and not (m >= s):
                m = s
            e = {j: exp32(f32(f32(logits[i, j]) - m)) for j in idx}
            total = f32(0.0)
            for j in idx:
                total = f32(total + e[j])
            if s is not None:
                st = exp32(f32(s - m))
                total = f32(total + st)
                sw[i] = to_dtype(float(f32(st / total)), dtype)
            for j in idx:
                w[i, j] = to_dtype(float(f32(e[j] / total)), dtype)
            for c in range(v.shape[1]):
                acc = f32(0.0)
                for j in idx:
                    if f32(w[i, j]) != 0:
                        acc = f32(acc + f32(f32(w[i, j]) * f32(rv[j, c])))
                out[i, c] = to_dtype(float(acc), dtype)
    return logits, w, sw, out


def max_error(a, b):
    worst = 0.0
    for x, y in zip(np.ravel(a), np.ravel(b)):
        if (math.isnan(x) and math.isnan(y)) or x == y:
            continue
        d = abs(x - y)
        if math.isnan(d):
            return None
        worst = max(worst, d)
    return worst


# ---- the cases ------------------------------------------------------------------------------


def case_softcap_alibi():
    # Two query heads reading one K/V head, dot scores q·k = 4, 4 (row 0) and 2, 2 (row 1),
    # ALiBi slopes 1 and 0.5, softcap c = 2: logit = 2 tanh((q·k − slope |i − j|) / 2).
    s = header("Softcap with ALiBi: logits ← c · tanh(logits / c) after the ALiBi bias (c = 2).",
               "Head 0 (slope 1): row 0 before the cap [4, 3] -> [2 tanh 2, 2 tanh 1.5] = "
               "[1.928, 1.810]; without the cap the gap would be 1, with it 0.118. Head 1 (slope 0.5).")
    s.update({"heads": {"query": 2, "kv": 1}, "Q": [[4, 4], [2, 2]], "K": [[1], [1]],
              "V": [[1, 0], [0, 1]], "score": "dot", "softcap": 2,
              "positional": {"kind": "alibi", "alibi_slopes": [1, 0.5]}})
    q = np.array([[4.0], [2.0]])
    k = np.array([[1.0], [1.0]])
    scores, weights, out = [], [], []
    for slope in (1.0, 0.5):
        raw = q @ k.T - slope * np.abs(np.arange(2)[:, None] - np.arange(2)[None, :])
        logits = 2 * np.tanh(raw / 2)
        w, _, _ = softmax_rows(logits, np.ones((2, 2), bool))
        scores.append(logits)
        weights.append(w)
        out.append(w @ np.eye(2))
    write("20-softcap-alibi.json", s, {"scores": tolist(scores), "weights": tolist(weights),
                                       "output": tolist(np.hstack(out)), "fully_masked_rows": []})


def case_sinks():
    s = header("Sinks with GQA (2 query heads, 1 K/V head) and a fully masked row.",
               "Head 0, sink 0: row 0 logits [1, 0] -> weights e/(e + 2), 1/(e + 2), sink 1/(e + 2). "
               "Head 1, sink 1: logits [2, 0] -> e²/(1 + e + e²), 1/(…), sink e/(…). Row 1 sees no "
               "key: weights 0, output 0 and sink weight 1 although the policy says nan.")
    s.update({"heads": {"query": 2, "kv": 1}, "Q": [[1, 2], [0, 0]], "K": [[1], [0]],
              "V": [[1, 0], [0, 1]], "score": "dot", "sinks": [0, 1],
              "mask": {"visible": [[1, 1], [0, 0]], "all_masked_rows": "nan"}})
    q = np.array([[1.0, 2.0], [0.0, 0.0]])
    k = np.array([[1.0], [0.0]])
    visible = np.array([[1, 1], [0, 0]], bool)
    weights, sinks, out = [], [], []
    for h, sink in enumerate((0.0, 1.0)):
        w, sw, _ = softmax_rows(q[:, h:h + 1] @ k.T, visible, sink)
        weights.append(w)
        sinks.append(sw)
        out.append(w @ np.eye(2))
    write("21-sinks-gqa-masked-row.json", s,
          {"weights": tolist(weights), "sink_weights": tolist(sinks), "output": tolist(np.hstack(out)),
           "fully_masked_rows": [[0, 1], [1, 1]]})


def case_partial_rotary(layout, name):
    s = header(f"Partial rotary, {layout}: d_k = 6, rotary_dim = 4, base 100; features 4 and 5 do not rotate.",
               "Both tokens are [1, 0, 1, 0, 1, 0] at positions 0 and 1. half_split pairs (0, 2) at angle "
               "pos and (1, 3) at pos/10: q1·k0 = 2 cos 1 + 1. interleaved pairs (0, 1) at pos and (2, 3) at "
               "pos/10: q1·k0 = cos 1 + cos 0.1 + 1. Feature 4 adds 1 whatever the distance.")
    x = np.array([[1.0, 0, 1, 0, 1, 0], [1.0, 0, 1, 0, 1, 0]])
    s.update({"Q": x.tolist(), "K": x.tolist(), "V": [[1], [2]], "score": "dot",
              "positional": {"kind": "rope", "rope_base": 100, "rope_layout": layout, "rotary_dim": 4}})
    q = rope(x, [0, 1], 100.0, layout, 4)
    logits = q @ q.T
    w, _, _ = softmax_rows(logits, np.ones((2, 2), bool))
    write(name, s, {"scores": tolist([logits]), "weights": tolist([w]), "output": tolist(w @ [[1.0], [2.0]]),
                    "fully_masked_rows": []})


def case_full_rotary():
    with open("09b-rope-half-split.json", encoding="utf-8") as f:
        today = json.load(f)
    s = header("rotary_dim = d_k is today's RoPE: case 09b with rotary_dim 4 gives the same score.")
    s.update({k: today[k] for k in ("Q", "K", "V", "score", "positions")})
    s["positional"] = dict(today["positional"], rotary_dim=4)
    q = rope(np.array(today["Q"], float), today["positions"]["query"], 10000.0, "half_split", 4)
    k = rope(np.array(today["K"], float), today["positions"]["key"], 10000.0, "half_split", 4)
    score = float((q @ k.T)[0, 0])
    assert abs(score - today["expect"]["scores"][0][0][0]) < 1e-12
    write("22c-rotary-dim-full-is-rope.json", s,
          {"scores": [[[score]]], "weights": [[[1.0]]], "output": [[1.0]], "fully_masked_rows": []})


def case_documents():
    s = header("Document ids with causal and padding: a query sees earlier keys of its own document only.",
               "Documents [0, 0, 1, 1, 2], key 2 padded, all logits 0 (uniform over what is visible): row 0 "
               "sees key 0, row 1 keys 0-1, row 2 only key 2, which is padding (fully masked), row 3 key 3, "
               "row 4 key 4.")
    s.update({"Q": [[0]] * 5, "K": [[0]] * 5, "V": [[1], [2], [3], [4], [5]],
              "mask": {"causal": True, "key_padding": [True, True, False, True, True],
                       "document_ids": [0, 0, 1, 1, 2]}})
    doc = [0, 0, 1, 1, 2]
    pad = [True, True, False, True, True]
    visible = np.array([[j <= i and pad[j] and doc[i] == doc[j] for j in range(5)] for i in range(5)])
    w, _, masked = softmax_rows(np.zeros((5, 5)), visible)
    write("23a-document-ids-causal-padding.json", s,
          {"weights": tolist([w]), "output": tolist(w @ np.arange(1.0, 6.0)[:, None]),
           "fully_masked_rows": [[0, i] for i in masked]})


def case_cross_documents():
    s = header("Query and key document ids (n_q = 2, n_k = 3): query 0 is in document 7, query 1 in 9.")
    s.update({"Q": [[0], [0]], "K": [[0], [0], [0]], "V": [[1], [2], [3]],
              "mask": {"query_document_ids": [7, 9], "key_document_ids": [7, 9, 9]}})
    visible = np.array([[a == b for b in (7, 9, 9)] for a in (7, 9)])
    w, _, _ = softmax_rows(np.zeros((2, 3)), visible)
    write("23b-query-key-document-ids.json", s,
          {"weights": tolist([w]), "output": tolist(w @ [[1.0], [2.0], [3.0]]), "fully_masked_rows": []})


def case_prefix():
    s = header("Prefix-LM: causal with prefix_length 2, so keys 0 and 1 are visible to every query.",
               "visible(i, j) = (j ≤ i or j < 2); all logits 0: row 0 averages keys 0-1 (1.5), row 1 the "
               "same, row 2 keys 0-2 (2), row 3 all four (2.5).")
    s.update({"Q": [[0]] * 4, "K": [[0]] * 4, "V": [[1], [2], [3], [4]],
              "mask": {"causal": True, "prefix_length": 2}})
    visible = np.array([[j <= i or j < 2 for j in range(4)] for i in range(4)])
    w, _, _ = softmax_rows(np.zeros((4, 4)), visible)
    write("24-prefix-lm-causal.json", s,
          {"weights": tolist([w]), "output": tolist(w @ np.arange(1.0, 5.0)[:, None]), "fully_masked_rows": []})


def reduced_case(name, title, comment, q, k, v, dtype, sink=None, scale=None, scores=True):
    s = header(title, comment)
    s.update({"Q": q.tolist(), "K": k.tolist(), "V": v.tolist(), "dtype": dtype})
    if sink is not None:
        s["sinks"] = [sink]
    if scale is not None:
        s["scale"] = scale
    scale = 1.0 / math.sqrt(q.shape[1]) if scale is None else scale
    visible = np.ones((q.shape[0], k.shape[0]), bool)
    logits, w, sw, out = reduced_head(q, k, v, scale, dtype, visible, sink)
    exact = q @ k.T * scale
    w64, _, _ = softmax_rows(exact, visible, sink)
    o64 = w64 @ v
    overflowed = [[0, i, j] for i in range(q.shape[0]) for j in range(k.shape[0])
                  if not math.isfinite(logits[i, j]) and math.isfinite(exact[i, j])]
    expect = {"weights": tolist([w]), "output": tolist(out),
              "fully_masked_rows": [], "overflowed_logits": overflowed,
              "max_abs_error_vs_float64": {"weights": max_error(w, w64), "output": max_error(out, o64)}}
    if scores:  # ±inf logits have no JSON form: then the overflowed list tells them
        expect["scores"] = tolist([logits])
    if sink is not None:
        expect["sink_weights"] = tolist([sw])
    write(name, s, expect)


def main():
    case_softcap_alibi()
    case_sinks()
    case_partial_rotary("half_split", "22a-partial-rotary-half-split.json")
    case_partial_rotary("interleaved", "22b-partial-rotary-interleaved.json")
    case_full_rotary()
    case_documents()
    case_cross_documents()
    case_prefix()
    reduced_case("25a-float16.json", "float16 with a sink: Q, K, V, logits, weights and output rounded to float16.",
                 "0.1 is 0.0999755859375 and 0.3 is 0.300048828125 in float16 (11 significand bits: about three "
                 "decimal digits, as in the weights 0.25634765625, …); the sink logit 0.3 is stored as "
                 "0.300048828125 too. The error against float64 is a few units of 2^-11.",
                 np.array([[0.1, 0.3], [1.7, -2.2]]), np.array([[0.3, 0.7], [1.1, -0.9], [2.5, 0.01]]),
                 np.array([[0.1, 3.3], [-1.9, 0.77], [5.1, 2.2]]), "float16", sink=0.3)
    reduced_case("25b-float16-overflow.json", "float16 overflow of QKᵀ: a logit beyond 65504 becomes ±inf.",
                 "q·k/√2 = 180000/√2 = 127279 > 65504: +inf in float16, and the softmax of its row meets "
                 "inf − inf = NaN (weights and output NaN, written null; the error is NaN too). Row 1's logit "
                 "-127279 becomes -inf, whose weight 0 is what float64 gives as well.",
                 np.array([[300.0, 300.0], [-300.0, -300.0]]), np.array([[300.0, 300.0], [-1.0, -1.0]]),
                 np.array([[1.0], [2.0]]), "float16", scores=False)
    reduced_case("26-bfloat16.json", "bfloat16: float32's range with 8 significand bits.",
                 "Row 0's logit 300·300·2/√2 = 127279 is far beyond float16's 65504 but finite in bfloat16 "
                 "(stored as 127488). But between 256 and 512 bfloat16's numbers are 2 apart, and 299 is a "
                 "tie between 298 and 300 that goes to 300 (even): both keys become [300, 300], so every "
                 "weight is 1/2 where float64 gives [1, 0] (row 0) and [0.53, 0.47] (row 1).",
                 np.array([[300.0, 300.0], [0.1, 0.3]]), np.array([[300.0, 300.0], [299.0, 300.0]]),
                 np.array([[1.01, -2.0], [0.333, 7.0]]), "bfloat16")
    s = header("Sinks of the wrong length: one logit per query head (2 here) is required.")
    s.update({"heads": {"query": 2, "kv": 1}, "Q": [[1, 2]], "K": [[1]], "V": [[1]], "sinks": [0]})
    write("27-error-sinks-wrong-length.json", s, {"error": True, "mentions": ["sinks", "H_q = 2"]})


def float16_fixture():
    """../precision/float16-numpy.json: [x, bits of NumPy's float16(x)] for doubles across the
    range, exact ties between neighbours, their double neighbours, subnormals and the overflow edge."""
    rng = np.random.default_rng(22)
    xs = list(np.exp2(rng.uniform(-30, 17, 1000)) * rng.choice([-1.0, 1.0], 1000))
    xs += list(rng.uniform(0, 2.0**-14, 200))
    halves = np.sort(rng.choice(np.arange(0x0000, 0x7BFF, dtype=np.uint16), 300, replace=False))
    for bits in halves:
        lo = float(np.uint16(bits).view(np.float16))
        hi = float(np.uint16(bits + 1).view(np.float16))
        mid = (lo + hi) / 2  # exact in double
        xs += [mid, math.nextafter(mid, 0.0), math.nextafter(mid, math.inf), -mid]
    xs += [65504.0, 65519.99, 65520.0, math.nextafter(65520.0, 0.0), 1e5, 2.0**-24, 2.0**-25,
           math.nextafter(2.0**-25, 1.0), 1.5 * 2.0**-24, 2.5 * 2.0**-24, 2.0**-14, 1e-300, 5e-324, 0.1, 1 / 3]
    with np.errstate(over="ignore"):
        pairs = [[float(x), int(np.float16(np.float64(x)).view(np.uint16))] for x in xs]
    comment = ("x and the bits of NumPy's float16(x) (round to nearest, ties to even), written by "
               "tests/data/cases/make_today_cases.py")
    with open("../precision/float16-numpy.json", "w", encoding="utf-8") as f:
        f.write('{"comment": %s,\n "pairs": [\n' % json.dumps(comment))
        f.write(",\n".join("  [%r, %d]" % (x, b) for x, b in pairs))
        f.write("\n ]\n}\n")


if __name__ == "__main__":
    main()
    float16_fixture()
