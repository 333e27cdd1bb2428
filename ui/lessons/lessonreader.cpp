#include "ui/lessons/lessonreader.h"

#include "core/precision.h"
#include "ui/document/jsonproblem.h"
#include "ui/document/scenariojson.h"

#include <QJsonArray>

#include <cmath>

namespace attn::lessons {

namespace {

/// "queries" or "keys".
QString plural(const QString &what)
{
    return what == QLatin1String("query") ? QStringLiteral("queries") : what + QLatin1Char('s');
}

} // namespace

QString LessonReader::typeName(const QJsonValue &v)
{
    return doc::jsonTypeName(v);
}

QString LessonReader::shownType(const QJsonValue &v)
{
    return v.isString() && v.toString().trimmed().isEmpty() ? QStringLiteral("an empty string") : typeName(v);
}

void LessonReader::problem(const QString &field, const QString &message)
{
    m_problems.push_back({m_path, m_step, field, message});
}

void LessonReader::rejectUnknownKeys(const QJsonObject &o, const QString &where, const QStringList &known)
{
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!known.contains(it.key()))
            problem(where.isEmpty() ? it.key() : where + QLatin1Char('.') + it.key(),
                    QStringLiteral("unknown key (known here: %1)").arg(known.join(QStringLiteral(", "))));
}

QString LessonReader::requiredString(const QJsonObject &o, const QString &key, const QString &field)
{
    if (!o.contains(key)) {
        problem(field, QStringLiteral("is missing"));
        return {};
    }
    const QJsonValue v = o.value(key);
    if (!v.isString() || v.toString().trimmed().isEmpty()) {
        problem(field, QStringLiteral("expected a non-empty string, got %1").arg(shownType(v)));
        return {};
    }
    return v.toString();
}

QString LessonReader::markdown(const QJsonValue &v, const QString &field)
{
    if (v.isString() && !v.toString().trimmed().isEmpty()) return v.toString();
    if (v.isArray() && !v.toArray().isEmpty()) {
        QStringList lines;
        const QJsonArray array = v.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString()) {
                problem(QStringLiteral("%1[%2]").arg(field).arg(i),
                        QStringLiteral("expected a string (one line of Markdown), got %1")
                            .arg(typeName(array.at(i))));
                return {};
            }
            lines << array.at(i).toString();
        }
        return lines.join(QLatin1Char('\n'));
    }
    problem(field, QStringLiteral("expected Markdown text (a non-empty string or an array of strings), "
                                  "got %1")
                       .arg(shownType(v)));
    return {};
}

std::optional<TokenRef> LessonReader::tokenRef(const QJsonValue &v, const QString &field)
{
    if (v.isString() && !v.toString().isEmpty()) return TokenRef{-1, v.toString()};
    if (v.isDouble() && v.toDouble() >= 0 && v.toDouble() == std::floor(v.toDouble()) && v.toDouble() < 1e9)
        return TokenRef{static_cast<int>(v.toDouble()), {}};
    problem(field, QStringLiteral("expected a token label or a 0-based index, got %1")
                       .arg(v.isDouble() ? doc::jsonNumberText(v.toDouble()) : typeName(v)));
    return std::nullopt;
}

void LessonReader::resolve(const TokenRef &ref, const QStringList &labels, const QString &what,
                           const QString &field)
{
    if (!ref.token.isEmpty()) {
        const int count = static_cast<int>(labels.count(ref.token));
        if (count == 0)
            problem(field, QStringLiteral("unknown %1 “%2”; the %3 are %4")
                               .arg(what, ref.token, plural(what), labels.join(QStringLiteral(", "))));
        else if (count > 1)
            problem(field, QStringLiteral("%1 “%2” appears %3 times; use its 0-based index instead")
                               .arg(what, ref.token)
                               .arg(count));
    } else if (ref.index >= labels.size()) {
        problem(field, QStringLiteral("%1 index %2 is out of range: the scenario has %3 %4 (0…%5)")
                           .arg(what)
                           .arg(ref.index)
                           .arg(labels.size())
                           .arg(plural(what))
                           .arg(labels.size() - 1));
    }
}

std::optional<TaskCheck> LessonReader::check(const QJsonValue &v, const QString &field,
                                             const StepContext *context)
{
    if (!v.isObject()) {
        problem(field, QStringLiteral("expected an object with a \"kind\", got %1").arg(typeName(v)));
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const QString kindName = o.value(QStringLiteral("kind")).toString();
    const int kindIndex = static_cast<int>(checkKindNames().indexOf(kindName));
    if (kindIndex < 0) {
        problem(field + QStringLiteral(".kind"),
                QStringLiteral("%1; expected one of %2")
                    .arg(o.contains(QStringLiteral("kind"))
                             ? QStringLiteral("unknown kind “%1”").arg(kindName)
                             : QStringLiteral("is missing"),
                         checkKindNames().join(QStringLiteral(", "))));
        return std::nullopt;
    }
    TaskCheck c;
    c.kind = static_cast<CheckKind>(kindIndex);
    const std::size_t before = m_problems.size();
    const auto has = [&o](const char *key) { return o.contains(QLatin1String(key)); };
    const auto sub = [&field](const char *key) { return field + QLatin1Char('.') + QLatin1String(key); };

    const auto readHead = [&] {
        if (!has("head")) return;
        const QJsonValue h = o.value(QStringLiteral("head"));
        if (!h.isDouble() || h.toDouble() < 0 || h.toDouble() != std::floor(h.toDouble()) ||
            h.toDouble() > 4096)
            problem(sub("head"), QStringLiteral("expected a 0-based head index, got %1")
                                     .arg(h.isDouble() ? doc::jsonNumberText(h.toDouble()) : typeName(h)));
        else
            c.head = static_cast<int>(h.toDouble());
        if (context && c.head >= static_cast<int>(context->trace.heads.size()))
            problem(sub("head"), QStringLiteral("head %1 is out of range: the scenario has %2 query heads")
                                     .arg(c.head)
                                     .arg(context->trace.heads.size()));
    };
    const auto readToken = [&](const char *key, TokenRef *out, const QStringList *labels,
                               const QString &what) {
        if (!has(key)) {
            problem(sub(key), QStringLiteral("is missing (a %1 label or a 0-based index)").arg(what));
            return;
        }
        if (const auto ref = tokenRef(o.value(QLatin1String(key)), sub(key))) {
            *out = *ref;
            if (labels) resolve(*ref, *labels, what, sub(key));
        }
    };
    const auto readTolerance = [&] {
        if (!has("tolerance")) return;
        const QJsonValue t = o.value(QStringLiteral("tolerance"));
        if (!t.isDouble() || !(t.toDouble() > 0) || !std::isfinite(t.toDouble()))
            problem(sub("tolerance"),
                    QStringLiteral("expected a positive number, got %1")
                        .arg(t.isDouble() ? doc::jsonNumberText(t.toDouble()) : typeName(t)));
        else
            c.tolerance = t.toDouble();
    };
    const auto readShowTarget = [&] {
        if (!has("show_target")) return;
        const QJsonValue v = o.value(QStringLiteral("show_target"));
        if (!v.isBool())
            problem(sub("show_target"), QStringLiteral("expected true or false, got %1").arg(typeName(v)));
        else
            c.showTarget = v.toBool();
    };
    const QStringList *queries = context ? &context->queryLabels : nullptr;
    const QStringList *keys = context ? &context->keyLabels : nullptr;

    switch (c.kind) {
    case CheckKind::WeightAbove:
    case CheckKind::WeightBelow:
    case CheckKind::WeightNear: {
        const bool near = c.kind == CheckKind::WeightNear;
        rejectUnknownKeys(o, field,
                          near ? QStringList{"kind", "head", "query", "key", "value", "tolerance"}
                               : QStringList{"kind", "head", "query", "key", "value"});
        readHead();
        readToken("query", &c.query, queries, QStringLiteral("query"));
        readToken("key", &c.key, keys, QStringLiteral("key"));
        const QJsonValue value = o.value(QStringLiteral("value"));
        if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() > 1)
            problem(sub("value"),
                    QStringLiteral("expected a weight between 0 and 1, got %1")
                        .arg(value.isDouble() ? doc::jsonNumberText(value.toDouble()) : typeName(value)));
        else
            c.value = value.toDouble();
        if (near) readTolerance();
        break;
    }
    case CheckKind::ArgmaxKey:
        rejectUnknownKeys(o, field, {"kind", "head", "query", "key"});
        readHead();
        readToken("query", &c.query, queries, QStringLiteral("query"));
        readToken("key", &c.key, keys, QStringLiteral("key"));
        break;
    case CheckKind::OutputNear: {
        rejectUnknownKeys(o, field, {"kind", "head", "query", "value", "tolerance"});
        c.head = -1;
        if (has("head")) readHead();
        readToken("query", &c.query, queries, QStringLiteral("query"));
        readTolerance();
        const QJsonValue value = o.value(QStringLiteral("value"));
        if (!value.isArray() || value.toArray().isEmpty()) {
            problem(sub("value"), QStringLiteral("expected the target output as an array of numbers, got %1")
                                      .arg(typeName(value)));
            break;
        }
        for (const QJsonValue &x : value.toArray()) {
            if (!x.isDouble()) {
                problem(sub("value"), QStringLiteral("expected numbers only, got %1").arg(typeName(x)));
                break;
            }
            c.target.push_back(x.toDouble());
        }
        if (context && m_problems.size() == before) {
            const Shapes &s = context->trace.shapes;
            const Index wanted = c.head >= 0 ? s.d_v : s.d_v * s.num_query_heads;
            if (static_cast<Index>(c.target.size()) != wanted)
                problem(sub("value"), QStringLiteral("has %1 numbers but the output %2 has %3")
                                          .arg(c.target.size())
                                          .arg(c.head >= 0 ? QStringLiteral("of one head (d_v)")
                                                           : QStringLiteral("row (H_q·d_v)"))
                                          .arg(wanted));
        }
        break;
    }
    case CheckKind::Shapes: {
        rejectUnknownKeys(o, field, {"kind", "n_q", "n_k", "d_k", "d_v"});
        const auto readSize = [&](const char *key, std::optional<int> *out) {
            if (!has(key)) return;
            const QJsonValue x = o.value(QLatin1String(key));
            if (!x.isDouble() || x.toDouble() < 0 || x.toDouble() != std::floor(x.toDouble()) ||
                x.toDouble() > 1e6)
                problem(sub(key), QStringLiteral("expected a size (an integer ≥ 0), got %1")
                                      .arg(x.isDouble() ? doc::jsonNumberText(x.toDouble()) : typeName(x)));
            else
                *out = static_cast<int>(x.toDouble());
        };
        readSize("n_q", &c.n_q);
        readSize("n_k", &c.n_k);
        readSize("d_k", &c.d_k);
        readSize("d_v", &c.d_v);
        if (!c.n_q && !c.n_k && !c.d_k && !c.d_v && m_problems.size() == before)
            problem(field, QStringLiteral("a shapes check needs at least one of n_q, n_k, d_k, d_v"));
        break;
    }
    case CheckKind::DType: {
        rejectUnknownKeys(o, field, {"kind", "one_of"});
        const QJsonValue list = o.value(QStringLiteral("one_of"));
        if (!list.isArray() || list.toArray().isEmpty()) {
            problem(sub("one_of"),
                    QStringLiteral("expected an array of dtype names (float64, float32, float16, "
                                   "bfloat16), got %1")
                        .arg(typeName(list)));
            break;
        }
        for (const QJsonValue &name : list.toArray()) {
            std::optional<Precision> dtype;
            for (Precision p :
                 {Precision::Float64, Precision::Float32, Precision::Float16, Precision::BFloat16})
                if (name.isString() && name.toString() == QLatin1String(toString(p))) dtype = p;
            if (!dtype) {
                problem(
                    sub("one_of"),
                    QStringLiteral("unknown dtype %1; expected float64, float32, float16 or bfloat16")
                        .arg(name.isString() ? QStringLiteral("“%1”").arg(name.toString()) : typeName(name)));
                break;
            }
            c.dtypes.push_back(*dtype);
        }
        break;
    }
    case CheckKind::SelectedQuery:
        rejectUnknownKeys(o, field, {"kind", "query", "show_target"});
        readToken("query", &c.query, queries, QStringLiteral("query"));
        readShowTarget();
        break;
    case CheckKind::ViewValue: {
        rejectUnknownKeys(o, field, {"kind", "name", "above", "below", "equals", "tolerance", "show_target"});
        readShowTarget();
        const QJsonValue name = o.value(QStringLiteral("name"));
        if (!name.isString() || name.toString().isEmpty()) {
            problem(
                sub("name"),
                QStringLiteral("expected the name of a value the view shows, got %1").arg(shownType(name)));
        } else {
            c.name = name.toString();
            if (context && !context->viewValueNames.contains(c.name))
                problem(
                    sub("name"),
                    context->viewValueNames.isEmpty()
                        ? QStringLiteral("the view “%1” shows no values a check can test").arg(context->view)
                        : QStringLiteral("unknown value “%1” of the view “%2”; expected one of %3")
                              .arg(c.name, context->view,
                                   context->viewValueNames.join(QStringLiteral(", "))));
        }
        const auto readBound = [&](const char *key, std::optional<double> *out) {
            if (!has(key)) return;
            const QJsonValue x = o.value(QLatin1String(key));
            if (!x.isDouble() || !std::isfinite(x.toDouble()))
                problem(sub(key), QStringLiteral("expected a number, got %1").arg(typeName(x)));
            else
                *out = x.toDouble();
        };
        const std::size_t beforeBounds = m_problems.size();
        readBound("above", &c.above);
        readBound("below", &c.below);
        readBound("equals", &c.equals);
        readTolerance();
        if (has("tolerance") && has("above") + has("below") > 0 && !has("equals"))
            problem(sub("tolerance"),
                    QStringLiteral("applies to \"equals\" only; above and below are exact"));
        if (!c.above && !c.below && !c.equals && m_problems.size() == beforeBounds)
            problem(field, QStringLiteral("a view_value check needs at least one of above, below, equals"));
        break;
    }
    case CheckKind::AllOf: {
        rejectUnknownKeys(o, field, {"kind", "checks"});
        const QJsonValue checks = o.value(QStringLiteral("checks"));
        if (!checks.isArray() || checks.toArray().isEmpty()) {
            problem(sub("checks"),
                    QStringLiteral("expected a non-empty array of checks, got %1")
                        .arg(checks.isArray() ? QStringLiteral("an empty array") : typeName(checks)));
            break;
        }
        const QJsonArray array = checks.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            if (auto part = check(array.at(i), QStringLiteral("%1.checks[%2]").arg(field).arg(i), context))
                c.all.push_back(*part);
        break;
    }
    }
    if (m_problems.size() != before) return std::nullopt;
    return c;
}

} // namespace attn::lessons
