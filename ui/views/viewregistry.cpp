#include "ui/views/viewregistry.h"

#include "ui/views/baselines/baselinesview.h"
#include "ui/views/common/figureview.h"
#include "ui/views/cost/costview.h"
#include "ui/views/heads/headsview.h"
#include "ui/views/interventions/interventionview.h"
#include "ui/views/mask/maskeditorview.h"
#include "ui/views/measuring/measuringview.h"
#include "ui/views/model/modelview.h"
#include "ui/views/paths/pathsview.h"
#include "ui/views/position/positionview.h"
#include "ui/views/scaling/scalingview.h"
#include "ui/views/scoring/scoringview.h"
#include "ui/views/sentence/sentencearcsview.h"
#include "ui/views/seq2seq/seq2seqview.h"
#include "ui/views/tiling/tilingview.h"
#include "ui/views/train/trainview.h"

#include <QCoreApplication>

namespace attn::ui {

namespace {

template <typename View> FigureView *make(doc::ScenarioDocument *document, QWidget *parent)
{
    return new View(document, parent);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::ViewRegistry", text);
}

} // namespace

const std::vector<FigureViewInfo> &figureViews()
{
    // lessons::knownViews() is "qkv" followed by these names, in the order of the lessons that
    // introduce them.
    static const std::vector<FigureViewInfo> views = {
        {QStringLiteral("sentence"), tr("&Sentence arcs"), QStringLiteral("arcs"), make<SentenceArcsView>},
        {QStringLiteral("scaling"), tr("√&d saturation"), QStringLiteral("scaling"), make<ScalingView>},
        {QStringLiteral("scoring"),
         tr("Scoring &functions"),
         QStringLiteral("scoring"),
         make<ScoringView>,
         {},
         true},
        {QStringLiteral("mask"), tr("&Mask editor"), QStringLiteral("mask"), make<MaskEditorView>, {}, true},
        {QStringLiteral("paths"),
         tr("&RNN vs attention paths"),
         QStringLiteral("paths"),
         make<PathsView>,
         {"n", "i", "j", "window", "recurrent_steps", "attention_layers", "animation_step",
          "rnn_sequential_steps", "attention_sequential_steps"}},
        {QStringLiteral("heads"),
         tr("Multi-&head attention"),
         QStringLiteral("heads"),
         make<HeadsView>,
         {"num_kv_heads", "selected_head"},
         true},
        {QStringLiteral("position"),
         tr("P&osition: RoPE, ALiBi, window"),
         QStringLiteral("position"),
         make<PositionView>,
         {"positional_kind", "rope_base", "alibi_slope", "window", "order_effect", "curve_key"},
         true},
        {QStringLiteral("cost"),
         tr("The n² &cost"),
         QStringLiteral("cost"),
         make<CostView>,
         {"n", "head_dim", "num_query_heads", "num_kv_heads", "bytes_per_element", "layers", "window",
          "pairs", "flops", "score_bytes", "kv_cache_bytes", "ratio_2n", "score_ratio_2n", "kv_ratio_2n"}},
        {QStringLiteral("tiling"),
         tr("&Tiling and efficient designs"),
         QStringLiteral("tiling"),
         make<TilingView>,
         {"tiles_done", "tiles_total", "block_query", "block_key", "max_difference", "kv_heads",
          "kv_cache_ratio", "window", "layers", "reaches_first"}},
        {QStringLiteral("measuring"),
         tr("Measuring hon&estly"),
         QStringLiteral("measuring"),
         make<MeasuringView>,
         {"runs_done", "results", "running", "checklist_filled", "checklist_complete", "repetitions",
          "needle_kernel", "needle_reach", "needle_depths_found"}},
        {QStringLiteral("interventions"),
         tr("&Interventions"),
         QStringLiteral("interventions"),
         make<InterventionView>,
         {"key", "kind", "deleted_key", "effect", "weight", "weight_after", "disagreements",
          "discordant_pairs", "gamma"}},
        {QStringLiteral("baselines"),
         tr("&Baselines"),
         QStringLiteral("baselines"),
         make<BaselinesView>,
         {"selected_baseline", "conv_width", "conv_causal", "rnn_seed", "difference_to_attention",
          "conv_weight_last_first", "attention_weight_last_first", "rows_changed_attention",
          "rows_changed_mean", "rows_changed_conv", "rows_changed_rnn"},
         true},
        {QStringLiteral("model"),
         tr("Model: &layers × heads"),
         QStringLiteral("model"),
         make<ModelView>,
         {"layers", "heads", "current_layer"}},
        {QStringLiteral("train"),
         tr("Trai&ning lab"),
         QStringLiteral("training"),
         make<TrainView>,
         {"step",
          "steps",
          "running",
          "seed",
          "task",
          "layers",
          "heads",
          "heldout_loss",
          "heldout_accuracy",
          "best_induction_layer1",
          "best_previous_token_layer0",
          "best_target_token",
          "induction_heads",
          "shown_step",
          "heads_opened",
          "role",
          "effects_shown",
          "effect_change",
          "effect_sequence",
          "effect_names_share_gender",
          "effect_position",
          "effect_step",
          "effect_disagreeing",
          "effect_gamma",
          "effect_top_rollout",
          "effect_top_effect"}},
        {QStringLiteral("seq2seq"),
         tr("RNN encoder–decoder: &alignment"),
         QStringLiteral("alignment"),
         make<Seq2SeqView>,
         {"step",
          "steps",
          "running",
          "finished",
          "translation_task",
          "score_kind",
          "local_window",
          "bidirectional",
          "attention",
          "length",
          "seed",
          "heldout_accuracy",
          "greedy_accuracy",
          "alignment_accuracy",
          "alignment_after",
          "shown_step",
          "probe",
          "decoder_step",
          "steps_opened",
          "compared",
          "length_points",
          "length_gap_longest",
          "side_tab"}},
    };
    return views;
}

const FigureViewInfo *findFigureView(const QString &name)
{
    for (const FigureViewInfo &info : figureViews())
        if (info.name == name) return &info;
    return nullptr;
}

} // namespace attn::ui
