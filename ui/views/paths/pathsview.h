// The "RNN vs attention" view (lesson 9): how far apart two positions are for a recurrence and
// for attention, and how many steps must run one after another.
#pragma once

#include "ui/views/common/figureview.h"

#include <cstdint>

class QPushButton;
class QSpinBox;
class QTimer;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class PathsCanvas;
struct PathsState;

/// Positions 0 … n − 1 as nodes (the document's key tokens when n = n_k), with the learner's
/// own controls: n, the two positions i and j (spin boxes, or clicking a node: i; Shift+click
/// or right click: j), the reach w of one attention layer (0 = global) and an animation
/// (Play/Pause, Step, Rewind) of the n sequential RNN steps beside attention's single parallel
/// step. Every count comes from core/rnn.h (Vaswani et al. 2017, §4 and Table 1):
///   recurrent steps  = pathLength(Recurrent, i, j)             = |i − j|
///   attention layers = pathLength(GlobalAttention, i, j)       = 1 (0 when i = j), or
///                      pathLength(WindowAttention, i, j, w)    = ⌈|i − j| / w⌉
///   sequential steps = sequentialSteps(Recurrent, n) = n; (GlobalAttention, n) = 1.
/// The scenario gives only the labels: nothing here is an attention computation.
class PathsView : public FigureView {
    Q_OBJECT

public:
    static constexpr int kMaxN = 64;         ///< the largest n (and the plot's range)
    static constexpr int kAnimationMs = 450; ///< one animation step while playing

    /// A view of `document` (not owned; must outlive the view).
    explicit PathsView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~PathsView() override;

    int n() const;
    int i() const;
    int j() const;
    int window() const;        ///< 0 = global attention
    int animationStep() const; ///< 0 … n
    bool isPlaying() const;

    /// |i − j| (core pathLength, Recurrent).
    std::uint64_t recurrentSteps() const;
    /// 1 for global attention (0 when i = j); ⌈|i − j| / w⌉ with a window w.
    std::uint64_t attentionLayers() const;

    /// "n", "i", "j", "window", "recurrent_steps", "attention_layers", "animation_step",
    /// "rnn_sequential_steps" (n) and "attention_sequential_steps" (1).
    QMap<QString, double> taskValues() const override;
    /// n = the document's n_k (clamped to 2 … kMaxN), i = 0, j = n − 1, global attention, the
    /// animation rewound and stopped.
    void resetViewState() override;

    /// Sets n (2 … kMaxN); i and j go back to the two ends and the animation rewinds.
    void setN(int n);
    void setPositions(int i, int j);
    void setWindow(int window);
    /// One animation step (stops at n).
    void step();
    void rewind();
    void setPlaying(bool playing);

    PathsCanvas *canvas() const { return m_canvas; }

    /// Writes the figure (as drawn, without the controls) to `path` as "png", "svg" or "pdf" at
    /// `size` through exportPainted(); false with *error (one sentence) on a bad format or size
    /// or an unwritable file.
    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;

    QSize sizeHint() const override { return {900, 600}; }

private:
    PathsState state() const;
    void refresh();

    PathsCanvas *m_canvas = nullptr;
    QSpinBox *m_n = nullptr;
    QSpinBox *m_i = nullptr;
    QSpinBox *m_j = nullptr;
    QSpinBox *m_window = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_step = nullptr;
    QPushButton *m_rewind = nullptr;
    QTimer *m_timer = nullptr;
    int m_animationStep = 0;
};

} // namespace attn::ui
