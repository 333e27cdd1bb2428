#include "ui/views/viewregistry.h"

#include "ui/views/figureview.h"
#include "ui/views/maskeditorview.h"
#include "ui/views/scalingview.h"
#include "ui/views/scoringview.h"
#include "ui/views/sentencearcsview.h"

#include <QCoreApplication>

namespace attn::ui {

namespace {

template <typename View> FigureView *make(doc::ScenarioDocument *document, QWidget *parent)
{
    return new View(document, parent);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::ViewRegistry", text);
}

} // namespace

const std::vector<FigureViewInfo> &figureViews()
{
    // lessons::knownViews() is "qkv" followed by these names.
    static const std::vector<FigureViewInfo> views = {
        {QStringLiteral("sentence"), tr("&Sentence arcs"), QStringLiteral("arcs"), make<SentenceArcsView>},
        {QStringLiteral("scaling"), tr("√&d saturation"), QStringLiteral("scaling"), make<ScalingView>},
        {QStringLiteral("scoring"), tr("Scoring &functions"), QStringLiteral("scoring"), make<ScoringView>},
        {QStringLiteral("mask"), tr("&Mask editor"), QStringLiteral("mask"), make<MaskEditorView>},
    };
    return views;
}

const FigureViewInfo *findFigureView(const QString &name)
{
    for (const FigureViewInfo &info : figureViews())
        if (info.name == name) return &info;
    return nullptr;
}

} // namespace attn::ui
