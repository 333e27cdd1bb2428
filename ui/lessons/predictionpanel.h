// The "Predict first" box of a lesson step: the question, the learner's answer (a key, a number
// or a row of bars), Reveal, and then the true answer with the score and the gap explained.
#pragma once

#include "ui/lessons/prediction.h"

#include <QGroupBox>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace attn::lessons {

class DistributionEditor;

/// Asks one step's prediction. Reveal is enabled once an answer is given (a key chosen, a number
/// typed); pressing it emits revealRequested() and the navigator scores guess() and calls
/// showOutcome(). "Predict again" (predictAgainRequested()) forgets the answer.
class PredictionPanel : public QGroupBox {
    Q_OBJECT

public:
    explicit PredictionPanel(QWidget *parent = nullptr);

    /// Asks `prediction` with the shown `question` (translated, perhaps with its English); the
    /// key choices are its "choices", or every one of `keyLabels`. Clears any earlier answer.
    void ask(const StepPrediction &prediction, const QString &question, const QStringList &keyLabels);
    /// Shows `guess` locked, with the answer, score and gap of `outcome` and the lesson's
    /// `explanation` (Markdown, may be empty).
    void showOutcome(const PredictionRecord &guess, const PredictionOutcome &outcome,
                     const QString &explanation);
    bool isRevealed() const { return m_revealed; }

    /// The answer as given so far (its score is 0 until scored).
    PredictionRecord guess() const;
    /// True when guess() is an answer: a key chosen, a number typed, or bars (always).
    bool hasAnswer() const;

    QComboBox *keyChoice() const { return m_pick; }
    QLineEdit *numberEdit() const { return m_number; }
    DistributionEditor *bars() const { return m_bars; }
    QPushButton *revealButton() const { return m_reveal; }
    QPushButton *againButton() const { return m_again; }
    /// The result as shown (plain text of the answer, score, gap and explanation).
    QString resultText() const;

signals:
    void revealRequested();
    void predictAgainRequested();

private:
    void updateButtons();

    PredictionKind m_kind = PredictionKind::PickKey;
    bool m_revealed = false;
    QLabel *m_question = nullptr;
    QComboBox *m_pick = nullptr;
    QLineEdit *m_number = nullptr;
    DistributionEditor *m_bars = nullptr;
    QPushButton *m_reveal = nullptr;
    QPushButton *m_again = nullptr;
    QLabel *m_result = nullptr;
};

} // namespace attn::lessons
