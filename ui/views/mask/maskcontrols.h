// The strip above the mask editor's grid: the causal, window and clear presets, the alignment
// they use when n_q ≠ n_k, the policy for rows that see no key, and the head shown; a second row
// with the document ids of a packed sequence and the prefix length of a prefix LM.
#pragma once

#include "core/scenario.h"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
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

    /// The box of the keys' document ids ("0 0 1 1"; with n_q = n_k the queries' too).
    QLineEdit *keyDocumentsBox() const { return m_keyDocuments; }
    /// The box of the queries' document ids, shown only when n_q ≠ n_k.
    QLineEdit *queryDocumentsBox() const { return m_queryDocuments; }
    /// The prefix length box over −1 … 4096, −1 showing "none".
    QSpinBox *prefixBox() const { return m_prefix; }

    /// The integers of a document-id box ("0 0 1", "0, 0, 1"); false with *error naming the first
    /// entry that is not an integer.
    static bool parseIds(const QString &text, std::vector<std::int64_t> *ids, QString *error);

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
    /// Enter in a document box: the ids of the queries (n_q) and of the keys (n_k); both empty
    /// remove the document mask.
    void documentsRequested(const std::vector<std::int64_t> &queryIds,
                            const std::vector<std::int64_t> &keyIds);
    /// The prefix box changed (empty = no prefix).
    void prefixRequested(std::optional<std::int64_t> prefix);
    /// A document box held something else than integers; one sentence.
    void inputRejected(const QString &message);

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
    QLabel *m_queryDocumentsLabel = nullptr;
    QLineEdit *m_queryDocuments = nullptr;
    QLabel *m_keyDocumentsLabel = nullptr;
    QLineEdit *m_keyDocuments = nullptr;
    QSpinBox *m_prefix = nullptr;
    int m_queryCount = 0;
    int m_keyCount = 0;
};

} // namespace attn::ui
