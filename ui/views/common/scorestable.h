// The score matrix S of the selected head, shown in the Q/K/V editor; editable as raw scores.
#pragma once

#include "ui/document/scenariodocument.h"

#include <QGroupBox>

class QLabel;
class QPushButton;
class QTableView;

namespace attn::ui {

class MatrixClipboard;
class ScoreMatrixModel;

/// A titled table of the scores S (n_q × n_k) of the selected query head (ScoreMatrixModel).
/// When the scenario gives raw scores the cells are editable, one undoable edit each. Otherwise
/// the table shows the computed logits read-only, and the button "Edit scores directly"
/// replaces Q·Kᵀ by raw scores equal to those logits (scenarioWithRawScores: one undoable edit
/// that leaves every weight unchanged). Refused input is reported by inputRejected(); edits
/// the engine refuses by the document's editRefused().
class ScoresTable : public QGroupBox {
    Q_OBJECT

public:
    /// A table over `document` (not owned; must outlive the widget).
    explicit ScoresTable(doc::ScenarioDocument *document, QWidget *parent = nullptr);

    ScoreMatrixModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }
    QPushButton *editDirectlyButton() const { return m_editDirectly; }
    /// Copy, paste and CSV files of S (Ctrl+C, Ctrl+V, context menu); owned by the table.
    MatrixClipboard *clipboard() const { return m_clipboard; }
    /// The title line, e.g. "S — logits of head 0: n_q × n_k = 1×2".
    QString titleText() const;

    /// Converts the scenario to raw scores (see scenarioWithRawScores). Returns false, changing
    /// nothing, when it already uses raw scores, when the conversion is impossible
    /// (inputRejected() says why) or when the document refuses it.
    bool editScoresDirectly();

    /// Locks the table and the button (a lesson step that does not list "S"), or unlocks them.
    void setLocked(bool locked);
    bool isLocked() const { return m_locked; }

signals:
    /// Input or a conversion was refused; `message` is one sentence for the learner.
    void inputRejected(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    /// Title, note, button and table height after the model changed (values, size or mode).
    void updateFromModel();

    doc::ScenarioDocument *m_document;
    ScoreMatrixModel *m_model = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_note = nullptr; // under the table: where S comes from
    QTableView *m_table = nullptr;
    QPushButton *m_editDirectly = nullptr;
    MatrixClipboard *m_clipboard = nullptr;
    bool m_locked = false;
};

} // namespace attn::ui
