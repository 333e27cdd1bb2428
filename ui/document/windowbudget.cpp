#include "ui/document/windowbudget.h"

#include <QLocale>

#include <algorithm>
#include <limits>

namespace attn::doc {

namespace {

/// Measured bytes per (query head, query, key) pair and per token of the whole window.
constexpr std::size_t kBytesPerPair = 100;
constexpr std::size_t kBytesPerToken = 2048;

/// a · b, saturating instead of wrapping.
std::size_t times(std::size_t a, std::size_t b)
{
    if (a != 0 && b > std::numeric_limits<std::size_t>::max() / a)
        return std::numeric_limits<std::size_t>::max();
    return a * b;
}

QString sizeText(std::size_t bytes)
{
    return QLocale::c().formattedDataSize(
        static_cast<qint64>(std::min<std::size_t>(bytes, std::size_t{1} << 62)), 1,
        QLocale::DataSizeIecFormat);
}

} // namespace

std::size_t windowBytesEstimate(const Shapes &shapes)
{
    const auto count = [](Index n) { return static_cast<std::size_t>(std::max<Index>(n, 0)); };
    const std::size_t pairs =
        times(times(count(shapes.num_query_heads), count(shapes.n_q)), count(shapes.n_k));
    const std::size_t perPair = times(pairs, kBytesPerPair);
    const std::size_t perToken = times(count(shapes.n_q) + count(shapes.n_k), kBytesPerToken);
    return perPair > std::numeric_limits<std::size_t>::max() - perToken
               ? std::numeric_limits<std::size_t>::max()
               : perPair + perToken;
}

QString windowSizeProblem(const Shapes &shapes)
{
    const QString sizes = QStringLiteral("n_q = %1, n_k = %2, %3 query head(s)")
                              .arg(shapes.n_q)
                              .arg(shapes.n_k)
                              .arg(shapes.num_query_heads);
    if (shapes.n_q > kMaxWindowTokens || shapes.n_k > kMaxWindowTokens)
        return QStringLiteral("%1: the window lists at most %2 queries and %2 keys (each is a row, a label "
                              "and a chooser item); `attention-lab compute` handles larger inputs")
            .arg(sizes)
            .arg(kMaxWindowTokens);
    const std::size_t bytes = windowBytesEstimate(shapes);
    if (bytes > kMaxWindowBytes)
        return QStringLiteral("%1: the window would need about %2 to show every pair in its views; the "
                              "most it may use is %3 (fewer tokens or heads fit)")
            .arg(sizes, sizeText(bytes), sizeText(kMaxWindowBytes));
    return {};
}

} // namespace attn::doc
