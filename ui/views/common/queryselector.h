// "Query: [▾] Head: [▾]": the two choosers the comparison views (lessons 4 and 5) put above
// their plots, kept in step with the document both ways.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// Chooses the document's selected query (by its label) and, when H_q > 1, its selected query
/// head. Follows the document's traceChanged, selectedQueryChanged and selectedHeadChanged; a
/// choice here calls setSelectedQuery / setSelectedHead. The query combo box is named
/// "querySelector".
class QuerySelector : public QWidget {
    Q_OBJECT

public:
    /// Choosers for `document` (not owned; must outlive the widget).
    explicit QuerySelector(doc::ScenarioDocument *document, QWidget *parent = nullptr);

private:
    void refresh();

    doc::ScenarioDocument *m_document;
    QComboBox *m_query = nullptr;
    QComboBox *m_head = nullptr;
    QLabel *m_headCaption = nullptr;
};

} // namespace attn::ui
