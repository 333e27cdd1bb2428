#include "ui/views/model/modelsummary.h"

#include "core/aggregate.h"
#include "core/attention.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace attn::ui {

PooledMap poolMax(const Matrix &weights, int maxSide)
{
    PooledMap map;
    map.nQ = weights.rows();
    map.nK = weights.cols();
    map.rows = int(std::min<Index>(map.nQ, maxSide));
    map.cols = int(std::min<Index>(map.nK, maxSide));
    map.values.assign(std::size_t(map.rows) * std::size_t(map.cols), std::numeric_limits<float>::quiet_NaN());
    for (int r = 0; r < map.rows; ++r)
        for (Index i = map.firstQuery(r); i < map.endQuery(r); ++i)
            for (int c = 0; c < map.cols; ++c) {
                float &cell = map.values[std::size_t(r) * std::size_t(map.cols) + std::size_t(c)];
                for (Index j = map.firstKey(c); j < map.endKey(c); ++j) {
                    const float w = float(weights(i, j));
                    if (std::isnan(cell) || w > cell) cell = std::isnan(w) ? cell : w;
                }
            }
    return map;
}

LayerSummary summarizeLayer(const std::vector<Matrix> &headWeights, int maxSide)
{
    LayerSummary s;
    if (headWeights.empty()) return s;
    for (const Matrix &w : headWeights) {
        s.heads.push_back(poolMax(w, maxSide));
        for (Index i = 0; i < w.size(); ++i)
            if (std::isfinite(w.data()[i])) s.largestWeight = std::max(s.largestWeight, w.data()[i]);
    }
    auto mean = std::make_shared<Matrix>(meanOverHeads(headWeights));
    s.mean = poolMax(*mean, maxSide);
    s.max = poolMax(maxOverHeads(headWeights), maxSide);
    s.fullMean = std::move(mean);
    return s;
}

ModelSummary summarizeModel(std::vector<LayerSource> sources, int maxSide,
                            const std::function<bool()> &cancelled)
{
    ModelSummary model;
    std::vector<Matrix> means;
    for (LayerSource &source : sources) {
        if (cancelled && cancelled()) return {};
        std::shared_ptr<const LayerSummary> layer = source.done;
        if (!layer) {
            std::vector<Matrix> weights = std::move(source.weights);
            if (weights.empty() && source.scenario) {
                try {
                    const AttentionTrace trace = attend(*source.scenario);
                    for (const HeadTrace &head : trace.heads) weights.push_back(head.weights);
                } catch (const std::exception &) {
                    // left empty: the view says the layer cannot be computed
                }
            }
            layer = std::make_shared<const LayerSummary>(summarizeLayer(weights, maxSide));
        }
        model.largestWeight = std::max(model.largestWeight, layer->largestWeight);
        if (layer->fullMean) means.push_back(*layer->fullMean);
        model.layers.push_back(std::move(layer));
    }
    if (cancelled && cancelled()) return {};
    if (means.size() != model.layers.size() || means.empty()) {
        model.rolloutProblem =
            QCoreApplication::translate("attn::ui::ModelView", "a layer could not be computed");
    } else {
        try {
            model.rollout = poolMax(attentionRollout(means), maxSide);
        } catch (const std::invalid_argument &) {
            model.rolloutProblem = QCoreApplication::translate(
                "attn::ui::ModelView", "rollout needs self-attention (as many queries as keys)");
        }
    }
    return model;
}

} // namespace attn::ui
