// The base of every lesson view that draws one figure of the document: the main window stacks
// them, lessons name them, and `attention-lab export --lesson` writes their figures.
#pragma once

#include <QSize>
#include <QString>
#include <QWidget>

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

private:
    doc::ScenarioDocument *m_document;
};

} // namespace attn::ui
