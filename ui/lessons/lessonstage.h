// Putting a lesson step on stage: its scenario into the document, its editable controls on the
// Q/K/V editor, and its figures into files (`attention-lab export --lesson`).
#pragma once

#include "ui/lessons/lesson.h"

#include <QSize>
#include <QString>
#include <QStringList>

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {
class QkvEditorView;
}

namespace attn::lessons {

/// Loads `step`'s scenario into `document` (clearing its undo history) and selects the step's
/// query. Returns false, changing nothing, when the scenario cannot be computed (*error says why).
bool loadStep(const LessonStep &step, doc::ScenarioDocument &document, QString *error = nullptr);

/// Locks the parts of `view` that `step` does not list in its controls: the Q, K and V tables
/// ("Q", "K", "V"), the add/remove buttons ("shape"), the score kind / scale / temperature strip
/// ("score") and the raw-score table ("S"). A null `step` unlocks everything.
void applyControls(const LessonStep *step, ui::QkvEditorView &view);

/// "03-softmax-mixture-step2": the file stem of a step's figures (steps count from 1).
QString stepFigureStem(const Lesson &lesson, int step);

/// Writes the figure of every step of `lesson` into `dir` (created if needed), as the step
/// opens: "<stem>-weights.<format>" and "<stem>-bars.<format>" for the Q/K/V view,
/// "<stem>-<suffix>.<format>" for a figure view (ui::figureViews(), e.g. "-arcs" for sentence). Appends the
/// paths to *written (if given). Returns false and sets *error on the first failure. Needs a QApplication
/// (offscreen is fine).
bool exportLessonFigures(const Lesson &lesson, const QString &dir, const QString &format, QSize size,
                         QStringList *written, QString *error);

} // namespace attn::lessons
