// The lesson views the main window stacks after the Q/K/V editor, in menu order. A lesson step
// names one of them (or "qkv") in its "view" field.
#pragma once

#include <QKeySequence>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

class QWidget;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class FigureView;

/// One registered view.
struct FigureViewInfo {
    QString name;     ///< the lesson file's name for it, e.g. "sentence"
    QString menuText; ///< View menu entry, e.g. "&Sentence arcs"
    QString suffix;   ///< figure file suffix, e.g. "arcs" → "<stem>-arcs.png"
    std::function<FigureView *(doc::ScenarioDocument *, QWidget *)> create;
    /// The names of FigureView::taskValues() a lesson's "view_value" check may test.
    QStringList taskValueNames = {};
    /// True when the view's own controls edit the scenario (the mask, scoring parameters, K/V
    /// heads, position scheme, …), so that a task may test weights or outputs there.
    bool editsScenario = false;
};

/// Every figure view, in View menu order (Ctrl+2, Ctrl+3, … after the Q/K/V editor's Ctrl+1).
const std::vector<FigureViewInfo> &figureViews();

/// The entry named `name`, or nullptr.
const FigureViewInfo *findFigureView(const QString &name);

} // namespace attn::ui
