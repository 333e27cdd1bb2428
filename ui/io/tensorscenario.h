// A tensor file as scenarios: the tensor names of docs/tensor-files.md turned into one
// attn::Scenario per attention layer, so that an imported layer flows through the same document,
// trace, views and export as a scenario file. QtCore only.
//
// Accepted forms (shapes C order, heads first; a leading batch dimension of 1 is dropped):
//   one layer      Q [H_q, n_q, d_k], K [H_kv, n_k, d_k], V [H_kv, n_k, d_v];
//                  or X [n_q, d_model], W_q, W_k, W_v (optional X_kv, b_q, b_k, b_v, W_o, b_o),
//                  the heads counted by the metadata num_query_heads / num_kv_heads (default 1);
//   many layers    layers.{i}.Q, layers.{i}.K, layers.{i}.V, i = 0 … L − 1 without a gap;
//   weights only   attention [L, H, n_q, n_k] (or [H, n_q, n_k]: one layer): each layer becomes
//                  raw scores ln(w) with key j hidden where w = 0, and V the n_k × n_k identity,
//                  so the weights read back as they are (up to rounding) and each output row is
//                  its weight row; Q and K do not exist there.
// Metadata (.safetensors "__metadata__" strings; in an .npz, string arrays for the tokens):
//   tokens, query_tokens, key_tokens  JSON arrays of strings (n_q and n_k of them);
//   causal  "true" / "false";  score  "scaled_dot" / "dot";  scale  a number;
//   num_query_heads, num_kv_heads  whole numbers (projection form only).
// Tensors with other names are ignored (an exporter may store more than attention needs).
#pragma once

#include "core/scenario.h"
#include "ui/io/tensorfile.h"

#include <QString>

#include <vector>

namespace attn::io {

/// What a tensor file holds, once named: which form, how many layers.
struct TensorLayout {
    enum class Form { SingleLayer, Projection, Layers, WeightsOnly };
    Form form = Form::SingleLayer;
    int layerCount = 1;
    /// True when the layers have Q, K and V (every form but WeightsOnly).
    bool hasQueryKeyValue() const { return form != Form::WeightsOnly; }
};

/// Which form `file` has and its number of layers. Throws TensorFileError naming `fileName` and
/// the tensors it holds when it holds none of the forms (e.g. Q and K without V).
TensorLayout tensorLayout(const TensorFile &file, const QString &fileName);

/// Layer `layer` (0-based) of `file` as a validated scenario, titled "<fileName>, layer i".
/// Throws TensorFileError with one line naming the file, the tensor and the numbers: a layer out
/// of range ("model.safetensors: --layer 5, but the file has 2 layers (0 … 1)"), a tensor of the
/// wrong rank, shapes that disagree ("tensor \"K\": shape [2, 5, 4] has d_k 4 … Q has 8"), a
/// token list of the wrong length or not a JSON array of strings, an unknown score or an
/// unreadable metadata value, and every core rule (attn::validate) the scenario breaks.
Scenario scenarioFromTensorFile(const TensorFile &file, const QString &fileName, int layer = 0);

/// Every layer of `file` as scenarios (scenarioFromTensorFile for each), same errors.
std::vector<Scenario> scenariosFromTensorFile(const TensorFile &file, const QString &fileName);

/// True when `path` looks like a tensor file: its suffix is .npy, .npz or .safetensors, or its
/// first bytes are a .npy magic or a zip signature (a scenario is JSON text, never either).
bool isTensorFilePath(const QString &path);

} // namespace attn::io
