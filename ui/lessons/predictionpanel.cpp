#include "ui/lessons/predictionpanel.h"

#include "ui/base/numbertext.h"
#include "ui/lessons/distributioneditor.h"
#include "ui/lessons/lessoncheck.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextDocument>
#include <QVBoxLayout>

#include <cmath>

namespace attn::lessons {

namespace {

const QString kResultStyle =
    QStringLiteral("QLabel { background: #eaf2f8; color: #1b2631; border: 1px solid #aed6f1; "
                   "border-radius: 4px; padding: 4px; }");

} // namespace

PredictionPanel::PredictionPanel(QWidget *parent) : QGroupBox(tr("Predict first"), parent)
{
    setObjectName(QStringLiteral("predictionPanel"));
    m_question = new QLabel(this);
    m_question->setObjectName(QStringLiteral("predictionQuestion"));
    m_question->setTextFormat(Qt::MarkdownText);
    m_question->setWordWrap(true);
    m_pick = new QComboBox(this);
    m_pick->setObjectName(QStringLiteral("predictionKey"));
    m_pick->setPlaceholderText(tr("Choose a key…"));
    m_pick->setAccessibleName(tr("Predicted winning key"));
    m_number = new QLineEdit(this);
    m_number->setObjectName(QStringLiteral("predictionNumber"));
    m_number->setPlaceholderText(tr("Type a number, e.g. 0.4"));
    m_number->setAccessibleName(tr("Predicted number"));
    m_bars = new DistributionEditor(this);
    m_reveal = new QPushButton(tr("Reveal"), this);
    m_reveal->setObjectName(QStringLiteral("revealButton"));
    m_reveal->setToolTip(tr("Show the true weights and score your prediction"));
    m_again = new QPushButton(tr("Predict again"), this);
    m_again->setObjectName(QStringLiteral("predictAgainButton"));
    m_again->setToolTip(tr("Forget this answer and hide the weights again"));
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("predictionResult"));
    m_result->setTextFormat(Qt::MarkdownText);
    m_result->setWordWrap(true);
    m_result->setStyleSheet(kResultStyle);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_pick, 1);
    buttons->addWidget(m_number, 1);
    buttons->addWidget(m_reveal);
    buttons->addWidget(m_again);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_question);
    layout->addWidget(m_bars);
    layout->addLayout(buttons);
    layout->addWidget(m_result);

    connect(m_pick, &QComboBox::currentIndexChanged, this, &PredictionPanel::updateButtons);
    connect(m_number, &QLineEdit::textChanged, this, &PredictionPanel::updateButtons);
    connect(m_number, &QLineEdit::returnPressed, this, [this] {
        if (m_reveal->isEnabled()) emit revealRequested();
    });
    connect(m_reveal, &QPushButton::clicked, this, &PredictionPanel::revealRequested);
    connect(m_again, &QPushButton::clicked, this, &PredictionPanel::predictAgainRequested);
}

void PredictionPanel::ask(const StepPrediction &prediction, const QString &question,
                          const QStringList &keyLabels)
{
    m_kind = prediction.kind;
    m_revealed = false;
    m_question->setText(question);
    {
        const QSignalBlocker block(m_pick);
        m_pick->clear();
        if (prediction.choices.empty()) {
            m_pick->addItems(keyLabels);
        } else {
            for (const TokenRef &choice : prediction.choices)
                if (const std::optional<int> k = resolveToken(choice, keyLabels))
                    m_pick->addItem(keyLabels.value(*k));
        }
        m_pick->setCurrentIndex(-1);
    }
    m_number->clear();
    m_bars->setLabels(keyLabels);
    m_pick->setVisible(m_kind == PredictionKind::PickKey);
    m_number->setVisible(m_kind == PredictionKind::Number);
    m_bars->setVisible(m_kind == PredictionKind::Distribution);
    m_pick->setEnabled(true);
    m_number->setReadOnly(false);
    m_bars->setReadOnly(false);
    m_result->clear();
    m_result->setVisible(false);
    updateButtons();
}

void PredictionPanel::showOutcome(const PredictionRecord &guess, const PredictionOutcome &outcome,
                                  const QString &explanation)
{
    m_revealed = true;
    switch (guess.kind) {
    case PredictionKind::PickKey: {
        const QSignalBlocker block(m_pick);
        m_pick->setCurrentIndex(m_pick->findText(guess.key));
        break;
    }
    case PredictionKind::Number: {
        const QSignalBlocker block(m_number);
        m_number->setText(ui::exactNumber(guess.number));
        break;
    }
    case PredictionKind::Distribution: {
        const QSignalBlocker block(m_bars);
        m_bars->setValues(guess.distribution);
        m_bars->setTruth(outcome.truth);
        break;
    }
    }
    m_pick->setEnabled(false);
    m_number->setReadOnly(true);
    m_bars->setReadOnly(true);
    QStringList lines{QStringLiteral("**%1**").arg(outcome.answer)};
    if (!outcome.scoreText.isEmpty()) lines << outcome.scoreText;
    if (!outcome.gap.isEmpty()) lines << outcome.gap;
    if (!explanation.isEmpty()) lines << explanation;
    // Escape nothing: the lines are the program's own text and the lesson's checked Markdown.
    // Hard line breaks, not paragraphs: the box sits in a narrow dock and must stay short.
    m_result->setText(lines.join(QStringLiteral("  \n")));
    m_result->setVisible(true);
    updateButtons();
}

PredictionRecord PredictionPanel::guess() const
{
    PredictionRecord record;
    record.kind = m_kind;
    switch (m_kind) {
    case PredictionKind::PickKey: record.key = m_pick->currentText(); break;
    case PredictionKind::Number: ui::parseTypedNumber(m_number->text().trimmed(), &record.number); break;
    case PredictionKind::Distribution: record.distribution = m_bars->values(); break;
    }
    return record;
}

bool PredictionPanel::hasAnswer() const
{
    switch (m_kind) {
    case PredictionKind::PickKey: return m_pick->currentIndex() >= 0;
    case PredictionKind::Number: {
        double x = 0.0;
        return ui::parseTypedNumber(m_number->text().trimmed(), &x) && std::isfinite(x);
    }
    case PredictionKind::Distribution: return !m_bars->values().empty();
    }
    return false;
}

QString PredictionPanel::resultText() const
{
    QTextDocument document;
    document.setMarkdown(m_result->text());
    return document.toPlainText();
}

void PredictionPanel::updateButtons()
{
    m_reveal->setVisible(!m_revealed);
    m_reveal->setEnabled(!m_revealed && hasAnswer());
    m_again->setVisible(m_revealed);
}

} // namespace attn::lessons
