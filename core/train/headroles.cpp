#include "core/train/headroles.h"

#include <cmath>
#include <limits>

namespace attn::train {

namespace {

/// Sums and counts of one head's scores, pooled over probes.
struct Tally {
    double previous = 0, duplicate = 0, induction = 0, first = 0, entropy = 0, target = 0;
    Index steps = 0, duplicates = 0, rows = 0, scored = 0;

    void add(const Matrix &A, const int *x, const int *y, const std::uint8_t *mask, Index T)
    {
        for (Index i = 0; i < T; ++i) {
            if (i >= 1) {
                previous += A(i, i - 1);
                first += A(i, 0);
                ++steps;
            }
            double h = 0;
            for (Index j = 0; j <= i; ++j)
                if (A(i, j) > 0) h -= A(i, j) * std::log(A(i, j));
            entropy += h;
            ++rows;
            bool seen = false;
            double dup = 0, ind = 0;
            for (Index j = 0; j < i; ++j) {
                if (x[j] != x[i]) continue;
                seen = true;
                dup += A(i, j);
                ind += A(i, j + 1);
            }
            if (seen) {
                duplicate += dup;
                induction += ind;
                ++duplicates;
            }
            if (mask[i]) {
                bool found = false;
                double t = 0;
                for (Index j = 0; j <= i; ++j) {
                    if (x[j] != y[i]) continue;
                    found = true;
                    t += A(i, j);
                }
                if (found) {
                    target += t;
                    ++scored;
                }
            }
        }
    }

    HeadRoles roles() const
    {
        const auto mean = [](double sum, Index n) {
            return n > 0 ? sum / static_cast<double>(n) : std::numeric_limits<double>::quiet_NaN();
        };
        return {mean(previous, steps), mean(duplicate, duplicates), mean(induction, duplicates),
                mean(first, steps),    mean(entropy, rows),         mean(target, scored)};
    }
};

} // namespace

std::vector<HeadRoles> headRoles(const std::vector<ProbeTrace> &traces, const Batch &probes, int numLayers,
                                 int numHeads)
{
    const auto heads = static_cast<std::size_t>(numLayers * numHeads);
    std::vector<Tally> tallies(heads);
    const Index T = probes.seq_len;
    for (std::size_t e = 0; e < traces.size(); ++e) {
        const Index at = static_cast<Index>(e) * T;
        for (std::size_t h = 0; h < heads; ++h)
            tallies[h].add(traces[e].weights[h], probes.tokens.data() + at, probes.targets.data() + at,
                           probes.loss_mask.data() + at, T);
    }
    std::vector<HeadRoles> out;
    out.reserve(heads);
    for (const Tally &t : tallies) out.push_back(t.roles());
    return out;
}

} // namespace attn::train
