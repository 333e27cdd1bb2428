#include "core/train/seq2seqtasks.h"

#include <stdexcept>

namespace attn::train {

namespace {

// Dates' vocabulary: <bos>, the digits, the months, the dash.
constexpr int kDigit0 = 1;
constexpr int kMonth1 = 11;
constexpr int kDash = 23;
constexpr const char *kMonths[12] = {"January", "February", "March",     "April",   "May",      "June",
                                     "July",    "August",   "September", "October", "November", "December"};

int monthLength(int year, int month)
{
    static constexpr int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : days[month - 1];
}

/// Whether a date is kept for held-out and probe examples (one in eight, by a fixed hash).
bool heldOutDate(int year, int month, int day)
{
    return mix64(static_cast<std::uint64_t>(year * 10000 + month * 100 + day)) % 8 == 0;
}

std::string symbolName(int s)
{
    if (s < 26) return std::string(1, static_cast<char>('a' + s));
    std::string name = "s";
    name += std::to_string(s);
    return name;
}

void requireRange(const char *field, int value, int lo, int hi)
{
    if (value < lo || value > hi)
        throw std::invalid_argument(std::string(field) + " must be from " + std::to_string(lo) + " to " +
                                    std::to_string(hi) + ", got " + std::to_string(value));
}

} // namespace

const char *toString(Seq2SeqTaskKind kind)
{
    switch (kind) {
    case Seq2SeqTaskKind::Reverse: return "reverse";
    case Seq2SeqTaskKind::Dates: return "dates";
    }
    return "?";
}

std::optional<Seq2SeqTaskKind> seq2seqTaskFromName(const std::string &name)
{
    for (Seq2SeqTaskKind k : {Seq2SeqTaskKind::Reverse, Seq2SeqTaskKind::Dates})
        if (name == toString(k)) return k;
    return std::nullopt;
}

Seq2SeqTaskInfo describeSeq2SeqTask(const Seq2SeqTaskConfig &c)
{
    Seq2SeqTaskInfo t;
    t.kind = c.kind;
    if (c.kind == Seq2SeqTaskKind::Dates) {
        t.token_names.push_back("<bos>");
        for (int d = 0; d < 10; ++d) t.token_names.push_back(std::to_string(d));
        for (const char *m : kMonths) t.token_names.push_back(m);
        t.token_names.push_back("-");
        t.bos_token = 0;
    } else {
        t.symbols = c.symbols ? c.symbols : 8;
        t.length = c.length ? c.length : 12;
        requireRange("symbols", t.symbols, 2, 4096);
        requireRange("length", t.length, 1, 1024);
        for (int s = 0; s < t.symbols; ++s) t.token_names.push_back(symbolName(s));
        t.token_names.push_back("<bos>");
        t.bos_token = t.symbols;
    }
    t.vocab_size = static_cast<int>(t.token_names.size());
    return t;
}

Seq2SeqExample generateSeq2SeqExample(const Seq2SeqTaskInfo &task, Split split, Rng &rng)
{
    Seq2SeqExample ex;
    if (task.kind == Seq2SeqTaskKind::Reverse) {
        for (int i = 0; i < task.length; ++i)
            ex.source.push_back(static_cast<int>(rng.below(static_cast<std::uint64_t>(task.symbols))));
        ex.target.assign(ex.source.rbegin(), ex.source.rend());
        return ex;
    }
    // Dates: draw until the date belongs to the split (training never sees a held-out date).
    int year = 0, month = 0, day = 0;
    do {
        year = rng.between(1900, 2099);
        month = rng.between(1, 12);
        day = rng.between(1, monthLength(year, month));
    } while (heldOutDate(year, month, day) != (split != Split::Train));
    const auto digit = [](int d) { return kDigit0 + d; };
    if (day >= 10) ex.source.push_back(digit(day / 10));
    ex.source.push_back(digit(day % 10));
    ex.source.push_back(kMonth1 + month - 1);
    for (int p : {1000, 100, 10, 1}) ex.source.push_back(digit(year / p % 10));
    for (int p : {1000, 100, 10, 1}) ex.target.push_back(digit(year / p % 10));
    ex.target.push_back(kDash);
    ex.target.push_back(digit(month / 10));
    ex.target.push_back(digit(month % 10));
    ex.target.push_back(kDash);
    ex.target.push_back(digit(day / 10));
    ex.target.push_back(digit(day % 10));
    return ex;
}

std::vector<Seq2SeqExample> makeSeq2SeqBatch(const Seq2SeqTaskInfo &task, Split split, std::uint64_t seed,
                                             std::uint64_t index, Index batchSize)
{
    std::vector<Seq2SeqExample> batch;
    batch.reserve(static_cast<std::size_t>(batchSize));
    for (Index e = 0; e < batchSize; ++e) {
        Rng rng(seed, 2 + static_cast<std::uint64_t>(split), index, static_cast<std::uint64_t>(e));
        batch.push_back(generateSeq2SeqExample(task, split, rng));
    }
    return batch;
}

std::vector<int> referenceAlignment(const Seq2SeqTaskInfo &task, const Seq2SeqExample &ex)
{
    const int S = static_cast<int>(ex.source.size());
    std::vector<int> align;
    if (task.kind == Seq2SeqTaskKind::Reverse) {
        for (int t = 0; t < static_cast<int>(ex.target.size()); ++t) align.push_back(S - 1 - t);
        return align;
    }
    const int dayDigits = S - 5;    // 1 or 2
    const int month = dayDigits;    // position of the month's name
    const int year = dayDigits + 1; // first year digit
    align = {year, year + 1, year + 2, year + 3, -1, month, month, -1};
    align.push_back(0);
    align.push_back(dayDigits == 2 ? 1 : 0);
    return align;
}

} // namespace attn::train
