#include "ui/lessons/lessoncheck.h"

#include "core/precision.h"
#include "ui/base/numbertext.h"
#include "ui/lessons/checkwords.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace attn::lessons {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::lessons::check", text);
}

CheckResult notMet(const QString &why)
{
    return {false, why};
}

/// "" for a single-head trace, " (head 2)" otherwise.
QString headSuffix(const AttentionTrace &trace, int head)
{
    return trace.heads.size() > 1 ? tr(" (head %1)").arg(head) : QString();
}

QString vectorText(const std::vector<double> &values)
{
    QStringList parts;
    for (double v : values) parts << ui::compactNumber(v);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

/// Resolves head, query and (when `needKey`) key of `check`; on failure *failure says why.
bool locate(const TaskCheck &check, const CheckContext &c, bool needKey, int *query, int *key,
            CheckResult *failure)
{
    const AttentionTrace &trace = *c.trace;
    if (check.head < 0 || check.head >= static_cast<int>(trace.heads.size())) {
        *failure = notMet(
            tr("head %1 does not exist (the scenario has %2)").arg(check.head).arg(trace.heads.size()));
        return false;
    }
    const std::optional<int> q = resolveToken(check.query, c.queryLabels);
    if (!q) {
        *failure = notMet(tr("query %1 is no longer in the scenario").arg(check.query.describe()));
        return false;
    }
    *query = *q;
    if (!needKey) return true;
    const std::optional<int> k = resolveToken(check.key, c.keyLabels);
    if (!k) {
        *failure = notMet(tr("key %1 is no longer in the scenario").arg(check.key.describe()));
        return false;
    }
    *key = *k;
    return true;
}

CheckResult weightCheck(const TaskCheck &check, const CheckContext &c)
{
    int q = 0, k = 0;
    CheckResult failure;
    if (!locate(check, c, true, &q, &k, &failure)) return failure;
    const double w = c.trace->heads[check.head].weights(q, k);
    QString condition;
    bool met = false;
    switch (check.kind) {
    case CheckKind::WeightAbove:
        met = w > check.value;
        condition = tr("needs > %1").arg(ui::exactNumber(check.value));
        break;
    case CheckKind::WeightBelow:
        met = w < check.value;
        condition = tr("needs < %1").arg(ui::exactNumber(check.value));
        break;
    default:
        met = std::abs(w - check.value) <= check.tolerance;
        condition = tr("needs %1 ± %2").arg(ui::exactNumber(check.value), ui::exactNumber(check.tolerance));
        break;
    }
    if (std::isnan(w)) met = false;
    return {met, tr("weight of “%1” on “%2”%3 = %4 (%5)")
                     .arg(c.queryLabels.value(q), c.keyLabels.value(k), headSuffix(*c.trace, check.head),
                          ui::weightNumber(w), condition)};
}

CheckResult argmaxCheck(const TaskCheck &check, const CheckContext &c)
{
    int q = 0, k = 0;
    CheckResult failure;
    if (!locate(check, c, true, &q, &k, &failure)) return failure;
    const Matrix &weights = c.trace->heads[check.head].weights;
    Index best = -1;
    int ties = 0;
    for (Index j = 0; j < weights.cols(); ++j) {
        const double w = weights(q, j);
        if (std::isnan(w)) continue;
        if (best < 0 || w > weights(q, best)) {
            best = j;
            ties = 0;
        } else if (w == weights(q, best)) {
            ++ties;
        }
    }
    if (best < 0) return notMet(tr("every weight of “%1” is NaN").arg(c.queryLabels.value(q)));
    const QString wanted = c.keyLabels.value(k);
    const QString bestText =
        ties > 0 ? tr("a tie at %1").arg(ui::weightNumber(weights(q, best)))
                 : tr("“%1” (%2)").arg(c.keyLabels.value(best), ui::weightNumber(weights(q, best)));
    const bool met = ties == 0 && best == k;
    return {met, tr("largest weight of “%1”%2: %3; wanted “%4” alone on top")
                     .arg(c.queryLabels.value(q), headSuffix(*c.trace, check.head), bestText, wanted)};
}

CheckResult outputCheck(const TaskCheck &check, const CheckContext &c)
{
    const AttentionTrace &trace = *c.trace;
    const std::optional<int> q = resolveToken(check.query, c.queryLabels);
    if (!q) return notMet(tr("query %1 is no longer in the scenario").arg(check.query.describe()));
    Index first = 0;
    Index count = trace.output.cols();
    if (check.head >= 0) {
        if (check.head >= static_cast<int>(trace.heads.size()))
            return notMet(tr("head %1 does not exist").arg(check.head));
        first = check.head * trace.shapes.d_v;
        count = trace.shapes.d_v;
    }
    if (count != static_cast<Index>(check.target.size()))
        return notMet(tr("the output has %1 entries, the target %2").arg(count).arg(check.target.size()));
    std::vector<double> actual;
    bool met = true;
    for (Index col = 0; col < count; ++col) {
        const double v = trace.output(*q, first + col);
        actual.push_back(v);
        if (!(std::abs(v - check.target[col]) <= check.tolerance)) met = false; // NaN fails too
    }
    return {met,
            tr("output of “%1”%2 = %3 (needs %4 ± %5)")
                .arg(c.queryLabels.value(*q), check.head >= 0 ? headSuffix(trace, check.head) : QString(),
                     vectorText(actual), vectorText(check.target), ui::exactNumber(check.tolerance))};
}

CheckResult shapesCheck(const TaskCheck &check, const CheckContext &c)
{
    const Shapes &s = c.trace->shapes;
    QStringList parts;
    bool met = true;
    const auto compare = [&](const char *name, const std::optional<int> &wanted, Index actual) {
        if (!wanted) return;
        if (actual == *wanted) {
            parts << QStringLiteral("%1 = %2").arg(QLatin1String(name)).arg(actual);
        } else {
            met = false;
            parts << tr("%1 = %2 (needs %3)").arg(QLatin1String(name)).arg(actual).arg(*wanted);
        }
    };
    compare("n_q", check.n_q, s.n_q);
    compare("n_k", check.n_k, s.n_k);
    compare("d_k", check.d_k, s.d_k);
    compare("d_v", check.d_v, s.d_v);
    return {met, parts.join(QStringLiteral(", "))};
}

CheckResult dtypeCheck(const TaskCheck &check, const CheckContext &c)
{
    const Precision dtype = c.trace->dtype;
    const bool met = std::find(check.dtypes.begin(), check.dtypes.end(), dtype) != check.dtypes.end();
    const QString shown = QStringLiteral("dtype = %1").arg(QLatin1String(toString(dtype)));
    if (met) return {true, shown};
    QStringList wanted;
    for (Precision p : check.dtypes) wanted << QLatin1String(toString(p));
    return {false, tr("%1 (needs %2)").arg(shown, wanted.join(tr(" or ")))};
}

CheckResult selectedQueryCheck(const TaskCheck &check, const CheckContext &c)
{
    const std::optional<int> q = resolveToken(check.query, c.queryLabels);
    if (!q) return notMet(tr("query %1 is no longer in the scenario").arg(check.query.describe()));
    const QString shown = tr("query shown: “%1”").arg(c.queryLabels.value(c.selectedQuery));
    if (!check.showTarget) return {c.selectedQuery == *q, shown};
    return {c.selectedQuery == *q, tr("%1 (wanted “%2”)").arg(shown, c.queryLabels.value(*q))};
}

/// Counts (layers, tiles, bytes) read as integers with thousands separators, "17,179,869,184";
/// other numbers as `exact` formats them.
QString viewNumber(double x, QString (*exact)(double))
{
    const bool integral = std::isfinite(x) && x == std::round(x) && std::abs(x) < 1e15;
    return integral ? QLocale(QLocale::English).toString(static_cast<qlonglong>(x)) : exact(x);
}

/// Six significant digits: 2.09993 reads as just below 2.1, where a table's 2.100 would not.
QString sixDigits(double x)
{
    return QString::number(x, 'g', 6);
}

CheckResult viewValueCheck(const TaskCheck &check, const CheckContext &c)
{
    const auto found = c.viewValues.constFind(check.name);
    if (found == c.viewValues.constEnd())
        return notMet(tr("the view does not show “%1” now").arg(check.name));
    const double x = *found;
    QStringList needs;
    bool met = !std::isnan(x);
    if (check.above) {
        met = met && x > *check.above;
        needs << QStringLiteral("> %1").arg(viewNumber(*check.above, ui::exactNumber));
    }
    if (check.below) {
        met = met && x < *check.below;
        needs << QStringLiteral("< %1").arg(viewNumber(*check.below, ui::exactNumber));
    }
    if (check.equals) {
        met = met && std::abs(x - *check.equals) <= check.tolerance;
        // A whole target with a tolerance below ½ reads as the count it is: "needs 3", or as the
        // choice it stands for: "needs RoPE".
        const bool count = *check.equals == std::round(*check.equals) && check.tolerance < 0.5;
        const QString word = count ? plainValueText(check.name, *check.equals, c.keyLabels) : QString();
        needs << (!word.isEmpty() ? word
                  : count         ? viewNumber(*check.equals, ui::exactNumber)
                                  : QStringLiteral("%1 ± %2").arg(ui::exactNumber(*check.equals),
                                                                  ui::exactNumber(check.tolerance)));
    }
    // Plain words, not the identifier: "position encoding: RoPE", "deleted key: none".
    const QString name = plainValueName(check.name);
    const QString word = plainValueText(check.name, x, c.keyLabels);
    const QString shown = word.isEmpty() ? QStringLiteral("%1 = %2").arg(name, viewNumber(x, sixDigits))
                                         : tr("%1: %2").arg(name, word);
    if (!check.showTarget) return {met, shown};
    return {met, tr("%1 (needs %2)").arg(shown, needs.join(QStringLiteral(" and ")))};
}

} // namespace

std::optional<int> resolveToken(const TokenRef &ref, const QStringList &labels)
{
    if (!ref.token.isEmpty()) {
        const int i = labels.indexOf(ref.token);
        if (i < 0) return std::nullopt;
        return i;
    }
    if (ref.index < 0 || ref.index >= labels.size()) return std::nullopt;
    return ref.index;
}

CheckResult evaluateCheck(const TaskCheck &check, const CheckContext &context)
{
    if (!context.trace || context.trace->heads.empty()) return notMet(tr("nothing computed yet"));
    switch (check.kind) {
    case CheckKind::WeightAbove:
    case CheckKind::WeightBelow:
    case CheckKind::WeightNear: return weightCheck(check, context);
    case CheckKind::ArgmaxKey: return argmaxCheck(check, context);
    case CheckKind::OutputNear: return outputCheck(check, context);
    case CheckKind::Shapes: return shapesCheck(check, context);
    case CheckKind::DType: return dtypeCheck(check, context);
    case CheckKind::SelectedQuery: return selectedQueryCheck(check, context);
    case CheckKind::ViewValue: return viewValueCheck(check, context);
    case CheckKind::AllOf: break;
    }
    CheckResult all{true, {}};
    QStringList lines;
    for (const TaskCheck &part : check.all) {
        const CheckResult r = evaluateCheck(part, context);
        all.met = all.met && r.met;
        // A condition that held when the step opened and reads as it did then was not the
        // learner's doing: it is to be kept, not ticked.
        if (r.met && context.untouched.contains(r.status))
            lines << tr("– keep: %1").arg(r.status);
        else
            lines << (r.met ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + r.status;
    }
    all.status = lines.join(QLatin1Char('\n'));
    return all;
}

QStringList heldStatuses(const TaskCheck &check, const CheckContext &context)
{
    QStringList held;
    if (check.kind != CheckKind::AllOf) return held;
    CheckContext fresh = context;
    fresh.untouched.clear();
    for (const TaskCheck &part : check.all) {
        const CheckResult r = evaluateCheck(part, fresh);
        if (r.met) held << r.status;
        if (part.kind == CheckKind::AllOf) held << heldStatuses(part, fresh);
    }
    return held;
}

} // namespace attn::lessons
