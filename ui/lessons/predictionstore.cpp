#include "ui/lessons/predictionstore.h"

#include <QJsonDocument>
#include <QSettings>

namespace attn::lessons {

namespace {

QString predictionKey(const QString &id, int step)
{
    return QStringLiteral("lessons/predictions/%1/%2").arg(id).arg(step + 1);
}

} // namespace

std::optional<PredictionRecord> storedPrediction(const QSettings &settings, const QString &id, int step)
{
    const QByteArray text = settings.value(predictionKey(id, step)).toString().toUtf8();
    if (text.isEmpty()) return std::nullopt;
    return predictionRecordFromJson(QJsonDocument::fromJson(text).object());
}

void storePrediction(QSettings &settings, const QString &id, int step, const PredictionRecord &record)
{
    settings.setValue(
        predictionKey(id, step),
        QString::fromUtf8(QJsonDocument(predictionRecordToJson(record)).toJson(QJsonDocument::Compact)));
}

void forgetPrediction(QSettings &settings, const QString &id, int step)
{
    settings.remove(predictionKey(id, step));
}

std::map<int, PredictionRecord> storedPredictions(const QSettings &settings, const QString &id, int stepCount)
{
    std::map<int, PredictionRecord> records;
    for (int step = 0; step < stepCount; ++step)
        if (auto record = storedPrediction(settings, id, step)) records.emplace(step, std::move(*record));
    return records;
}

} // namespace attn::lessons
