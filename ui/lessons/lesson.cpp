#include "ui/lessons/lesson.h"

#include "ui/document/boundedread.h"

#include "ui/views/viewregistry.h"

namespace attn::lessons {

QString TokenRef::describe() const
{
    if (!token.isEmpty()) return QStringLiteral("“%1”").arg(token);
    return QStringLiteral("#%1").arg(index);
}

QString LessonProblem::toString() const
{
    QString text = doc::printableFileName(file) + QStringLiteral(": ");
    if (step > 0) text += QStringLiteral("step %1: ").arg(step);
    if (!field.isEmpty()) text += field + QStringLiteral(": ");
    return text + message;
}

QStringList knownViews()
{
    QStringList names{QStringLiteral("qkv")};
    for (const ui::FigureViewInfo &info : ui::figureViews()) names << info.name;
    return names;
}

QStringList knownControls()
{
    // "score": the score kind, scale and temperature strip; "S": the table of raw scores; "X",
    // "X_kv", "W_q", "W_k", "W_v", "W_o": the tables of a scenario with learned projections.
    return {QStringLiteral("Q"),     QStringLiteral("K"),   QStringLiteral("V"),   QStringLiteral("shape"),
            QStringLiteral("score"), QStringLiteral("S"),   QStringLiteral("X"),   QStringLiteral("X_kv"),
            QStringLiteral("W_q"),   QStringLiteral("W_k"), QStringLiteral("W_v"), QStringLiteral("W_o")};
}

QStringList checkKindNames()
{
    return {QStringLiteral("weight_above"), QStringLiteral("weight_below"),   QStringLiteral("weight_near"),
            QStringLiteral("argmax_key"),   QStringLiteral("output_near"),    QStringLiteral("shapes"),
            QStringLiteral("dtype"),        QStringLiteral("selected_query"), QStringLiteral("view_value"),
            QStringLiteral("all_of")};
}

QStringList predictionKindNames()
{
    return {QStringLiteral("pick_key"), QStringLiteral("number"), QStringLiteral("distribution")};
}

} // namespace attn::lessons
