// Parameters handed over by name, as PyTorch's state_dict does: core writes no files, so a
// checkpoint writer, a view or a test receives the model's tensors as a list of these.
#pragma once

#include "core/tensor.h"

#include <map>
#include <string>
#include <vector>

namespace attn::train {

/// The precision a tensor was stored in by the model that exported it.
enum class DType { Float32, Float64 };

/// One tensor: a PyTorch-style name, a row-major shape and its values. A float32 model's values
/// are exactly representable in `data` (float → double → float round-trips exactly).
struct NamedTensor {
    std::string name;         ///< e.g. "layers.0.attn.W_q" (see ModelConfig for every name)
    std::vector<Index> shape; ///< e.g. {d_model, H·head_dim}; one entry for a vector
    std::vector<double> data; ///< row-major, product(shape) values
    DType dtype = DType::Float64;
};

/// Name and shape of one parameter tensor, without values.
struct ParameterSpec {
    std::string name;
    std::vector<Index> shape;
    bool decay = false; ///< AdamW applies weight decay to it (the matrices, not LayerNorm or biases)
    Index size() const
    {
        Index n = 1;
        for (Index s : shape) n *= s;
        return n;
    }
};

/// Lays `specs` out one after another in a flat buffer: fills the offset of each (in order) and
/// by name, and returns the total number of values.
inline Index layoutParameters(const std::vector<ParameterSpec> &specs, std::vector<Index> *offsets,
                              std::map<std::string, Index> *byName)
{
    Index total = 0;
    for (const ParameterSpec &s : specs) {
        offsets->push_back(total);
        (*byName)[s.name] = total;
        total += s.size();
    }
    return total;
}

/// "float32" or "float64".
const char *toString(DType dtype);

} // namespace attn::train
