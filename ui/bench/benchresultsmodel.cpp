#include "ui/bench/benchresultsmodel.h"
#include "ui/base/savefile.h"

#include "core/kernels/registry.h"
#include "ui/base/numbertext.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

using Column = BenchResultsModel::Column;

constexpr double kMiB = 1024.0 * 1024.0;

/// At least three significant digits and no exponent from 1e-4 up: "0.0123", "12.3", "1235".
QString readable(double value)
{
    if (!std::isfinite(value)) return QStringLiteral("—");
    if (value == 0.0) return QStringLiteral("0");
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    if (magnitude < -4) return QString::number(value, 'g', 3);
    return QString::number(value, 'f', std::clamp(2 - magnitude, 0, 6));
}

/// A rate with an SI prefix: "850", "12.3 k", "1.05 M".
QString withPrefix(double value)
{
    if (value >= 1e9) return readable(value / 1e9) + QStringLiteral(" G");
    if (value >= 1e6) return readable(value / 1e6) + QStringLiteral(" M");
    if (value >= 1e3) return readable(value / 1e3) + QStringLiteral(" k");
    return readable(value);
}

QString kernelName(KernelKind kind)
{
    return QString::fromLatin1(kernels::kernelInfo(kind).name);
}

QString headsText(const bench::BenchConfig &c)
{
    return QStringLiteral("%1:%2").arg(c.num_query_heads).arg(c.num_kv_heads);
}

QString sizeText(const bench::BenchConfig &c)
{
    return c.n_q == c.n_k ? QString::number(c.n_q) : QStringLiteral("%1×%2").arg(c.n_q).arg(c.n_k);
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) &&
        !text.contains(QLatin1Char('\n')))
        return text;
    return QLatin1Char('"') + QString(text).replace(QLatin1Char('"'), QStringLiteral("\"\"")) +
           QLatin1Char('"');
}

QJsonValue finiteOrNull(double value)
{
    return std::isfinite(value) ? QJsonValue(value) : QJsonValue();
}

/// The fields shared by the CSV and the JSON export, in the CSV's column order.
QList<QPair<QString, QJsonValue>> fields(const bench::BenchResult &r)
{
    const bench::BenchConfig &c = r.config;
    return {
        {QStringLiteral("kernel"), kernelName(c.kernel)},
        {QStringLiteral("n_q"), qint64(c.n_q)},
        {QStringLiteral("n_k"), qint64(c.n_k)},
        {QStringLiteral("head_dim"), qint64(c.head_dim)},
        {QStringLiteral("query_heads"), c.num_query_heads},
        {QStringLiteral("kv_heads"), c.num_kv_heads},
        {QStringLiteral("causal"), c.causal},
        {QStringLiteral("window"), c.window ? QJsonValue(qint64(*c.window)) : QJsonValue()},
        {QStringLiteral("dtype"), QString::fromLatin1(bench::toString(c.dtype))},
        {QStringLiteral("threads"), c.threads},
        {QStringLiteral("repetitions"), r.repetitions},
        {QStringLiteral("median_ms"), r.median_ms},
        {QStringLiteral("p95_ms"), r.p95_ms},
        {QStringLiteral("min_ms"), r.min_ms},
        {QStringLiteral("gflops"), r.gflops},
        {QStringLiteral("roof_fraction"), r.roof_fraction},
        {QStringLiteral("tokens_per_s"), r.tokens_per_s},
        {QStringLiteral("work_bytes"), double(r.work_bytes)},
        {QStringLiteral("kv_bytes"), double(r.kv_bytes)},
        {QStringLiteral("max_abs_error"), finiteOrNull(r.max_abs_error)},
        {QStringLiteral("error_reference"),
         r.error_reference.empty() ? QJsonValue() : QJsonValue(QString::fromStdString(r.error_reference))},
    };
}

QString csvText(const QJsonValue &value)
{
    if (value.isNull()) return {};
    if (value.isBool()) return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble()) return exactNumber(value.toDouble());
    return csvField(value.toString());
}

} // namespace

BenchResultsModel::BenchResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

int BenchResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_results.size());
}

int BenchResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(Column::Count);
}

QVariant BenchResultsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const bench::BenchResult &r = m_results[static_cast<std::size_t>(index.row())];
    const auto column = static_cast<Column>(index.column());
    switch (role) {
    case Qt::DisplayRole: return display(r, column);
    case Qt::ToolTipRole: return toolTip(r, column);
    case SortRole: return sortValue(r, column);
    case Qt::TextAlignmentRole:
        return column == Column::Kernel ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant BenchResultsModel::display(const bench::BenchResult &r, Column column) const
{
    const bench::BenchConfig &c = r.config;
    switch (column) {
    case Column::Kernel: return kernelName(c.kernel);
    case Column::Size: return sizeText(c);
    case Column::Heads: return headsText(c);
    case Column::HeadDim: return QString::number(c.head_dim);
    case Column::Causal: return c.causal ? tr("yes") : tr("no");
    case Column::Window: return c.window ? QString::number(*c.window) : QStringLiteral("—");
    case Column::DType: return QString::fromLatin1(bench::toString(c.dtype));
    case Column::Threads: return QString::number(c.threads);
    case Column::MedianMs: return readable(r.median_ms);
    case Column::P95Ms: return readable(r.p95_ms);
    case Column::Gflops: return readable(r.gflops);
    case Column::RoofPercent:
        return r.roof_fraction > 0 ? readable(100.0 * r.roof_fraction) : QStringLiteral("—");
    case Column::TokensPerSecond: return withPrefix(r.tokens_per_s);
    case Column::WorkMiB: return readable(double(r.work_bytes) / kMiB);
    case Column::MaxError:
        if (std::isnan(r.max_abs_error)) return QStringLiteral("—");
        return r.max_abs_error == 0.0 ? QStringLiteral("0") : QString::number(r.max_abs_error, 'e', 1);
    case Column::Count: break;
    }
    return {};
}

QVariant BenchResultsModel::sortValue(const bench::BenchResult &r, Column column) const
{
    const bench::BenchConfig &c = r.config;
    switch (column) {
    case Column::Kernel: return kernelName(c.kernel);
    case Column::Size: return double(c.n_q) * double(c.n_k);
    case Column::Heads: return c.num_query_heads * 1000 + c.num_kv_heads;
    case Column::HeadDim: return qint64(c.head_dim);
    case Column::Causal: return c.causal;
    case Column::Window: return c.window ? qint64(*c.window) : qint64(-1);
    case Column::DType: return int(bench::bytesOf(c.dtype));
    case Column::Threads: return c.threads;
    case Column::MedianMs: return r.median_ms;
    case Column::P95Ms: return r.p95_ms;
    case Column::Gflops: return r.gflops;
    case Column::RoofPercent: return r.roof_fraction;
    case Column::TokensPerSecond: return r.tokens_per_s;
    case Column::WorkMiB: return double(r.work_bytes);
    case Column::MaxError: return std::isnan(r.max_abs_error) ? -1.0 : r.max_abs_error;
    case Column::Count: break;
    }
    return {};
}

QString BenchResultsModel::toolTip(const bench::BenchResult &r, Column column) const
{
    const bench::BenchConfig &c = r.config;
    switch (column) {
    case Column::Kernel:
        return tr("%1 kernel, query tile %2, key tile %3; CPU %4")
            .arg(kernelName(c.kernel))
            .arg(c.tile_query)
            .arg(c.tile_key)
            .arg(QString::fromStdString(r.cpu_model));
    case Column::Size: return tr("n_q = %1 queries, n_k = %2 keys").arg(c.n_q).arg(c.n_k);
    case Column::Heads:
        return tr("%1 query heads share %2 K/V heads (%3)")
            .arg(c.num_query_heads)
            .arg(c.num_kv_heads)
            .arg(c.num_kv_heads == c.num_query_heads ? tr("multi-head")
                 : c.num_kv_heads == 1               ? tr("multi-query")
                                                     : tr("grouped-query"));
    case Column::MedianMs:
    case Column::P95Ms: {
        QStringList samples;
        for (const double s : r.samples_ms) samples << readable(s);
        return tr("median %1 ms, 95th percentile %2 ms, fastest %3 ms over %n timed run(s):\n%4", nullptr,
                  r.repetitions)
            .arg(exactNumber(r.median_ms), exactNumber(r.p95_ms), exactNumber(r.min_ms),
                 samples.join(QStringLiteral(", ")));
    }
    case Column::Gflops:
        return tr("%1 FLOP per run (4·n_q·n_k·d per head over the visible pairs) / median = %2 GFLOP/s")
            .arg(double(r.flops), 0, 'g', 6)
            .arg(exactNumber(r.gflops));
    case Column::RoofPercent:
        return m_roof ? tr("%1 GFLOP/s of the FMA peak %2 GFLOP/s measured in this run")
                            .arg(readable(r.gflops), readable(m_roof->fma_gflops))
                      : tr("the roof was not measured");
    case Column::TokensPerSecond:
        return tr("%1 query tokens per second (n_q / median)").arg(exactNumber(r.tokens_per_s));
    case Column::WorkMiB:
        return tr("%1 bytes of the kernel's own buffers beyond Q, K, V and O; process peak RSS grew by %2")
            .arg(r.work_bytes)
            .arg(r.rss_growth_bytes < 0 ? tr("an unknown amount")
                                        : tr("%1 MiB").arg(readable(double(r.rss_growth_bytes) / kMiB)));
    case Column::MaxError:
        if (std::isnan(r.max_abs_error)) return tr("not checked (no independent reference for this run)");
        return tr("max |output − reference| = %1, against %2")
            .arg(exactNumber(r.max_abs_error), QString::fromStdString(r.error_reference));
    default: return display(r, column).toString();
    }
}

QVariant BenchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    static const char *const titles[] = {
        QT_TR_NOOP("kernel"),   QT_TR_NOOP("n"),        QT_TR_NOOP("heads q:kv"),
        QT_TR_NOOP("d"),        QT_TR_NOOP("causal"),   QT_TR_NOOP("window"),
        QT_TR_NOOP("dtype"),    QT_TR_NOOP("threads"),  QT_TR_NOOP("median ms"),
        QT_TR_NOOP("p95 ms"),   QT_TR_NOOP("GFLOP/s"),  QT_TR_NOOP("% of FMA peak"),
        QT_TR_NOOP("tokens/s"), QT_TR_NOOP("work MiB"), QT_TR_NOOP("max error")};
    static const char *const tips[] = {
        QT_TR_NOOP("The attention kernel"),
        QT_TR_NOOP("Sequence length: n_q = n_k = n"),
        QT_TR_NOOP("Query heads : K/V heads (equal = multi-head, 1 K/V head = multi-query)"),
        QT_TR_NOOP("head_dim d = d_k = d_v"),
        QT_TR_NOOP("Causal mask: each query sees only keys at or before its position"),
        QT_TR_NOOP("Local window in keys, including the current one (— = none)"),
        QT_TR_NOOP("Element type"),
        QT_TR_NOOP("Threads the kernel used"),
        QT_TR_NOOP("Median latency of the timed runs, in milliseconds"),
        QT_TR_NOOP("95th percentile latency of the timed runs, in milliseconds"),
        QT_TR_NOOP("Useful arithmetic per second: 4·n_q·n_k·d per head over the visible pairs / median"),
        QT_TR_NOOP("GFLOP/s as a percentage of the FMA peak measured in the same run"),
        QT_TR_NOOP("Query tokens processed per second: n_q / median"),
        QT_TR_NOOP("The kernel's own buffers beyond Q, K, V and O, in MiB"),
        QT_TR_NOOP("Largest absolute difference from a reference (hover a cell to see which)")};
    if (role == Qt::DisplayRole) return tr(titles[section]);
    if (role == Qt::ToolTipRole) return tr(tips[section]);
    return {};
}

void BenchResultsModel::clear()
{
    beginResetModel();
    m_results.clear();
    m_roof.reset();
    endResetModel();
}

void BenchResultsModel::append(const bench::BenchResult &result)
{
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_results.push_back(result);
    endInsertRows();
}

void BenchResultsModel::setRoof(const std::optional<bench::Roof> &roof)
{
    m_roof = roof;
    if (!m_results.empty()) {
        const int column = static_cast<int>(Column::RoofPercent);
        emit dataChanged(index(0, column), index(rowCount() - 1, column), {Qt::ToolTipRole});
    }
}

QByteArray BenchResultsModel::toCsv() const
{
    bench::BenchResult blank;
    QStringList header;
    for (const auto &[name, value] : fields(blank)) header << name;
    QString text = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const bench::BenchResult &r : m_results) {
        QStringList cells;
        for (const auto &[name, value] : fields(r)) cells << csvText(value);
        text += cells.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return text.toUtf8();
}

QJsonObject BenchResultsModel::toJson() const
{
    QJsonArray results;
    for (const bench::BenchResult &r : m_results) {
        QJsonObject o;
        for (const auto &[name, value] : fields(r)) o.insert(name, value);
        QJsonArray samples;
        for (const double s : r.samples_ms) samples.append(s);
        o.insert(QStringLiteral("samples_ms"), samples);
        o.insert(QStringLiteral("cpu_model"), QString::fromStdString(r.cpu_model));
        results.append(o);
    }
    QJsonObject root;
    root.insert(QStringLiteral("roof_gflops"), m_roof ? QJsonValue(m_roof->fma_gflops) : QJsonValue());
    root.insert(QStringLiteral("sgemm_gflops"), m_roof ? QJsonValue(m_roof->sgemm_gflops) : QJsonValue());
    root.insert(QStringLiteral("sgemm_source"),
                m_roof ? QJsonValue(QString::fromStdString(m_roof->sgemm_source)) : QJsonValue());
    root.insert(QStringLiteral("vector_lanes"), m_roof ? QJsonValue(m_roof->vector_lanes) : QJsonValue());
    root.insert(QStringLiteral("instruction_set"),
                m_roof ? QJsonValue(QString::fromStdString(m_roof->instruction_set)) : QJsonValue());
    root.insert(QStringLiteral("read_gbps"), m_roof ? QJsonValue(m_roof->read_gbps) : QJsonValue());
    root.insert(QStringLiteral("cpu_model"),
                m_results.empty() ? QJsonValue()
                                  : QJsonValue(QString::fromStdString(m_results.front().cpu_model)));
    root.insert(QStringLiteral("results"), results);
    return root;
}

bool BenchResultsModel::exportTo(const QString &path, const QString &format, QString *error) const
{
    const QString f = format.toLower();
    QByteArray bytes;
    if (f == QLatin1String("csv")) {
        bytes = toCsv();
    } else if (f == QLatin1String("json")) {
        bytes = QJsonDocument(toJson()).toJson(QJsonDocument::Indented);
    } else {
        if (error) *error = tr("Unknown table format “%1”: use csv or json.").arg(format);
        return false;
    }
    QString reason;
    if (!saveFileAtomically(path, bytes, &reason)) {
        if (error) *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
}

} // namespace attn::ui
