#include "ui/base/figurewidget.h"

#include <QVariant>
#include <QWidget>

namespace attn::ui {

namespace {

const char *const kFigureProperty = "attnFigure";

} // namespace

bool isFigureWidget(const QWidget *widget)
{
    return widget && (widget->inherits("QCustomPlot") || widget->property(kFigureProperty).toBool());
}

void markFigure(QWidget *widget)
{
    widget->setProperty(kFigureProperty, true);
}

} // namespace attn::ui
