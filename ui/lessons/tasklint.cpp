#include "ui/lessons/tasklint.h"

#include "ui/document/scenariodocument.h"
#include "ui/lessons/lessoncheck.h"
#include "ui/lessons/lessonstage.h"
#include "ui/views/common/figureview.h"
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

/// The weight checks that must all hold: `check` itself or the parts of its all_of (flattened).
void conjunctWeights(const TaskCheck &check, std::vector<const TaskCheck *> *out)
{
    switch (check.kind) {
    case CheckKind::WeightAbove:
    case CheckKind::WeightBelow:
    case CheckKind::WeightNear:
    case CheckKind::ArgmaxKey: out->push_back(&check); break;
    case CheckKind::AllOf:
        for (const TaskCheck &part : check.all) conjunctWeights(part, out);
        break;
    default: break;
    }
}

/// Why the weight checks of one all_of can never hold together, or an empty string. Softmax
/// gives each query a row of weights in [0, 1] that sums to 1, with one largest; so within one
/// head and query: bounds on one weight must overlap, lower bounds on different keys must add up
/// to less than 1, two argmax_key checks must name the same key, and the argmax key cannot be
/// outweighed by a key held above 1/2. Tokens are compared as resolved on `context` when it is
/// given, else as written.
QString weightContradiction(const TaskCheck &check, const StepContext *context)
{
    std::vector<const TaskCheck *> parts;
    conjunctWeights(check, &parts);
    if (parts.size() < 2) return {};
    const auto id = [](const TokenRef &ref, const QStringList *labels) {
        if (labels)
            if (const std::optional<int> i = resolveToken(ref, *labels)) return QStringLiteral("#%1").arg(*i);
        return ref.describe();
    };
    struct Bound {
        double low = 0, high = 1;
        bool lowOpen = false, highOpen = false;
        QStringList said;
        QString key;
    };
    struct Row {
        std::map<QString, Bound> keys;     // by key id
        std::map<QString, QString> argmax; // key id -> as written
        QString query;
    };
    std::map<std::pair<int, QString>, Row> rows; // (head, query id)
    for (const TaskCheck *c : parts) {
        Row &row = rows[{c->head, id(c->query, context ? &context->queryLabels : nullptr)}];
        if (row.query.isEmpty()) row.query = c->query.describe();
        const QString key = id(c->key, context ? &context->keyLabels : nullptr);
        if (c->kind == CheckKind::ArgmaxKey) {
            row.argmax[key] = c->key.describe();
            continue;
        }
        Bound &b = row.keys[key];
        b.key = c->key.describe();
        const auto raise = [&b](double v, bool open) {
            if (v > b.low || (v == b.low && open)) b.low = v, b.lowOpen = open;
        };
        const auto lower = [&b](double v, bool open) {
            if (v < b.high || (v == b.high && open)) b.high = v, b.highOpen = open;
        };
        if (c->kind == CheckKind::WeightAbove) {
            raise(c->value, true);
            b.said << QStringLiteral("above %1").arg(c->value);
        } else if (c->kind == CheckKind::WeightBelow) {
            lower(c->value, true);
            b.said << QStringLiteral("below %1").arg(c->value);
        } else {
            raise(c->value - c->tolerance, false);
            lower(c->value + c->tolerance, false);
            b.said << QStringLiteral("within %1 ± %2").arg(c->value).arg(c->tolerance);
        }
    }
    for (const auto &[where, row] : rows) {
        const QString head = where.first > 0 ? QStringLiteral(" in head %1").arg(where.first) : QString();
        double lowSum = 0;
        bool anyOpen = false;
        QStringList lows;
        for (const auto &[key, b] : row.keys) {
            if (b.low > b.high || (b.low == b.high && (b.lowOpen || b.highOpen)))
                return QStringLiteral("can never hold: the weight of %1 on %2%3 cannot be %4 at once")
                    .arg(row.query, b.key, head, b.said.join(QStringLiteral(" and ")));
            if (b.low > 0) {
                lowSum += b.low;
                anyOpen = anyOpen || b.lowOpen;
                lows << QStringLiteral("%1 %2").arg(b.key, b.said.join(QStringLiteral(" and ")));
            }
        }
        if (lows.size() > 1 && (lowSum > 1 + 1e-12 || (lowSum >= 1 - 1e-12 && anyOpen)))
            return QStringLiteral("can never hold: the weights of %1%2 sum to 1, but the check wants %3")
                .arg(row.query, head, lows.join(QStringLiteral(", ")));
        if (row.argmax.size() > 1) {
            QStringList keys;
            for (const auto &[key, written] : row.argmax) keys << written;
            return QStringLiteral("can never hold: %1%2 has one largest weight, but the check wants it on %3")
                .arg(row.query, head, keys.join(QStringLiteral(" and on ")));
        }
        if (row.argmax.size() == 1) {
            const QString &largest = row.argmax.begin()->first;
            for (const auto &[key, b] : row.keys)
                if (key != largest && (b.low > 0.5 || (b.low == 0.5 && b.lowOpen)))
                    return QStringLiteral("can never hold: %1 on %2 is %3, more than half, so %4 cannot have "
                                          "the largest weight%5")
                        .arg(row.query, b.key, b.said.join(QStringLiteral(" and ")),
                             row.argmax.begin()->second, head);
        }
    }
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
    case CheckKind::Shapes:
    case CheckKind::DType: return true;
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
    if (const QString never = weightOutOfReach(check); !never.isEmpty())
        problems.push_back({field, never});
    else if (const QString never = weightContradiction(check, context); !never.isEmpty())
        problems.push_back({field, never});
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
    const QStringList moveWeights{QStringLiteral("Q"),   QStringLiteral("K"),  QStringLiteral("score"),
                                  QStringLiteral("S"),   QStringLiteral("X"),  QStringLiteral("X_kv"),
                                  QStringLiteral("W_q"), QStringLiteral("W_k")};
    if (editorView && step.controlsGiven && testsWeights(check) &&
        std::none_of(moveWeights.begin(), moveWeights.end(),
                     [&](const QString &c) { return step.controls.contains(c); }))
        problems.push_back(
            {field,
             QStringLiteral("tests weights, but the step unlocks %1: weights move only with "
                            "Q, K, the score controls (\"score\"), the raw scores (\"S\"), or X, X_kv, "
                            "W_q and W_k when Q and K are projections")
                 .arg(step.controls.isEmpty()
                          ? QStringLiteral("nothing")
                          : QStringLiteral("only ") + step.controls.join(QStringLiteral(", ")))});
    return problems;
}

} // namespace attn::lessons
