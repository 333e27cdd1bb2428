// The training tasks: seeded generators of token sequences with the positions a task scores.
// Every example is drawn from its own Rng stream (seed, split, batch index, example), so a batch
// is the same whichever order or thread draws it, and held-out data never shares a stream with
// the training data.
#pragma once

#include "core/train/batch.h"
#include "core/train/rng.h"

#include <optional>
#include <string>
#include <vector>

namespace attn::train {

/// What the model learns to predict.
enum class TaskKind {
    /// Random tokens whose second half repeats the first (Olsson et al. 2022, "In-context
    /// Learning and Induction Heads"): a prefix of 0 … T/4 random tokens, a segment of n
    /// distinct random tokens, then the segment again (p + 2n = T + 1 tokens, all distinct
    /// before the repeat). Scored: every prediction inside the repeat (its 2nd … last token),
    /// which only an induction mechanism can make: find the earlier occurrence of the current
    /// token, copy the token after it. The random prefix moves the repeat, so a fixed
    /// positional offset cannot do it. Probes: no prefix, the classic repeated sequence.
    Induction,
    /// Random tokens; at every position t ≥ 1 predict the token at t − 1 (the target is the
    /// previous input token, not the next one). One previous-token head solves it.
    PreviousToken,
    /// n random tokens, a separator, the same n tokens; scored from the separator on.
    Copy,
    /// n random tokens, a separator, the n tokens in reverse order; scored from the separator on.
    Reverse,
    /// A tiny grammar in the spirit of "Xiaohong told Ming that she …": a subject name, a verb,
    /// an object name, filler words at varying distances, "that", a pronoun; at the pronoun
    /// predict the name it refers to. Half of the sentences pair a woman and a man (the pronoun's
    /// gender decides); in the other half both names share the pronoun's gender and the verb
    /// decides (promised, assured → the subject; told, asked, reminded, warned → the object).
    /// Held-out and probe sentences use name pairs that training never shows together.
    Coreference,
};

/// Which stream an example comes from.
enum class Split { Train, HeldOut, Probe };

/// A task and its sizes; 0 means the task's default.
struct TaskConfig {
    TaskKind kind = TaskKind::Induction;
    int symbols = 0; ///< random-token tasks: distinct symbols (Induction 32, others 16)
    int seq_len = 0; ///< T, tokens the model reads (Induction 32, Coreference 16, others 16)
};

/// What a task gives the model to read.
struct TaskInfo {
    TaskKind kind = TaskKind::Induction;
    int symbols = 0;                      ///< random symbols (0 for Coreference)
    int seq_len = 0;                      ///< T
    int vocab_size = 0;                   ///< model vocabulary
    std::vector<std::string> token_names; ///< (vocab_size) labels for views, e.g. "a", "SEP", "she"
};

/// Defaults filled in and checked. Throws std::invalid_argument naming the field and the range
/// when sizes do not fit the task: symbols 2 … 4096; seq_len 4 … 1024, even for Copy and
/// Reverse (n tokens, separator, n tokens), 16 … 1024 for Coreference; Induction needs as many
/// symbols as the most distinct tokens before a repeat (the longest prefix plus its segment:
/// 21 for T = 32).
TaskInfo describeTask(const TaskConfig &config);

/// One example of length T into tokens, targets and mask (each T values), drawn from `rng`.
void generateExample(const TaskInfo &task, Split split, Rng &rng, int *tokens, int *targets,
                     std::uint8_t *mask);

/// A batch of B examples; example b comes from Rng(seed, 2 + split, index, b).
Batch makeBatch(const TaskInfo &task, Split split, std::uint64_t seed, std::uint64_t index, Index batchSize);

/// "induction", "previous-token", "copy", "reverse", "coreference".
const char *toString(TaskKind kind);
/// The task of a name above, or nothing.
std::optional<TaskKind> taskFromName(const std::string &name);

/// Coreference's vocabulary and one sentence (for tasks.cpp and the tests).
namespace coreference {
/// Token ids: 0 "<bos>", 1 "<pad>", 2 … 17 the names (8 female, then 8 male), the verbs
/// (promised, assured, told, asked, reminded, warned), "that", "she", "he", the fillers.
std::vector<std::string> vocabulary();
/// Names in the vocabulary (16); name i is token 2 + i, female for i < 8.
int nameCount();
/// Whether the unordered pair of names a ≠ b is reserved for held-out and probe sentences.
bool heldOutPair(int a, int b);
/// One sentence into tokens/targets/mask (T ≥ 16 values, padded with "<pad>").
void generate(Split split, Rng &rng, Index seqLen, int *tokens, int *targets, std::uint8_t *mask);
} // namespace coreference

} // namespace attn::train
