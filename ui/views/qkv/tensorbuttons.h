// The add/remove buttons under the Q, K and V tables of the Q/K/V editor.
#pragma once

#include "ui/document/scenariodocument.h"

#include <functional>

class QHBoxLayout;
class QWidget;

namespace attn::ui {

/// What the buttons of one tensor act on, supplied by the view that owns the table.
struct TensorButtonTargets {
    std::function<int()> row; ///< the token row a remove button removes
    std::function<int()> dim; ///< the feature (within a head) a remove-column button removes
    std::function<void(const QString &)> refuse; ///< shows why a button did nothing, in one sentence
};

/// Four buttons for tensor `role` of `document`, children of `parent`, in a row: add and remove
/// a token ("Add query" for Q; "Add key" for K and V, which adds a row to both), add and remove
/// a feature column ("d_k" for Q and K together, "d_v" for V). Object names are
/// "add_<Q|K|V>_<query|key>", "remove_…", "add_<Q|K|V>_<d_k|d_v>", "remove_…"; lessons lock
/// them by these names (lessons::applyControls). Each button checks its own condition (the last
/// token or column cannot go; raw scores have no d_k) and says why through targets.refuse;
/// otherwise it calls the document, which refuses (editRefused) what the engine cannot compute.
QHBoxLayout *createTensorButtons(doc::ScenarioDocument *document, doc::TensorRole role, QWidget *parent,
                                 TensorButtonTargets targets);

} // namespace attn::ui
