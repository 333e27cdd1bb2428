#include "core/train/tasks.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace attn::train {

const char *toString(TaskKind kind)
{
    switch (kind) {
    case TaskKind::Induction: return "induction";
    case TaskKind::PreviousToken: return "previous-token";
    case TaskKind::Copy: return "copy";
    case TaskKind::Reverse: return "reverse";
    case TaskKind::Coreference: return "coreference";
    }
    return "?";
}

std::optional<TaskKind> taskFromName(const std::string &name)
{
    for (TaskKind k : {TaskKind::Induction, TaskKind::PreviousToken, TaskKind::Copy, TaskKind::Reverse,
                       TaskKind::Coreference})
        if (name == toString(k)) return k;
    return std::nullopt;
}

namespace {

/// Largest prefix of an induction sequence of T input tokens.
int maxPrefix(int seqLen)
{
    return seqLen / 4;
}

/// Prefix p and segment n of an induction sequence: p + 2n = T + 1, the prefix taking the odd
/// token when T + 1 − p is odd.
std::pair<int, int> inductionSplit(int seqLen, int prefix)
{
    const int n = (seqLen + 1 - prefix) / 2;
    return {seqLen + 1 - 2 * n, n};
}

/// Distinct tokens before the repeat, at most, over every prefix length.
int inductionDistinct(int seqLen)
{
    int most = 0;
    for (int p = 0; p <= maxPrefix(seqLen); ++p) {
        const auto [prefix, n] = inductionSplit(seqLen, p);
        most = std::max(most, prefix + n);
    }
    return most;
}

std::string symbolName(int s)
{
    // a … z, then A … Z, then s52, s53, …
    if (s < 26) return std::string(1, static_cast<char>('a' + s));
    if (s < 52) return std::string(1, static_cast<char>('A' + s - 26));
    std::string name = "s"; // built in two steps: GCC 12 warns falsely about "s" + to_string
    name += std::to_string(s);
    return name;
}

void requireRange(const char *field, int value, int lo, int hi, const char *why = "")
{
    if (value < lo || value > hi)
        throw std::invalid_argument(std::string(field) + " must be from " + std::to_string(lo) + " to " +
                                    std::to_string(hi) + why + ", got " + std::to_string(value));
}

} // namespace

TaskInfo describeTask(const TaskConfig &c)
{
    TaskInfo t;
    t.kind = c.kind;
    if (c.kind == TaskKind::Coreference) {
        t.seq_len = c.seq_len ? c.seq_len : 16;
        requireRange("seq_len", t.seq_len, 16, 1024, " for coreference (the longest sentence has 14 tokens)");
        t.token_names = coreference::vocabulary();
        t.vocab_size = static_cast<int>(t.token_names.size());
        return t;
    }
    t.symbols = c.symbols ? c.symbols : (c.kind == TaskKind::Induction ? 32 : 16);
    t.seq_len = c.seq_len ? c.seq_len : (c.kind == TaskKind::Induction ? 32 : 16);
    requireRange("symbols", t.symbols, 2, 4096);
    requireRange("seq_len", t.seq_len, 4, 1024);
    if ((c.kind == TaskKind::Copy || c.kind == TaskKind::Reverse) && t.seq_len % 2 != 0)
        throw std::invalid_argument(std::string("seq_len must be even for ") + toString(c.kind) +
                                    " (n tokens, a separator, n tokens), got " + std::to_string(t.seq_len));
    if (c.kind == TaskKind::Induction && t.symbols < inductionDistinct(t.seq_len))
        throw std::invalid_argument(
            "symbols must be at least " + std::to_string(inductionDistinct(t.seq_len)) +
            " for induction sequences of " + std::to_string(t.seq_len) +
            " tokens (every token before the repeat is distinct), got " + std::to_string(t.symbols));
    for (int s = 0; s < t.symbols; ++s) t.token_names.push_back(symbolName(s));
    if (c.kind == TaskKind::Copy || c.kind == TaskKind::Reverse) t.token_names.push_back("SEP");
    t.vocab_size = static_cast<int>(t.token_names.size());
    return t;
}

void generateExample(const TaskInfo &task, Split split, Rng &rng, int *tokens, int *targets,
                     std::uint8_t *mask)
{
    const int T = task.seq_len;
    const auto S = static_cast<std::uint64_t>(task.symbols);
    std::fill(mask, mask + T, std::uint8_t(0));
    std::fill(targets, targets + T, 0);
    if (task.kind == TaskKind::Coreference) {
        coreference::generate(split, rng, T, tokens, targets, mask);
        return;
    }
    std::vector<int> s(static_cast<std::size_t>(T) + 1); // the whole sequence, T + 1 tokens
    switch (task.kind) {
    case TaskKind::Induction: {
        const int drawn = split == Split::Probe ? 0 : rng.between(0, maxPrefix(T));
        const auto [prefix, n] = inductionSplit(T, drawn);
        // prefix + n distinct symbols: a partial Fisher–Yates shuffle of 0 … S − 1.
        std::vector<int> pool(S);
        std::iota(pool.begin(), pool.end(), 0);
        for (int i = 0; i < prefix + n; ++i)
            std::swap(pool[static_cast<std::size_t>(i)],
                      pool[static_cast<std::size_t>(i) + rng.below(S - static_cast<std::uint64_t>(i))]);
        for (int i = 0; i < prefix + n; ++i)
            s[static_cast<std::size_t>(i)] = pool[static_cast<std::size_t>(i)];
        for (int i = 0; i < n; ++i)
            s[static_cast<std::size_t>(prefix + n + i)] = s[static_cast<std::size_t>(prefix + i)];
        for (int t = prefix + n; t < T; ++t) mask[t] = 1; // inside the repeat, from its first token
        break;
    }
    case TaskKind::PreviousToken:
        for (int t = 0; t < T; ++t) tokens[t] = static_cast<int>(rng.below(S));
        for (int t = 1; t < T; ++t) {
            targets[t] = tokens[t - 1];
            mask[t] = 1;
        }
        return;
    case TaskKind::Copy:
    case TaskKind::Reverse: {
        const int n = T / 2;
        const int sep = task.symbols;
        for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = static_cast<int>(rng.below(S));
        s[static_cast<std::size_t>(n)] = sep;
        for (int i = 0; i < n; ++i)
            s[static_cast<std::size_t>(n + 1 + i)] =
                s[static_cast<std::size_t>(task.kind == TaskKind::Copy ? i : n - 1 - i)];
        for (int t = n; t < T; ++t) mask[t] = 1; // from the separator on
        break;
    }
    case TaskKind::Coreference: break;
    }
    for (int t = 0; t < T; ++t) {
        tokens[t] = s[static_cast<std::size_t>(t)];
        targets[t] = s[static_cast<std::size_t>(t) + 1];
    }
}

Batch makeBatch(const TaskInfo &task, Split split, std::uint64_t seed, std::uint64_t index, Index batchSize)
{
    Batch b = Batch::zeros(batchSize, task.seq_len);
    for (Index e = 0; e < batchSize; ++e) {
        Rng rng(seed, 2 + static_cast<std::uint64_t>(split), index, static_cast<std::uint64_t>(e));
        const Index at = e * task.seq_len;
        generateExample(task, split, rng, b.tokens.data() + at, b.targets.data() + at,
                        b.loss_mask.data() + at);
    }
    return b;
}

} // namespace attn::train
