#include "benchreport.h"

#include "core/kernels/registry.h"

#include <QJsonArray>

#include <cmath>

namespace attn::app::report {

using bench::BenchConfig;
using bench::BenchResult;

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString ms(double value)
{
    const int decimals = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : value >= 0.1 ? 3 : 4;
    return fixed(value, decimals);
}

QString si(double value)
{
    if (value >= 1e9) return fixed(value / 1e9, value >= 1e10 ? 1 : 2) + "G";
    if (value >= 1e6) return fixed(value / 1e6, value >= 1e7 ? 1 : 2) + "M";
    if (value >= 1e3) return fixed(value / 1e3, value >= 1e4 ? 1 : 2) + "k";
    return fixed(value, 0);
}

QString mib(double bytes)
{
    return fixed(bytes / double(1 << 20), bytes >= 100.0 * (1 << 20) ? 0 : 2);
}

QString windowText(const std::optional<Index> &w)
{
    return w ? QString::number(*w) : QStringLiteral("-");
}

const char *kernelName(KernelKind kind)
{
    return kernels::kernelInfo(kind).name;
}

QString row(const QStringList &cells, const QList<int> &widths)
{
    QStringList padded;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        const int w = widths.value(i, 0);
        padded.append(w < 0 ? cells[i].leftJustified(-w) : cells[i].rightJustified(w));
    }
    QString line = padded.join(' ');
    while (line.endsWith(' ')) line.chop(1); // no trailing blanks after a left-aligned last cell
    return line;
}

const QList<int> &timingWidths()
{
    static const QList<int> widths{-8, 6, 6, 5, 4, 6, 6, 5, 3, 9, 9, 8, 6, 9, 8, 8, 7, 8, 6, 8, -16};
    return widths;
}

QString timingHeader()
{
    return row({"kernel",   "n_q",     "n_k",       "heads",   "d",       "causal",  "window",
                "dtype",    "thr",     "median_ms", "p95_ms",  "GFLOP/s", "%FMA",    "tokens/s",
                "work_MiB", "rss_MiB", "kv_MiB",    "kv_GB/s", "%read",   "max_err", "reference"},
               timingWidths());
}

QStringList configCells(const BenchConfig &c)
{
    return {kernelName(c.kernel),        QString::number(c.n_q),
            QString::number(c.n_k),      QStringLiteral("%1:%2").arg(c.num_query_heads).arg(c.num_kv_heads),
            QString::number(c.head_dim), c.causal ? "yes" : "no",
            windowText(c.window),        bench::toString(c.dtype),
            QString::number(c.threads)};
}

QString timingRow(const BenchResult &r)
{
    QStringList cells = configCells(r.config);
    cells << ms(r.median_ms) << ms(r.p95_ms) << fixed(r.gflops, 1) << fixed(100.0 * r.roof_fraction, 1)
          << si(r.tokens_per_s) << mib(double(r.work_bytes))
          << (r.rss_growth_bytes < 0 ? QStringLiteral("?") : mib(double(r.rss_growth_bytes)))
          << mib(double(r.kv_bytes)) << fixed(r.kv_gbps, 1) << fixed(100.0 * r.read_fraction, 1)
          << (std::isnan(r.max_abs_error) ? QStringLiteral("-") : QString::number(r.max_abs_error, 'e', 1))
          << (r.error_reference.empty() ? QStringLiteral("-") : QString::fromStdString(r.error_reference));
    return row(cells, timingWidths());
}

QJsonValue number(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue();
}

QJsonObject configJson(const BenchConfig &c, const char *mode)
{
    return {{"mode", mode},
            {"kernel", kernelName(c.kernel)},
            {"n_q", qint64(c.n_q)},
            {"n_k", qint64(c.n_k)},
            {"head_dim", qint64(c.head_dim)},
            {"query_heads", c.num_query_heads},
            {"kv_heads", c.num_kv_heads},
            {"causal", c.causal},
            {"window", c.window ? QJsonValue(qint64(*c.window)) : QJsonValue()},
            {"dtype", bench::toString(c.dtype)},
            {"threads", c.threads},
            {"tile_query", qint64(c.tile_query)},
            {"tile_key", qint64(c.tile_key)},
            {"seed", QString::number(c.seed)}};
}

QJsonObject resultJson(const BenchResult &r, const char *mode)
{
    QJsonObject o = configJson(r.config, mode);
    QJsonArray samples;
    for (double s : r.samples_ms) samples.append(s);
    o.insert("repetitions", r.repetitions);
    o.insert("samples_ms", samples);
    o.insert("median_ms", r.median_ms);
    o.insert("p95_ms", r.p95_ms);
    o.insert("min_ms", r.min_ms);
    o.insert("flops", double(r.flops));
    o.insert("gflops", r.gflops);
    o.insert("roof_fraction", r.roof_fraction);
    o.insert("tokens_per_s", r.tokens_per_s);
    o.insert("work_bytes", double(r.work_bytes));
    o.insert("rss_growth_bytes",
             r.rss_growth_bytes < 0 ? QJsonValue() : QJsonValue(double(r.rss_growth_bytes)));
    o.insert("kv_bytes", double(r.kv_bytes));
    o.insert("kv_gbps", r.kv_gbps);
    o.insert("read_fraction", r.read_fraction);
    o.insert("max_abs_error", number(r.max_abs_error));
    o.insert("error_reference",
             r.error_reference.empty() ? QJsonValue() : QString::fromStdString(r.error_reference));
    o.insert("cpu_model", QString::fromStdString(r.cpu_model));
    return o;
}

} // namespace attn::app::report
