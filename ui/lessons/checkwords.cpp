#include "ui/lessons/checkwords.h"

#include <QCoreApplication>
#include <QHash>

#include <cmath>

namespace attn::lessons {

namespace {

const char *const kContext = "attn::lessons::check";

QString tr(const char *text)
{
    return QCoreApplication::translate(kContext, text);
}

/// The names of every view's values (lessons/README.md, table of views), untranslated.
const QHash<QString, const char *> &names()
{
    static const QHash<QString, const char *> table = {
        // paths
        {QStringLiteral("n"), QT_TRANSLATE_NOOP("attn::lessons::check", "n")},
        {QStringLiteral("i"), QT_TRANSLATE_NOOP("attn::lessons::check", "position i")},
        {QStringLiteral("j"), QT_TRANSLATE_NOOP("attn::lessons::check", "position j")},
        {QStringLiteral("window"), QT_TRANSLATE_NOOP("attn::lessons::check", "window")},
        {QStringLiteral("recurrent_steps"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "RNN steps from i to j")},
        {QStringLiteral("attention_layers"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "attention layers from i to j")},
        {QStringLiteral("animation_step"), QT_TRANSLATE_NOOP("attn::lessons::check", "animation step")},
        {QStringLiteral("rnn_sequential_steps"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "RNN sequential steps")},
        {QStringLiteral("attention_sequential_steps"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "attention sequential steps")},
        // heads
        {QStringLiteral("num_kv_heads"), QT_TRANSLATE_NOOP("attn::lessons::check", "K/V heads")},
        {QStringLiteral("selected_head"), QT_TRANSLATE_NOOP("attn::lessons::check", "head shown")},
        // position
        {QStringLiteral("positional_kind"), QT_TRANSLATE_NOOP("attn::lessons::check", "position encoding")},
        {QStringLiteral("rope_base"), QT_TRANSLATE_NOOP("attn::lessons::check", "RoPE base")},
        {QStringLiteral("rotary_dim"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rotating features (rotary_dim)")},
        {QStringLiteral("alibi_slope"), QT_TRANSLATE_NOOP("attn::lessons::check", "ALiBi slope")},
        {QStringLiteral("order_effect"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "change of the output with the keys reversed")},
        {QStringLiteral("curve_key"), QT_TRANSLATE_NOOP("attn::lessons::check", "key of the curve")},
        // cost
        {QStringLiteral("head_dim"), QT_TRANSLATE_NOOP("attn::lessons::check", "head_dim")},
        {QStringLiteral("num_query_heads"), QT_TRANSLATE_NOOP("attn::lessons::check", "query heads")},
        {QStringLiteral("bytes_per_element"), QT_TRANSLATE_NOOP("attn::lessons::check", "bytes per element")},
        {QStringLiteral("layers"), QT_TRANSLATE_NOOP("attn::lessons::check", "layers")},
        {QStringLiteral("pairs"), QT_TRANSLATE_NOOP("attn::lessons::check", "pairs")},
        {QStringLiteral("flops"), QT_TRANSLATE_NOOP("attn::lessons::check", "FLOP")},
        {QStringLiteral("score_bytes"), QT_TRANSLATE_NOOP("attn::lessons::check", "naive score bytes")},
        {QStringLiteral("kv_cache_bytes"), QT_TRANSLATE_NOOP("attn::lessons::check", "KV-cache bytes")},
        {QStringLiteral("ratio_2n"), QT_TRANSLATE_NOOP("attn::lessons::check", "pairs at 2n ÷ pairs at n")},
        {QStringLiteral("score_ratio_2n"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "score bytes at 2n ÷ score bytes at n")},
        {QStringLiteral("kv_ratio_2n"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "KV cache at 2n ÷ KV cache at n")},
        // tiling
        {QStringLiteral("tiles_done"), QT_TRANSLATE_NOOP("attn::lessons::check", "tiles visited")},
        {QStringLiteral("tiles_total"), QT_TRANSLATE_NOOP("attn::lessons::check", "tiles in all")},
        {QStringLiteral("block_query"), QT_TRANSLATE_NOOP("attn::lessons::check", "tile rows B_r")},
        {QStringLiteral("block_key"), QT_TRANSLATE_NOOP("attn::lessons::check", "tile columns B_c")},
        {QStringLiteral("max_difference"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "largest difference from the naive output")},
        {QStringLiteral("kv_heads"), QT_TRANSLATE_NOOP("attn::lessons::check", "K/V heads")},
        {QStringLiteral("kv_cache_ratio"), QT_TRANSLATE_NOOP("attn::lessons::check", "KV cache, MHA ÷ this")},
        {QStringLiteral("reaches_first"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "the last token hears t1")},
        // measuring
        {QStringLiteral("runs_done"), QT_TRANSLATE_NOOP("attn::lessons::check", "runs done")},
        {QStringLiteral("results"), QT_TRANSLATE_NOOP("attn::lessons::check", "results")},
        {QStringLiteral("running"), QT_TRANSLATE_NOOP("attn::lessons::check", "running")},
        {QStringLiteral("checklist_filled"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "checklist lines filled")},
        {QStringLiteral("checklist_complete"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "checklist complete")},
        {QStringLiteral("repetitions"), QT_TRANSLATE_NOOP("attn::lessons::check", "repetitions")},
        {QStringLiteral("needle_kernel"), QT_TRANSLATE_NOOP("attn::lessons::check", "needle check's kernel")},
        {QStringLiteral("needle_reach"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "keys the last query can see")},
        {QStringLiteral("needle_depths_found"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "depths where the needle is found")},
        // interventions
        {QStringLiteral("key"), QT_TRANSLATE_NOOP("attn::lessons::check", "key chosen")},
        {QStringLiteral("kind"), QT_TRANSLATE_NOOP("attn::lessons::check", "intervention")},
        {QStringLiteral("deleted_key"), QT_TRANSLATE_NOOP("attn::lessons::check", "deleted key")},
        {QStringLiteral("effect"), QT_TRANSLATE_NOOP("attn::lessons::check", "change of the output ‖Δo‖")},
        {QStringLiteral("weight"), QT_TRANSLATE_NOOP("attn::lessons::check", "weight of the key")},
        {QStringLiteral("weight_after"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "weight after the intervention")},
        {QStringLiteral("disagreements"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "keys ranked differently by weight and by effect")},
        {QStringLiteral("discordant_pairs"), QT_TRANSLATE_NOOP("attn::lessons::check", "discordant pairs")},
        {QStringLiteral("gamma"), QT_TRANSLATE_NOOP("attn::lessons::check", "rank agreement γ")},
        // baselines
        {QStringLiteral("selected_baseline"), QT_TRANSLATE_NOOP("attn::lessons::check", "baseline compared")},
        {QStringLiteral("conv_width"), QT_TRANSLATE_NOOP("attn::lessons::check", "convolution width")},
        {QStringLiteral("conv_causal"), QT_TRANSLATE_NOOP("attn::lessons::check", "causal convolution")},
        {QStringLiteral("rnn_seed"), QT_TRANSLATE_NOOP("attn::lessons::check", "RNN seed")},
        {QStringLiteral("difference_to_attention"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "largest difference from attention's output")},
        {QStringLiteral("conv_weight_last_first"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "convolution's weight of the last token on the first")},
        {QStringLiteral("attention_weight_last_first"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "attention's weight of the last token on the first")},
        {QStringLiteral("rows_changed_attention"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rows attention changed")},
        {QStringLiteral("rows_changed_mean"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rows mean pooling changed")},
        {QStringLiteral("rows_changed_conv"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rows the convolution changed")},
        {QStringLiteral("rows_changed_rnn"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rows the RNN changed")},
        // model
        {QStringLiteral("current_layer"), QT_TRANSLATE_NOOP("attn::lessons::check", "layer shown")},
        // train
        {QStringLiteral("step"), QT_TRANSLATE_NOOP("attn::lessons::check", "training step")},
        {QStringLiteral("steps"), QT_TRANSLATE_NOOP("attn::lessons::check", "steps to train")},
        {QStringLiteral("seed"), QT_TRANSLATE_NOOP("attn::lessons::check", "seed")},
        {QStringLiteral("task"), QT_TRANSLATE_NOOP("attn::lessons::check", "training task")},
        {QStringLiteral("heads"), QT_TRANSLATE_NOOP("attn::lessons::check", "heads")},
        {QStringLiteral("heldout_loss"), QT_TRANSLATE_NOOP("attn::lessons::check", "held-out loss")},
        {QStringLiteral("heldout_accuracy"), QT_TRANSLATE_NOOP("attn::lessons::check", "held-out accuracy")},
        {QStringLiteral("best_induction_layer1"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "best induction score in layer 1")},
        {QStringLiteral("best_previous_token_layer0"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "best previous-token score in layer 0")},
        {QStringLiteral("best_target_token"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "best target-token score")},
        {QStringLiteral("induction_heads"), QT_TRANSLATE_NOOP("attn::lessons::check", "induction heads")},
        {QStringLiteral("shown_step"), QT_TRANSLATE_NOOP("attn::lessons::check", "snapshot shown")},
        {QStringLiteral("heads_opened"), QT_TRANSLATE_NOOP("attn::lessons::check", "heads opened")},
        {QStringLiteral("role"), QT_TRANSLATE_NOOP("attn::lessons::check", "score shown")},
        {QStringLiteral("effects_shown"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "rollout vs effect shown")},
        {QStringLiteral("effect_change"), QT_TRANSLATE_NOOP("attn::lessons::check", "change measured")},
        {QStringLiteral("effect_sequence"), QT_TRANSLATE_NOOP("attn::lessons::check", "sentence")},
        {QStringLiteral("effect_names_share_gender"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "sentence whose names share a gender")},
        {QStringLiteral("effect_position"), QT_TRANSLATE_NOOP("attn::lessons::check", "prediction position")},
        {QStringLiteral("effect_step"), QT_TRANSLATE_NOOP("attn::lessons::check", "snapshot measured")},
        {QStringLiteral("effect_disagreeing"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "tokens whose ranks disagree")},
        {QStringLiteral("effect_gamma"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "agreement γ of rollout and effect")},
        {QStringLiteral("effect_top_rollout"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "position rollout ranks first")},
        {QStringLiteral("effect_top_effect"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "position whose change moves the prediction most")},
        // seq2seq (also "step", "steps", "running", "seed", "heldout_accuracy", "shown_step" above)
        {QStringLiteral("finished"), QT_TRANSLATE_NOOP("attn::lessons::check", "trained to the last step")},
        {QStringLiteral("translation_task"), QT_TRANSLATE_NOOP("attn::lessons::check", "translation task")},
        {QStringLiteral("score_kind"), QT_TRANSLATE_NOOP("attn::lessons::check", "score function")},
        {QStringLiteral("local_window"), QT_TRANSLATE_NOOP("attn::lessons::check", "local-p half width D")},
        {QStringLiteral("bidirectional"), QT_TRANSLATE_NOOP("attn::lessons::check", "bidirectional encoder")},
        {QStringLiteral("attention"), QT_TRANSLATE_NOOP("attn::lessons::check", "attention")},
        {QStringLiteral("length"), QT_TRANSLATE_NOOP("attn::lessons::check", "sequence length")},
        {QStringLiteral("greedy_accuracy"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "held-out accuracy, fed its own outputs")},
        {QStringLiteral("alignment_accuracy"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "steps whose largest weight is on the reference token")},
        {QStringLiteral("alignment_after"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "steps whose largest weight is one after it")},
        {QStringLiteral("probe"), QT_TRANSLATE_NOOP("attn::lessons::check", "example shown")},
        {QStringLiteral("decoder_step"), QT_TRANSLATE_NOOP("attn::lessons::check", "decoder step chosen")},
        {QStringLiteral("steps_opened"), QT_TRANSLATE_NOOP("attn::lessons::check", "decoder steps opened")},
        {QStringLiteral("compared"), QT_TRANSLATE_NOOP("attn::lessons::check", "runs compared")},
        {QStringLiteral("length_points"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "lengths measured with and without attention")},
        {QStringLiteral("length_gap_longest"),
         QT_TRANSLATE_NOOP("attn::lessons::check", "accuracy gained by attention at the longest length")},
        {QStringLiteral("side_tab"), QT_TRANSLATE_NOOP("attn::lessons::check", "tab shown")},
    };
    return table;
}

/// `x` as an index into `choices` (untranslated), or empty.
QString choice(double x, std::initializer_list<const char *> choices)
{
    if (!std::isfinite(x) || x != std::round(x) || x < 0 || x >= double(choices.size())) return {};
    return tr(*(choices.begin() + static_cast<std::ptrdiff_t>(x)));
}

QString yesNo(double x)
{
    if (x == 1.0) return tr("yes");
    if (x == 0.0) return tr("no");
    return {};
}

} // namespace

QString plainValueName(const QString &name)
{
    const auto found = names().constFind(name);
    return found == names().constEnd() ? name : tr(*found);
}

QString plainValueText(const QString &name, double x, const QStringList &keyLabels)
{
    if (name == QLatin1String("positional_kind"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "none"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "RoPE"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "ALiBi")});
    if (name == QLatin1String("window")) return x < 0 ? tr("none") : QString();
    if (name == QLatin1String("kind"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "none yet"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "delete the token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "zero its value"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "zero its key"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "duplicate it")});
    if (name == QLatin1String("deleted_key") || name == QLatin1String("key") ||
        name == QLatin1String("curve_key")) {
        if (x < 0) return tr("none");
        if (x == std::round(x) && x < keyLabels.size())
            return QStringLiteral("“%1”").arg(keyLabels.value(static_cast<int>(x)));
        return {};
    }
    if (name == QLatin1String("selected_head"))
        return x >= 0 && x == std::round(x) ? tr("head %1").arg(static_cast<int>(x)) : QString();
    if (name == QLatin1String("selected_baseline"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "mean pooling"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "local convolution"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "recurrence (Elman RNN)")});
    if (name == QLatin1String("needle_kernel"))
        return choice(x, {"naive", "tiled", "windowed", "linear"}); // kernel names stay as written
    if (name == QLatin1String("task"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "induction"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "previous token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "copy"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "reverse"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "coreference")});
    if (name == QLatin1String("role"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "induction"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "previous token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "duplicate token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "first token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "target token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "entropy")});
    if (name == QLatin1String("effect_change"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "replace the token"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "delete the token")});
    if (name == QLatin1String("translation_task"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "reverse"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "dates")});
    if (name == QLatin1String("score_kind"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "additive"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "dot"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "general")});
    if (name == QLatin1String("local_window"))
        return x == 0 ? choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "global")}) : QString();
    if (name == QLatin1String("side_tab"))
        return choice(x, {QT_TRANSLATE_NOOP("attn::lessons::check", "curves"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "compare scores"),
                          QT_TRANSLATE_NOOP("attn::lessons::check", "accuracy against length")});
    if (name == QLatin1String("finished") || name == QLatin1String("bidirectional") ||
        name == QLatin1String("attention"))
        return yesNo(x);
    if (name == QLatin1String("running") || name == QLatin1String("effects_shown") ||
        name == QLatin1String("effect_names_share_gender") || name == QLatin1String("checklist_complete") ||
        name == QLatin1String("conv_causal") || name == QLatin1String("reaches_first"))
        return yesNo(x);
    return {};
}

} // namespace attn::lessons
