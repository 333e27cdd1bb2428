// The model view: every layer × head of a model at once (a tensor file's layers, or the one layer
// of any scenario), the mean and maximum over each layer's heads, attention rollout, and one head
// as lines from every query to every key. Registered as "model" (View → Model).
#pragma once

#include "ui/views/common/figureview.h"
#include "ui/views/model/modelfigure.h"

#include <atomic>
#include <memory>

class QLabel;
class QThread;

namespace attn::doc {
class LayerStack;
}

namespace attn::ui {

class PaintedCanvas;

/// Draws paintModelFigure of the document's LayerStack (or of the document alone). The summaries
/// are computed on a worker thread (attn::attend of each layer not in the document, then max
/// pooling to at most kMaxSide cells a side and the rollout), so 12 layers × 12 heads × 512 tokens
/// never block the window; an edit recomputes only the document's layer and the rollout, and a
/// newer request cancels an older one between layers. Clicking a head's thumbnail opens its layer
/// in the document (LayerStack::openLayer: the edits of the layer left stay in the stack) and
/// selects that head in every view; tooltips give the query, the key and the weight.
class ModelView : public FigureView {
    Q_OBJECT

public:
    static constexpr int kMaxSide = 64; ///< thumbnail cells a side at most (max pooling beyond)

    explicit ModelView(doc::ScenarioDocument *document, QWidget *parent = nullptr);
    ~ModelView() override;

    bool exportTo(const QString &path, const QString &format, QSize size,
                  QString *error = nullptr) const override;
    QMap<QString, double> taskValues() const override;

    /// What is drawn (for tests): the summary of the last finished job.
    const ModelFigureData &figureData() const { return m_data; }
    /// True while a summary job runs.
    bool computing() const { return m_running > 0; }
    /// Opens head `column` of layer `layer` (as a click on its thumbnail does). False when out of range.
    bool openHead(int layer, int head);

signals:
    /// A summary job finished and its result is drawn.
    void summaryReady();

private:
    /// Starts a job for every layer not cached (all of them when `everything`).
    void recompute(bool everything);
    void apply(ModelSummary summary, int generation);
    void fillFigureData();

    doc::LayerStack *m_stack;
    PaintedCanvas *m_canvas = nullptr;
    QLabel *m_hint = nullptr;
    QThread *m_thread = nullptr;
    QObject *m_worker = nullptr; ///< lives in m_thread; jobs run as its queued calls
    std::shared_ptr<std::atomic<int>> m_generation = std::make_shared<std::atomic<int>>(0);
    int m_running = 0;
    std::vector<std::shared_ptr<const LayerSummary>> m_cache; ///< (L) summaries kept across edits
    ModelFigureData m_data;
};

} // namespace attn::ui
