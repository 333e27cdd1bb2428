#include "ui/lessons/tasklint.h"

#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/lessons/lessonstage.h"
#include "ui/views/figureview.h"
#include "ui/views/viewregistry.h"

#include <QApplication>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace attn::lessons {

namespace {

/// True when `check` (or a part of it) tests weights, which only Q, K, the score settings and
/// raw scores can move (V and the shape buttons cannot).
bool testsWeights(const TaskCheck &check)
{
    switch (check.kind) {
    case CheckKind::WeightAbove:
    case CheckKind::WeightBelow:
    case CheckKind::WeightNear:
    case CheckKind::ArgmaxKey: return true;
    case CheckKind::AllOf: return std::any_of(check.all.begin(), check.all.end(), testsWeights);
    default: return false;
    }
}

/// The view_value checks that must all hold: `check` itself or the parts of its all_of (nested
/// ones flattened).
void conjunctViewValues(const TaskCheck &check, std::vector<const TaskCheck *> *out)
{
    if (check.kind == CheckKind::ViewValue) out->push_back(&check);
    if (check.kind == CheckKind::AllOf)
        for (const TaskCheck &part : check.all) conjunctViewValues(part, out);
}

/// Why `check` can never hold, from its view_value bounds alone (e.g. "above 5" with "below 3",
/// or "n equals 5" with "n equals 6" in one all_of); empty when the bounds can be met.
QString contradiction(const TaskCheck &check)
{
    std::vector<const TaskCheck *> parts;
    conjunctViewValues(check, &parts);
    struct Range {
        double low = -HUGE_VAL, high = HUGE_VAL;
        bool lowOpen = true, highOpen = true;
        QStringList bounds;
    };
    std::map<QString, Range> ranges;
    const auto raise = [](Range &r, double low, bool open) {
        if (low > r.low || (low == r.low && open)) r.low = low, r.lowOpen = open;
    };
    const auto lower = [](Range &r, double high, bool open) {
        if (high < r.high || (high == r.high && open)) r.high = high, r.highOpen = open;
    };
    for (const TaskCheck *c : parts) {
        Range &r = ranges[c->name];
        if (c->above) {
            raise(r, *c->above, true);
            r.bounds << QStringLiteral("above %1").arg(*c->above);
        }
        if (c->below) {
            lower(r, *c->below, true);
            r.bounds << QStringLiteral("below %1").arg(*c->below);
        }
        if (c->equals) {
            raise(r, *c->equals - c->tolerance, false);
            lower(r, *c->equals + c->tolerance, false);
            r.bounds << QStringLiteral("equal to %1 ± %2").arg(*c->equals).arg(c->tolerance);
        }
    }
    for (const auto &[name, r] : ranges)
        if (r.low > r.high || (r.low == r.high && (r.lowOpen || r.highOpen)))
            return QStringLiteral("can never hold: %1 cannot be %2 at once")
                .arg(name, r.bounds.join(QStringLiteral(" and ")));
    return {};
}

/// Why a weight check in `check` (itself or a part of an all_of) can never hold: softmax weights
/// lie in [0, 1], so "above 1" and "below 0" are out of reach; empty otherwise.
QString weightOutOfReach(const TaskCheck &check)
{
    if (check.kind == CheckKind::WeightAbove && check.value >= 1.0)
        return QStringLiteral("can never hold: a weight is at most 1, and the check wants it above %1")
            .arg(check.value);
    if (check.kind == CheckKind::WeightBelow && check.value <= 0.0)
        return QStringLiteral("can never hold: a weight is at least 0, and the check wants it below %1")
            .arg(check.value);
    for (const TaskCheck &part : check.all)
        if (const QString why = weightOutOfReach(part); !why.isEmpty()) return why;
    return {};
}

/// True when `check` reads the computed trace (weights, outputs or shapes).
bool readsTrace(const TaskCheck &check)
{
    switch (check.kind) {
    case CheckKind::WeightAbove:
    case CheckKind::WeightBelow:
    case CheckKind::WeightNear:
    case CheckKind::ArgmaxKey:
    case CheckKind::OutputNear:
    case CheckKind::Shapes: return true;
    case CheckKind::AllOf: return std::any_of(check.all.begin(), check.all.end(), readsTrace);
    default: return false;
    }
}

bool readsViewValues(const TaskCheck &check)
{
    if (check.kind == CheckKind::ViewValue) return true;
    return std::any_of(check.all.begin(), check.all.end(), readsViewValues);
}

/// The task values of the step's figure view as the step opens, when probing is on and widgets
/// can be made; else empty (a "view_value" check then reads as not met).
QMap<QString, double> initialViewValues(const LessonStep &step, const TaskCheck &check, bool probeViews)
{
    if (!probeViews || !readsViewValues(check) || !qobject_cast<QApplication *>(QCoreApplication::instance()))
        return {};
    const ui::FigureViewInfo *info = ui::findFigureView(step.view);
    if (!info) return {};
    doc::ScenarioDocument document;
    if (!loadStep(step, document)) return {};
    const std::unique_ptr<ui::FigureView> view(info->create(&document, nullptr));
    view->resetViewState();
    return view->currentTaskValues();
}

} // namespace

std::vector<TaskProblem> lintTask(const LessonStep &step, const TaskCheck &check, const StepContext *context,
                                  bool probeViews)
{
    std::vector<TaskProblem> problems;
    const QString field = QStringLiteral("task.check");
    if (const QString never = contradiction(check); !never.isEmpty()) problems.push_back({field, never});
    if (const QString never = weightOutOfReach(check); !never.isEmpty()) problems.push_back({field, never});
    // A figure view that never edits the scenario leaves the trace as the step opened it.
    const ui::FigureViewInfo *figure = ui::findFigureView(step.view);
    if (figure && step.view != QLatin1String("sentence") && !figure->editsScenario && readsTrace(check))
        problems.push_back(
            {field, QStringLiteral("tests the weights, outputs or shapes, but the view “%1” never "
                                   "changes the scenario; test its own values with view_value")
                        .arg(step.view)});
    if (!problems.empty()) return problems;
    if (context) {
        const int selected = resolveToken(step.selectedQuery, context->queryLabels).value_or(0);
        const CheckResult r = evaluateCheck(check, {&context->trace, context->queryLabels, context->keyLabels,
                                                    selected, initialViewValues(step, check, probeViews)});
        if (r.met) {
            problems.push_back(
                {field,
                 QStringLiteral("already holds when the step opens (%1): the learner has nothing to do")
                     .arg(QString(r.status).replace(QLatin1Char('\n'), QStringLiteral("; ")))});
            return problems;
        }
    }
    // In the editor views only the unlocked tables and controls can move the weights (the figure
    // views have controls of their own, which "controls" does not lock).
    const bool editorView = step.view == QLatin1String("qkv") || step.view == QLatin1String("sentence");
    const QStringList moveWeights{QStringLiteral("Q"), QStringLiteral("K"), QStringLiteral("score"),
                                  QStringLiteral("S")};
    if (editorView && step.controlsGiven && testsWeights(check) &&
        std::none_of(moveWeights.begin(), moveWeights.end(),
                     [&](const QString &c) { return step.controls.contains(c); }))
        problems.push_back(
            {field, QStringLiteral("tests weights, but the step unlocks %1: weights move only with "
                                   "Q, K, the score controls (\"score\") or the raw scores (\"S\")")
                        .arg(step.controls.isEmpty()
                                 ? QStringLiteral("nothing")
                                 : QStringLiteral("only ") + step.controls.join(QStringLiteral(", ")))});
    return problems;
}

} // namespace attn::lessons
