// Replays the fuzz targets' inputs through their bodies (fuzzbodies.h): the seed corpus, the
// project's scenario cases, presets and lessons, and every input a fuzzer ever found a fault
// with (tests/fuzz/regressions/<target>/). Each must end without a crash or an escaped exception.
#include "fuzzbodies.h"
#include "strictwarnings.h"
#include "ui/lessons/lesson.h"
#include "ui/workspace/workspacefile.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <exception>
#include <functional>

namespace {

using Body = std::function<void(const std::uint8_t *, std::size_t)>;

const QString kSource = QStringLiteral(ATTN_SOURCE_DIR);

/// Runs `body` on every *.json file (and every file without a suffix, as libFuzzer names its
/// findings) under `dir`, or on every file but scripts when `anySuffix` (tensor files are binary:
/// .npy, .npz, .safetensors); returns how many ran, or -1 after a failed check.
int replay(const QString &dir, const Body &body, bool anySuffix)
{
    const QDir folder(dir);
    int count = 0;
    for (const QFileInfo &info : folder.entryInfoList(QDir::Files, QDir::Name)) {
        const QString suffix = info.suffix();
        if (anySuffix
                ? suffix == QLatin1String("py")
                : !suffix.isEmpty() && suffix != QLatin1String("json") && suffix != QLatin1String("attnlab"))
            continue;
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly)) {
            qWarning("cannot read %s", qPrintable(info.filePath()));
            return -1;
        }
        const QByteArray bytes = file.readAll();
        try {
            body(reinterpret_cast<const std::uint8_t *>(bytes.constData()), std::size_t(bytes.size()));
        } catch (const std::exception &e) {
            qWarning("%s: escaped exception: %s", qPrintable(info.filePath()), e.what());
            return -1;
        }
        ++count;
    }
    return count;
}

} // namespace

class TestFuzzCorpus : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void replay_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("mustHaveFiles");
        QTest::newRow("scenario seeds") << "tests/fuzz/corpus/scenario"
                                        << "scenario" << true;
        QTest::newRow("scenario cases") << "tests/data/cases"
                                        << "scenario" << true;
        QTest::newRow("presets") << "resources/presets"
                                 << "scenario" << true;
        QTest::newRow("scenario findings") << "tests/fuzz/regressions/scenario"
                                           << "scenario" << false;
        QTest::newRow("lesson seeds") << "tests/fuzz/corpus/lesson"
                                      << "lesson" << true;
        QTest::newRow("shipped lessons") << "lessons"
                                         << "lesson" << true;
        QTest::newRow("lesson findings") << "tests/fuzz/regressions/lesson"
                                         << "lesson" << false;
        QTest::newRow("workspace seeds") << "tests/fuzz/corpus/workspace"
                                         << "workspace" << true;
        QTest::newRow("workspace findings") << "tests/fuzz/regressions/workspace"
                                            << "workspace" << true;
        QTest::newRow("tensor seeds") << "tests/fuzz/corpus/tensors"
                                      << "tensors" << true;
        QTest::newRow("tensor fixtures") << "tests/data/io"
                                         << "tensors" << true;
        QTest::newRow("tensor findings") << "tests/fuzz/regressions/tensors"
                                         << "tensors" << false;
        for (const char *format : {"npy", "npz", "safetensors"}) {
            QTest::addRow("%s seeds", format) << QStringLiteral("tests/fuzz/corpus/") + QLatin1String(format)
                                              << QString::fromLatin1(format) << true;
            QTest::addRow("%s findings", format)
                << QStringLiteral("tests/fuzz/regressions/") + QLatin1String(format)
                << QString::fromLatin1(format) << false;
        }
    }

    void workspaceSeedsReachTheDeepChecks()
    {
        // Seeds must get past the format checks, or the fuzzer starts far from the interesting code.
        for (const char *name : {"worked-example.attnlab", "lesson-step.attnlab"}) {
            QFile file(kSource + QStringLiteral("/tests/fuzz/corpus/workspace/") + QLatin1String(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            try {
                const attn::ui::Workspace w = attn::ui::workspaceFromBytes(
                    file.readAll(), QLatin1String(name), attn::lessons::knownViews());
                QVERIFY(w.scenario.value.size() > 0);
            } catch (const attn::ui::WorkspaceError &e) {
                QFAIL(qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(name), e.message())));
            }
        }
    }

    void replay()
    {
        QFETCH(QString, dir);
        QFETCH(QString, target);
        QFETCH(bool, mustHaveFiles);
        const bool tensors = target == QLatin1String("tensors") || target == QLatin1String("npy") ||
                             target == QLatin1String("npz") || target == QLatin1String("safetensors");
        const Body body = target == QLatin1String("scenario")      ? Body(attn::fuzz::scenarioBytes)
                          : target == QLatin1String("lesson")      ? Body(attn::fuzz::lessonBytes)
                          : target == QLatin1String("tensors")     ? Body(attn::fuzz::tensorBytes)
                          : target == QLatin1String("npy")         ? Body(attn::fuzz::npyBytes)
                          : target == QLatin1String("npz")         ? Body(attn::fuzz::npzBytes)
                          : target == QLatin1String("safetensors") ? Body(attn::fuzz::safetensorsBytes)
                                                                   : Body(attn::fuzz::workspaceBytes);
        const int count = ::replay(kSource + QLatin1Char('/') + dir, body, tensors);
        QVERIFY2(count >= 0, qPrintable(dir));
        if (mustHaveFiles) QVERIFY2(count > 0, qPrintable(dir + QStringLiteral(" holds no input")));
    }
};

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
