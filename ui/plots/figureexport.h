// Headless export of the figures of a preset or of a document (used by `attention-lab export`).
#pragma once

#include "core/scenario.h"

#include <QSize>
#include <QString>
#include <QStringList>

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// The ids of the built-in presets, in menu order: "worked-example", "xiaohong".
QStringList presetIds();

/// A short human title of preset `presetId` ("Worked example", "Xiaohong … she"), or empty.
QString presetTitle(const QString &presetId);

/// Reads preset `presetId` from the resources (":/presets/<id>.json") and parses it with
/// attn::doc::scenarioFromJsonText. Throws attn::ScenarioError (field "preset") for an unknown
/// id, or the parser's error for an invalid file. Registers the resources if needed.
Scenario loadPresetScenario(const QString &presetId);

/// The "comment" of preset `presetId`'s file (what its features mean, why V equals K, …),
/// or empty when it has none or the id is unknown.
QString presetComment(const QString &presetId);

/// The query a preset is about (e.g. "she" in "xiaohong"), selected when it is loaded; 0 by default.
int presetFocusQuery(const QString &presetId, const Scenario &scenario);

/// Builds the weights heatmap (head `document.selectedHead()`) and the bars of the selected
/// query off-screen and writes "<stem>-weights.<format>" and "<stem>-bars.<format>" into `dir`
/// (created if needed) at `size`. Appends the written paths to *written (if given). Returns
/// false and sets *error (if given) when the directory cannot be created, the format is not
/// png/svg/pdf, the document has no valid trace, or a file cannot be written.
bool exportDocumentFigures(const doc::ScenarioDocument &document, const QString &stem, const QString &dir,
                           const QString &format, QSize size, QStringList *written, QString *error);

/// Loads preset `presetId` (selected query: presetFocusQuery) and writes
/// "<presetId>-weights.<format>" and "<presetId>-bars.<format>" into `dir` as
/// exportDocumentFigures does. No window is shown; works with QT_QPA_PLATFORM=offscreen.
bool exportPresetFigures(const QString &presetId, const QString &dir, const QString &format, QSize size,
                         QStringList *written, QString *error);

} // namespace attn::ui
