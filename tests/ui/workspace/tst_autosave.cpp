// Autosave and recovery in the window: autosave writes once per change (an edit merged into the
// last undo command included) into a file of the window's own, never the user's workspace file,
// which changes only on Save; it falls back to another folder when it cannot write and says so
// once; recovered work stays unsaved (title, Quit's question, its autosave) until saved or
// discarded; two windows keep two autosaves and Discard removes only its own; an autosave is an
// orphan only when no running window holds its lock. Real crashes: tests/cli/tst_cliautosave.cpp.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/lessons/lesson.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/shell/mainwindow.h"
#include "ui/workspace/autosavestore.h"
#include "ui/workspace/workspacecontroller.h"
#include "ui/workspace/workspacefile.h"
#include "workspace/savedfiles.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <memory>

using attn::doc::TensorRole;
using attn::ui::AppSettings;
using attn::ui::MainWindow;
using attn::ui::WorkspaceController;

using attn::test::readAll;
using attn::test::sameBits;

class TestAutosave : public QObject {
    Q_OBJECT

private slots:
    void init();
    void autosaveWritesOncePerChange();
    void autosaveNeverWritesTheWorkspaceFile();
    void recoveredWorkStaysUnsaved();
    void twoWindowsKeepTheirOwnAutosaves();
    void orphanOnlyWhenItsWindowIsGone();
    void autosaveFallsBackWhenItCannotWrite();

private:
    /// A window whose navigator, controller and autosaves keep to the test's folder.
    std::unique_ptr<MainWindow> makeWindow();
    WorkspaceController *controller(MainWindow &window) { return window.findChild<WorkspaceController *>(); }
    /// The test's autosave folder (the first of the window's folders).
    QString autosaveFolder() const { return m_dir->filePath(QStringLiteral("autosave")); }
    enum class Closing { NotAsked, Closed, KeptOpen };
    /// Closes `window`, answering the Save / Discard / Cancel question with `button`.
    static Closing closeAnswering(MainWindow &window, QMessageBox::StandardButton button);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestAutosave::init()
{
    attn::test::failOnQtWarnings();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    AppSettings::instance().useFile(m_dir->filePath(QStringLiteral("settings.ini")));
}

std::unique_ptr<MainWindow> TestAutosave::makeWindow()
{
    auto window = std::make_unique<MainWindow>();
    window->lessonNavigator()->setSettingsFile(m_dir->filePath(QStringLiteral("lessons.ini")));
    controller(*window)->setSettingsFile(m_dir->filePath(QStringLiteral("workspace.ini")));
    controller(*window)->setAutosaveFolders({autosaveFolder(), m_dir->filePath(QStringLiteral("fallback"))});
    return window;
}

TestAutosave::Closing TestAutosave::closeAnswering(MainWindow &window, QMessageBox::StandardButton button)
{
    bool asked = false;
    QTimer::singleShot(0, [button, &asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->button(button)) return;
        asked = true;
        box->button(button)->click();
    });
    const bool closed = window.close();
    if (!asked) {
        QTest::qWait(0); // a question that never came: let the single shot run out
        return Closing::NotAsked;
    }
    return closed ? Closing::Closed : Closing::KeptOpen;
}

void TestAutosave::autosaveWritesOncePerChange()
{
    attn::Matrix edited;
    QString written;
    {
        auto window = makeWindow();
        WorkspaceController *workspaces = controller(*window);
        QVERIFY(workspaces->autosave().isEmpty()); // nothing to save
        QVERIFY(workspaces->autosavePath().isEmpty());
        QVERIFY(window->document()->setCell(TensorRole::Key, 0, 1, 0.125));
        written = workspaces->autosave();
        QCOMPARE(QFileInfo(written).absolutePath(), QFileInfo(autosaveFolder()).absoluteFilePath());
        QVERIFY2(QFileInfo(written).fileName().startsWith(QStringLiteral("autosave-")), qPrintable(written));
        QCOMPARE(workspaces->autosavePath(), written);
        QVERIFY(workspaces->autosave().isEmpty()); // no change since
        QVERIFY(window->isWindowModified());       // autosave is not a save
        edited = window->document()->scenario().key;
        // Undone back to the state the user had: the autosave holds nothing and goes.
        window->document()->undoStack()->undo();
        QVERIFY(!window->isWindowModified());
        QVERIFY(!QFileInfo::exists(written));
        window->document()->undoStack()->redo();
        QCOMPARE(workspaces->autosave(), written);
    } // the window goes without closing (a crash would not close it either): the file stays
    QVERIFY(QFileInfo::exists(written));
    auto window = makeWindow();
    QVERIFY(controller(*window)->restoreLast());
    QVERIFY(sameBits(window->document()->scenario().key, edited));
    QVERIFY(controller(*window)->currentFile().isEmpty());
    QVERIFY(!controller(*window)->recentFiles().contains(written));
}

void TestAutosave::autosaveNeverWritesTheWorkspaceFile()
{
    const QString path = m_dir->filePath(QStringLiteral("class.attnlab"));
    QString side;
    double savedQuery = 0;
    {
        auto window = makeWindow();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        WorkspaceController *workspaces = controller(*window);
        QVERIFY(workspaces->saveTo(path, true));
        const QByteArray saved = readAll(path);
        savedQuery = window->document()->scenario().query(0, 0);
        QVERIFY(savedQuery != 0.75);
        QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.75));
        side = workspaces->autosave();
        QVERIFY(!side.isEmpty());
        QVERIFY(QFileInfo(side) != QFileInfo(path));
        QCOMPARE(readAll(path), saved); // the user's file changes only on Save
        QVERIFY(window->isWindowModified());
        QCOMPARE(workspaces->currentFile(), QFileInfo(path).absoluteFilePath());
        const QJsonObject autosaved = QJsonDocument::fromJson(readAll(side)).object();
        QCOMPARE(autosaved.value(QStringLiteral("autosave_of")).toString(),
                 QFileInfo(path).absoluteFilePath());
        // Discard is still possible: the saved version is there and the autosave goes.
        QCOMPARE(closeAnswering(*window, QMessageBox::Discard), Closing::Closed);
        QCOMPARE(readAll(path), saved);
        QVERIFY(!QFileInfo::exists(side));
    }
    auto window = makeWindow();
    QVERIFY(controller(*window)->restoreLast()); // the saved file, nothing to recover
    QCOMPARE(window->document()->scenario().query(0, 0), savedQuery);
    QVERIFY(!window->isWindowModified());
}

void TestAutosave::recoveredWorkStaysUnsaved()
{
    const QString path = m_dir->filePath(QStringLiteral("mine.attnlab"));
    QString side;
    {
        auto window = makeWindow();
        QVERIFY(controller(*window)->saveTo(path, true));
        QVERIFY(window->document()->setCell(TensorRole::Value, 1, 0, 0.625));
        side = controller(*window)->autosave();
        QVERIFY(!side.isEmpty());
    } // a crash: the window never closed
    const QByteArray saved = readAll(path);
    for (int start = 0; start < 2; ++start) { // a second crash after the recovery keeps it too
        auto window = makeWindow();
        WorkspaceController *workspaces = controller(*window);
        QVERIFY(workspaces->restoreLast());
        QCOMPARE(window->document()->scenario().value(1, 0), 0.625);
        QVERIFY(window->isWindowModified());
        QVERIFY(workspaces->isModified());
        QCOMPARE(workspaces->currentFile(), QFileInfo(path).absoluteFilePath()); // Save writes it
        QVERIFY2(window->windowTitle().startsWith(QStringLiteral("mine[*]")),
                 qPrintable(window->windowTitle()));
        QCOMPARE(workspaces->autosavePath(), side); // the window's own autosave now
        QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("Recovered")),
                 qPrintable(window->statusBar()->currentMessage()));
        QCOMPARE(readAll(path), saved);
        QVERIFY(QFileInfo::exists(side));
    }
    auto window = makeWindow();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(controller(*window)->restoreLast());
    // Quit asks, and Cancel keeps the work and its autosave.
    QCOMPARE(closeAnswering(*window, QMessageBox::Cancel), Closing::KeptOpen);
    QVERIFY(window->isVisible());
    QVERIFY(QFileInfo::exists(side));
    // Save writes the workspace it belongs to; the autosave then goes.
    QVERIFY(controller(*window)->saveTo(controller(*window)->currentFile(), true));
    QVERIFY(!QFileInfo::exists(side));
    QVERIFY(!window->isWindowModified());
    auto again = makeWindow();
    QVERIFY(controller(*again)->restoreLast());
    QCOMPARE(again->document()->scenario().value(1, 0), 0.625);
    QVERIFY(!again->isWindowModified());
}

void TestAutosave::twoWindowsKeepTheirOwnAutosaves()
{
    auto first = makeWindow();
    auto second = makeWindow();
    first->show();
    QVERIFY(QTest::qWaitForWindowExposed(first.get()));
    QVERIFY(first->document()->setCell(TensorRole::Query, 0, 0, 0.25));
    QVERIFY(second->document()->setCell(TensorRole::Query, 0, 0, 0.5));
    const QString firstPath = controller(*first)->autosave();
    const QString secondPath = controller(*second)->autosave();
    QVERIFY(!firstPath.isEmpty() && !secondPath.isEmpty());
    QVERIFY(firstPath != secondPath);
    QCOMPARE(attn::ui::readWorkspaceFile(firstPath, attn::lessons::knownViews()).scenario.query(0, 0), 0.25);
    QCOMPARE(attn::ui::readWorkspaceFile(secondPath, attn::lessons::knownViews()).scenario.query(0, 0), 0.5);
    // Both windows run: neither file is an orphan, and a third window recovers neither.
    QVERIFY(attn::ui::AutosaveStore::orphans(controller(*first)->autosaveFolders()).empty());
    {
        auto third = makeWindow();
        QVERIFY(!controller(*third)->restoreLast());
        QVERIFY(!third->isWindowModified());
    }
    // The first quits with Discard: its own file goes, the second's stays and keeps being written.
    QCOMPARE(closeAnswering(*first, QMessageBox::Discard), Closing::Closed);
    QVERIFY(!QFileInfo::exists(firstPath));
    QVERIFY(QFileInfo::exists(secondPath));
    QVERIFY(second->document()->setCell(TensorRole::Query, 0, 0, 0.375));
    QCOMPARE(controller(*second)->autosave(), secondPath);
    QCOMPARE(attn::ui::readWorkspaceFile(secondPath, attn::lessons::knownViews()).scenario.query(0, 0),
             0.375);
}

void TestAutosave::orphanOnlyWhenItsWindowIsGone()
{
    QVERIFY(QDir().mkpath(autosaveFolder()));
    const QDir folder(autosaveFolder());
    auto window = makeWindow();
    QVERIFY(controller(*window)->saveTo(folder.filePath(QStringLiteral("autosave-live.attnlab")), true));
    QVERIFY(QFile::copy(folder.filePath(QStringLiteral("autosave-live.attnlab")),
                        folder.filePath(QStringLiteral("autosave-dead.attnlab"))));
    // A running owner (this process) holds the lock of one; the other has no lock at all, as
    // after a crash once the lock's process is gone (tests/cli/tst_cliautosave.cpp kills a real one).
    QLockFile live(folder.filePath(QStringLiteral("autosave-live.lock")));
    live.setStaleLockTime(0);
    QVERIFY(live.tryLock(0));
    const auto orphans = attn::ui::AutosaveStore::orphans({autosaveFolder()});
    QCOMPARE(orphans.size(), std::size_t{1});
    QCOMPARE(QFileInfo(orphans.front().path).fileName(), QStringLiteral("autosave-dead.attnlab"));
    QVERIFY(
        !QFileInfo::exists(folder.filePath(QStringLiteral("autosave-dead.lock")))); // looking takes nothing
    attn::ui::AutosaveStore store({autosaveFolder()});
    QVERIFY(!store.adopt(folder.filePath(QStringLiteral("autosave-live.attnlab"))));
    QVERIFY(store.adopt(orphans.front().path));
    QVERIFY(attn::ui::AutosaveStore::orphans({autosaveFolder()}).empty()); // adopted: it has an owner again
}

void TestAutosave::autosaveFallsBackWhenItCannotWrite()
{
    // A data folder that cannot be made (its parent is a file: this holds even for root, whom a
    // read-only mode does not stop), and a fall-back folder that works.
    const QString blocker = m_dir->filePath(QStringLiteral("not-a-folder"));
    {
        QFile file(blocker);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x");
    }
    const QString fallback = m_dir->filePath(QStringLiteral("fallback"));
    auto window = makeWindow();
    WorkspaceController *workspaces = controller(*window);
    workspaces->setAutosaveFolders({blocker + QStringLiteral("/data"), fallback});
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.25));
    const QString written = workspaces->autosave();
    QCOMPARE(QFileInfo(written).absolutePath(), QFileInfo(fallback).absoluteFilePath());
    const QString notice = window->statusBar()->currentMessage();
    QVERIFY2(notice.contains(QStringLiteral("cannot write to")) && notice.contains(QStringLiteral("instead")),
             qPrintable(notice));
    // Said once: the next autosave to the same place says nothing.
    window->statusBar()->clearMessage();
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.5));
    QCOMPARE(workspaces->autosave(), written);
    QVERIFY(window->statusBar()->currentMessage().isEmpty());

    // Nowhere to write: said once, the edits stay in the window and unsaved, nothing is lost.
    workspaces->setAutosaveFolders({blocker + QStringLiteral("/data"), blocker + QStringLiteral("/tmp")});
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.75));
    QVERIFY(workspaces->autosave().isEmpty());
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("only in this window")),
             qPrintable(window->statusBar()->currentMessage()));
    window->statusBar()->clearMessage();
    QVERIFY(window->document()->setCell(TensorRole::Query, 0, 0, 0.875));
    QVERIFY(workspaces->autosave().isEmpty());
    QVERIFY(window->statusBar()->currentMessage().isEmpty());
    QVERIFY(window->isWindowModified());
    QCOMPARE(window->document()->scenario().query(0, 0), 0.875);
    // A folder that works again: written, and said so.
    workspaces->setAutosaveFolders({fallback});
    QVERIFY(!workspaces->autosave().isEmpty());
}

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
