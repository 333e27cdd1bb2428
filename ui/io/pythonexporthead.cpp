// Section 4 of the NumPy script (ui/io/pythonexport.h): every query head's scores, logits,
// weights and output, in float64 or as the app simulates a reduced dtype (core/lowprecision.h).
#include "ui/io/pythonexportparts.h"

#include "core/precision.h"

#include <QStringList>

namespace attn::io::py {

namespace {

QString pyBool(bool b)
{
    return b ? QStringLiteral("True") : QStringLiteral("False");
}

/// The lines that set q and k of head h (and rotate them), for the float64 loop or the dtype's.
QString queryAndKey(const Scenario &s, const Shapes &shapes, bool reduced)
{
    const QString round = reduced ? QStringLiteral("stored") : QString();
    QString out = QStringLiteral("    q = %1(Q[:, h * d_k:(h + 1) * d_k])  # (n_q, d_k)\n"
                                 "    k = %1(K[:, g * d_k:(g + 1) * d_k])  # (n_k, d_k)\n")
                      .arg(round);
    if (s.positional.kind != PositionalKind::Rope) return out;
    const Index r = rotaryDimFor(s, shapes);
    const QString what = r == shapes.d_k ? QStringLiteral("RoPE turns q and k by their positions")
                                         : QStringLiteral("partial RoPE: only the first rotary_dim = %1 of "
                                                          "d_k = %2 dims turn")
                                               .arg(r)
                                               .arg(shapes.d_k);
    const QString rope = reduced ? QStringLiteral("rope_in_dtype") : QStringLiteral("rope");
    out += QStringLiteral("    q, k = %1(q, pos_q, %2, %3, %4), %1(k, pos_k, %2, %3, %4)  # %5\n")
               .arg(rope, num(s.positional.rope_base),
                    pyBool(s.positional.rope_layout == RopeLayout::Interleaved), QString::number(r), what);
    return out;
}

QString sinkArgument(const Scenario &s, bool reduced)
{
    if (s.sinks.empty()) return QStringLiteral("None");
    return reduced ? QStringLiteral("np.float32(stored(sinks[h]))") : QStringLiteral("sinks[h]");
}

} // namespace

QString headLoop(const Scenario &s, const AttentionTrace &trace)
{
    const Shapes &sh = trace.shapes;
    const bool raw = !s.scores.empty();
    const bool linear = s.kernel == KernelKind::Linear;
    const bool reduced = s.dtype != Precision::Float64;
    const bool alibi = s.positional.kind == PositionalKind::Alibi;
    QString out = QStringLiteral("\n# --- 4. Every query head: scores, logits, weights, output ---\n");
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
    if (alibi) {
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
    if (s.softcap)
        out +=
            QStringLiteral("softcap = %1  # logits <- softcap * tanh(logits / softcap) (Gemma 2), after the "
                           "scale and the positional bias, before the mask\n")
                .arg(num(*s.softcap));
    if (!s.sinks.empty()) {
        QStringList sinks;
        for (double v : s.sinks) sinks << num(v);
        out += QStringLiteral("sinks = np.array([%1])  # (H_q) one sink logit per query head: an extra term "
                              "of every softmax denominator that reads no value (gpt-oss)\n")
                   .arg(sinks.join(QStringLiteral(", ")));
    }
    if (reduced) {
        out += QStringLiteral("factor = np.float32(scale / temperature)  # scale / temperature, rounded to "
                              "float32 once\n");
        if (alibi)
            out += QStringLiteral("distance = np.abs(pos_q[:, None] - pos_k[None, :]).astype(np.float32)  # "
                                  "(n_q, n_k) |pos_q - pos_k|\n");
        if (s.softcap) out += QStringLiteral("cap = np.float32(softcap)\n");
    }
    out += QStringLiteral("weights = np.zeros((H_q, n_q, n_k))  # (H_q, n_q, n_k)\noutput = np.zeros((n_q, "
                          "H_q * d_v))  # (n_q, H_q*d_v), the heads side by side\n");
    if (!s.sinks.empty())
        out += QStringLiteral("sink_weights = np.zeros((H_q, n_q))  # (H_q, n_q) the share each row gave "
                              "its sink\n");
    out += QStringLiteral("for h in range(H_q):\n"
                          "    g = h * H_kv // H_q  # the K/V head query head h reads (MHA: h; GQA: groups "
                          "of H_q/H_kv; MQA: 0)\n"
                          "    v = %1(V[:, g * d_v:(g + 1) * d_v])  # (n_k, d_v)\n")
               .arg(reduced ? QStringLiteral("stored") : QString());
    if (!raw) out += queryAndKey(s, sh, reduced);
    if (linear) {
        out += QStringLiteral(
            "    w, o = linear_rows(q, k, visible[h], v, policy)  # kernel \"linear\": phi = elu + 1\n");
    } else if (reduced) {
        if (raw)
            out += QStringLiteral(
                "    scores = stored(raw_scores[0 if len(raw_scores) == 1 else h])  # (n_q, n_k)\n");
        else if (s.score == ScoreKind::Additive)
            out += QStringLiteral("    scores = additive_in_dtype(q, k, A_q, A_k, a_v)  # (n_q, n_k) v^T "
                                  "tanh(W_q q + W_k k)\n");
        else
            out += QStringLiteral("    scores = sum_in_order(q[:, None, :] * k[None, :, :], axis=2)  # (n_q, "
                                  "n_k) q_i . k_j, one product after another in float32\n");
        out += QStringLiteral("    logits = scores * factor  # float32\n");
        if (alibi) out += QStringLiteral("    logits = logits - np.float32(slopes[h]) * distance  # ALiBi\n");
        if (s.softcap)
            out += QStringLiteral(
                "    logits = cap * libm(math.tanh, logits / cap).astype(np.float32)  # the softcap\n");
        out += QStringLiteral("    logits = stored(logits)  # (n_q, n_k) stored in the dtype: beyond its "
                              "largest value a logit is +-inf\n");
        out += QStringLiteral("    w, o, s_w = softmax_in_dtype(logits, visible[h], v, policy, %1)\n")
                   .arg(sinkArgument(s, true));
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
        if (alibi)
            out += QStringLiteral("    logits = logits - slopes[h] * np.abs(pos_q[:, None] - pos_k[None, :]) "
                                  " # ALiBi: farther keys lose\n");
        if (s.softcap) out += QStringLiteral("    logits = softcap * np.tanh(logits / softcap)\n");
        out += QStringLiteral("    w, o, s_w = softmax_rows(logits, visible[h], v, policy, %1)  # kernel "
                              "\"%2\"%3\n")
                   .arg(sinkArgument(s, false), QLatin1String(toString(s.kernel)),
                        s.kernel == KernelKind::Naive
                            ? QString()
                            : QStringLiteral(": the same softmax, computed by the app in tiles with a "
                                             "running max and sum"));
    }
    out += QStringLiteral(
        "    weights[h] = w  # (n_q, n_k)\n    output[:, h * d_v:(h + 1) * d_v] = o  # (n_q, d_v)\n");
    if (!s.sinks.empty()) out += QStringLiteral("    sink_weights[h] = s_w  # (n_q)\n");
    return out;
}

} // namespace attn::io::py
