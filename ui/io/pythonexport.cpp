#include "ui/io/pythonexport.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace attn::io {

namespace {

/// One double as Python reads it back exactly: 17 significant digits, nan and inf by name.
QString num(double x)
{
    if (std::isnan(x)) return QStringLiteral("nan");
    if (std::isinf(x)) return x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    QString text = QString::number(x, 'g', 17);
    if (std::signbit(x) && x == 0) text = QStringLiteral("-0.0");
    return text;
}

/// A matrix as a nested list, one row a line, indented to line up under `indent` spaces.
QString rows(const Matrix &m, int indent)
{
    QStringList lines;
    for (Index i = 0; i < m.rows(); ++i) {
        QStringList row;
        for (Index j = 0; j < m.cols(); ++j) row << num(m(i, j));
        lines << QLatin1Char('[') + row.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    return QLatin1Char('[') + lines.join(QStringLiteral(",\n") + QString(indent + 1, QLatin1Char(' '))) +
           QLatin1Char(']');
}

/// `name = np.array(...)  # comment` for a matrix.
QString matrixLine(const QString &name, const Matrix &m, const QString &comment)
{
    const QString head = name + QStringLiteral(" = np.array(");
    return QStringLiteral("# %1\n").arg(comment) + head + rows(m, int(head.size())) +
           QStringLiteral(", dtype=float)\n");
}

QString boolRows(const BoolMatrix &m, int indent)
{
    Matrix asNumbers(m.rows(), m.cols());
    for (Index i = 0; i < m.size(); ++i) asNumbers.data()[i] = m.data()[i] ? 1 : 0;
    return rows(asNumbers, indent);
}

QString intList(const std::vector<std::int64_t> &values)
{
    QStringList items;
    for (std::int64_t v : values) items << QString::number(v);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QString pyString(const std::string &text)
{
    QString s = QString::fromStdString(text);
    s.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    s.replace(QLatin1Char('\n'), QStringLiteral("\\n")).replace(QLatin1Char('\r'), QStringLiteral("\\r"));
    return QLatin1Char('"') + s + QLatin1Char('"');
}

QString tokenList(const std::vector<std::string> &tokens)
{
    QStringList items;
    for (const std::string &t : tokens) items << pyString(t);
    return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']');
}

/// The fixed part: the helpers every script shares (softmax over the visible keys with the policy
/// for a row that sees none, RoPE, the standard ALiBi slopes, the comparison).
const char *const kHelpers = R"PY(
def softmax_rows(logits, visible, v, policy):
    """Softmax over the visible keys of each row, then the mix of the values.

    logits (n_q, n_k), visible (n_q, n_k) bool, v (n_k, d_v) -> weights (n_q, n_k), output (n_q, d_v).
    The row maximum m is subtracted before exp so that no exponent is positive (exp never
    overflows; the factor exp(-m) cancels). Masked keys are left out of the sum, not given -1e9.
    A weight of 0 never multiplies a value, so a NaN or inf of a hidden key cannot reach the output.
    """
    n_q, n_k = logits.shape
    weights, output = np.zeros((n_q, n_k)), np.zeros((n_q, v.shape[1]))
    for i in range(n_q):
        seen = visible[i]
        if not seen.any():  # a row that sees no key: the scenario's all_masked_rows policy
            if policy == "nan":
                weights[i], output[i] = nan, nan
            elif policy == "uniform":
                weights[i], output[i] = 1.0 / n_k, v.mean(axis=0)
            continue  # "zero" (and "error", which the app refuses): weights and output 0
        row = logits[i, seen]
        m = np.max(row)
        if np.isinf(m):
            m = 0.0  # every visible logit is -inf (or +inf): let exp decide
        e = np.exp(row - m)
        weights[i, seen] = e / e.sum()
        used = seen & (weights[i] != 0)
        output[i] = weights[i, used] @ v[used]
    return weights, output


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


def rope(x, pos, base, interleaved):
    """Rotary position embedding (Su et al. 2021, section 3.4): feature pair p of token i turns by
    pos_i * base^(-2p/d). Pairs are (p, p + d/2) (half split) or (2p, 2p + 1) (interleaved).
    x (n, d) -> (n, d)."""
    n, d = x.shape
    out = np.empty_like(x)
    for p in range(d // 2):
        theta = pos.astype(float) * base ** (-2.0 * p / d)  # (n)
        c, s = np.cos(theta), np.sin(theta)
        a, b = (2 * p, 2 * p + 1) if interleaved else (p, p + d // 2)
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
    out += QStringLiteral("import sys\n\nimport numpy as np\n\nnan, inf = np.nan, np.inf\n");
    out += QString::fromLatin1(kHelpers);
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
    if (s.mask.causal)
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
    out += QStringLiteral("policy = \"%1\"  # what a query that sees no key gets\n")
               .arg(QLatin1String(toString(s.mask.all_masked_rows)));

    // 4. Per head.
    out += QStringLiteral("\n# --- 4. Every query head: scores, logits, weights, output ---\n");
    const bool linear = s.kernel == KernelKind::Linear;
    if (!linear) {
        out += QStringLiteral("scale = %1  # %2\ntemperature = %3\n")
                   .arg(num(trace.scale))
                   .arg(s.scale ? QStringLiteral("given in the scenario")
                        : (s.score == ScoreKind::ScaledDot && !raw)
                            ? QStringLiteral("1/sqrt(d_k)")
                            : QStringLiteral("1: no scaling for this score"))
                   .arg(num(s.temperature));
        if (!s.scale && s.score == ScoreKind::ScaledDot && !raw)
            out += QStringLiteral("check(\"scale\", scale, 1.0 / np.sqrt(d_k))\n");
    }
    if (s.positional.kind == PositionalKind::Alibi) {
        if (s.positional.alibi_slopes.empty()) {
            out += QStringLiteral("slopes = alibi_slopes(H_q)  # (H_q) ALiBi's standard slopes\n");
        } else {
            QStringList slopes;
            for (double v : s.positional.alibi_slopes) slopes << num(v);
            out += QStringLiteral("slopes = np.array([%1])  # (H_q) given in the scenario\n")
                       .arg(slopes.join(QStringLiteral(", ")));
        }
    }
    if (s.score == ScoreKind::Additive && s.additive) {
        out += matrixLine("A_q", s.additive->W_q,
                          QStringLiteral("additive W_q (h, d_k) = (%1, %2)")
                              .arg(s.additive->W_q.rows())
                              .arg(s.additive->W_q.cols()));
        out += matrixLine("A_k", s.additive->W_k, QStringLiteral("additive W_k (h, d_k)"));
        QStringList v;
        for (Index i = 0; i < s.additive->v.size(); ++i) v << num(s.additive->v(i));
        out += QStringLiteral("a_v = np.array([%1], dtype=float)  # additive v (h)\n")
                   .arg(v.join(QStringLiteral(", ")));
    }
    out += QStringLiteral("weights = np.zeros((H_q, n_q, n_k))  # (H_q, n_q, n_k)\noutput = np.zeros((n_q, "
                          "H_q * d_v))  # (n_q, H_q*d_v), the heads side by side\n");
    out += QStringLiteral("for h in range(H_q):\n"
                          "    g = h * H_kv // H_q  # the K/V head query head h reads (MHA: h; GQA: groups "
                          "of H_q/H_kv; MQA: 0)\n"
                          "    v = V[:, g * d_v:(g + 1) * d_v]  # (n_k, d_v)\n");
    if (!raw) {
        out += QStringLiteral("    q = Q[:, h * d_k:(h + 1) * d_k]  # (n_q, d_k)\n    k = K[:, g * d_k:(g + "
                              "1) * d_k]  # (n_k, d_k)\n");
        if (s.positional.kind == PositionalKind::Rope)
            out += QStringLiteral("    q, k = rope(q, pos_q, %1, %2), rope(k, pos_k, %1, %2)  # RoPE turns q "
                                  "and k by their positions\n")
                       .arg(num(s.positional.rope_base), s.positional.rope_layout == RopeLayout::Interleaved
                                                             ? QStringLiteral("True")
                                                             : QStringLiteral("False"));
    }
    if (linear) {
        out += QStringLiteral(
            "    w, o = linear_rows(q, k, visible[h], v, policy)  # kernel \"linear\": phi = elu + 1\n");
    } else {
        if (raw)
            out +=
                QStringLiteral("    scores = raw_scores[0 if len(raw_scores) == 1 else h]  # (n_q, n_k)\n");
        else if (s.score == ScoreKind::Additive)
            out += QStringLiteral("    wq, wk = q @ A_q.T, k @ A_k.T  # (n_q, h), (n_k, h)\n"
                                  "    scores = np.tanh(wq[:, None, :] + wk[None, :, :]) @ a_v  # (n_q, n_k) "
                                  "v^T tanh(W_q q + W_k k)\n");
        else
            out += QStringLiteral("    scores = q @ k.T  # (n_q, n_k) q_i . k_j\n");
        out += QStringLiteral(
            "    logits = scores * (scale / temperature)  # (n_q, n_k) scale * score / temperature\n");
        if (s.positional.kind == PositionalKind::Alibi)
            out += QStringLiteral("    logits = logits - slopes[h] * np.abs(pos_q[:, None] - pos_k[None, :]) "
                                  " # ALiBi: farther keys lose\n");
        out +=
            QStringLiteral("    w, o = softmax_rows(logits, visible[h], v, policy)  # kernel \"%1\"%2\n")
                .arg(
                    QLatin1String(toString(s.kernel)),
                    s.kernel == KernelKind::Naive
                        ? QString()
                        : QStringLiteral(
                              ": the same softmax, computed by the app in tiles with a running max and sum"));
    }
    out += QStringLiteral(
        "    weights[h] = w  # (n_q, n_k)\n    output[:, h * d_v:(h + 1) * d_v] = o  # (n_q, d_v)\n");
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
    if (s.W_o.size() > 0) {
        out += QStringLiteral("check(\"projected_output\", projected_output, np.array(%1))\n")
                   .arg(rows(projectOutput(s, trace.output), 48));
    }
    out += QStringLiteral("print(\"every number agrees\")\n");
    return out.toUtf8();
}

std::optional<PythonExportGap> pythonExportGap(const Scenario &s)
{
    const auto gap = [](const char *field) {
        return PythonExportGap{field,
                               std::string("the NumPy export does not reproduce ") + field +
                                   " yet (compute and the window do); export this scenario without it"};
    };
    if (s.softcap) return gap("softcap");
    if (!s.sinks.empty()) return gap("sinks");
    if (s.positional.rotary_dim && s.query.cols() > 0 &&
        *s.positional.rotary_dim < s.query.cols() / std::max(1, s.num_query_heads))
        return gap("positional.rotary_dim");
    if (!s.mask.document_ids.empty() || !s.mask.query_document_ids.empty() ||
        !s.mask.key_document_ids.empty())
        return gap("mask.document_ids");
    if (s.mask.prefix_length && *s.mask.prefix_length > 0) return gap("mask.prefix_length");
    if (s.dtype != Precision::Float64) return gap("dtype");
    return std::nullopt;
}

} // namespace attn::io
