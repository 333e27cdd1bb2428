// What the model view draws, computed away from the interface thread: every layer × head's weights
// reduced to a thumbnail, the mean and the maximum over each layer's heads, and attention rollout
// through the layers. No widgets; QImage is not used here (the view colours the maps).
#pragma once

#include "core/scenario.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace attn::ui {

/// A weight map reduced to at most maxSide × maxSide cells: cell (r, c) holds the largest weight
/// of the block of queries and keys it covers (max pooling, so one sharp weight stays visible).
/// Unreduced (blocks of one) when n_q and n_k are at most maxSide.
struct PooledMap {
    int rows = 0, cols = 0;    ///< cells
    Index nQ = 0, nK = 0;      ///< the queries and keys covered
    std::vector<float> values; ///< rows × cols, row-major; NaN where the block has only NaN
    float at(int r, int c) const { return values[std::size_t(r) * std::size_t(cols) + std::size_t(c)]; }
    /// The first and one-past-last query (key) of cell row r (column c).
    Index firstQuery(int r) const { return Index(r) * nQ / rows; }
    Index endQuery(int r) const { return Index(r + 1) * nQ / rows; }
    Index firstKey(int c) const { return Index(c) * nK / cols; }
    Index endKey(int c) const { return Index(c + 1) * nK / cols; }
    bool exact() const { return rows == nQ && cols == nK; }
};

/// `weights` (n_q, n_k) max-pooled to at most maxSide cells a side.
PooledMap poolMax(const Matrix &weights, int maxSide);

/// One layer, summarised.
struct LayerSummary {
    std::vector<PooledMap> heads;           ///< (H) one thumbnail per head
    PooledMap mean, max;                    ///< the mean and the maximum over the heads
    std::shared_ptr<const Matrix> fullMean; ///< (n_q, n_k) unreduced mean, for rollout
    double largestWeight = 0;               ///< the largest finite weight of any head
};

/// Summarises a layer from its heads' weights (H) × (n_q, n_k).
LayerSummary summarizeLayer(const std::vector<Matrix> &headWeights, int maxSide);

/// Everything the view shows for a model.
struct ModelSummary {
    std::vector<std::shared_ptr<const LayerSummary>> layers; ///< (L) from the first layer up
    std::optional<PooledMap> rollout; ///< attention rollout, reduced like the thumbnails
    QString rolloutProblem;           ///< why there is no rollout (cross-attention), else empty
    double largestWeight = 0;         ///< over every layer and head: the top of the one colour scale
    int headCount() const { return layers.empty() ? 0 : int(layers.front()->heads.size()); }
};

/// What a summary job starts from: for each layer either its summary already made (kept from an
/// earlier job) or the scenario to compute (attn::attend) and summarise, or the weights of its
/// heads (the document's trace, already computed).
struct LayerSource {
    std::shared_ptr<const LayerSummary> done;
    std::optional<Scenario> scenario;
    std::vector<Matrix> weights;
};

/// Runs the job: computes and summarises what is not done, then the rollout of the layer means
/// (core/aggregate.h). A layer that cannot be computed gets an empty summary. `cancelled` is
/// polled between layers; a cancelled job returns an empty summary.
ModelSummary summarizeModel(std::vector<LayerSource> sources, int maxSide,
                            const std::function<bool()> &cancelled);

} // namespace attn::ui
