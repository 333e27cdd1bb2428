#include "ui/views/model/modelview.h"

#include "ui/document/layerstack.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/viridis.h"
#include "ui/views/common/paintedcanvas.h"
#include "ui/views/common/paintedexport.h"

#include <QLabel>
#include <QPainter>
#include <QThread>
#include <QVBoxLayout>

#include <cmath>

namespace attn::ui {

namespace {

/// `map` coloured by the current colour map over [0, top]; NaN (masked) light grey.
QImage colouredMap(const PooledMap &map, double top, const std::vector<QRgb> &lut)
{
    QImage image(std::max(map.cols, 1), std::max(map.rows, 1), QImage::Format_RGB32);
    image.fill(QColor(235, 235, 235));
    for (int r = 0; r < map.rows; ++r) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(r));
        for (int c = 0; c < map.cols; ++c) {
            const float v = map.at(r, c);
            if (std::isnan(v)) continue;
            const double t = top > 0 ? std::clamp(double(v) / top, 0.0, 1.0) : 0.0;
            line[c] = lut[std::size_t(std::lround(t * double(lut.size() - 1)))];
        }
    }
    return image;
}

} // namespace

ModelView::ModelView(doc::ScenarioDocument *document, QWidget *parent)
    : FigureView(document, parent), m_stack(doc::LayerStack::of(document))
{
    setObjectName(QStringLiteral("modelView"));
    m_hint =
        new QLabel(tr("Every layer and head at once. Click a thumbnail to open that layer and head in every "
                      "view; hover for the weight. Open a model with File → Open tensors…"),
                   this);
    m_hint->setWordWrap(true);
    m_canvas = new PaintedCanvas([this](QPainter &p, QSizeF size) { paintModelFigure(p, size, m_data); },
                                 [this](QPointF pos, QSizeF size) {
                                     const ModelLayout layout = modelLayout(
                                         size, int(m_data.summary.layers.size()), m_data.summary.headCount());
                                     return modelToolTip(m_data, layout, pos);
                                 },
                                 this);
    m_canvas->setObjectName(QStringLiteral("modelCanvas"));
    m_canvas->setTables([this] { return modelTables(m_data); });
    m_canvas->setMinimumSize(480, 340);
    m_canvas->setClickHandler([this](QPointF pos, QSizeF size) {
        const auto [layer, column] =
            modelLayout(size, int(m_data.summary.layers.size()), m_data.summary.headCount()).thumbnailAt(pos);
        if (layer >= 0) openHead(layer, std::min(column, m_data.summary.headCount() - 1));
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_hint);
    layout->addWidget(m_canvas, 1);

    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("modelSummaries"));
    m_worker = new QObject;
    m_worker->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start(QThread::LowPriority);

    connect(m_stack, &doc::LayerStack::layersChanged, this, whenShown([this] { recompute(true); }));
    connect(document, &doc::ScenarioDocument::traceChanged, this, whenShown([this] { recompute(false); }));
    connect(document, &doc::ScenarioDocument::selectedHeadChanged, this, [this] {
        fillFigureData();
        m_canvas->update();
    });
    recompute(true);
}

ModelView::~ModelView()
{
    m_generation->fetch_add(1); // the running job stops at its next layer
    m_thread->quit();
    m_thread->wait();
    // The canvas calls back into this view (painting, the keyboard walk on focus-out): it goes
    // before this view's members do, not in ~QWidget, which moves the focus while closing.
    delete m_canvas;
}

void ModelView::recompute(bool everything)
{
    const int layers = std::max(m_stack->layerCount(), 1);
    if (everything || int(m_cache.size()) != layers) m_cache.assign(std::size_t(layers), nullptr);
    const int current = m_stack->layerCount() > 0 ? m_stack->currentLayer() : 0;
    m_cache[std::size_t(current)] = nullptr; // the document's layer: its trace may have changed
    std::vector<LayerSource> sources(static_cast<std::size_t>(layers));
    for (int l = 0; l < layers; ++l) {
        LayerSource &source = sources[std::size_t(l)];
        source.done = m_cache[std::size_t(l)];
        if (source.done) continue;
        if (l == current) {
            if (document()->traceIsCurrent())
                for (const HeadTrace &head : document()->trace().heads)
                    source.weights.push_back(head.weights);
        } else {
            source.scenario = m_stack->layer(l);
        }
    }
    const int generation = m_generation->fetch_add(1) + 1;
    ++m_running;
    const auto todo =
        std::count_if(sources.begin(), sources.end(), [](const LayerSource &s) { return !s.done; });
    m_data.status = layers > 1 && todo > 0 ? tr("computing the layers…") : QString();
    m_canvas->update();
    const auto counter = m_generation;
    QMetaObject::invokeMethod(m_worker, [this, sources = std::move(sources), generation, counter]() mutable {
        ModelSummary summary = summarizeModel(
            std::move(sources), kMaxSide, [counter, generation] { return counter->load() != generation; });
        // The view waits for this thread before it goes, so it is alive while the call is queued.
        QMetaObject::invokeMethod(this, [this, summary = std::move(summary), generation]() mutable {
            apply(std::move(summary), generation);
        });
    });
}

void ModelView::apply(ModelSummary summary, int generation)
{
    --m_running;
    if (generation != m_generation->load()) return; // a newer job is on its way
    m_cache = summary.layers;
    m_data.summary = std::move(summary);
    m_data.status.clear();
    std::vector<QRgb> lut(256);
    for (std::size_t i = 0; i < lut.size(); ++i) lut[i] = currentMapColor(double(i) / 255.0).rgb();
    m_data.thumbnails.clear();
    for (const auto &layer : m_data.summary.layers) {
        std::vector<QImage> row;
        for (const PooledMap &head : layer->heads)
            row.push_back(colouredMap(head, m_data.summary.largestWeight, lut));
        if (!layer->heads.empty()) {
            row.push_back(colouredMap(layer->mean, m_data.summary.largestWeight, lut));
            row.push_back(colouredMap(layer->max, m_data.summary.largestWeight, lut));
        }
        m_data.thumbnails.push_back(std::move(row));
    }
    m_data.rollout = QImage();
    if (m_data.summary.rollout) {
        const PooledMap &r = *m_data.summary.rollout;
        const float top = r.values.empty() ? 0.0f : *std::max_element(r.values.begin(), r.values.end());
        m_data.rollout = colouredMap(r, double(top), lut);
    }
    fillFigureData();
    m_canvas->update();
    emit summaryReady();
    emit taskValuesChanged();
}

void ModelView::fillFigureData()
{
    m_data.currentLayer = m_stack->layerCount() > 0 ? m_stack->currentLayer() : 0;
    m_data.selectedHead = document()->selectedHead();
    m_data.trace = document()->traceIsCurrent() ? &document()->trace() : nullptr;
    m_data.queryLabels = document()->traceQueryLabels();
    m_data.keyLabels = document()->traceKeyLabels();
    m_data.source = m_stack->source();
}

bool ModelView::openHead(int layer, int head)
{
    const int layers = std::max(m_stack->layerCount(), 1);
    if (layer < 0 || layer >= layers || head < 0) return false;
    if (m_stack->layerCount() > 0 && layer != m_stack->currentLayer()) {
        QString error;
        if (!m_stack->openLayer(layer, &error)) return false;
    }
    document()->setSelectedHead(head);
    fillFigureData();
    m_canvas->update();
    return true;
}

QMap<QString, double> ModelView::taskValues() const
{
    return {{QStringLiteral("layers"), double(m_data.summary.layers.size())},
            {QStringLiteral("heads"), double(m_data.summary.headCount())},
            {QStringLiteral("current_layer"), double(m_data.currentLayer)}};
}

bool ModelView::exportTo(const QString &path, const QString &format, QSize size, QString *error) const
{
    ModelFigureData data = m_data;
    data.trace = document()->traceIsCurrent() ? &document()->trace() : nullptr;
    return exportPainted(
        path, format, size, [data](QPainter &p, QSizeF s) { paintModelFigure(p, s, data); }, error);
}

} // namespace attn::ui
