// The training engine's random numbers, task generators and head-role scores: reference values
// of the generator, the structure of every task's sequences, and scores of attention patterns
// written by hand.
#include "core/train/headroles.h"
#include "core/train/rng.h"
#include "core/train/tasks.h"
#include "strictwarnings.h"

#include <QtTest>

#include <cmath>
#include <set>
#include <stdexcept>

using attn::Index;
using attn::Matrix;
using namespace attn::train;

namespace {

/// The words of a coreference example, up to its scored position.
QStringList words(const TaskInfo &task, const Batch &b, Index e)
{
    QStringList out;
    for (Index t = 0; t < b.seq_len; ++t) {
        const auto i = static_cast<std::size_t>(e * b.seq_len + t);
        out << QString::fromStdString(task.token_names[static_cast<std::size_t>(b.tokens[i])]);
        if (b.loss_mask[i]) break;
    }
    return out;
}

/// A trace of one probe whose every head has the weights `A`.
ProbeTrace traceOf(const Matrix &A, int heads)
{
    ProbeTrace t;
    t.seq_len = A.rows();
    for (int h = 0; h < heads; ++h) t.weights.push_back(A);
    return t;
}

} // namespace

class TestTrainTasks : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void rngMatchesSplitMix64Reference();
    void rngDistributions();
    void batchesAreSeededAndIndependentOfOrder();
    void inductionSequences();
    void previousTokenCopyAndReverse();
    void coreferenceSentences();
    void coreferenceHeldOutPairsAreNeverTrained();
    void badTaskSizes();
    void headRolesOfHandWrittenPatterns();
    void targetTokenScoreFindsTheReferent();
};

void TestTrainTasks::rngMatchesSplitMix64Reference()
{
    // SplitMix64 from state 0 (the published reference outputs): the state advances by the
    // golden gamma, the output is mix64 of the state.
    std::uint64_t state = 0;
    const std::uint64_t expected[] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL};
    for (std::uint64_t e : expected) {
        state += 0x9e3779b97f4a7c15ULL;
        QCOMPARE(mix64(state), e);
    }
    // FNV-1a reference values: "" and "a".
    QCOMPARE(hashName(""), 0xcbf29ce484222325ULL);
    QCOMPARE(hashName("a"), 0xaf63dc4c8601ec8cULL);
    // Streams are reproducible and distinct.
    Rng a(7, 1, 2), b(7, 1, 2), c(7, 1, 3), d(8, 1, 2);
    const std::uint64_t first = a.next();
    QCOMPARE(b.next(), first);
    QVERIFY(c.next() != first);
    QVERIFY(d.next() != first);
}

void TestTrainTasks::rngDistributions()
{
    // 200 000 draws of a fixed stream: the means are within 5 standard errors of the exact ones.
    Rng rng(42);
    const int n = 200000;
    double su = 0, sn = 0, sn2 = 0;
    double lo = 1, hi = 0;
    std::vector<int> counts(10, 0);
    for (int i = 0; i < n; ++i) {
        const double u = rng.uniform();
        lo = std::min(lo, u);
        hi = std::max(hi, u);
        su += u;
        const double z = rng.normal();
        sn += z;
        sn2 += z * z;
        const std::uint64_t k = rng.below(10);
        QVERIFY(k < 10);
        ++counts[k];
    }
    QVERIFY(lo >= 0 && hi < 1);
    QVERIFY(std::abs(su / n - 0.5) < 5 * std::sqrt(1.0 / 12 / n));
    QVERIFY(std::abs(sn / n) < 5 / std::sqrt(double(n)));
    QVERIFY(std::abs(sn2 / n - 1) < 5 * std::sqrt(2.0 / n));
    for (int k = 0; k < 10; ++k)
        QVERIFY2(std::abs(counts[k] - n / 10) < 5 * std::sqrt(n * 0.09), qPrintable(QString::number(k)));
    // between() covers both ends; below(1) is always 0.
    std::set<int> seen;
    for (int i = 0; i < 200; ++i) seen.insert(rng.between(3, 5));
    QCOMPARE(seen, (std::set<int>{3, 4, 5}));
    QCOMPARE(rng.below(1), std::uint64_t(0));
}

void TestTrainTasks::batchesAreSeededAndIndependentOfOrder()
{
    const TaskInfo task = describeTask({TaskKind::Induction, 0, 0});
    const Batch a = makeBatch(task, Split::Train, 5, 3, 8);
    const Batch b = makeBatch(task, Split::Train, 5, 3, 8);
    QVERIFY(a.tokens == b.tokens && a.targets == b.targets && a.loss_mask == b.loss_mask);
    // Example e of a batch does not depend on the batch size (its own stream).
    const Batch small = makeBatch(task, Split::Train, 5, 3, 2);
    QVERIFY(std::equal(small.tokens.begin(), small.tokens.end(), a.tokens.begin()));
    QVERIFY(makeBatch(task, Split::Train, 5, 4, 8).tokens != a.tokens);   // another step
    QVERIFY(makeBatch(task, Split::HeldOut, 5, 3, 8).tokens != a.tokens); // another split
    QVERIFY(makeBatch(task, Split::Train, 6, 3, 8).tokens != a.tokens);   // another seed
}

void TestTrainTasks::inductionSequences()
{
    const TaskInfo task = describeTask({TaskKind::Induction, 0, 0});
    QCOMPARE(task.seq_len, 32);
    QCOMPARE(task.symbols, 32);
    QCOMPARE(task.vocab_size, 32);
    QCOMPARE(QString::fromStdString(task.token_names[27]), QStringLiteral("B"));
    const Batch b = makeBatch(task, Split::Train, 1, 1, 200);
    const Index T = 32;
    std::set<Index> repeatStarts;
    for (Index e = 0; e < b.batch_size; ++e) {
        const int *x = b.tokens.data() + e * T;
        const int *y = b.targets.data() + e * T;
        const std::uint8_t *m = b.loss_mask.data() + e * T;
        Index scored = 0, firstScored = -1;
        for (Index t = 0; t < T; ++t) {
            if (t + 1 < T) QCOMPARE(y[t], x[t + 1]); // next-token targets
            if (m[t]) {
                ++scored;
                if (firstScored < 0) firstScored = t;
            }
        }
        // The sequence of T + 1 tokens is prefix p, segment n, segment again: p + 2n = 33.
        const Index n = scored + 1;
        const Index p = 33 - 2 * n;
        QVERIFY2(p >= 0 && p <= 9, qPrintable(QString::number(p)));
        QCOMPARE(firstScored, p + n);
        for (Index i = 0; i < n - 1; ++i) QCOMPARE(x[p + n + i], x[p + i]); // the repeat
        QCOMPARE(y[T - 1], x[p + n - 1]);                                   // its last token
        std::set<int> distinct(x, x + p + n);
        QCOMPARE(Index(distinct.size()), p + n); // all distinct before the repeat
        repeatStarts.insert(p + n);
    }
    QVERIFY(repeatStarts.size() >= 4); // the random prefix moves the repeat
    // Probes: no random prefix (the odd token of 33 only), a 16-token segment repeated.
    const Batch probes = makeBatch(task, Split::Probe, 1, 0, 4);
    for (Index e = 0; e < 4; ++e) {
        const int *x = probes.tokens.data() + e * T;
        for (Index i = 0; i < 15; ++i) QCOMPARE(x[17 + i], x[1 + i]);
        QCOMPARE(probes.loss_mask[static_cast<std::size_t>(e * T + 16)], std::uint8_t(0));
        QCOMPARE(probes.loss_mask[static_cast<std::size_t>(e * T + 17)], std::uint8_t(1));
    }
}

void TestTrainTasks::previousTokenCopyAndReverse()
{
    const TaskInfo prev = describeTask({TaskKind::PreviousToken, 5, 8});
    const Batch p = makeBatch(prev, Split::Train, 2, 1, 3);
    for (Index e = 0; e < 3; ++e) {
        QCOMPARE(p.loss_mask[static_cast<std::size_t>(e * 8)], std::uint8_t(0));
        for (Index t = 1; t < 8; ++t) {
            const auto i = static_cast<std::size_t>(e * 8 + t);
            QCOMPARE(p.targets[i], p.tokens[i - 1]);
            QCOMPARE(p.loss_mask[i], std::uint8_t(1));
            QVERIFY(p.tokens[i] >= 0 && p.tokens[i] < 5);
        }
    }
    for (TaskKind kind : {TaskKind::Copy, TaskKind::Reverse}) {
        const TaskInfo task = describeTask({kind, 6, 10});
        QCOMPARE(task.vocab_size, 7); // six symbols and the separator
        QCOMPARE(QString::fromStdString(task.token_names[6]), QStringLiteral("SEP"));
        const Batch b = makeBatch(task, Split::Train, 3, 1, 4);
        for (Index e = 0; e < 4; ++e) {
            const int *x = b.tokens.data() + e * 10;
            const int *y = b.targets.data() + e * 10;
            const std::uint8_t *m = b.loss_mask.data() + e * 10;
            QCOMPARE(x[5], 6); // a₁ … a₅ SEP
            for (Index t = 0; t < 10; ++t) QCOMPARE(m[t], std::uint8_t(t >= 5 ? 1 : 0));
            // The sequence a₁ … a₅ SEP then a₁ … a₅ (copy) or a₅ … a₁ (reverse): target of
            // position 5 + i is the (i+1)-th token of the answer.
            for (Index i = 0; i < 5; ++i) QCOMPARE(y[5 + i], x[kind == TaskKind::Copy ? i : 4 - i]);
        }
    }
}

void TestTrainTasks::coreferenceSentences()
{
    const TaskInfo task = describeTask({TaskKind::Coreference, 0, 0});
    QCOMPARE(task.seq_len, 16);
    QCOMPARE(task.vocab_size, 2 + 16 + 6 + 3 + 10);
    const Batch b = makeBatch(task, Split::Train, 4, 1, 400);
    const auto id = [&](const char *word) {
        return static_cast<int>(std::find(task.token_names.begin(), task.token_names.end(), word) -
                                task.token_names.begin());
    };
    const int she = id("she"), he = id("he"), that = id("that");
    int sameGender = 0, subjectReferent = 0;
    for (Index e = 0; e < b.batch_size; ++e) {
        const int *x = b.tokens.data() + e * 16;
        const int *y = b.targets.data() + e * 16;
        const std::uint8_t *m = b.loss_mask.data() + e * 16;
        QCOMPARE(x[0], id("<bos>"));
        Index at = -1;
        for (Index t = 0; t < 16; ++t)
            if (m[t]) {
                QCOMPARE(at, Index(-1)); // exactly one scored position
                at = t;
            }
        QVERIFY(at >= 5 && at <= 13); // 6 … 14 tokens
        QVERIFY(x[at] == she || x[at] == he);
        QCOMPARE(x[at - 1], that);
        for (Index t = at + 1; t < 16; ++t) QCOMPARE(x[t], id("<pad>"));
        // The two names and the verb, in order.
        std::vector<Index> names;
        Index verbAt = -1;
        for (Index t = 1; t < at; ++t) {
            if (x[t] >= 2 && x[t] < 18) names.push_back(t);
            if (x[t] >= 18 && x[t] < 24) verbAt = t;
        }
        QCOMPARE(names.size(), std::size_t(2));
        QCOMPARE(verbAt, names[1] - 1); // SUBJECT … VERB OBJECT
        const bool femaleSubject = x[names[0]] < 10, femaleObject = x[names[1]] < 10;
        const bool femalePronoun = x[at] == she;
        const int referent = y[at];
        QVERIFY(referent == x[names[0]] || referent == x[names[1]]);
        QCOMPARE(referent < 10, femalePronoun); // the pronoun's gender
        if (femaleSubject == femaleObject) {
            ++sameGender;
            const bool subjectVerb = x[verbAt] == id("promised") || x[verbAt] == id("assured");
            QCOMPARE(referent, subjectVerb ? x[names[0]] : x[names[1]]);
        }
        if (referent == x[names[0]]) ++subjectReferent;
    }
    QVERIFY(sameGender > 150 && sameGender < 250);
    QVERIFY(subjectReferent > 120 && subjectReferent < 280);
    // One sentence read as words.
    const QString first = words(task, b, 0).join(' ');
    QVERIFY2(first.startsWith("<bos>") && first.contains(" that "), qPrintable(first));
}

void TestTrainTasks::coreferenceHeldOutPairsAreNeverTrained()
{
    const TaskInfo task = describeTask({TaskKind::Coreference, 0, 0});
    int heldOutPairs = 0;
    for (int a = 0; a < 16; ++a)
        for (int c = a + 1; c < 16; ++c) heldOutPairs += coreference::heldOutPair(a, c) ? 1 : 0;
    QCOMPARE(heldOutPairs, 24);
    const auto pairsOf = [&](Split split) {
        std::set<std::pair<int, int>> pairs;
        const Batch b = makeBatch(task, split, 9, 0, 2000);
        for (Index e = 0; e < b.batch_size; ++e) {
            std::vector<int> names;
            for (Index t = 0; t < 16; ++t) {
                const int x = b.tokens[static_cast<std::size_t>(e * 16 + t)];
                if (x >= 2 && x < 18) names.push_back(x - 2);
            }
            pairs.insert({std::min(names[0], names[1]), std::max(names[0], names[1])});
        }
        return pairs;
    };
    const auto train = pairsOf(Split::Train);
    const auto held = pairsOf(Split::HeldOut);
    for (const auto &[a, c] : train) QVERIFY(!coreference::heldOutPair(a, c));
    for (const auto &[a, c] : held) QVERIFY(coreference::heldOutPair(a, c));
    QCOMPARE(int(held.size()), 24);
    QCOMPARE(int(train.size()), 120 - 24);
}

void TestTrainTasks::badTaskSizes()
{
    const auto message = [](TaskConfig c) {
        try {
            describeTask(c);
        } catch (const std::invalid_argument &e) {
            return QString::fromUtf8(e.what());
        }
        return QString();
    };
    QCOMPARE(message({TaskKind::Copy, 0, 9}),
             QStringLiteral("seq_len must be even for copy (n tokens, a separator, n tokens), got 9"));
    QCOMPARE(message({TaskKind::Induction, 20, 32}),
             QStringLiteral("symbols must be at least 21 for induction sequences of 32 tokens (every token "
                            "before the repeat is distinct), got 20"));
    QCOMPARE(message({TaskKind::Coreference, 0, 12}),
             QStringLiteral("seq_len must be from 16 to 1024 for coreference (the longest sentence has 14 "
                            "tokens), got 12"));
    QCOMPARE(message({TaskKind::Reverse, 1, 0}), QStringLiteral("symbols must be from 2 to 4096, got 1"));
    QCOMPARE(message({TaskKind::Induction, 21, 32}), QString());
    QCOMPARE(taskFromName("previous-token"), std::optional<TaskKind>(TaskKind::PreviousToken));
    QVERIFY(!taskFromName("induction-head"));
}

void TestTrainTasks::headRolesOfHandWrittenPatterns()
{
    // Probe x = a b c a b c (T = 6). D = {3, 4, 5}: each token occurred 3 positions earlier.
    Batch probe = Batch::zeros(1, 6);
    probe.tokens = {0, 1, 2, 0, 1, 2};
    const Index T = 6;
    // A previous-token head: A_{i, i−1} = 1 (query 0 can only see itself).
    Matrix prev = Matrix::Zero(T, T);
    prev(0, 0) = 1;
    for (Index i = 1; i < T; ++i) prev(i, i - 1) = 1;
    // An induction head: at i ∈ D, all weight on j + 1 where x_j = x_i (j = i − 3 → i − 2);
    // elsewhere on itself.
    Matrix ind = Matrix::Identity(T, T);
    for (Index i = 3; i < T; ++i) {
        ind(i, i) = 0;
        ind(i, i - 2) = 1;
    }
    // A duplicate-token head: at i ∈ D all weight on i − 3.
    Matrix dup = Matrix::Identity(T, T);
    for (Index i = 3; i < T; ++i) {
        dup(i, i) = 0;
        dup(i, i - 3) = 1;
    }
    // Uniform causal attention: row i spreads 1/(i+1) over keys 0 … i.
    Matrix uni = Matrix::Zero(T, T);
    for (Index i = 0; i < T; ++i) uni.row(i).head(i + 1).setConstant(1.0 / double(i + 1));

    const auto roles = [&](const Matrix &A) { return headRoles({traceOf(A, 1)}, probe, 1, 1).front(); };
    const HeadRoles p = roles(prev), n = roles(ind), d = roles(dup), u = roles(uni);
    QCOMPARE(p.previous_token, 1.0);
    QCOMPARE(p.first_token, 1.0 / 5); // only query 1's previous token is position 0
    QCOMPARE(p.duplicate_token, 0.0);
    QCOMPARE(p.induction, 0.0);
    QCOMPARE(p.entropy, 0.0);
    QCOMPARE(n.induction, 1.0);
    QCOMPARE(n.duplicate_token, 0.0);
    QCOMPARE(n.previous_token, 0.0);
    QCOMPARE(d.duplicate_token, 1.0);
    QCOMPARE(d.induction, 0.0);
    // Uniform: previous = mean of 1/(i+1) over i = 1 … 5; induction = mean over i = 3, 4, 5 of
    // 1/(i+1); entropy = mean of ln(i+1) over i = 0 … 5.
    QVERIFY(std::abs(u.previous_token - (1.0 / 2 + 1.0 / 3 + 1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 5) < 1e-15);
    QVERIFY(std::abs(u.induction - (1.0 / 4 + 1.0 / 5 + 1.0 / 6) / 3) < 1e-15);
    QVERIFY(std::abs(u.entropy - std::log(720.0) / 6) < 1e-14);
    QVERIFY(std::abs(u.first_token - u.previous_token) < 1e-15);
    QVERIFY(std::isnan(u.target_token)); // no scored position
    // Two probes are pooled: a probe with no repeat adds nothing to duplicate/induction.
    Batch two = Batch::zeros(2, 6);
    two.tokens = {0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5};
    const HeadRoles pooled = headRoles({traceOf(ind, 1), traceOf(ind, 1)}, two, 1, 1).front();
    QCOMPARE(pooled.induction, 1.0);
    // Layers × heads come out in order layer · H + head.
    ProbeTrace mixed;
    mixed.seq_len = T;
    mixed.weights = {prev, ind, dup, uni};
    const std::vector<HeadRoles> grid = headRoles({mixed}, probe, 2, 2);
    QCOMPARE(grid.size(), std::size_t(4));
    QCOMPARE(grid[0].previous_token, 1.0);
    QCOMPARE(grid[1].induction, 1.0);
    QCOMPARE(grid[2].duplicate_token, 1.0);
}

void TestTrainTasks::targetTokenScoreFindsTheReferent()
{
    // "Xiaohong told Ming that she" → Xiaohong: the weight of the scored query on its target's
    // earlier occurrence.
    Batch probe = Batch::zeros(1, 5);
    probe.tokens = {10, 11, 12, 13, 14};
    probe.targets = {0, 0, 0, 0, 10};
    probe.loss_mask = {0, 0, 0, 0, 1};
    Matrix A = Matrix::Identity(5, 5);
    A.row(4) << 0.7, 0.2, 0, 0, 0.1;
    QCOMPARE(headRoles({traceOf(A, 1)}, probe, 1, 1).front().target_token, 0.7);
}

QTEST_GUILESS_MAIN(TestTrainTasks)
#include "tst_traintasks.moc"
