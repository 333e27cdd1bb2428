// The training lab's "Rollout vs effect" tab: one prediction of the trained model at the shown
// snapshot, each input token's attention rollout beside the measured change of that prediction
// when the token is replaced by a neutral token or deleted (core/train/tokeneffect.h).
#pragma once

#include "core/train/modelconfig.h"
#include "core/train/namedtensor.h"
#include "core/train/tasks.h"
#include "core/train/tokeneffect.h"
#include "ui/base/figuretable.h"
#include "ui/views/train/tokeneffectfigure.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;

namespace attn::ui {

class PaintedCanvas;

/// The model the panel measures: one snapshot.
struct TokenEffectInput {
    train::ModelConfig model;
    std::vector<train::NamedTensor> weights; ///< every parameter (float32 values)
    int step = 0;
};

/// Measures only while it is visible (and again when the snapshot, the sentence, the position
/// or the change changes): a double model of at most 32 tokens and 4 layers runs 2·(t + 1) short sequences,
/// a few milliseconds. Hovering a column gives the token's exact rollout, effect and the
/// prediction before and after.
class TokenEffectPanel : public QWidget {
    Q_OBJECT

public:
    enum class Change { Replace = 0, Delete = 1 };

    explicit TokenEffectPanel(QWidget *parent = nullptr);
    ~TokenEffectPanel() override;

    /// The probe sentences of a new trainer (a new task or seed): the Sentence box lists them,
    /// and choosing one measures its last scored prediction (the pronoun, the end of a repeat).
    void setProbes(const train::TaskInfo &task, const train::Batch &probes);
    /// A new snapshot, or nothing trained (an empty optional).
    void setInput(std::optional<TokenEffectInput> input);
    void setSequence(int sequence);
    void setPosition(int position);
    void setChange(Change change);
    int sequence() const;
    /// The token ids of the chosen sentence (empty before a trainer reported its probes).
    const std::vector<int> &sequenceTokens() const { return tokens(); }
    int position() const;
    Change change() const;

    /// The last measurement (empty before one ran or when it failed).
    const std::optional<train::TokenEffects> &effects() const { return m_effects; }
    const TokenEffectFigureData &figureData() const { return m_data; }
    /// The step of the snapshot last measured (0 when nothing was).
    int measuredStep() const { return m_effects && m_input ? m_input->step : 0; }
    /// Measures now if the input changed since the last measurement (tests, export).
    void refresh();

    void paintFigure(QPainter &painter, QSizeF size) const;
    QString toolTipAt(QPointF pos, QSizeF size) const;
    /// The figure as a table (View → Show as table): one row per token, its rollout, both
    /// measured effects and the prediction after each change.
    QList<FigureTable> tables() const;

signals:
    /// A measurement finished (the task values may have changed).
    void measured();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void invalidate();
    void measure();
    void fillFigure();
    void fillPositions();
    const std::vector<int> &tokens() const;

    QComboBox *m_sequence = nullptr;
    QComboBox *m_position = nullptr;
    QComboBox *m_change = nullptr;
    PaintedCanvas *m_canvas = nullptr;
    train::TaskInfo m_task;
    train::Batch m_probes;
    std::vector<std::vector<int>> m_tokens; ///< (probes) each sentence's token ids
    std::vector<int> m_scored;              ///< (probes) each sentence's last scored position
    std::optional<TokenEffectInput> m_input;
    std::optional<train::TokenEffects> m_effects;
    QString m_error;
    bool m_dirty = true;
    TokenEffectFigureData m_data;
};

} // namespace attn::ui
