#include "ui/bench/benchplan.h"

#include "core/kernels/registry.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSettings>
#include <QStringList>

#include <algorithm>

namespace attn::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attn::ui::BenchPlan", text);
}

const QString kGroup = QStringLiteral("performancePanel");

/// settings[key] as an int in [low, high], else `fallback`.
int intIn(const QSettings &settings, const QString &key, int low, int high, int fallback)
{
    bool ok = false;
    const int value = settings.value(key).toInt(&ok);
    return ok && value >= low && value <= high ? value : fallback;
}

} // namespace

std::vector<bench::BenchConfig> BenchPlan::configs() const
{
    std::vector<bench::BenchConfig> out;
    for (const Index n : sizes) {
        for (const KernelKind kernel : kernels) {
            bench::BenchConfig c;
            c.kernel = kernel;
            c.n_q = n;
            c.n_k = n;
            c.head_dim = head_dim;
            c.num_query_heads = num_query_heads;
            c.num_kv_heads = num_kv_heads;
            c.causal = causal;
            c.window = window;
            if (kernel == KernelKind::Windowed && !c.window) c.window = kDefaultWindow;
            c.dtype = dtype;
            c.threads = threads;
            c.repetitions = repetitions;
            out.push_back(c);
        }
    }
    return out;
}

void BenchPlan::save(QSettings &settings) const
{
    settings.beginGroup(kGroup);
    QStringList names;
    for (const KernelKind kernel : kernels) names << QString::fromLatin1(kernels::kernelInfo(kernel).name);
    settings.setValue(QStringLiteral("kernels"), names);
    settings.setValue(QStringLiteral("sizes"), sizesText(sizes));
    settings.setValue(QStringLiteral("queryHeads"), num_query_heads);
    settings.setValue(QStringLiteral("kvHeads"), num_kv_heads);
    settings.setValue(QStringLiteral("headDim"), qint64(head_dim));
    settings.setValue(QStringLiteral("window"), qint64(window.value_or(0))); // 0 = none
    settings.setValue(QStringLiteral("causal"), causal);
    settings.setValue(QStringLiteral("dtype"), QString::fromLatin1(bench::toString(dtype)));
    settings.setValue(QStringLiteral("threads"), threads);
    settings.setValue(QStringLiteral("repetitions"), repetitions);
    settings.endGroup();
}

BenchPlan BenchPlan::load(QSettings &settings, const BenchPlan &defaults)
{
    BenchPlan plan = defaults;
    settings.beginGroup(kGroup);
    if (settings.contains(QStringLiteral("kernels"))) {
        std::vector<KernelKind> chosen;
        for (const QString &name : settings.value(QStringLiteral("kernels")).toStringList())
            if (const auto kind = kernels::kernelFromName(name.toStdString())) chosen.push_back(*kind);
        plan.kernels = chosen; // none chosen is a valid (if idle) choice
    }
    const std::vector<Index> sizes = parseSizes(settings.value(QStringLiteral("sizes")).toString());
    if (!sizes.empty()) plan.sizes = sizes;
    plan.num_query_heads = intIn(settings, QStringLiteral("queryHeads"), 1, 256, plan.num_query_heads);
    plan.num_kv_heads = intIn(settings, QStringLiteral("kvHeads"), 1, 256, plan.num_kv_heads);
    plan.head_dim = intIn(settings, QStringLiteral("headDim"), 1, 1024, int(plan.head_dim));
    if (settings.contains(QStringLiteral("window"))) {
        const int window = intIn(settings, QStringLiteral("window"), 0, 1 << 24, -1);
        if (window == 0) plan.window.reset();
        if (window > 0) plan.window = window;
    }
    plan.causal = settings.value(QStringLiteral("causal"), plan.causal).toBool();
    const QString dtype = settings.value(QStringLiteral("dtype")).toString();
    if (dtype == QLatin1String("f32")) plan.dtype = bench::DType::F32;
    if (dtype == QLatin1String("f64")) plan.dtype = bench::DType::F64;
    plan.threads = intIn(settings, QStringLiteral("threads"), 1, 1024, plan.threads);
    plan.repetitions = intIn(settings, QStringLiteral("repetitions"), 1, 1000, plan.repetitions);
    settings.endGroup();
    return plan;
}

std::vector<Index> parseSizes(const QString &text, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error) *error = message;
        return std::vector<Index>();
    };
    std::vector<Index> sizes;
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    for (const QString &part : text.split(separators, Qt::SkipEmptyParts)) {
        const bool kilo = part.endsWith(QLatin1Char('k'), Qt::CaseInsensitive);
        bool ok = false;
        const qlonglong value = (kilo ? part.chopped(1) : part).toLongLong(&ok) * (kilo ? 1024 : 1);
        if (!ok || value < 1 || value > BenchPlan::kMaxSize)
            return fail(tr("“%1” is not a size: give whole numbers from 1 to %2 separated by commas, "
                           "e.g. 256, 1024, 4k.")
                            .arg(part)
                            .arg(BenchPlan::kMaxSize));
        if (std::find(sizes.begin(), sizes.end(), Index(value)) == sizes.end()) sizes.push_back(Index(value));
    }
    if (sizes.empty()) return fail(tr("Give at least one size n, e.g. 256, 1024, 4096."));
    return sizes;
}

QString sizesText(const std::vector<Index> &sizes)
{
    QStringList parts;
    for (const Index n : sizes) parts << QString::number(n);
    return parts.join(QStringLiteral(", "));
}

QString describeConfig(const bench::BenchConfig &c)
{
    const QString size = c.n_q == c.n_k ? QStringLiteral("n %1").arg(c.n_q)
                                        : QStringLiteral("n_q %1 × n_k %2").arg(c.n_q).arg(c.n_k);
    QString text = QStringLiteral("%1 %2, %3:%4 heads, d %5")
                       .arg(QString::fromLatin1(kernels::kernelInfo(c.kernel).name), size)
                       .arg(c.num_query_heads)
                       .arg(c.num_kv_heads)
                       .arg(c.head_dim);
    if (c.causal) text += tr(", causal");
    if (c.window) text += tr(", window %1").arg(*c.window);
    return text + QStringLiteral(", ") + QString::fromLatin1(bench::toString(c.dtype));
}

} // namespace attn::ui
