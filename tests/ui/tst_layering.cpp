// Keeps the house in order (docs/architecture.md): a file includes only from its own room, from
// rooms below it, or from core/; core/ includes nothing of the project outside core/; a teaching
// view does not include another view's room; no source file grows past 550 lines; and no test
// touches the real user's settings or data (each runs in QStandardPaths' test mode, and every
// child process of the command-line tests gets folders of its own).
#include "strictwarnings.h"
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>

#include <optional>

class TestLayering : public QObject {
    Q_OBJECT
private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void ruleJudgesIncludes_data();
    void ruleJudgesIncludes();
    void treeFollowsTheRule();
    void sourceFilesStayShort();
    void testsKeepOutOfTheUsersFolders();
};

namespace {

/// The room of a project path: "core", "app", "ui/<folder>", "ui/views" (the registry),
/// "ui/views/common" or "ui/views/<view>"; empty for a path outside those.
QString roomOf(const QString &path)
{
    const QStringList parts = path.split('/');
    if (parts.value(0) == QLatin1String("core")) return QStringLiteral("core");
    if (parts.value(0) == QLatin1String("app")) return QStringLiteral("app");
    if (parts.value(0) != QLatin1String("ui") || parts.size() < 3) return {};
    if (parts[1] == QLatin1String("views"))
        return parts.size() > 3 ? QStringLiteral("ui/views/") + parts[2] : QStringLiteral("ui/views");
    return QStringLiteral("ui/") + parts[1];
}

/// The height of a room: a file may include from a lower room or its own. Sibling rooms of one
/// height (models and plots; the teaching views) do not include each other. Empty for a room
/// the rule does not know yet (add it here and in docs/architecture.md).
std::optional<int> heightOf(const QString &room)
{
    static const QHash<QString, int> heights = {
        {"core", 0},      {"ui/base", 1},    {"ui/document", 2},   {"ui/io", 3},
        {"ui/models", 4}, {"ui/plots", 4},   {"ui/bench", 5},      {"ui/views/common", 6},
        {"ui/views", 8},  {"ui/lessons", 9}, {"ui/workspace", 10}, {"ui/shell", 11},
        {"app", 12},
    };
    if (const auto it = heights.find(room); it != heights.end()) return *it;
    if (room.startsWith(QLatin1String("ui/views/"))) return 7; // one teaching view
    return std::nullopt;
}

/// Why `from` (a project path) may not include the project header `header`; empty when it may.
QString violation(const QString &from, const QString &header)
{
    const QString source = roomOf(from);
    const QString target = roomOf(header);
    if (source == QLatin1String("core") && target != QLatin1String("core"))
        return QStringLiteral("core/ includes only core/");
    if (target.isEmpty()) return {}; // not a project header (tests, generated files)
    if (source == target) return {};
    const auto up = heightOf(source);
    const auto down = heightOf(target);
    if (!up) return QStringLiteral("room %1 is not in the layering rule").arg(source);
    if (!down) return QStringLiteral("room %1 is not in the layering rule").arg(target);
    if (*down < *up) return {};
    if (*down == *up) return QStringLiteral("%1 and %2 are sibling rooms").arg(source, target);
    return QStringLiteral("%1 is above %2").arg(target, source);
}

const QRegularExpression &projectInclude()
{
    static const QRegularExpression re(R"re(^\s*#\s*include\s*"([^"]+)")re",
                                       QRegularExpression::MultilineOption);
    return re;
}

QStringList sourceFiles(const QStringList &folders)
{
    QStringList files;
    for (const QString &folder : folders) {
        QDirIterator it(QStringLiteral(ATTN_SOURCE_DIR "/") + folder, {"*.h", "*.cpp"}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) files << it.next();
    }
    return files;
}

} // namespace

void TestLayering::ruleJudgesIncludes_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("header");
    QTest::addColumn<bool>("allowed");
    QTest::addRow("view uses common") << "ui/views/mask/maskfigure.cpp"
                                      << "ui/views/common/paintfit.h" << true;
    QTest::addRow("view uses plots") << "ui/views/qkv/qkveditorview.cpp"
                                     << "ui/plots/heatmapplot.h" << true;
    QTest::addRow("own room") << "ui/views/mask/maskeditorview.cpp"
                              << "ui/views/mask/maskedits.h" << true;
    QTest::addRow("shell uses all") << "ui/shell/mainwindow.cpp"
                                    << "ui/workspace/workspacehost.h" << true;
    QTest::addRow("core uses core") << "core/kernels/tiled.cpp"
                                    << "core/onlinesoftmax.h" << true;
    QTest::addRow("app uses shell") << "app/main.cpp"
                                    << "ui/shell/mainwindow.h" << true;
    QTest::addRow("measuring uses bench") << "ui/views/measuring/measuringview.h"
                                          << "ui/bench/benchplan.h" << true;
    QTest::addRow("document uses views") << "ui/document/scenariojson.cpp"
                                         << "ui/views/common/figureview.h" << false;
    QTest::addRow("plots use shell") << "ui/plots/barplot.cpp"
                                     << "ui/shell/mainwindow.h" << false;
    QTest::addRow("workspace uses shell") << "ui/workspace/workspacecontroller.cpp"
                                          << "ui/shell/mainwindow.h" << false;
    QTest::addRow("view uses shell") << "ui/views/mask/maskcanvas.cpp"
                                     << "ui/shell/figureactions.h" << false;
    QTest::addRow("view uses view") << "ui/views/heads/headsview.cpp"
                                    << "ui/views/mask/maskfigure.h" << false;
    QTest::addRow("common uses a view") << "ui/views/common/weightgrid.cpp"
                                        << "ui/views/qkv/editortext.h" << false;
    QTest::addRow("plots use models") << "ui/plots/heatmapplot.cpp"
                                      << "ui/models/matrixtablemodel.h" << false;
    QTest::addRow("core uses ui") << "core/attention.cpp"
                                  << "ui/base/numbertext.h" << false;
    QTest::addRow("core uses tests") << "core/attention.cpp"
                                     << "tests/testfiles.h" << false;
    QTest::addRow("unknown room") << "ui/newroom/thing.cpp"
                                  << "ui/base/numbertext.h" << false;
}

void TestLayering::ruleJudgesIncludes()
{
    QFETCH(QString, from);
    QFETCH(QString, header);
    QFETCH(bool, allowed);
    const QString why = violation(from, header);
    QVERIFY2(why.isEmpty() == allowed, qPrintable(from + " -> " + header + ": " + why));
}

void TestLayering::treeFollowsTheRule()
{
    const QString root = QStringLiteral(ATTN_SOURCE_DIR "/");
    const QStringList files = sourceFiles({"core", "ui", "app"});
    QVERIFY2(files.size() > 100, "sources not found");
    QStringList offenders;
    for (const QString &path : files) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const QString relative = path.mid(root.size());
        auto it = projectInclude().globalMatch(QString::fromUtf8(f.readAll()));
        while (it.hasNext()) {
            const QString header = it.next().captured(1);
            if (!header.contains('/') && !relative.startsWith(QLatin1String("core/"))) continue; // a .moc
            const QString why = violation(relative, header);
            if (!why.isEmpty()) offenders << relative + " includes " + header + ": " + why;
        }
    }
    QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
}

void TestLayering::sourceFilesStayShort()
{
    constexpr int kMaxLines = 550;
    QStringList offenders;
    const QStringList files = sourceFiles({"core", "ui", "app", "tests"});
    for (const QString &path : files) {
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        const qsizetype lines = f.readAll().count('\n');
        if (lines > kMaxLines) offenders << QStringLiteral("%1: %2 lines").arg(path).arg(lines);
    }
    QVERIFY2(offenders.isEmpty(), qPrintable("longer than 550 lines (split it):\n" + offenders.join('\n')));
}

void TestLayering::testsKeepOutOfTheUsersFolders()
{
    const auto text = [](const QString &path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    };
    const QString root = QStringLiteral(ATTN_SOURCE_DIR "/tests/");
    QVERIFY(text(root + "strictwarnings.h").contains(QStringLiteral("#include \"userfolders.h\"")));
    QVERIFY(text(root + "userfolders.h").contains(QStringLiteral("setTestModeEnabled(true)")));
    QStringList offenders;
    for (const QString &path : sourceFiles({"tests"})) {
        const QString name = QFileInfo(path).fileName();
        const QString source = text(path);
        if (name.startsWith(QLatin1String("tst_")) &&
            !source.contains(QStringLiteral("#include \"strictwarnings.h\"")))
            offenders << path + QStringLiteral(": does not include strictwarnings.h (test mode)");
        // A child attention-lab reads and writes settings and autosaves: never the user's.
        const qsizetype processes =
            source.count(QStringLiteral("QProcess p;")) + source.count(QStringLiteral("new QProcess"));
        const qsizetype isolated = source.count(QStringLiteral("isolatedEnvironment()")) +
                                   source.count(QStringLiteral("XDG_CONFIG_HOME"));
        if (path.contains(QLatin1String("/tests/cli/")) && isolated < processes)
            offenders << path + QStringLiteral(": a QProcess without isolatedEnvironment() (runcli.h)");
    }
    QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
}

QTEST_APPLESS_MAIN(TestLayering)
#include "tst_layering.moc"
