#include "benchcommand.h"
#include "ui/base/savefile.h"

#include "benchreport.h"
#include "commands.h"
#include "core/bench.h"
#include "core/kernels/registry.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <algorithm>

#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace attn::app {

namespace {

using bench::BenchConfig;
using bench::BenchResult;
using namespace report;

/// One line on stdout, flushed (results appear as they are measured).
/// Set when a line could not be written (full disk, closed stream): the run goes on, so that the
/// --json file is still written, and exits with Failure.
bool stdoutFailed = false;

bool print(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    const bool ok = std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout) ==
                        static_cast<std::size_t>(bytes.size()) &&
                    std::fflush(stdout) == 0;
    if (!ok) stdoutFailed = true;
    return ok;
}

/// Everything the options select.
struct Options {
    QList<Index> sizes{1024, 4096, 16384};
    Index headDim = 64;
    QList<QPair<int, int>> heads{{8, 8}, {8, 2}, {8, 1}};
    QList<KernelKind> kernels{KernelKind::Naive, KernelKind::Tiled, KernelKind::Windowed, KernelKind::Linear};
    bool causal = false;
    std::optional<Index> window;
    bench::DType dtype = bench::DType::F32;
    int threads = 1;
    int repetitions = 10;
    int warmup = 1;
    double budget = 3.0;
    Index tileQuery = 128;
    Index tileKey = 128;
    bool decode = false;
    bool needle = false;
    QString json;
};

/// The window the windowed kernel uses when none is given: 256 keys (the issue's default).
constexpr Index kDefaultWindow = 256;

/// An integer option in [lo, hi], or an error naming the option and the value.
std::optional<QString> parseInt(const QString &option, const QString &text, long long lo, long long hi,
                                long long &out)
{
    bool ok = false;
    out = text.trimmed().toLongLong(&ok);
    if (!ok || out < lo || out > hi)
        return QStringLiteral("%1%2 must be an integer from %3 to %4, got \"%5\"")
            .arg(QLatin1String(option.size() == 1 ? "-" : "--"), option)
            .arg(lo)
            .arg(hi)
            .arg(text);
    return std::nullopt;
}

/// Parses the options into `o`; returns the one-line error of the first bad one.
std::optional<QString> parse(const QCommandLineParser &p, Options &o)
{
    long long v = 0;
    if (p.isSet("n")) {
        o.sizes.clear();
        for (const QString &part : p.value("n").split(',')) {
            if (auto e = parseInt("n", part, 1, 1 << 20, v)) return *e + " (a comma-separated list of sizes)";
            o.sizes.append(v);
        }
    }
    if (auto e = parseInt("head-dim", p.value("head-dim"), 1, 1024, v)) return e;
    o.headDim = v;
    if (p.isSet("heads")) {
        o.heads.clear();
        for (const QString &part : p.value("heads").split(',')) {
            const QStringList qkv = part.split(':');
            bool okQ = false, okKv = false;
            const int q = qkv.value(0).toInt(&okQ);
            const int kv = qkv.size() == 2 ? qkv[1].toInt(&okKv) : 0;
            if (qkv.size() != 2 || !okQ || !okKv || q < 1 || kv < 1 || q > 256 || q % kv != 0) {
                return QStringLiteral("--heads takes QUERY:KV pairs with QUERY a multiple of KV (1…256), "
                                      "e.g. 8:2, got \"%1\"")
                    .arg(part);
            }
            o.heads.append({q, kv});
        }
    }
    if (p.isSet("kernels")) {
        o.kernels.clear();
        for (const QString &part : p.value("kernels").split(',')) {
            const auto kind = kernels::kernelFromName(part.trimmed().toStdString());
            if (!kind) {
                return QStringLiteral(
                           "--kernels: unknown kernel \"%1\"; expected naive, tiled, windowed or linear")
                    .arg(part);
            }
            if (!o.kernels.contains(*kind)) o.kernels.append(*kind);
        }
    }
    o.causal = p.isSet("causal");
    if (p.isSet("window")) {
        if (auto e = parseInt("window", p.value("window"), 1, 1 << 20, v)) return e;
        o.window = v;
    }
    const QString dtype = p.value("dtype").toLower();
    if (dtype != "f32" && dtype != "f64")
        return QStringLiteral("--dtype must be f32 or f64, got \"%1\"").arg(dtype);
    o.dtype = dtype == "f64" ? bench::DType::F64 : bench::DType::F32;
    o.threads = bench::availableThreads();
    if (p.isSet("threads")) {
        if (auto e = parseInt("threads", p.value("threads"), 1, 1024, v)) return e;
        o.threads = static_cast<int>(v);
    }
    if (auto e = parseInt("repetitions", p.value("repetitions"), 1, 100000, v)) return e;
    o.repetitions = static_cast<int>(v);
    if (auto e = parseInt("warmup", p.value("warmup"), 0, 1000, v)) return e;
    o.warmup = static_cast<int>(v);
    bool ok = false;
    o.budget = p.value("time-budget").toDouble(&ok);
    if (!ok || !(o.budget > 0 && o.budget <= 3600))
        return QStringLiteral("--time-budget must be a number of seconds in (0, 3600], got \"%1\"")
            .arg(p.value("time-budget"));
    const QStringList tile = p.value("tile").split('x');
    long long tq = 0, tk = 0;
    if (tile.size() != 2 || parseInt("tile", tile[0], 1, 4096, tq) || parseInt("tile", tile[1], 1, 4096, tk))
        return QStringLiteral("--tile must be BRxBC with 1…4096 rows each, e.g. 64x64, got \"%1\"")
            .arg(p.value("tile"));
    o.tileQuery = tq;
    o.tileKey = tk;
    o.decode = p.isSet("decode");
    o.needle = p.isSet("needle");
    if (p.isSet("json")) {
        o.json = p.value("json");
        const QFileInfo target(o.json);
        // Only a regular file (or a new one) is replaced: the file is written atomically, by
        // renaming a finished copy over it, which would turn a device such as /dev/null into a
        // plain file. The folder is tried now, so that a run never ends with its results lost.
        if (o.json.isEmpty() || o.json == QLatin1String("-") || (target.exists() && !target.isFile()))
            return QStringLiteral(
                       "--json: \"%1\" is not a regular file; give the path of a .json file to write")
                .arg(o.json);
        QSaveFile probe(o.json);
        if (!probe.open(QIODevice::WriteOnly))
            return QStringLiteral("--json: cannot write \"%1\": %2").arg(o.json, probe.errorString());
        probe.cancelWriting();
    }
    return std::nullopt;
}

// ---- running -----------------------------------------------------------------------------

/// Progress on stderr: one line per run; on a terminal the line also shows a percentage.
class Progress {
public:
    Progress() : m_tty(isatty(fileno(stderr)) != 0) {}

    void start(const QString &what)
    {
        m_what = what;
        if (m_tty) {
            std::fprintf(stderr, "\r\033[Kbench: %s", qPrintable(what));
        } else {
            std::fprintf(stderr, "bench: %s\n", qPrintable(what));
        }
        std::fflush(stderr);
    }

    bool update(double fraction)
    {
        if (m_tty) {
            std::fprintf(stderr, "\r\033[Kbench: %s %3.0f%%", qPrintable(m_what), 100.0 * fraction);
            std::fflush(stderr);
        }
        return true;
    }

    void finish()
    {
        if (m_tty) std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
    }

private:
    bool m_tty;
    QString m_what;
};

QString describe(const BenchConfig &c)
{
    return QStringLiteral("%1 n_q %2 n_k %3 heads %4:%5 d %6 %7%8%9")
        .arg(kernelName(c.kernel))
        .arg(c.n_q)
        .arg(c.n_k)
        .arg(c.num_query_heads)
        .arg(c.num_kv_heads)
        .arg(c.head_dim)
        .arg(bench::toString(c.dtype))
        .arg(c.causal ? " causal" : "")
        .arg(c.window ? QStringLiteral(" window %1").arg(*c.window) : QString());
}

/// Every run of one table: sizes × heads × kernels (kernels innermost, so a naive run's
/// output serves the others as their reference).
std::vector<BenchConfig> plan(const Options &o, bool decode)
{
    std::vector<BenchConfig> configs;
    for (Index n : o.sizes) {
        for (const auto &[hq, hkv] : o.heads) {
            for (KernelKind kind : o.kernels) {
                BenchConfig c;
                c.kernel = kind;
                c.n_q = decode ? 1 : n;
                c.n_k = n;
                c.head_dim = o.headDim;
                c.num_query_heads = hq;
                c.num_kv_heads = hkv;
                c.causal = decode || o.causal; // a decode step sees every earlier key
                c.window = o.window;
                if (kind == KernelKind::Windowed && !c.window) c.window = kDefaultWindow;
                c.dtype = o.dtype;
                c.threads = o.threads;
                c.warmup = o.warmup;
                c.repetitions = o.repetitions;
                c.time_budget_s = o.budget;
                c.tile_query = o.tileQuery;
                c.tile_key = o.tileKey;
                configs.push_back(c);
            }
        }
    }
    return configs;
}

/// Runs one table; appends to `results` and `refused`. False when a kernel failed.
bool runTable(const char *mode, const std::vector<BenchConfig> &configs, const bench::Roof &roof,
              bench::ReferenceCache &cache, Progress &progress, QJsonArray &results, QJsonArray &refused)
{
    print(QStringLiteral("\n## %1").arg(mode));
    print(timingHeader());
    int index = 0;
    for (const BenchConfig &c : configs) {
        ++index;
        std::optional<std::string> why = bench::refusal(c, bench::availableMemoryBytes());
        if (!why) why = bench::slowRefusal(c, roof.fma_gflops);
        if (why) {
            print(row(configCells(c), timingWidths()) + "  refused: " + QString::fromStdString(*why));
            QJsonObject o = configJson(c, mode);
            o.insert("reason", QString::fromStdString(*why));
            refused.append(o);
            continue;
        }
        progress.start(QStringLiteral("[%1/%2] %3 %4").arg(index).arg(configs.size()).arg(mode, describe(c)));
        try {
            const BenchResult r = bench::runBench(
                c, roof, [&](double f) { return progress.update(f); }, &cache);
            progress.finish();
            print(timingRow(r));
            results.append(resultJson(r, mode));
        } catch (const std::exception &error) {
            progress.finish();
            printError(QStringLiteral("%1: %2").arg(describe(c), QString::fromUtf8(error.what())));
            return false;
        }
    }
    return true;
}

/// The needle check: every kernel × size × depth 0, 25, 50, 75, 100%.
bool runNeedles(const Options &o, Progress &progress, QJsonArray &out)
{
    const QList<int> widths{-8, 6, 6, 5, 6, 8, 7, -9};
    print(QStringLiteral("\n## needle (one query at the last position, the needle key along q with logit ln "
                         "n + 8.5; cosine of the "
                         "output with the needle's value)"));
    print(row({"kernel", "n", "window", "dtype", "depth", "position", "cosine", "retrieved"}, widths));
    for (Index n : o.sizes) {
        for (KernelKind kind : o.kernels) {
            for (int depth : {0, 25, 50, 75, 100}) {
                bench::NeedleConfig c;
                c.kernel = kind;
                c.n_k = n;
                c.head_dim = o.headDim;
                c.depth = depth / 100.0;
                c.window = o.window;
                if (kind == KernelKind::Windowed && !c.window) c.window = kDefaultWindow;
                c.dtype = o.dtype;
                c.threads = o.threads;
                progress.start(
                    QStringLiteral("needle %1 n %2 depth %3%").arg(kernelName(kind)).arg(n).arg(depth));
                try {
                    const bench::NeedleResult r = bench::runNeedle(c);
                    progress.finish();
                    print(row({kernelName(kind), QString::number(n), windowText(c.window),
                               bench::toString(c.dtype), QStringLiteral("%1%").arg(depth),
                               QString::number(r.needle_position), fixed(r.cosine, 3),
                               r.retrieved ? "yes" : "LOST"},
                              widths));
                    out.append(
                        QJsonObject{{"kernel", kernelName(kind)},
                                    {"n_k", qint64(n)},
                                    {"head_dim", qint64(c.head_dim)},
                                    {"window", c.window ? QJsonValue(qint64(*c.window)) : QJsonValue()},
                                    {"dtype", bench::toString(c.dtype)},
                                    {"depth", c.depth},
                                    {"needle_position", qint64(r.needle_position)},
                                    {"cosine", number(r.cosine)},
                                    {"retrieved", r.retrieved}});
                } catch (const std::exception &error) {
                    progress.finish();
                    printError(
                        QStringLiteral("needle %1 n %2: %3").arg(kernelName(kind)).arg(n).arg(error.what()));
                    return false;
                }
            }
        }
    }
    return true;
}

} // namespace

int runBenchCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Times the real attention kernels on random inputs: median and p95 latency, GFLOP/s and the "
        "fraction of this machine's FMA peak (measured in the same run), tokens/s, working memory and "
        "the max error against a reference. Progress on stderr, a table on stdout.");
    parser.addHelpOption();
    parser.addPositionalArgument("bench", "The command.");
    parser.addOptions({
        {"n", "Sequence lengths n (n_q = n_k), comma-separated (default 1024,4096,16384).", "LIST"},
        {"head-dim", "Head dimension d = d_k = d_v (default 64).", "D", "64"},
        {"heads", "Query:K/V head counts, comma-separated (default 8:8,8:2,8:1).", "LIST"},
        {"kernels", "Kernels, comma-separated: naive, tiled, windowed, linear (default all).", "LIST"},
        {"causal", "Causal mask (key j visible only if j ≤ the query's position)."},
        {"window",
         "A trailing window of W keys ending at the query's own position (keys after it are hidden, "
         "as under --causal), for every kernel (default: none; the windowed kernel uses 256).",
         "W"},
        {"dtype", "f32 or f64 (default f32).", "TYPE", "f32"},
        {"threads",
         "Threads (default: every core this process may use). The roof is measured on at most "
         "as many threads as the machine runs at once.",
         "N"},
        {"repetitions",
         "Timed runs at most (default 10); fewer once the time budget is spent, but at least "
         "min(3, R).",
         "R", "10"},
        {"warmup", "Untimed runs before the timed ones (default 1).", "W", "1"},
        {"time-budget",
         "Seconds of timed runs per configuration (default 3): no timed run starts once they add up to S, "
         "but at least min(3, R) are timed. Not counted: the warm-up runs, the error check's reference run "
         "(one per problem) and the roof (once, 1-2 s). A configuration whose single call would take over "
         "a minute even at the FMA peak is refused.",
         "S", "3"},
        {"tile", "Tile sizes BRxBC of the tiled kernel (default 128x128, the fastest measured at d = 64).",
         "BRxBC", "128x128"},
        {"decode", "Decode benchmark instead: one query (n_q = 1) against n_k = each n keys; shows the K/V "
                   "bytes each head layout reads."},
        {"needle", "Needle check: a key/value pair planted at depths 0, 25, 50, 75, 100%; does each kernel "
                   "still retrieve it?"},
        {"json", "Also write every result to FILE (JSON, written atomically).", "FILE"},
    });
    if (const std::optional<int> stop = parseCommand(parser, arguments, QStringLiteral("bench")))
        return *stop;
    Options o;
    if (const auto error = parse(parser, o)) {
        printError(*error);
        return BadInput;
    }

    Progress progress;
    const bool timing = o.decode || !o.needle;
    const std::string cpu = bench::cpuModel();
    print(QStringLiteral("# attention-lab bench: %1, %2 thread(s), %3, %4")
              .arg(QString::fromStdString(cpu))
              .arg(o.threads)
              .arg(bench::toString(o.dtype), QDateTime::currentDateTime().toString(Qt::ISODate)));
    QJsonObject json{{"format", "attention-lab.bench"},
                     {"version", 1},
                     {"cpu_model", QString::fromStdString(cpu)},
                     {"threads", o.threads},
                     {"date", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}};
    bool ok = true;
    QJsonArray results, refused, needles;
    if (timing) {
        const std::vector<BenchConfig> prefill = o.decode ? std::vector<BenchConfig>{} : plan(o, false);
        const std::vector<BenchConfig> decode = o.decode ? plan(o, true) : std::vector<BenchConfig>{};
        // The roof takes seconds to measure; when every run is refused it would serve nothing.
        const std::size_t available = bench::availableMemoryBytes();
        // Before the roof, the time refusal assumes more FLOP/s than the threads can do.
        const auto runnable = [&](const BenchConfig &c) {
            return !bench::refusal(c, available) && !bench::slowRefusal(c, 0);
        };
        const bool anyRunnable = std::any_of(prefill.begin(), prefill.end(), runnable) ||
                                 std::any_of(decode.begin(), decode.end(), runnable);
        bench::Roof roof;
        if (anyRunnable) {
            // The roof is the machine's: more threads than it runs at once add time, not FLOP/s.
            const int roofThreads = std::min(o.threads, bench::availableThreads());
            progress.start(QStringLiteral("measuring the roof (FMA loop, SGEMM 2048³) on %1 thread(s)")
                               .arg(roofThreads));
            roof = bench::measureRoof(roofThreads, [&](double f) { return progress.update(f); });
            progress.finish();
            print(QStringLiteral("# built for %1: %2 float lanes per packet, %3 vector registers")
                      .arg(QString::fromStdString(roof.instruction_set))
                      .arg(roof.vector_lanes)
                      .arg(roof.vector_registers));
            print(
                QStringLiteral(
                    "# roof: FP32 FMA peak %1 GFLOP/s (%2 float lanes), streaming read %5 GB/s, SGEMM 2048³ "
                    "%3 GFLOP/s (%4); %FMA is against this FP32 peak, for f64 too; %read against the "
                    "streaming read")
                    .arg(fixed(roof.fma_gflops, 1))
                    .arg(roof.vector_lanes)
                    .arg(fixed(roof.sgemm_gflops, 1), QString::fromStdString(roof.sgemm_source),
                         fixed(roof.read_gbps, 1)));
            json.insert("roof_gflops", roof.fma_gflops);
            json.insert("sgemm_gflops", roof.sgemm_gflops);
            json.insert("sgemm_source", QString::fromStdString(roof.sgemm_source));
            json.insert("vector_lanes", roof.vector_lanes);
            json.insert("instruction_set", QString::fromStdString(roof.instruction_set));
            json.insert("vector_registers", roof.vector_registers);
            json.insert("read_gbps", roof.read_gbps);
        } else {
            print(QStringLiteral("# roof: not measured (every configuration is refused)"));
            json.insert("roof_gflops", QJsonValue());
            json.insert("sgemm_gflops", QJsonValue());
        }
        bench::ReferenceCache cache;
        if (!prefill.empty()) ok = runTable("prefill", prefill, roof, cache, progress, results, refused);
        if (ok && !decode.empty()) ok = runTable("decode", decode, roof, cache, progress, results, refused);
    } else {
        json.insert("roof_gflops", QJsonValue());
        json.insert("sgemm_gflops", QJsonValue());
    }
    if (ok && o.needle) ok = runNeedles(o, progress, needles);
    json.insert("results", results);
    json.insert("refused", refused);
    if (o.needle) json.insert("needle", needles);

    if (!o.json.isEmpty()) {
        QString reason;
        if (!attn::ui::saveFileAtomically(o.json, QJsonDocument(json).toJson(QJsonDocument::Indented),
                                          &reason)) {
            printError(QStringLiteral("cannot write %1: %2").arg(o.json, reason));
            return Failure;
        }
    }
    if (!ok) return Failure;
    if (stdoutFailed || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        printError("cannot write the table to standard output");
        return Failure;
    }
    if (results.isEmpty() && needles.isEmpty()) {
        printError("nothing was measured: every configuration was refused (see above)");
        return Failure;
    }
    return Ok;
}

} // namespace attn::app
