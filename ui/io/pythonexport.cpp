#include "ui/io/pythonexport.h"

#include "ui/io/pythonexportparts.h"

#include "core/mask.h"
#include "core/precision.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace attn::io {

using namespace py;

namespace {

/// The fixed part: the helpers every script shares (softmax over the visible keys with the policy
/// for a row that sees none, RoPE, the standard ALiBi slopes, the comparison).
const char *const kHelpers = R"PY(
def softmax_rows(logits, visible, v, policy, sink=None):
    """Softmax over the visible keys of each row, then the mix of the values.

    logits (n_q, n_k), visible (n_q, n_k) bool, v (n_k, d_v), sink: the head's sink logit or None
    -> weights (n_q, n_k), output (n_q, d_v), sink_weights (n_q).
    The row maximum m is subtracted before exp so that no exponent is positive (exp never
    overflows; the factor exp(-m) cancels). Masked keys are left out of the sum, not given -1e9.
    A sink adds exp(sink - m) to the denominator and reads no value, so the row sums to less than 1.
    A weight of 0 never multiplies a value, so a NaN or inf of a hidden key cannot reach the output.
    """
    n_q, n_k = logits.shape
    weights, output, sink_weights = np.zeros((n_q, n_k)), np.zeros((n_q, v.shape[1])), np.zeros(n_q)
    for i in range(n_q):
        seen = visible[i]
        if not seen.any():  # a row that sees no key: the sink takes it all, else the policy
            if sink is not None:
                sink_weights[i] = 1.0
            elif policy == "nan":
                weights[i], output[i] = nan, nan
            elif policy == "uniform":
                weights[i], output[i] = 1.0 / n_k, v.mean(axis=0)
            continue  # "zero" (and "error", which the app refuses): weights and output 0
        row = logits[i, seen]
        m = np.max(row) if sink is None else max(np.max(row), sink)
        if np.isinf(m):
            m = 0.0  # every visible logit is -inf (or +inf): let exp decide
        e = np.exp(row - m)
        total = e.sum() + (0.0 if sink is None else np.exp(sink - m))
        weights[i, seen] = e / total
        if sink is not None:
            sink_weights[i] = np.exp(sink - m) / total
        used = seen & (weights[i] != 0)
        output[i] = weights[i, used] @ v[used]
    return weights, output, sink_weights


def linear_rows(q, k, visible, v, policy):
    """Linear attention (Katharopoulos et al. 2020): weights phi(q_i).phi(k_j) / sum over visible j,
    phi = elu + 1 (x + 1 for x > 0, exp(x) otherwise). Not softmax: another normalisation."""
    phi = lambda x: np.where(x > 0, x + 1.0, np.exp(np.minimum(x, 0.0)))
    a = phi(q) @ phi(k).T  # (n_q, n_k)
    n_q, n_k = a.shape
    weights, output = np.zeros((n_q, n_k)), np.zeros((n_q, v.shape[1]))
    for i in range(n_q):
        seen = visible[i]
        if not seen.any():
            if policy == "nan":
                weights[i], output[i] = nan, nan
            elif policy == "uniform":
                weights[i], output[i] = 1.0 / n_k, v.mean(axis=0)
            continue
        weights[i, seen] = a[i, seen] / a[i, seen].sum()
        used = seen & (weights[i] != 0)
        output[i] = weights[i, used] @ v[used]
    return weights, output


def rope(x, pos, base, interleaved, r):
    """Rotary position embedding (Su et al. 2021, section 3.4) on the first r dims of each row (r = d:
    all of them; r < d: partial rotary, as GPT-NeoX): feature pair p of token i turns by
    pos_i * base^(-2p/r). Pairs are (p, p + r/2) (half split) or (2p, 2p + 1) (interleaved); the
    dims from r on pass unchanged. x (n, d) -> (n, d)."""
    out = x.copy()
    for p in range(r // 2):
        theta = pos.astype(float) * base ** (-2.0 * p / r)  # (n)
        c, s = np.cos(theta), np.sin(theta)
        a, b = (2 * p, 2 * p + 1) if interleaved else (p, p + r // 2)
        out[:, a] = x[:, a] * c - x[:, b] * s
        out[:, b] = x[:, a] * s + x[:, b] * c
    return out


def alibi_slopes(n):
    """ALiBi's standard slopes (Press et al. 2022): 2^(-8/n)^(h+1) for n a power of two, else those
    of the largest power of two below n and every other slope of twice that."""
    def powers(m):
        start = 2.0 ** (-8.0 / m)
        return [start ** (h + 1) for h in range(m)]
    lower = 1
    while lower * 2 <= n:
        lower *= 2
    slopes = powers(lower)
    slopes += powers(2 * lower)[0::2][: n - lower]
    return np.array(slopes)


def check(name, ours, app, tolerance=1e-9):
    """Ours against the app's, to `tolerance` relative to max(1, |app|); NaN meets NaN."""
    ours, app = np.asarray(ours, dtype=float), np.asarray(app, dtype=float)
    if ours.shape != app.shape:
        sys.exit(f"{name}: shape {ours.shape}, the app's {app.shape}")
    same = (ours == app) | (np.isnan(ours) & np.isnan(app))
    close = np.abs(ours - app) <= tolerance * np.maximum(1.0, np.abs(app))
    bad = np.argwhere(~(same | close))
    if len(bad):
        at = tuple(int(i) for i in bad[0])
        sys.exit(f"{name}{list(at)}: {ours[at]!r} here, {app[at]!r} in the app ({len(bad)} entries differ)")
    print(f"{name} {list(ours.shape)}: agrees to {tolerance:g}")

)PY";

} // namespace

QByteArray pythonScript(const Scenario &s, const AttentionTrace &trace, const QString &sourceName)
{
    const Shapes &sh = trace.shapes;
    const int hq = sh.num_query_heads, hkv = sh.num_kv_heads;
    const bool raw = !s.scores.empty();
    QString out;
    out += QStringLiteral("#!/usr/bin/env python3\nr\"\"\"%1\n\n")
               .arg(s.title.empty() ? QStringLiteral("An Attention Lab scenario")
                                    : QString::fromStdString(s.title).replace(QStringLiteral("\"\"\""),
                                                                              QStringLiteral("'''")));
    out +=
        QStringLiteral("Rebuilds %1 with NumPy alone, step by step, and checks every weight and output\n"
                       "Attention Lab computed for it, to 1e-9. Written by Attention Lab (File > Export as "
                       "Python...).\n\n"
                       "Shapes: n_q = %2 queries, n_k = %3 keys, H_q = %4 query heads, H_kv = %5 K/V heads, "
                       "d_k = %6, d_v = %7.\nRun: python3 this-file.py (NumPy only).\n\"\"\"\n")
            .arg(sourceName.isEmpty() ? QStringLiteral("the scenario") : sourceName)
            .arg(sh.n_q)
            .arg(sh.n_k)
            .arg(hq)
            .arg(hkv)
            .arg(sh.d_k)
            .arg(sh.d_v);
    const bool reduced = s.dtype != Precision::Float64;
    out += QStringLiteral("%1import sys\n\nimport numpy as np\n\nnan, inf = np.nan, np.inf\n")
               .arg(reduced ? QStringLiteral("import math\n") : QString());
    out += QString::fromLatin1(kHelpers);
    if (reduced) {
        out += QString::fromLatin1(dtypeHelpers());
        out += QStringLiteral("DTYPE = \"%1\"  # the scenario's dtype: every tensor below is stored in it\n")
                   .arg(QLatin1String(toString(s.dtype)));
    }
    out += QStringLiteral("np.seterr(all=\"ignore\")  # NaN and inf are data here, as in the app\n\n");
    out += QStringLiteral("n_q, n_k, H_q, H_kv, d_k, d_v = %1, %2, %3, %4, %5, %6\n")
               .arg(sh.n_q)
               .arg(sh.n_k)
               .arg(hq)
               .arg(hkv)
               .arg(sh.d_k)
               .arg(sh.d_v);
    if (!s.query_tokens.empty()) out += QStringLiteral("query_tokens = %1\n").arg(tokenList(s.query_tokens));
    if (!s.key_tokens.empty()) out += QStringLiteral("key_tokens = %1\n").arg(tokenList(s.key_tokens));

    // 1. Inputs.
    out += QStringLiteral(
        "\n# --- 1. The inputs: a token is a row; head h owns the column block h*d .. (h+1)*d - 1 ---\n");
    if (s.projection) {
        const Projection &p = *s.projection;
        out += matrixLine("X", p.X,
                          QStringLiteral("X (n_q, d_model) = (%1, %2): the tokens that ask")
                              .arg(p.X.rows())
                              .arg(p.X.cols()));
        if (p.X_kv.size() > 0)
            out += matrixLine("X_kv", p.X_kv,
                              QStringLiteral("X_kv (n_k, d_model_kv) = (%1, %2): the tokens that are read")
                                  .arg(p.X_kv.rows())
                                  .arg(p.X_kv.cols()));
        else
            out += QStringLiteral("X_kv = X  # self-attention: keys and values come from the same tokens\n");
        const auto weight = [&](const char *name, const Matrix &w, const char *shape) {
            out += matrixLine(QLatin1String(name), w,
                              QStringLiteral("%1 %2 = (%3, %4)")
                                  .arg(QLatin1String(name), QLatin1String(shape))
                                  .arg(w.rows())
                                  .arg(w.cols()));
        };
        weight("W_q", p.W_q, "(d_model, H_q*d_k)");
        weight("W_k", p.W_k, "(d_model_kv, H_kv*d_k)");
        weight("W_v", p.W_v, "(d_model_kv, H_kv*d_v)");
        const auto bias = [&](const char *name, const Matrix &b) {
            if (b.size() > 0)
                out += matrixLine(QLatin1String(name), b,
                                  QStringLiteral("%1 (1, %2)").arg(QLatin1String(name)).arg(b.cols()));
            else
                out += QStringLiteral("%1 = 0.0  # no bias\n").arg(QLatin1String(name));
        };
        bias("b_q", p.b_q);
        bias("b_k", p.b_k);
        bias("b_v", p.b_v);
        out += QStringLiteral("Q = X @ W_q + b_q  # (n_q, H_q*d_k)\nK = X_kv @ W_k + b_k  # (n_k, H_kv*d_k)\n"
                              "V = X_kv @ W_v + b_v  # (n_k, H_kv*d_v)\n");
        out += QStringLiteral("check(\"Q\", Q, np.array(%1))\n").arg(rows(s.query, 23));
        out += QStringLiteral("check(\"K\", K, np.array(%1))\n").arg(rows(s.key, 23));
        out += QStringLiteral("check(\"V\", V, np.array(%1))\n").arg(rows(s.value, 23));
    } else {
        if (!raw) {
            out += matrixLine("Q", s.query,
                              QStringLiteral("Q (n_q, H_q*d_k) = (%1, %2): the queries")
                                  .arg(s.query.rows())
                                  .arg(s.query.cols()));
            out += matrixLine(
                "K", s.key,
                QStringLiteral("K (n_k, H_kv*d_k) = (%1, %2): the keys").arg(s.key.rows()).arg(s.key.cols()));
        }
        out += matrixLine("V", s.value,
                          QStringLiteral("V (n_k, H_kv*d_v) = (%1, %2): the values")
                              .arg(s.value.rows())
                              .arg(s.value.cols()));
    }
    if (raw) {
        out += QStringLiteral(
                   "# The raw scores, given instead of Q.K^T: %1, each (n_q, n_k)\nraw_scores = np.array([")
                   .arg(s.scores.size() == 1 ? QStringLiteral("one matrix shared by every head")
                                             : QStringLiteral("one per query head"));
        QStringList blocks;
        for (const Matrix &m : s.scores) blocks << rows(m, 22);
        out +=
            blocks.join(QStringLiteral(",\n                       ")) + QStringLiteral("], dtype=float)\n");
    }

    // 2. Positions.
    out += QStringLiteral("\n# --- 2. Positions: what causal, the window, RoPE and ALiBi measure ---\n");
    if (!s.key_positions.empty())
        out += QStringLiteral("pos_k = np.array(%1)  # (n_k) given in the scenario\n")
                   .arg(intList(s.key_positions));
    else
        out += QStringLiteral("pos_k = np.arange(n_k)  # (n_k) keys at 0 .. n_k - 1\n");
    if (!s.query_positions.empty())
        out += QStringLiteral("pos_q = np.array(%1)  # (n_q) given in the scenario\n")
                   .arg(intList(s.query_positions));
    else if (s.alignment == Alignment::BottomRight)
        out += QStringLiteral("pos_q = pos_k.max() - (n_q - 1 - np.arange(n_q))  # (n_q) bottom_right: the "
                              "last query meets the last key\n");
    else
        out += QStringLiteral(
            "pos_q = pos_k.min() + np.arange(n_q)  # (n_q) top_left: the first query meets the first key\n");
    out += QStringLiteral("check(\"query positions\", pos_q, np.array(%1))\n")
               .arg(intList(trace.query_positions));

    // 3. The mask.
    out += QStringLiteral("\n# --- 3. The mask: visible[h, i, j] is True when query i of head h may attend "
                          "key j (all parts AND) ---\n");
    if (s.mask.visible.empty()) {
        out += QStringLiteral("visible = np.ones((H_q, n_q, n_k), dtype=bool)  # (H_q, n_q, n_k)\n");
    } else {
        QStringList blocks;
        for (const BoolMatrix &m : s.mask.visible) blocks << boolRows(m, 20);
        out += QStringLiteral("# the scenario's explicit matrix: %1\nvisible = np.array([")
                   .arg(s.mask.visible.size() == 1 ? QStringLiteral("one for every head")
                                                   : QStringLiteral("one per head"));
        out += blocks.join(QStringLiteral(",\n                    ")) + QStringLiteral("], dtype=bool)\n");
        out +=
            QStringLiteral("visible = np.broadcast_to(visible, (H_q, n_q, n_k)).copy()  # (H_q, n_q, n_k)\n");
    }
    if (s.mask.causal && s.mask.prefix_length && *s.mask.prefix_length > 0)
        out += QStringLiteral(
                   "prefix_length = %1  # prefix LM: every query sees the keys before this position\n"
                   "visible &= (pos_k[None, :] <= pos_q[:, None]) | (pos_k[None, :] < prefix_length)  "
                   "# causal after the prefix\n")
                   .arg(*s.mask.prefix_length);
    else if (s.mask.causal)
        out +=
            QStringLiteral("visible &= pos_k[None, :] <= pos_q[:, None]  # causal: no key after the query\n");
    if (s.mask.window) {
        if (s.mask.window->left)
            out +=
                QStringLiteral(
                    "visible &= pos_k[None, :] >= pos_q[:, None] - %1  # window: at most %1 positions back\n")
                    .arg(*s.mask.window->left);
        if (s.mask.window->right)
            out += QStringLiteral("visible &= pos_k[None, :] <= pos_q[:, None] + %1  # window: at most %1 "
                                  "positions ahead\n")
                       .arg(*s.mask.window->right);
    }
    if (!s.mask.key_padding.empty()) {
        QStringList flags;
        for (bool real : s.mask.key_padding)
            flags << (real ? QStringLiteral("True") : QStringLiteral("False"));
        out += QStringLiteral("key_padding = np.array([%1])  # (n_k) True = a real token, False = padding\n"
                              "visible &= key_padding[None, :]\n")
                   .arg(flags.join(QStringLiteral(", ")));
    }
    const DocumentIds documents = documentIds(s);
    if (!documents.query.empty())
        out +=
            QStringLiteral("query_documents = np.array(%1)  # (n_q)\nkey_documents = np.array(%2)  # (n_k)\n"
                           "visible &= query_documents[:, None] == key_documents[None, :]  # a document "
                           "mask: only keys of the query's own document\n")
                .arg(intList(documents.query), intList(documents.key));
    out += QStringLiteral("policy = \"%1\"  # what a query that sees no key gets\n")
               .arg(QLatin1String(toString(s.mask.all_masked_rows)));

    // 4. Per head.
    out += headLoop(s, trace);
    if (s.W_o.size() > 0) {
        out += matrixLine("W_o", s.W_o,
                          QStringLiteral("W_o (H_q*d_v, d_out) = (%1, %2): the output projection")
                              .arg(s.W_o.rows())
                              .arg(s.W_o.cols()));
        if (s.b_o.size() > 0) out += matrixLine("b_o", s.b_o, QStringLiteral("b_o (1, d_out)"));
        out += QStringLiteral("projected_output = output @ W_o%1  # (n_q, d_out)\n")
                   .arg(s.b_o.size() > 0 ? QStringLiteral(" + b_o") : QString());
    }

    // 5. The app's numbers.
    out += QStringLiteral("\n# --- 5. What Attention Lab computed for this scenario ---\n");
    QStringList heads;
    for (const HeadTrace &head : trace.heads) heads << rows(head.weights, 24);
    out += QStringLiteral("app_weights = np.array([") +
           heads.join(QStringLiteral(",\n                        ")) + QStringLiteral("])\n");
    out += QStringLiteral("app_output = np.array(%1)\n").arg(rows(trace.output, 22));
    out +=
        QStringLiteral("check(\"weights\", weights, app_weights)\ncheck(\"output\", output, app_output)\n");
    if (!s.sinks.empty()) {
        QStringList sinkRows;
        for (const HeadTrace &head : trace.heads) sinkRows << list(head.sink_weights);
        out += QStringLiteral("check(\"sink_weights\", sink_weights, np.array([%1]))\n")
                   .arg(sinkRows.join(QStringLiteral(",\n                                            ")));
    }
    if (s.W_o.size() > 0) {
        out += QStringLiteral("check(\"projected_output\", projected_output, np.array(%1))\n")
                   .arg(rows(projectOutput(s, trace.output), 48));
    }
    out += QStringLiteral("print(\"every number agrees\")\n");
    return out.toUtf8();
}

} // namespace attn::io
