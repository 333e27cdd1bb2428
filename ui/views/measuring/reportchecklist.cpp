#include "ui/views/measuring/reportchecklist.h"

#include "core/kernels/registry.h"
#include "ui/base/numbertext.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <functional>
#include <map>

namespace attn::ui {

namespace {

QString kernelName(KernelKind kind)
{
    return QString::fromLatin1(kernels::kernelInfo(kind).name);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::ReportChecklist", text);
}

QString mib(double bytes)
{
    return QStringLiteral("%1 MiB").arg(compactNumber(bytes / double(1 << 20)));
}

} // namespace

QStringList reportChecklist(const std::vector<bench::BenchResult> &results, const BenchPlan &p)
{
    // The figures a report needs, at the largest n measured, per kernel.
    std::map<KernelKind, const bench::BenchResult *> largest;
    std::vector<KernelKind> kinds;
    for (const bench::BenchResult &r : results) {
        if (!largest.count(r.config.kernel)) kinds.push_back(r.config.kernel);
        const bench::BenchResult *&best = largest[r.config.kernel];
        if (!best || r.config.n_k >= best->config.n_k) best = &r;
    }
    // "naive 45.2 ms, tiled 20.1 ms": one figure per kernel at its largest n.
    const auto perKernel = [&](const std::function<QString(const bench::BenchResult &)> &text) {
        QStringList parts;
        for (const KernelKind k : kinds) parts << kernelName(k) + QLatin1Char(' ') + text(*largest[k]);
        return parts.join(QStringLiteral(", "));
    };
    const Index atN = kinds.empty() ? 0 : largest[kinds.front()]->config.n_k;
    const bool have = !results.empty();
    std::vector<Index> sizes;
    for (const bench::BenchResult &r : results)
        if (std::find(sizes.begin(), sizes.end(), r.config.n_k) == sizes.end()) sizes.push_back(r.config.n_k);
    QStringList kernelNames;
    for (const KernelKind k : kinds) kernelNames << kernelName(k);
    const QList<QPair<QString, QString>> items = {
        {tr("n (n_q = n_k)"), sizesText(sizes)},
        {tr("heads q/kv"), tr("%1 query : %2 K/V").arg(p.num_query_heads).arg(p.num_kv_heads)},
        {tr("head_dim"), QString::number(p.head_dim)},
        {tr("window"), p.window ? tr("%1 keys").arg(*p.window) : tr("none (every pair)")},
        {tr("dtype"), QString::fromLatin1(bench::toString(p.dtype))},
        {tr("kernel"), kernelNames.join(QStringLiteral(", "))},
        {tr("memory (n %1)").arg(atN),
         tr("work %1; K/V %2")
             .arg(perKernel([](const bench::BenchResult &r) { return mib(double(r.work_bytes)); }),
                  kinds.empty() ? QString() : mib(double(largest[kinds.front()]->kv_bytes)))},
        {tr("throughput (n %1)").arg(atN),
         tr("%1 GFLOP/s\n      = %2 tokens/s")
             .arg(perKernel([](const bench::BenchResult &r) { return QString::number(r.gflops, 'f', 1); }),
                  perKernel(
                      [](const bench::BenchResult &r) { return QString::number(r.tokens_per_s, 'f', 0); }))},
        {tr("median (n %1)").arg(atN),
         perKernel([](const bench::BenchResult &r) { return tr("%1 ms").arg(compactNumber(r.median_ms)); })},
        {tr("p95 (n %1)").arg(atN), perKernel([](const bench::BenchResult &r) {
             return tr("%1 ms (%2 runs)").arg(compactNumber(r.p95_ms)).arg(r.repetitions);
         })},
    };
    static const QRegularExpression unmeasured(QStringLiteral(" \\(n \\d+\\)$")); // " (n 0)"
    QStringList lines;
    for (const auto &[name, value] : items)
        lines << (have ? QStringLiteral("✓ %1: %2").arg(name, value)
                       : QStringLiteral("☐ %1: —").arg(QString(name).remove(unmeasured)));
    return lines;
}

} // namespace attn::ui
