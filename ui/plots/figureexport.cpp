#include "ui/plots/figureexport.h"

#include "ui/base/resources.h"
#include "ui/document/boundedread.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/plots/barplot.h"
#include "ui/plots/heatmapplot.h"
#include "ui/plots/plotexport.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace attn::ui {

namespace {

constexpr qint64 kMaxPresetBytes = qint64{1} << 20; // a preset is a few KiB

struct Preset {
    const char *id;
    const char *title;
    const char *focusToken; // the query the preset is about, or nullptr
};

const Preset kPresets[] = {
    {"worked-example", QT_TRANSLATE_NOOP("attn::ui", "Worked example"), nullptr},
    {"xiaohong", QT_TRANSLATE_NOOP("attn::ui", "Xiaohong … she"), "she"},
    {"xiaohong-zh", QT_TRANSLATE_NOOP("attn::ui", "小红 … 她"), "她"},
};

const Preset *findPreset(const QString &id)
{
    for (const Preset &preset : kPresets)
        if (id == QLatin1String(preset.id)) return &preset;
    return nullptr;
}

bool fail(QString *error, const QString &message)
{
    if (error) *error = message;
    return false;
}

} // namespace

QStringList presetIds()
{
    QStringList ids;
    for (const Preset &preset : kPresets) ids << QString::fromLatin1(preset.id);
    return ids;
}

QString presetTitle(const QString &presetId)
{
    const Preset *preset = findPreset(presetId);
    return preset ? QCoreApplication::translate("attn::ui", preset->title) : QString();
}

Scenario loadPresetScenario(const QString &presetId)
{
    initResources();
    if (!findPreset(presetId))
        throw ScenarioError("preset", QStringLiteral("unknown preset \"%1\"; known presets: %2")
                                          .arg(presetId, presetIds().join(QStringLiteral(", ")))
                                          .toStdString());
    const doc::BoundedRead read =
        doc::readFileBounded(QStringLiteral(":/presets/%1.json").arg(presetId), kMaxPresetBytes);
    if (!read.ok())
        throw ScenarioError("preset", QStringLiteral("cannot read the resource of preset \"%1\": %2")
                                          .arg(presetId, read.reason)
                                          .toStdString());
    return doc::scenarioFromJsonText(read.bytes);
}

QString presetComment(const QString &presetId)
{
    initResources();
    if (!findPreset(presetId)) return {};
    const doc::BoundedRead read =
        doc::readFileBounded(QStringLiteral(":/presets/%1.json").arg(presetId), kMaxPresetBytes);
    return QJsonDocument::fromJson(read.bytes).object().value(QStringLiteral("comment")).toString();
}

int presetFocusQuery(const QString &presetId, const Scenario &scenario)
{
    const Preset *preset = findPreset(presetId);
    if (!preset || !preset->focusToken) return 0;
    const auto &tokens = scenario.query_tokens;
    const auto it = std::find(tokens.begin(), tokens.end(), std::string(preset->focusToken));
    return it == tokens.end() ? 0 : static_cast<int>(it - tokens.begin());
}

bool exportDocumentFigures(const doc::ScenarioDocument &document, const QString &stem, const QString &dir,
                           const QString &format, QSize size, QStringList *written, QString *error)
{
    const QString f = format.toLower();
    if (!isExportFormat(f))
        return fail(
            error, QCoreApplication::translate("attn::ui", "Unknown figure format “%1”: use png, svg or pdf.")
                       .arg(format));
    if (!document.traceIsCurrent())
        return fail(error, QCoreApplication::translate(
                               "attn::ui", "Nothing to export: the scenario cannot be computed (%1)")
                               .arg(document.lastError()));
    if (!QDir().mkpath(dir))
        return fail(error, QCoreApplication::translate("attn::ui", "Cannot create the folder %1.").arg(dir));

    const AttentionTrace &trace = document.trace();
    const int head = std::clamp(document.selectedHead(), 0, static_cast<int>(trace.heads.size()) - 1);
    const int row = std::clamp(document.selectedQuery(), 0, static_cast<int>(trace.shapes.n_q) - 1);
    const HeadTrace &h = trace.heads[head];
    const QStringList queryLabels = document.traceQueryLabels();
    const QStringList keyLabels = document.traceKeyLabels();

    // Top-level widgets that are never shown: nothing appears on screen.
    const MaskedRowPolicy policy = document.scenario().mask.all_masked_rows;
    HeatmapPlot heatmap;
    heatmap.setHead(h, queryLabels, keyLabels, policy);
    heatmap.setSelectedQuery(row);
    if (trace.heads.size() > 1)
        heatmap.setTitle(QCoreApplication::translate("attn::ui", "Attention weights A, head %1 (K/V head %2)")
                             .arg(head)
                             .arg(h.kv_head));
    heatmap.resize(size);

    BarPlot bars;
    bars.setQueryRow(h, row, keyLabels, document.queryLabel(row), policy);
    bars.resize(size);

    const QString base = QDir(dir).filePath(stem);
    const QString weightsPath = base + QStringLiteral("-weights.") + f;
    if (!heatmap.exportTo(weightsPath, f, size, error)) return false;
    if (written) *written << weightsPath;
    const QString barsPath = base + QStringLiteral("-bars.") + f;
    if (!bars.exportTo(barsPath, f, size, error)) return false;
    if (written) *written << barsPath;
    return true;
}

bool exportPresetFigures(const QString &presetId, const QString &dir, const QString &format, QSize size,
                         QStringList *written, QString *error)
{
    doc::ScenarioDocument document;
    try {
        const Scenario scenario = loadPresetScenario(presetId);
        QString message;
        if (!document.load(scenario, &message)) return fail(error, message);
        document.setSelectedQuery(presetFocusQuery(presetId, scenario));
    } catch (const ScenarioError &e) {
        return fail(error, QString::fromStdString(e.what()));
    }
    return exportDocumentFigures(document, presetId, dir, format, size, written, error);
}

} // namespace attn::ui
