// Reading the JSON of a lesson file while collecting every problem with its file, step and
// field, instead of stopping at the first. Used by lessonloader.cpp; QtCore only.
#pragma once

#include "core/attention.h"
#include "ui/lessons/lesson.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

#include <optional>
#include <vector>

namespace attn::lessons {

/// The scenario of a step, computed, with the labels of its rows and columns: what the step's
/// selected query and task check are resolved against.
struct StepContext {
    AttentionTrace trace;
    QStringList queryLabels;    ///< (n_q) tokens, or "q1", "q2", … as the document labels them
    QStringList keyLabels;      ///< (n_k) tokens, or "k1", "k2", …
    QString view;               ///< the step's view name
    QStringList viewValueNames; ///< the names its "view_value" checks may use (none for "qkv")
};

/// Typed reads of JSON values that record a LessonProblem (file, current step, field, message)
/// for every value of the wrong type or out of range.
class LessonReader {
public:
    explicit LessonReader(QString path) : m_path(std::move(path)) {}

    /// The step (1-based) that problems found from now on belong to; 0 = the lesson itself.
    void setStep(int step) { m_step = step; }
    /// The file being read, as given (problems name it).
    const QString &path() const { return m_path; }
    const std::vector<LessonProblem> &problems() const { return m_problems; }
    std::size_t problemCount() const { return m_problems.size(); }

    void problem(const QString &field, const QString &message);
    /// Reports every key of `o` that is not in `known` (a typo such as "hint" is not ignored).
    void rejectUnknownKeys(const QJsonObject &o, const QString &where, const QStringList &known);
    /// A required non-empty string; empty (and a problem) when absent or wrong.
    QString requiredString(const QJsonObject &o, const QString &key, const QString &field);
    /// Markdown: a string, or an array of strings joined by newlines (easier to write in JSON).
    QString markdown(const QJsonValue &v, const QString &field);
    /// A token label or a 0-based index.
    std::optional<TokenRef> tokenRef(const QJsonValue &v, const QString &field);
    /// Checks that `ref` names exactly one of `labels`; `what` is "query" or "key".
    void resolve(const TokenRef &ref, const QStringList &labels, const QString &what, const QString &field);
    /// A task check (see lessons/README.md); with a `context`, its tokens, heads and output
    /// length are checked against the step's scenario. Empty when any problem was found.
    std::optional<TaskCheck> check(const QJsonValue &v, const QString &field, const StepContext *context);

    /// "a number", "an empty string", …: the JSON type of `v` for "expected …, got …" messages.
    static QString typeName(const QJsonValue &v);
    static QString shownType(const QJsonValue &v);

private:
    QString m_path;
    int m_step = 0;
    std::vector<LessonProblem> m_problems;
};

} // namespace attn::lessons
