// Training checkpoints: the weights of a trained model as a .safetensors file, with everything
// needed to rebuild the model and its task in the file's "__metadata__" (string → string), so the
// same file loads in this program and in PyTorch (safetensors.torch.load_file, or by hand).
//
// Metadata keys (every value a string; JSON text where it says so):
//   format         "attention-lab.checkpoint"
//   version        "1"
//   task           the task's name: "induction", "previous-token", "copy", "reverse", "coreference"
//   step           training steps done, e.g. "1000"
//   seed           the seed of the initial weights and of the data, e.g. "0"
//   model          JSON: vocab_size, n_ctx, d_model, num_layers, num_heads, head_dim, positional
//                  ("learned" or "rope"), rope_base, mlp, d_mlp (the width used), layer_norm,
//                  layer_norm_eps
//   task_config    JSON: symbols, seq_len (the values the task used, not 0 for "default")
//   training       JSON: batch_size, steps, learning_rate, beta1, beta2, eps, weight_decay,
//                  warmup_steps, cosine_decay, grad_clip, log_every, heldout_size, probe_count
//   token_names    JSON array of the vocabulary's labels (vocab_size strings)
// Tensors: the model's parameters under their names (core/train/modelconfig.h), row-major, in
// the model's dtype (float32 from training); they read back bit for bit.
#pragma once

#include "core/train/trainer.h"
#include "ui/io/tensorfile.h"

#include <QString>

#include <vector>

namespace attn::io {

/// What a checkpoint file holds.
struct Checkpoint {
    train::TrainConfig config;               ///< model sizes (vocab_size and n_ctx set), task, training
    train::TaskInfo task;                    ///< the task described again from config.task
    int step = 0;                            ///< training steps done
    std::vector<train::NamedTensor> weights; ///< in the file's order, every parameter of the model
};

/// Writes `weights` (named as the model names them) with the configuration, task, step and seed of
/// `config` as a .safetensors checkpoint, atomically. `config.model` must have vocab_size and n_ctx
/// set (as Trainer::config() has them). False and *error (one line) when a tensor cannot be
/// written or the file cannot be saved; the old file stays.
bool writeCheckpoint(const QString &path, const train::TrainConfig &config, const train::TaskInfo &task,
                     int step, const std::vector<train::NamedTensor> &weights, QString *error = nullptr);

/// The trainer's current weights, configuration and step.
bool writeCheckpoint(const QString &path, const train::Trainer &trainer, QString *error = nullptr);

/// Reads a checkpoint written by writeCheckpoint. Throws TensorFileError with one line naming the
/// file and the problem: not a .safetensors file, not a checkpoint (no or another "format"), a
/// missing or malformed metadata key, a configuration the model refuses, or tensors that do not
/// match the configuration's parameters (missing, unknown or of another shape).
Checkpoint readCheckpoint(const QString &path);

} // namespace attn::io
