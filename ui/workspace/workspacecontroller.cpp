#include "ui/workspace/workspacecontroller.h"

#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/windowbudget.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/lessons/lessonstage.h"
#include "ui/workspace/autosavestore.h"
#include "ui/workspace/workspacehost.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

#include <optional>

namespace attn::ui {

namespace {

const QString kRecentKey = QStringLiteral("workspace/recent");
const QString kRestoreKey = QStringLiteral("workspace/restore");
const QString kShippedSource = QStringLiteral(":/lessons");

QString fileFilter()
{
    return WorkspaceController::tr("Attention Lab workspaces (*.attnlab);;All files (*)");
}

} // namespace

WorkspaceController::WorkspaceController(WorkspaceHost *host)
    : QObject(host->hostWindow()), m_host(host), m_window(host->hostWindow()),
      m_autosaveFolders(AutosaveStore::defaultFolders()),
      m_autosave(std::make_unique<AutosaveStore>(m_autosaveFolders))
{
    createActions();
    QUndoStack *stack = m_host->document()->undoStack();
    connect(stack, &QUndoStack::cleanChanged, this, [this](bool clean) {
        // Saved, undone back to the saved state, or replaced by a file the user chose: the
        // autosave holds nothing that is not elsewhere.
        if (clean) {
            m_autosave->discard();
            m_autosaveDue = true;
        }
        updateTitle();
    });
    // Every change counts, also one merged into the last undo command (typing into one cell
    // again leaves the undo index where it was).
    connect(m_host->document(), &doc::ScenarioDocument::scenarioChanged, this,
            [this] { m_autosaveDue = true; });
    // The window's document goes before this controller when the window closes; its undo stack
    // still signals then, and the half-destroyed window must not be asked for its title.
    connect(m_host->document(), &QObject::destroyed, this, [stack, this] { stack->disconnect(this); });
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setInterval(kAutosaveMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, [this] { autosave(); });
    m_autosaveTimer->start();
    m_window->installEventFilter(this);
    updateTitle();
}

WorkspaceController::~WorkspaceController() = default;

void WorkspaceController::setAutosaveFolders(const QStringList &folders)
{
    m_autosave->discard();
    m_autosaveFolders = folders;
    m_autosave = std::make_unique<AutosaveStore>(folders);
    m_autosaveDue = true;
}

void WorkspaceController::setAutosaveInterval(int ms)
{
    m_autosaveTimer->start(ms);
}

QString WorkspaceController::autosavePath() const
{
    return m_autosave->path();
}

std::unique_ptr<QSettings> WorkspaceController::settings() const
{
    if (!m_settingsFile.isEmpty()) return std::make_unique<QSettings>(m_settingsFile, QSettings::IniFormat);
    return std::make_unique<QSettings>();
}

void WorkspaceController::setSettingsFile(const QString &path)
{
    m_settingsFile = path;
}

void WorkspaceController::createActions()
{
    auto *open = new QAction(tr("Open &workspace…"), this);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    open->setStatusTip(tr("Open a saved workspace (.attnlab): scenario, lesson step, view and settings"));
    connect(open, &QAction::triggered, this, &WorkspaceController::openInteractively);
    m_recentMenu = new QMenu(tr("Open &recent"), m_window);
    m_recentMenu->setObjectName(QStringLiteral("recentWorkspacesMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &WorkspaceController::fillRecentMenu);
    auto *save = new QAction(tr("&Save workspace"), this);
    save->setShortcut(QKeySequence::Save);
    save->setStatusTip(tr("Save the scenario, the lesson step, the view and the display settings"));
    connect(save, &QAction::triggered, this, &WorkspaceController::saveInteractively);
    auto *saveAs = new QAction(tr("Save workspace &as…"), this);
    // SaveAs is empty on some desktops (plain X11): Ctrl+Shift+S there.
    saveAs->setShortcut(QKeySequence(QKeySequence::SaveAs).isEmpty()
                            ? QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)
                            : QKeySequence(QKeySequence::SaveAs));
    saveAs->setStatusTip(tr("Save the workspace to a new file"));
    connect(saveAs, &QAction::triggered, this, &WorkspaceController::saveAsInteractively);
    m_host->addMenuActions(MenuSlot::FileWorkspace, {open, m_recentMenu->menuAction(), save, saveAs});
}

void WorkspaceController::updateTitle()
{
    const QString name =
        m_currentFile.isEmpty() ? tr("Untitled") : QFileInfo(m_currentFile).completeBaseName();
    m_window->setWindowTitle(tr("%1[*] — Attention Lab").arg(name));
    m_window->setWindowModified(isModified());
}

bool WorkspaceController::isModified() const
{
    return !m_host->document()->undoStack()->isClean();
}

Workspace WorkspaceController::capture() const
{
    const doc::ScenarioDocument &document = *m_host->document();
    const lessons::LessonNavigator &navigator = *m_host->lessonNavigator();
    Workspace workspace;
    workspace.scenario = document.scenario();
    if (navigator.isAttached() && navigator.currentLesson()) {
        workspace.lessonId = navigator.currentLesson()->id;
        workspace.lessonStep = navigator.currentStep();
        const QString source = navigator.library().source;
        if (source != kShippedSource) workspace.lessonFolder = QFileInfo(source).absoluteFilePath();
        workspace.lessonPredictions = navigator.predictions();
    }
    workspace.view = m_host->currentViewName();
    workspace.selectedQuery = document.selectedQuery();
    workspace.selectedHead = document.selectedHead();
    workspace.colorMap = AppSettings::colorMapName(AppSettings::instance().colorMap());
    workspace.decimals = AppSettings::instance().decimals();
    return workspace;
}

bool WorkspaceController::apply(const Workspace &workspace, QString *error)
{
    const auto refuse = [error](const QString &message) {
        if (error) *error = message;
        return false;
    };
    // 1. Check everything before changing anything: the scenario computes, the lesson exists.
    try {
        // The document refuses what the window cannot show: checked here, before anything changes.
        if (const QString tooLarge = doc::windowSizeProblem(validate(workspace.scenario));
            !tooLarge.isEmpty())
            return refuse(tr("The window cannot show the workspace's scenario: %1").arg(tooLarge));
        (void)attend(workspace.scenario);
    } catch (const std::exception &e) {
        return refuse(tr("The workspace's scenario cannot be computed: %1").arg(QString::fromUtf8(e.what())));
    }
    lessons::LessonNavigator *navigator = m_host->lessonNavigator();
    std::optional<lessons::LessonLibrary> library;
    if (!workspace.lessonId.isEmpty()) {
        const QString wanted = workspace.lessonFolder.isEmpty() ? kShippedSource : workspace.lessonFolder;
        const QString current = navigator->library().source;
        const bool same = current == wanted || (!workspace.lessonFolder.isEmpty() &&
                                                QFileInfo(current).absoluteFilePath() == wanted);
        if (!same)
            library = workspace.lessonFolder.isEmpty() ? lessons::loadShippedLessons()
                                                       : lessons::loadLessons(workspace.lessonFolder);
        const lessons::LessonLibrary &lessonsToUse = library ? *library : navigator->library();
        const lessons::Lesson *lesson = lessonsToUse.find(workspace.lessonId);
        if (!lesson)
            return refuse(
                tr("The workspace's lesson “%1” is not among the lessons of %2.")
                    .arg(workspace.lessonId, workspace.lessonFolder.isEmpty()
                                                 ? tr("Attention Lab")
                                                 : QDir::toNativeSeparators(workspace.lessonFolder)));
        if (workspace.lessonStep >= static_cast<int>(lesson->steps.size()))
            return refuse(tr("Lesson “%1” has %2 steps; the workspace names step %3.")
                              .arg(workspace.lessonId)
                              .arg(lesson->steps.size())
                              .arg(workspace.lessonStep + 1));
    }

    // 2. The lesson step first: opening it loads the step's scenario, shows its view and resets
    //    the view's controls. The user already agreed to leave the current scenario.
    doc::ScenarioDocument *document = m_host->document();
    document->undoStack()->setClean();
    if (library) navigator->setLibrary(std::move(*library));
    if (!workspace.lessonId.isEmpty()) {
        m_host->openLesson(workspace.lessonId, workspace.lessonStep);
    } else {
        navigator->detach();
        lessons::applyControls(nullptr, *m_host->editorView());
    }
    // 3. Then the saved scenario replaces the step's, and the selection and view follow it.
    QString loadError;
    if (!document->load(workspace.scenario, &loadError)) return refuse(loadError); // checked above
    document->setSelectedHead(workspace.selectedHead);
    document->setSelectedQuery(workspace.selectedQuery);
    if (!workspace.lessonId.isEmpty() && !workspace.lessonPredictions.empty())
        navigator->setPredictions(workspace.lessonPredictions);
    m_host->showView(workspace.view);
    AppSettings::instance().setColorMap(AppSettings::colorMapFromName(workspace.colorMap));
    AppSettings::instance().setDecimals(workspace.decimals);
    m_autosaveDue = true;
    updateTitle();
    return true;
}

bool WorkspaceController::openFile(const QString &path, bool quiet)
{
    QString error;
    try {
        const Workspace workspace = readWorkspaceFile(path, lessons::knownViews());
        if (apply(workspace, &error)) {
            m_currentFile = QFileInfo(path).absoluteFilePath();
            addRecent(m_currentFile);
            setRestorePath(m_currentFile);
            updateTitle();
            m_window->statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)));
            return true;
        }
        error = tr("%1: %2").arg(QDir::toNativeSeparators(path), error);
    } catch (const WorkspaceError &e) {
        error = e.message();
    }
    if (!quiet) QMessageBox::warning(m_window, tr("Cannot open workspace"), error);
    return false;
}

bool WorkspaceController::saveTo(const QString &path, bool quiet)
{
    QString error;
    if (!writeWorkspaceFile(path, capture(), &error)) {
        if (!quiet) QMessageBox::warning(m_window, tr("Cannot save workspace"), error);
        return false;
    }
    m_currentFile = QFileInfo(path).absoluteFilePath();
    m_host->document()->undoStack()->setClean();
    m_autosaveDue = true;
    addRecent(m_currentFile);
    setRestorePath(m_currentFile);
    updateTitle();
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

QStringList WorkspaceController::recentFiles() const
{
    return settings()->value(kRecentKey).toStringList();
}

void WorkspaceController::addRecent(const QString &path)
{
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) recent.removeLast();
    settings()->setValue(kRecentKey, recent);
}

bool WorkspaceController::openRecent(const QString &path, bool quiet)
{
    if (!QFileInfo(path).isFile()) {
        QStringList recent = recentFiles();
        recent.removeAll(path);
        settings()->setValue(kRecentKey, recent);
        if (!quiet)
            QMessageBox::information(m_window, tr("Workspace not found"),
                                     tr("%1 no longer exists; it was removed from the recent list.")
                                         .arg(QDir::toNativeSeparators(path)));
        return false;
    }
    if (!quiet && !maybeSave()) return false;
    return openFile(path, quiet);
}

void WorkspaceController::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentFiles();
    for (int i = 0; i < recent.size(); ++i) {
        const QString path = recent.at(i);
        QAction *action = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()),
                                                  this, [this, path] { openRecent(path); });
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (recent.isEmpty()) m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
}

QString WorkspaceController::autosave()
{
    if (!isModified() || !m_autosaveDue) return {};
    Workspace workspace = capture();
    workspace.autosaveOf = m_currentFile;
    QString notice;
    const bool written = m_autosave->write(workspaceText(workspace), &notice);
    if (!notice.isEmpty()) m_window->statusBar()->showMessage(notice);
    if (!written) return {};
    m_autosaveDue = false;
    return m_autosave->path();
}

void WorkspaceController::setRestorePath(const QString &path)
{
    settings()->setValue(kRestoreKey, path);
}

bool WorkspaceController::recover(const QString &path)
{
    const auto fail = [this, &path](const QString &reason) {
        m_window->statusBar()->showMessage(
            tr("Cannot recover the autosave %1: %2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    };
    Workspace workspace;
    try {
        workspace = readWorkspaceFile(path, lessons::knownViews());
    } catch (const WorkspaceError &e) {
        return fail(e.message());
    }
    QString error;
    if (!apply(workspace, &error)) return fail(error);
    const QDateTime written = QFileInfo(path).lastModified();
    m_currentFile = workspace.autosaveOf;
    QUndoStack *stack = m_host->document()->undoStack();
    stack->resetClean(); // unsaved until the user saves or discards it
    m_autosave->adopt(path);
    m_autosaveDue = false; // the file holds what is on screen
    updateTitle();
    m_window->statusBar()->showMessage(
        tr("Recovered the unsaved work of a window that did not close (autosaved %1): save it, or "
           "discard it when you quit.")
            .arg(QLocale().toString(written, QLocale::ShortFormat)));
    return true;
}

bool WorkspaceController::restoreLast()
{
    for (const AutosaveStore::Orphan &orphan : AutosaveStore::orphans(m_autosaveFolders))
        if (recover(orphan.path)) return true;
    const QString path = settings()->value(kRestoreKey).toString();
    if (path.isEmpty() || !QFileInfo(path).isFile()) return false;
    // An older version pointed the record at its autosave: that one was recovered above, if at all.
    for (const QString &folder : std::as_const(m_autosaveFolders))
        if (QFileInfo(path).absolutePath() == QFileInfo(folder).absoluteFilePath()) return false;
    return openFile(path, true);
}

void WorkspaceController::openInteractively()
{
    if (!maybeSave()) return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open workspace"),
                                                      QFileInfo(m_currentFile).absolutePath(), fileFilter());
    if (!path.isEmpty()) openFile(path);
}

bool WorkspaceController::saveInteractively()
{
    if (m_currentFile.isEmpty()) return saveAsInteractively();
    return saveTo(m_currentFile);
}

bool WorkspaceController::saveAsInteractively()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save workspace"), m_currentFile, fileFilter());
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".attnlab");
    return saveTo(path);
}

bool WorkspaceController::maybeSave()
{
    if (!isModified()) return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Save your workspace?"),
        tr("The workspace “%1” has unsaved changes.")
            .arg(m_currentFile.isEmpty() ? tr("Untitled") : QFileInfo(m_currentFile).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) return saveInteractively();
    return answer == QMessageBox::Discard;
}

bool WorkspaceController::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Close) {
        if (!maybeSave()) {
            event->ignore();
            return true;
        }
        // A clean end: the next start reopens the saved file (or the lesson position), not an
        // autosave of edits the user just discarded.
        m_autosave->discard();
        setRestorePath(m_currentFile);
    }
    return QObject::eventFilter(watched, event);
}

} // namespace attn::ui
