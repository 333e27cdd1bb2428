#include "ui/workspace/workspacefile.h"
#include "ui/base/savefile.h"
#include "ui/document/boundedread.h"
#include "ui/document/jsonnumbers.h"
#include "ui/document/jsonproblem.h"

#include "ui/document/scenariojson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>
#include <limits>

namespace attn::ui {

namespace {

constexpr qint64 kMaxWorkspaceBytes = qint64{64} << 20;
const QString kFormat = QStringLiteral("attention-lab-workspace");

/// tr() for the messages of this file (context "attn::ui::Workspace").
class Text {
    Q_DECLARE_TR_FUNCTIONS(attn::ui::Workspace)
};

[[noreturn]] void fail(const QString &message)
{
    throw WorkspaceError(message);
}

/// A non-negative integer field, or `fallback` when absent.
int readIndex(const QJsonObject &object, const QString &key, const QString &field, int fallback)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined()) return fallback;
    if (doc::isNegativeZeroMark(value)) return 0;
    const double number = value.toDouble(-1.0);
    // Range first: converting a double beyond int's range (3e78) to int is undefined behaviour.
    if (!value.isDouble() || !(number >= 0 && number <= std::numeric_limits<int>::max()) ||
        number != std::floor(number))
        fail(Text::tr("“%1” must be a whole number from 0 to %2, got %3.")
                 .arg(field)
                 .arg(std::numeric_limits<int>::max())
                 .arg(value.isDouble() ? doc::jsonNumberText(number) : doc::jsonTypeName(value)));
    return static_cast<int>(number);
}

QString readString(const QJsonObject &object, const QString &key, const QString &field)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined()) return {};
    if (!value.isString())
        fail(Text::tr("“%1” must be a string, got %2.").arg(field, doc::jsonTypeName(value)));
    return value.toString();
}

void refuseUnknownKeys(const QJsonObject &object, const QStringList &allowed, const QString &where)
{
    for (const QString &key : object.keys())
        if (!allowed.contains(key))
            fail(Text::tr("Unknown key “%1”%2; allowed: %3.")
                     .arg(key, where.isEmpty() ? QString() : Text::tr(" in “%1”").arg(where),
                          allowed.join(QStringLiteral(", "))));
}

QJsonObject readObject(const QJsonObject &object, const QString &key, bool required)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined() && !required) return {};
    if (!value.isObject())
        fail(Text::tr("“%1” must be an object, got %2.").arg(key, doc::jsonTypeName(value)));
    return value.toObject();
}

} // namespace

QJsonObject workspaceToJson(const Workspace &workspace)
{
    QJsonObject object;
    object.insert(QStringLiteral("format"), kFormat);
    object.insert(QStringLiteral("version"), Workspace::kVersion);
    object.insert(QStringLiteral("scenario"), doc::scenarioToJson(workspace.scenario));
    if (!workspace.lessonId.isEmpty()) {
        QJsonObject lesson{{QStringLiteral("id"), workspace.lessonId},
                           {QStringLiteral("step"), workspace.lessonStep}};
        if (!workspace.lessonFolder.isEmpty())
            lesson.insert(QStringLiteral("folder"), workspace.lessonFolder);
        if (!workspace.lessonPredictions.empty()) {
            QJsonArray predictions;
            for (const auto &[step, record] : workspace.lessonPredictions) {
                QJsonObject entry = lessons::predictionRecordToJson(record);
                entry.insert(QStringLiteral("step"), step);
                predictions.append(entry);
            }
            lesson.insert(QStringLiteral("predictions"), predictions);
        }
        object.insert(QStringLiteral("lesson"), lesson);
    }
    object.insert(QStringLiteral("view"), workspace.view);
    object.insert(QStringLiteral("selected_query"), workspace.selectedQuery);
    object.insert(QStringLiteral("selected_head"), workspace.selectedHead);
    object.insert(QStringLiteral("display"), QJsonObject{{QStringLiteral("color_map"), workspace.colorMap},
                                                         {QStringLiteral("decimals"), workspace.decimals}});
    object.insert(QStringLiteral("views"), workspace.views);
    if (!workspace.autosaveOf.isEmpty()) object.insert(QStringLiteral("autosave_of"), workspace.autosaveOf);
    return object;
}

QByteArray workspaceText(const Workspace &workspace)
{
    return doc::jsonText(workspaceToJson(workspace));
}

Workspace workspaceFromJson(const QJsonObject &object, const QStringList &knownViews)
{
    // 1. What the file is: the format and version come first, so a foreign or newer file is
    //    named as such rather than by its first unknown key.
    const QJsonValue format = object.value(QStringLiteral("format"));
    if (format.toString() != kFormat)
        fail(Text::tr("This is not an Attention Lab workspace (“format” is %1, expected “%2”).")
                 .arg(format.isString() ? QStringLiteral("“%1”").arg(format.toString())
                                        : doc::jsonTypeName(format),
                      kFormat));
    const QJsonValue version = object.value(QStringLiteral("version"));
    const double versionNumber = version.toDouble();
    // Compared as a double: a version of 1e10 is a (much) newer file, not "a number" out of int's range.
    if (!version.isDouble() || !(versionNumber >= 1) || versionNumber != std::floor(versionNumber))
        fail(Text::tr("“version” must be a whole number ≥ 1, got %1.")
                 .arg(version.isDouble() ? doc::jsonNumberText(versionNumber) : doc::jsonTypeName(version)));
    if (versionNumber > Workspace::kVersion)
        fail(Text::tr("The workspace was written by a newer Attention Lab (version %1); this one reads "
                      "version %2. Update Attention Lab to open it.")
                 .arg(versionNumber < 9e15 ? QString::number(static_cast<qint64>(versionNumber))
                                           : doc::jsonNumberText(versionNumber))
                 .arg(Workspace::kVersion));
    refuseUnknownKeys(object,
                      {QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("scenario"),
                       QStringLiteral("lesson"), QStringLiteral("view"), QStringLiteral("selected_query"),
                       QStringLiteral("selected_head"), QStringLiteral("display"), QStringLiteral("views"),
                       QStringLiteral("autosave_of")},
                      QString());

    // 2. The scenario, by the scenario reader.
    Workspace workspace;
    const QJsonObject scenario = readObject(object, QStringLiteral("scenario"), true);
    try {
        workspace.scenario = doc::scenarioFromJson(scenario);
    } catch (const ScenarioError &e) {
        fail(Text::tr("scenario: %1").arg(QString::fromStdString(e.what())));
    }

    // 3. The lesson position.
    if (object.contains(QStringLiteral("lesson")) && !object.value(QStringLiteral("lesson")).isNull()) {
        const QJsonObject lesson = readObject(object, QStringLiteral("lesson"), true);
        refuseUnknownKeys(lesson,
                          {QStringLiteral("id"), QStringLiteral("step"), QStringLiteral("folder"),
                           QStringLiteral("predictions")},
                          QStringLiteral("lesson"));
        workspace.lessonId = readString(lesson, QStringLiteral("id"), QStringLiteral("lesson.id"));
        if (workspace.lessonId.isEmpty()) fail(Text::tr("“lesson.id” must name a lesson."));
        workspace.lessonStep = readIndex(lesson, QStringLiteral("step"), QStringLiteral("lesson.step"), 0);
        workspace.lessonFolder =
            readString(lesson, QStringLiteral("folder"), QStringLiteral("lesson.folder"));
        const QJsonValue predictions = lesson.value(QStringLiteral("predictions"));
        if (!predictions.isUndefined() && !predictions.isArray())
            fail(Text::tr("“lesson.predictions” must be an array, got %1.")
                     .arg(doc::jsonTypeName(predictions)));
        const QJsonArray entries = predictions.toArray();
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QString field = QStringLiteral("lesson.predictions[%1]").arg(i);
            if (!entries.at(i).isObject())
                fail(
                    Text::tr("“%1” must be an object, got %2.").arg(field, doc::jsonTypeName(entries.at(i))));
            QJsonObject entry = entries.at(i).toObject();
            const int step = readIndex(entry, QStringLiteral("step"), field + QStringLiteral(".step"), -1);
            if (step < 0) fail(Text::tr("“%1.step” is missing.").arg(field));
            if (workspace.lessonPredictions.count(step))
                fail(Text::tr("“%1” is a second prediction for step %2.").arg(field).arg(step));
            entry.remove(QStringLiteral("step"));
            QString why;
            const std::optional<lessons::PredictionRecord> record =
                lessons::predictionRecordFromJson(entry, &why);
            if (!record) fail(Text::tr("“%1”: %2.").arg(field, why));
            workspace.lessonPredictions.emplace(step, *record);
        }
    }

    // 4. The view and the selection.
    if (object.contains(QStringLiteral("view"))) {
        workspace.view = readString(object, QStringLiteral("view"), QStringLiteral("view"));
        if (!knownViews.contains(workspace.view))
            fail(Text::tr("Unknown view “%1”; known views: %2.")
                     .arg(workspace.view, knownViews.join(QStringLiteral(", "))));
    }
    const Shapes shapes = validate(workspace.scenario);
    workspace.selectedQuery =
        readIndex(object, QStringLiteral("selected_query"), QStringLiteral("selected_query"), 0);
    if (workspace.selectedQuery >= shapes.n_q)
        fail(Text::tr("“selected_query” is %1, but the scenario has %2 queries.")
                 .arg(workspace.selectedQuery)
                 .arg(shapes.n_q));
    workspace.selectedHead =
        readIndex(object, QStringLiteral("selected_head"), QStringLiteral("selected_head"), 0);
    if (workspace.selectedHead >= shapes.num_query_heads)
        fail(Text::tr("“selected_head” is %1, but the scenario has %2 query heads.")
                 .arg(workspace.selectedHead)
                 .arg(shapes.num_query_heads));

    // 5. Display settings and the views' own state.
    const QJsonObject display = readObject(object, QStringLiteral("display"), false);
    refuseUnknownKeys(display, {QStringLiteral("color_map"), QStringLiteral("decimals")},
                      QStringLiteral("display"));
    if (display.contains(QStringLiteral("color_map"))) {
        workspace.colorMap =
            readString(display, QStringLiteral("color_map"), QStringLiteral("display.color_map"));
        if (workspace.colorMap != QLatin1String("viridis") && workspace.colorMap != QLatin1String("cividis"))
            fail(Text::tr("“display.color_map” must be “viridis” or “cividis”, got “%1”.")
                     .arg(workspace.colorMap));
    }
    workspace.decimals = readIndex(display, QStringLiteral("decimals"), QStringLiteral("display.decimals"),
                                   workspace.decimals);
    if (workspace.decimals < 1 || workspace.decimals > 6)
        fail(Text::tr("“display.decimals” must be from 1 to 6, got %1.").arg(workspace.decimals));
    workspace.views = readObject(object, QStringLiteral("views"), false);
    for (auto it = workspace.views.begin(); it != workspace.views.end(); ++it)
        if (!it.value().isObject())
            fail(Text::tr("“views.%1” must be an object, got %2.")
                     .arg(it.key(), doc::jsonTypeName(it.value())));
    workspace.autosaveOf = readString(object, QStringLiteral("autosave_of"), QStringLiteral("autosave_of"));
    return workspace;
}

Workspace readWorkspaceFile(const QString &path, const QStringList &knownViews)
{
    const QString shown = doc::printableFileName(path);
    const doc::BoundedRead read = doc::readFileBounded(path, kMaxWorkspaceBytes);
    switch (read.status) {
    case doc::BoundedRead::Status::Ok: break;
    case doc::BoundedRead::Status::NotAFile:
        fail(Text::tr("%1 is %2, not a workspace file.").arg(shown, read.kind));
    case doc::BoundedRead::Status::TooLarge:
        fail(Text::tr("%1 is larger than 64 MiB, the most a workspace file may be.").arg(shown));
    default: fail(Text::tr("Cannot read %1: %2.").arg(shown, read.reason));
    }
    return workspaceFromBytes(read.bytes, shown, knownViews);
}

Workspace workspaceFromBytes(const QByteArray &text, const QString &shown, const QStringList &knownViews)
{
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        fail(Text::tr("%1: %2.").arg(shown, doc::jsonSyntaxProblem(text, parseError)));
    if (!json.isObject()) fail(Text::tr("%1 does not hold a JSON object.").arg(shown));
    if (const auto duplicate = doc::findDuplicateKey(text))
        fail(Text::tr("%1: %2").arg(shown, duplicate->path + QStringLiteral(": ") + duplicate->message()));
    // Read again with each −0 kept (QJsonDocument drops the sign of zero), only when there is one.
    const QByteArray marked = doc::withNegativeZerosMarked(text);
    try {
        return workspaceFromJson(marked == text ? json.object() : QJsonDocument::fromJson(marked).object(),
                                 knownViews);
    } catch (const WorkspaceError &e) {
        fail(Text::tr("%1: %2").arg(shown, e.message()));
    }
}

bool writeWorkspaceFile(const QString &path, const Workspace &workspace, QString *error)
{
    const QString shown = doc::printableFileName(path);
    const QByteArray text = workspaceText(workspace);
    QString reason;
    if (!saveFileAtomically(path, text, &reason)) {
        if (error)
            *error =
                Text::tr("Cannot save %1: %2. The previous file, if any, is unchanged.").arg(shown, reason);
        return false;
    }
    return true;
}

} // namespace attn::ui
