// Workspaces (.attnlab): a round trip restores identical tensors (bit for bit), the lesson step,
// the view, the selection and the display settings; a failed save leaves the old file intact;
// foreign, corrupt and newer files are refused with their reason and change nothing; the recent
// list keeps 8 files, most recent first, and drops missing ones; Quit asks Save / Discard / Cancel.
// Autosave and recovery: tst_autosave.cpp.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/mainwindow.h"
#include "ui/workspace/workspacecontroller.h"
#include "ui/workspace/workspacefile.h"
#include "workspace/savedfiles.h"

#include <QApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <sys/resource.h>

#include <cmath>
#include <csignal>
#include <memory>

using attn::doc::TensorRole;
using attn::ui::AppSettings;
using attn::ui::MainWindow;
using attn::ui::WorkspaceController;

using attn::test::readAll;
using attn::test::sameBits;

class TestWorkspace : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void roundTripRestoresEverything();
    void predictionsRoundTrip();
    void failedSaveKeepsTheOldFile();
    void refusedFiles_data();
    void refusedFiles();
    void recentListOrderAndPruning();
    void quitAsksSaveDiscardCancel();

private:
    /// A window whose navigator and controller keep their settings in the test's folder.
    std::unique_ptr<MainWindow> makeWindow();
    WorkspaceController *controller(MainWindow &window) { return window.findChild<WorkspaceController *>(); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestWorkspace::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestWorkspace::init()
{
    attn::test::failOnQtWarnings();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    AppSettings::instance().useFile(m_dir->filePath(QStringLiteral("settings.ini")));
}

std::unique_ptr<MainWindow> TestWorkspace::makeWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->lessonNavigator()->setSettingsFile(m_dir->filePath(QStringLiteral("lessons.ini")));
    controller(*window)->setSettingsFile(m_dir->filePath(QStringLiteral("workspace.ini")));
    // Autosaves stay in the test's folder too (tst_autosave.cpp tests them).
    controller(*window)->setAutosaveFolders({m_dir->filePath(QStringLiteral("autosave"))});
    return window;
}

void TestWorkspace::roundTripRestoresEverything()
{
    const QString path = m_dir->filePath(QStringLiteral("class.attnlab"));
    attn::Scenario saved;
    {
        auto window = makeWindow();
        QVERIFY(window->openLesson(QStringLiteral("10-multi-head"), 2));
        attn::doc::ScenarioDocument *document = window->document();
        QVERIFY(document->scenario().num_query_heads > 1);
        // Doubles whose shortest text is long, tiny or negative: a lossy writer would change them.
        QVERIFY(document->setCell(TensorRole::Query, 0, 0, 0.1 + 0.2));
        QVERIFY(document->setCell(TensorRole::Key, 1, 0, 1.0 / 3.0));
        QVERIFY(document->setCell(TensorRole::Value, 0, 0, -2.718281828459045e-7));
        QVERIFY(document->setCell(TensorRole::Value, 1, 0, -1.0 / 7.0));
        // −0.0 keeps its sign (QJsonDocument alone writes 0 and reads -0.0 as +0): sameBits below.
        QVERIFY(document->setCell(TensorRole::Query, 0, 1, 2.0));
        QVERIFY(document->setCell(TensorRole::Query, 0, 1, -0.0));
        QVERIFY(std::signbit(document->scenario().query(0, 1)));
        QVERIFY(document->setCell(TensorRole::Value, 1, 1, 1e300));
        QVERIFY(document->setCell(TensorRole::Key, 0, 0, 4.9406564584124654e-324)); // smallest subnormal
        document->setSelectedHead(1);
        document->setSelectedQuery(document->queryCount() - 1);
        QVERIFY(window->showView(QStringLiteral("qkv")));
        AppSettings::instance().setColorMap(attn::ui::ColorMapKind::Cividis);
        AppSettings::instance().setDecimals(5);
        QVERIFY(window->isWindowModified());
        QVERIFY(controller(*window)->saveTo(path, true));
        QVERIFY(!window->isWindowModified());
        QVERIFY(window->windowTitle().startsWith(QStringLiteral("class[*]")));
        saved = document->scenario();
    }
    AppSettings::instance().setColorMap(attn::ui::ColorMapKind::Viridis);
    AppSettings::instance().setDecimals(3);

    auto window = makeWindow(); // opens on the worked example
    QVERIFY(controller(*window)->openFile(path, true));
    const attn::Scenario &restored = window->document()->scenario();
    QVERIFY(sameBits(restored.query, saved.query));
    QVERIFY(sameBits(restored.key, saved.key));
    QVERIFY(sameBits(restored.value, saved.value));
    QCOMPARE(restored.query(0, 0), 0.1 + 0.2);
    QCOMPARE(restored.num_query_heads, saved.num_query_heads);
    QCOMPARE(restored.num_kv_heads, saved.num_kv_heads);
    const attn::lessons::LessonNavigator *navigator = window->lessonNavigator();
    QVERIFY(navigator->currentLesson());
    QCOMPARE(navigator->currentLesson()->id, QStringLiteral("10-multi-head"));
    QCOMPARE(navigator->currentStep(), 2);
    QVERIFY(navigator->isAttached()); // the step's check runs on the restored scenario
    QCOMPARE(window->currentViewName(), QStringLiteral("qkv"));
    QCOMPARE(window->document()->selectedHead(), 1);
    QCOMPARE(window->document()->selectedQuery(), window->document()->queryCount() - 1);
    QCOMPARE(AppSettings::instance().colorMap(), attn::ui::ColorMapKind::Cividis);
    QCOMPARE(AppSettings::instance().decimals(), 5);
    QVERIFY(window->document()->undoStack()->isClean());
    QCOMPARE(controller(*window)->currentFile(), QFileInfo(path).absoluteFilePath());
    AppSettings::instance().setDecimals(3);
}

void TestWorkspace::predictionsRoundTrip()
{
    using attn::lessons::PredictionKind;
    using attn::lessons::PredictionRecord;
    // The file: every kind, with scores whose shortest text is long, reads back the same.
    attn::ui::Workspace workspace;
    workspace.scenario.query = attn::Matrix{{1.0, 0.0}};
    workspace.scenario.key = attn::Matrix{{1.0, 0.0}, {0.0, 1.0}};
    workspace.scenario.value = attn::Matrix{{2.0, 0.0}, {0.0, 4.0}};
    workspace.lessonId = QStringLiteral("01-why-attention");
    workspace.lessonPredictions = {
        {0, PredictionRecord{PredictionKind::PickKey, QStringLiteral("小红"), 0, {}, 1}},
        {2, PredictionRecord{PredictionKind::Number, {}, 0.1 + 0.2, {}, 1.0 / 3.0}},
        {3, PredictionRecord{PredictionKind::Distribution, {}, 0, {0.4, 0.3, 0.2, 0.1}, 0.8}}};
    const QByteArray text = attn::ui::workspaceText(workspace);
    const attn::ui::Workspace back =
        attn::ui::workspaceFromBytes(text, QStringLiteral("p.attnlab"), attn::lessons::knownViews());
    QVERIFY(back.lessonPredictions == workspace.lessonPredictions);
    // A file written before predictions existed has none and still reads.
    QJsonObject old = QJsonDocument::fromJson(text).object();
    QJsonObject lesson = old.value(QStringLiteral("lesson")).toObject();
    QVERIFY(lesson.contains(QStringLiteral("predictions")));
    lesson.remove(QStringLiteral("predictions"));
    old.insert(QStringLiteral("lesson"), lesson);
    const attn::ui::Workspace before = attn::ui::workspaceFromJson(old, attn::lessons::knownViews());
    QCOMPARE(before.lessonId, QStringLiteral("01-why-attention"));
    QVERIFY(before.lessonPredictions.empty());

    // The window: a revealed prediction is saved with the workspace and comes back in another
    // profile (an empty settings file).
    const QString path = m_dir->filePath(QStringLiteral("predicted.attnlab"));
    {
        auto window = makeWindow();
        QVERIFY(window->openLesson(QStringLiteral("01-why-attention"), 0));
        attn::lessons::LessonNavigator *navigator = window->lessonNavigator();
        QVERIFY(navigator->isPredictionPending());
        navigator->setPredictions(
            {{0, PredictionRecord{PredictionKind::PickKey, QStringLiteral("Ming"), 0, {}, 0}}});
        QVERIFY(!navigator->isPredictionPending());
        QVERIFY(controller(*window)->saveTo(path, true));
    }
    QFile::remove(m_dir->filePath(QStringLiteral("lessons.ini")));
    auto window = makeWindow();
    QVERIFY(window->lessonNavigator()->predictions().empty());
    QVERIFY(controller(*window)->openFile(path, true));
    const auto restored = window->lessonNavigator()->predictions();
    QCOMPARE(restored.size(), std::size_t{1});
    QCOMPARE(restored.at(0).key, QStringLiteral("Ming"));
    QVERIFY(!window->lessonNavigator()->isPredictionPending());
}

void TestWorkspace::failedSaveKeepsTheOldFile()
{
    auto window = makeWindow();
    WorkspaceController *workspaces = controller(*window);
    const QString path = m_dir->filePath(QStringLiteral("old.attnlab"));
    QVERIFY(workspaces->saveTo(path, true));
    const QByteArray before = readAll(path);
    QVERIFY(!before.isEmpty());

    // 1. A folder that cannot exist: its parent is a file.
    const QString blocker = m_dir->filePath(QStringLiteral("plain-file"));
    {
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x");
    }
    QString error;
    QVERIFY(!attn::ui::writeWorkspaceFile(blocker + QStringLiteral("/ws.attnlab"), workspaces->capture(),
                                          &error));
    QVERIFY2(error.contains(QStringLiteral("ws.attnlab")), qPrintable(error));

    // 2. A full disk while overwriting the old file (a file-size limit holds even for root):
    //    the new text is larger than the limit, so the write fails half way.
    for (int i = 0; i < 40; ++i) QVERIFY(window->document()->addKey());
    const std::size_t limit = static_cast<std::size_t>(before.size()) + 256;
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = limit;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const bool saved = workspaces->saveTo(path, true);
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previousHandler);
    QVERIFY2(!saved,
             qPrintable(QStringLiteral("limit %1, wrote %2 bytes").arg(limit).arg(readAll(path).size())));
    QCOMPARE(readAll(path), before);
    QVERIFY(window->isWindowModified()); // still unsaved
}

void TestWorkspace::refusedFiles_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("reason");
    const QByteArray scenario =
        R"({"format": "attention-lab.scenario", "version": 1, "Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2, 0], [0, 4]]})";
    const auto workspace = [&](const QByteArray &fields) {
        return QByteArray(R"({"format": "attention-lab-workspace", "version": 1, "scenario": )") + scenario +
               fields + "}";
    };
    QTest::addRow("corrupt") << QByteArray("{\"format\": ") << QStringLiteral("not valid JSON");
    QTest::addRow("foreign") << QByteArray(R"({"format": "something-else", "version": 1})")
                             << QStringLiteral("not an Attention Lab workspace");
    QTest::addRow("scenario file") << scenario << QStringLiteral("not an Attention Lab workspace");
    QTest::addRow("future version")
        << QByteArray(R"({"format": "attention-lab-workspace", "version": 2, "scenario": {}})")
        << QStringLiteral("newer Attention Lab (version 2)");
    // Before: "“version” must be a whole number ≥ 1, got a number" (beyond int's range).
    QTest::addRow("version 1e10")
        << QByteArray(R"({"format": "attention-lab-workspace", "version": 1e10, "scenario": {}})")
        << QStringLiteral("newer Attention Lab (version 10000000000)");
    QTest::addRow("version 1.5") << QByteArray(R"({"format": "attention-lab-workspace", "version": 1.5})")
                                 << QStringLiteral("“version” must be a whole number ≥ 1, got 1.5");
    QTest::addRow("bad scenario")
        << QByteArray(
               R"({"format": "attention-lab-workspace", "version": 1, "scenario": {"format": "attention-lab.scenario", "version": 1, "Q": [[1, 0]], "K": [[1, 0, 0]], "V": [[1]]}})")
        << QStringLiteral("scenario: ");
    QTest::addRow("unknown key") << workspace(R"(, "colour": 1)") << QStringLiteral("Unknown key “colour”");
    QTest::addRow("duplicate key") << workspace(R"(, "view": "qkv", "view": "heads")")
                                   << QStringLiteral(
                                          "view: is given twice in one object (again at line 1, column ");
    QTest::addRow("unknown view") << workspace(R"(, "view": "nowhere")")
                                  << QStringLiteral("Unknown view “nowhere”");
    QTest::addRow("query out of range")
        << workspace(R"(, "selected_query": 1)")
        << QStringLiteral("“selected_query” is 1, but the scenario has 1 queries");
    // Found by the fuzzer: 3e78 was converted to int (undefined behaviour) before being checked.
    QTest::addRow("query beyond int")
        << workspace(
               R"(, "selected_query": 3333333333333333333333333333333333333333333333333333333333333333333333333333331)")
        << QStringLiteral(
               "“selected_query” must be a whole number from 0 to 2147483647, got 3.3333333333333334e+78");
    QTest::addRow("head negative") << workspace(R"(, "selected_head": -1)")
                                   << QStringLiteral("“selected_head” must be a whole number from 0 to");
    QTest::addRow("head fraction") << workspace(R"(, "selected_head": 0.5)")
                                   << QStringLiteral("“selected_head” must be a whole number from 0 to");
    QTest::addRow("head text")
        << workspace(R"(, "selected_head": "0")")
        << QStringLiteral("“selected_head” must be a whole number from 0 to 2147483647, got a string");
    QTest::addRow("decimals") << workspace(R"(, "display": {"decimals": 9})")
                              << QStringLiteral("“display.decimals” must be from 1 to 6");
    // What the window cannot show is refused before anything changes (ui/document/windowbudget.h).
    QByteArray tall = "[[0]";
    for (int i = 1; i < 20000; ++i) tall += ",[0]";
    tall += "]";
    QTest::addRow("too large for the window")
        << QByteArray(R"({"format": "attention-lab-workspace", "version": 1, "scenario": {"format": )"
                      R"("attention-lab.scenario", "version": 1, "Q": )" +
                      tall + R"(, "K": [[1]], "V": [[1]]}})")
        << QStringLiteral("The window cannot show the workspace's scenario: n_q = 20000, n_k = 1");
    QTest::addRow("unknown lesson") << workspace(R"(, "lesson": {"id": "99-none", "step": 0})")
                                    << QStringLiteral("lesson “99-none”");
    QTest::addRow("step out of range") << workspace(R"(, "lesson": {"id": "10-multi-head", "step": 40})")
                                       << QStringLiteral("the workspace names step 41");
    QTest::addRow("predictions not an array")
        << workspace(R"(, "lesson": {"id": "10-multi-head", "step": 0, "predictions": {}})")
        << QStringLiteral("“lesson.predictions” must be an array, got an object");
    QTest::addRow("prediction without step")
        << workspace(
               R"(, "lesson": {"id": "10-multi-head", "step": 0, "predictions": [{"kind": "pick_key", "key": "a", "score": 1}]})")
        << QStringLiteral("“lesson.predictions[0].step” is missing");
    QTest::addRow("two predictions for one step")
        << workspace(
               R"(, "lesson": {"id": "10-multi-head", "step": 0, "predictions": [{"step": 1, "kind": "number", "value": 1, "score": 0}, {"step": 1, "kind": "number", "value": 2, "score": 1}]})")
        << QStringLiteral("“lesson.predictions[1]” is a second prediction for step 1");
    QTest::addRow("prediction of an unknown kind")
        << workspace(
               R"(, "lesson": {"id": "10-multi-head", "step": 0, "predictions": [{"step": 0, "kind": "guess", "score": 1}]})")
        << QStringLiteral("“lesson.predictions[0]”: “kind” must be one of pick_key, number, distribution");
}

void TestWorkspace::refusedFiles()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, reason);
    const QString path = m_dir->filePath(QStringLiteral("bad.attnlab"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    }
    auto window = makeWindow();
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.25)); // an edit to keep
    const attn::Matrix queryBefore = window->document()->scenario().query;
    QString error;
    try {
        attn::ui::Workspace workspace = attn::ui::readWorkspaceFile(path, attn::lessons::knownViews());
        QVERIFY(!controller(*window)->apply(workspace, &error));
    } catch (const attn::ui::WorkspaceError &e) {
        error = e.message();
        QVERIFY2(error.contains(QStringLiteral("bad.attnlab")), qPrintable(error));
    }
    QVERIFY2(error.contains(reason), qPrintable(error));
    QVERIFY(!controller(*window)->openFile(path, true));
    QVERIFY(sameBits(window->document()->scenario().query, queryBefore));
    QCOMPARE(window->document()->undoStack()->count(), 1);
    QCOMPARE(window->currentPresetId(), QStringLiteral("worked-example"));
}

void TestWorkspace::recentListOrderAndPruning()
{
    auto window = makeWindow();
    WorkspaceController *workspaces = controller(*window);
    QStringList paths;
    for (int i = 0; i < 10; ++i) paths << m_dir->filePath(QStringLiteral("w%1.attnlab").arg(i));
    for (const QString &path : paths) workspaces->addRecent(path);
    QStringList expected;
    for (int i = 9; i >= 2; --i) expected << paths[i];
    QCOMPARE(workspaces->recentFiles(), expected);
    workspaces->addRecent(paths[5]); // reopened: moves to the front, no duplicate
    QCOMPARE(workspaces->recentFiles().size(), WorkspaceController::kMaxRecent);
    QCOMPARE(workspaces->recentFiles().first(), paths[5]);
    QCOMPARE(workspaces->recentFiles().count(paths[5]), 1);

    // A saved file opens from the list; a missing one is dropped from it.
    QVERIFY(workspaces->saveTo(paths[0], true));
    QCOMPARE(workspaces->recentFiles().first(), QFileInfo(paths[0]).absoluteFilePath());
    QVERIFY(workspaces->openRecent(QFileInfo(paths[0]).absoluteFilePath(), true));
    QVERIFY(!workspaces->openRecent(paths[7], true));
    QVERIFY(!workspaces->recentFiles().contains(paths[7]));
    QCOMPARE(workspaces->recentFiles().size(), WorkspaceController::kMaxRecent - 1);
}

void TestWorkspace::quitAsksSaveDiscardCancel()
{
    auto window = makeWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("Untitled[*]")));
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 1, 0.5));
    QVERIFY(window->isWindowModified());
    // Answer the question box with `button`, once it is up.
    const auto answer = [](QMessageBox::StandardButton button) {
        QTimer::singleShot(0, [button] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            QVERIFY(box->button(QMessageBox::Save) && box->button(QMessageBox::Discard));
            box->button(button)->click();
        });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!window->close());
    QVERIFY(window->isVisible());
    answer(QMessageBox::Discard);
    QVERIFY(window->close());
    QVERIFY(!window->isVisible());
}

QTEST_MAIN(TestWorkspace)
#include "tst_workspace.moc"
