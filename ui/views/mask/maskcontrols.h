// The strip above the mask editor's grid: the causal, window and clear presets, the alignment
// they use when n_q ≠ n_k, the policy for rows that see no key, and the head shown.
#pragma once

#include "core/scenario.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attn::ui {

/// Buttons and boxes that ask for mask edits without making them: MaskEditorView turns each
/// request into one undoable edit and calls sync() when the document changes. The window sides
/// are spin boxes over −1 … 4096 where −1 shows "∞" (unbounded).
class MaskControls : public QWidget {
    Q_OBJECT

public:
    /// Causal, bottom-right alignment, a window of 2 keys left and 0 right, and policy "zero".
    explicit MaskControls(QWidget *parent = nullptr);

    /// Shows `s`'s policy, its alignment (when specified) and window sides (when it has a window),
    /// a head box over `heads` heads at `selectedHead` (hidden when there is one head), and the
    /// alignment box enabled only when n_q ≠ n_k. Emits no request.
    void sync(const Scenario &s, int heads, int selectedHead, int n_q, int n_k);
    /// The alignment the causal and window presets use when n_q ≠ n_k.
    void setAlignmentChoice(Alignment alignment);
    Alignment alignmentChoice() const;

signals:
    /// The Causal button was pressed.
    void causalRequested();
    /// The Window button was pressed with these sides (empty = unbounded).
    void windowRequested(std::optional<int> left, std::optional<int> right);
    /// The Clear button was pressed.
    void clearRequested();
    /// A policy for rows that see no key was chosen (also when it is the current one).
    void policyChosen(attn::MaskedRowPolicy policy);
    /// The head box changed (not by sync()).
    void headChosen(int head);

private:
    QPushButton *m_causal = nullptr;
    QComboBox *m_alignment = nullptr;
    QSpinBox *m_left = nullptr;
    QSpinBox *m_right = nullptr;
    QPushButton *m_window = nullptr;
    QPushButton *m_clear = nullptr;
    QComboBox *m_policy = nullptr;
    QLabel *m_headLabel = nullptr;
    QSpinBox *m_head = nullptr;
};

} // namespace attn::ui
