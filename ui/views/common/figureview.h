// The base of every lesson view that draws one figure of the document: the main window stacks
// them, lessons name them, and `attention-lab export --lesson` writes their figures.
#pragma once

#include <QMap>
#include <QSize>
#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// A view of a ScenarioDocument (not owned; must outlive the view) that can write its figure.
class FigureView : public QWidget {
    Q_OBJECT

public:
    explicit FigureView(doc::ScenarioDocument *document, QWidget *parent = nullptr)
        : QWidget(parent), m_document(document)
    {
    }

    doc::ScenarioDocument *document() const { return m_document; }

    /// Writes the view's figure to `path` as "png", "svg" or "pdf" at `size` (pixels; points for
    /// PDF). Returns false and sets *error (if given) to one sentence when the format is
    /// unknown, the size is empty or the file cannot be written.
    virtual bool exportTo(const QString &path, const QString &format, QSize size,
                          QString *error = nullptr) const = 0;

    /// Named numbers that a lesson task can test with a "view_value" check (lessons/README.md):
    /// the state of the view's own controls, which the scenario does not hold, e.g.
    /// {"attention_layers": 3}. The names must match FigureViewInfo::taskValueNames. Empty by
    /// default. Emit taskValuesChanged() whenever one of them may have changed.
    virtual QMap<QString, double> taskValues() const { return {}; }

    /// taskValues() after running the document handlers a hidden view put off (whenShown()):
    /// what task checks read.
    QMap<QString, double> currentTaskValues();

    /// Runs the document handlers put off while the view was hidden, in the order they were
    /// wrapped. showEvent() calls it; so does currentTaskValues().
    void catchUp();

    /// Puts the view's own controls back to their defaults for the document's scenario. Called
    /// when a lesson step opens (after its scenario is loaded), so that every step starts alike.
    virtual void resetViewState() {}

signals:
    /// taskValues() may have changed.
    void taskValuesChanged();
    /// The view asks the window to show the page named `name` (e.g. "qkv" after it put a scenario
    /// in the document that is best edited there).
    void viewRequested(const QString &name);

protected:
    /// Wraps a handler of document signals (traceChanged, selectedQueryChanged, …). The wrapper
    /// runs `handler` at once when the view is on screen or stands alone (no parent widget, as in
    /// tests and `export`); a hidden page of the window only notes it, and catchUp() runs it once
    /// however many signals arrived. So an edit costs nothing in the views nobody looks at.
    std::function<void()> whenShown(std::function<void()> handler);

    void showEvent(QShowEvent *event) override;

private:
    doc::ScenarioDocument *m_document;
    std::vector<std::function<void()>> m_handlers; ///< wrapped by whenShown(), in order
    std::vector<bool> m_pending;                   ///< (m_handlers) put off while hidden
};

} // namespace attn::ui
