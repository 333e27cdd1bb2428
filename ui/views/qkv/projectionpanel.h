// The projection mode of the Q/K/V editor: X and the W matrices as editable tables, with the
// products they give written out (Q = X·W_q + b_q …). Shown when the scenario has X.
#pragma once

#include "ui/models/projectiontablemodel.h"

#include <QGroupBox>

class QLabel;
class QTableView;

namespace attn::ui {

/// One small table per matrix (X, X_kv when given, W_q, W_k, W_v, W_o when given) over the
/// document's scenario, and a line per product with its shapes, e.g.
/// "Q = X·W_q: (1 × 2)·(2 × 2) → 1 × 2". An edit of any cell recomputes Q, K and V through the
/// document (one undoable edit), so the tables below, the weights and the output follow.
class ProjectionPanel : public QGroupBox {
    Q_OBJECT

public:
    /// A panel over `document` (not owned; must outlive the panel).
    explicit ProjectionPanel(doc::ScenarioDocument *document, QWidget *parent = nullptr);

    /// The table of `matrix` (always created; hidden when the scenario has no such matrix).
    QTableView *tableView(ProjectionMatrix matrix) const;
    ProjectionTableModel *model(ProjectionMatrix matrix) const;
    /// The products line, e.g. "Q = X·W_q: (1 × 2)·(2 × 2) → 1 × 2   K = …".
    QString productsText() const;

signals:
    /// An edit was refused; `message` is one sentence for the learner.
    void inputRejected(const QString &message);

private:
    void updateScenario();

    static constexpr int kMatrices = 6;
    doc::ScenarioDocument *m_document;
    ProjectionTableModel *m_models[kMatrices] = {};
    QTableView *m_tables[kMatrices] = {};
    QLabel *m_titles[kMatrices] = {};
    QLabel *m_products = nullptr;
};

} // namespace attn::ui
