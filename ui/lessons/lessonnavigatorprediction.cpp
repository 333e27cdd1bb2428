// LessonNavigator: the prediction a step asks before it shows the weights (predictionpanel.h),
// kept with the lesson progress (predictionstore.h).
#include "ui/lessons/lessonnavigator.h"

#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/bilingual.h"
#include "ui/lessons/predictionpanel.h"
#include "ui/lessons/predictionstore.h"

#include <QScrollArea>
#include <QSettings>

namespace attn::lessons {

bool LessonNavigator::isPredictionPending() const
{
    const LessonStep *step = currentStepData();
    return step && step->prediction && !storedPrediction(*settings(), currentLesson()->id, m_step);
}

void LessonNavigator::updatePrediction()
{
    const LessonStep *step = currentStepData();
    m_prediction->setVisible(step && step->prediction);
    m_outcomeShown = false;
    if (!step || !step->prediction) return;
    const bool both = ui::AppSettings::instance().bilingual();
    // The keys as the step's scenario labels them (the document holds it now; its trace may
    // still be computing).
    QStringList keys;
    for (int k = 0; k < m_document->keyCount(); ++k) keys << m_document->keyLabel(k);
    m_prediction->ask(*step->prediction, withEnglish(step->prediction->question, step->englishQuestion, both),
                      keys);
    if (m_attached) showPredictionOutcome();
}

void LessonNavigator::showPredictionOutcome()
{
    const LessonStep *step = currentStepData();
    if (!step || !step->prediction || !m_document->traceIsCurrent()) return;
    const std::optional<PredictionRecord> record = storedPrediction(*settings(), currentLesson()->id, m_step);
    if (!record) return;
    m_outcomeShown = true;
    m_prediction->showOutcome(*record, scorePrediction(*step->prediction, *record, checkContext()),
                              step->prediction->explanation);
}

bool LessonNavigator::revealPrediction()
{
    const LessonStep *step = currentStepData();
    if (!step || !step->prediction || !isPredictionPending() || !m_prediction->hasAnswer() || !m_attached ||
        !m_document->traceIsCurrent())
        return false;
    PredictionRecord record = m_prediction->guess();
    const PredictionOutcome outcome = scorePrediction(*step->prediction, record, checkContext());
    if (!outcome.scored) return false;
    record.score = outcome.score;
    storePrediction(*settings(), currentLesson()->id, m_step, record);
    m_outcomeShown = true;
    m_prediction->showOutcome(record, outcome, step->prediction->explanation);
    // On a small screen the answer may open below the fold of the step's scroll area.
    if (auto *scroll = findChild<QScrollArea *>(QStringLiteral("stepScroll")))
        scroll->ensureWidgetVisible(m_prediction);
    if (!step->task) markDone(m_lesson, m_step);
    updateStepWidgets();
    evaluateTask();
    emit predictionStateChanged();
    return true;
}

void LessonNavigator::predictAgain()
{
    if (!currentStepData() || !currentStepData()->prediction) return;
    forgetPrediction(*settings(), currentLesson()->id, m_step);
    updatePrediction();
    updateStepWidgets();
    evaluateTask();
    emit predictionStateChanged();
}

std::map<int, PredictionRecord> LessonNavigator::predictions() const
{
    const Lesson *lesson = currentLesson();
    if (!lesson) return {};
    return storedPredictions(*settings(), lesson->id, static_cast<int>(lesson->steps.size()));
}

void LessonNavigator::setPredictions(const std::map<int, PredictionRecord> &records)
{
    const Lesson *lesson = currentLesson();
    if (!lesson) return;
    {
        const auto store = settings();
        for (const auto &[step, record] : records)
            if (step >= 0 && step < static_cast<int>(lesson->steps.size()) &&
                lesson->steps[static_cast<std::size_t>(step)].prediction)
                storePrediction(*store, lesson->id, step, record);
    }
    updatePrediction();
    updateStepWidgets();
    evaluateTask();
    emit predictionStateChanged();
}

} // namespace attn::lessons
