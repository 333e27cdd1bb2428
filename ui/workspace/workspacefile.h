// The workspace file (.attnlab): the scenario, the lesson position, the view, the selection and
// the display settings, as one JSON object. Reading validates everything; writing is atomic.
#pragma once

#include "core/scenario.h"
#include "ui/lessons/prediction.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <map>
#include <stdexcept>

namespace attn::ui {

/// A workspace file that cannot be read: the message names the file (when there is one), the
/// field and the reason, in one or two sentences ready for a message box.
class WorkspaceError : public std::runtime_error {
public:
    explicit WorkspaceError(const QString &message) : std::runtime_error(message.toStdString()) {}
    QString message() const { return QString::fromStdString(what()); }
};

/// Everything a workspace holds. The file's layout:
/// {"format": "attention-lab-workspace", "version": 1, "scenario": <scenario format>,
///  "lesson": {"id", "step" (0-based), "folder" (a teacher's folder; absent for the built-in
///  lessons), "predictions": [{"step" (0-based), "kind", "key" | "value" | "weights", "score"}]
///  (optional; absent in files written before predictions)} or absent, "view": <view name>, "selected_query",
///  "selected_head", "display": {"color_map": "viridis"|"cividis", "decimals": 1…6}, "views": {<name>: {…}},
///  "autosave_of": <the workspace file the autosave belongs to> (autosave files only)}.
struct Workspace {
    static constexpr int kVersion = 1;

    Scenario scenario;
    QString lessonId;     ///< empty: no lesson step is open (a preset or a file)
    int lessonStep = 0;   ///< 0-based
    QString lessonFolder; ///< a teacher's lesson folder; empty for the built-in lessons
    /// The learner's predictions in the lesson, by 0-based step (lessons/prediction.h).
    std::map<int, lessons::PredictionRecord> lessonPredictions;
    QString view = QStringLiteral("qkv");
    int selectedQuery = 0; ///< 0 ≤ selectedQuery < n_q
    int selectedHead = 0;  ///< 0 ≤ selectedHead < H_q
    QString colorMap = QStringLiteral("viridis");
    int decimals = 3;
    QJsonObject views;  ///< per view name, the view's own control state (may be empty)
    QString autosaveOf; ///< in an autosave: the user's workspace file it belongs to (empty: untitled)
};

/// The workspace as a file object (scenario written by doc::scenarioToJson, exact doubles).
QJsonObject workspaceToJson(const Workspace &workspace);

/// The text of a workspace file (indented JSON; −0.0 kept as -0.0, see ui/document/jsonnumbers.h).
QByteArray workspaceText(const Workspace &workspace);

/// Parses and validates a workspace object. `knownViews` lists the view names the window has.
/// Throws WorkspaceError on a foreign format, a newer version, an unknown key, a wrong type, an
/// out-of-range selection or decimals, an unknown view; scenario errors are the scenario
/// reader's message prefixed by "scenario: ".
Workspace workspaceFromJson(const QJsonObject &object, const QStringList &knownViews);

/// Reads a workspace file (at most 64 MiB): I/O and JSON syntax errors (with byte offset) are
/// WorkspaceErrors naming `path`, as are all the errors of workspaceFromJson.
Workspace readWorkspaceFile(const QString &path, const QStringList &knownViews);

/// Parses a workspace file's bytes; `shown` names the file in messages. Errors as readWorkspaceFile
/// (JSON syntax errors give the byte, line and column). The fuzz target's entry point.
Workspace workspaceFromBytes(const QByteArray &text, const QString &shown, const QStringList &knownViews);

/// Writes `workspace` to `path` atomically (QSaveFile): on any failure the previous file stays
/// as it was, the function returns false and *error (if given) names the file and the reason.
bool writeWorkspaceFile(const QString &path, const Workspace &workspace, QString *error = nullptr);

} // namespace attn::ui
