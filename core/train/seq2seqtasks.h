// The encoder–decoder's toy translation tasks: seeded source → target pairs whose alignment is
// known, so a learned alignment can be checked against it. Example e of batch `index` comes from
// Rng(seed, 2 + split, index, e), as the transformer's tasks draw theirs.
#pragma once

#include "core/train/rng.h"
#include "core/train/seq2seqexample.h"
#include "core/train/tasks.h" // Split

#include <optional>
#include <string>
#include <vector>

namespace attn::train {

enum class Seq2SeqTaskKind {
    /// L random symbols → the same symbols in reverse order: target token t is source token
    /// L − 1 − t (the anti-diagonal alignment).
    Reverse,
    /// A date written out → ISO 8601: "3 March 2021" → "2021-03-03", one token per digit, per
    /// month name and per "-". Source: the day's digits (1 or 2), the month's name, the year's four
    /// digits; target: the year's digits, "-", the month's two digits, "-", the day's two digits.
    /// Year first and day last, so the alignment is not monotone. Dates from 1900-01-01 to
    /// 2099-12-31 (real month lengths, Gregorian leap years); one date in eight, chosen by a fixed
    /// hash, is kept for held-out and probe examples and never trained on.
    Dates,
};

struct Seq2SeqTaskConfig {
    Seq2SeqTaskKind kind = Seq2SeqTaskKind::Reverse;
    int symbols = 0; ///< Reverse: distinct symbols (default 8)
    int length = 0;  ///< Reverse: L, tokens per sequence (default 12); Dates has its own lengths
};

struct Seq2SeqTaskInfo {
    Seq2SeqTaskKind kind = Seq2SeqTaskKind::Reverse;
    int symbols = 0;                      ///< Reverse
    int length = 0;                       ///< Reverse: L
    int vocab_size = 0;                   ///< shared by source and target
    int bos_token = 0;                    ///< fed to the decoder first
    std::vector<std::string> token_names; ///< (vocab_size) e.g. "a", "<bos>", "March", "-"
};

/// Defaults filled in and checked. Throws std::invalid_argument naming the field and its range:
/// symbols 2 … 4096, length 1 … 1024.
Seq2SeqTaskInfo describeSeq2SeqTask(const Seq2SeqTaskConfig &config);

/// One example drawn from `rng`.
Seq2SeqExample generateSeq2SeqExample(const Seq2SeqTaskInfo &task, Split split, Rng &rng);
/// B examples; example e from Rng(seed, 2 + split, index, e).
std::vector<Seq2SeqExample> makeSeq2SeqBatch(const Seq2SeqTaskInfo &task, Split split, std::uint64_t seed,
                                             std::uint64_t index, Index batchSize);

/// The source position each target token copies or translates (n values): Reverse L − 1 − t;
/// Dates the year digit, the month name, the day digit (a one-digit day for both day digits);
/// −1 for the dashes, which no source token gives.
std::vector<int> referenceAlignment(const Seq2SeqTaskInfo &task, const Seq2SeqExample &example);

/// "reverse", "dates".
const char *toString(Seq2SeqTaskKind kind);
std::optional<Seq2SeqTaskKind> seq2seqTaskFromName(const std::string &name);

} // namespace attn::train
