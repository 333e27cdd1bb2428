#include "ui/shell/mainwindow.h"

#include "ui/base/fitscrollarea.h"
#include "ui/bench/performancepanel.h"
#include "ui/document/boundedread.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/document/windowbudget.h"
#include "ui/io/tensorscenario.h"
#include "ui/lessons/lessonloader.h"
#include "ui/lessons/lessonnavigator.h"
#include "ui/lessons/lessonstage.h"
#include "ui/lessons/predictioncover.h"
#include "ui/plots/figureexport.h"
#include "ui/shell/accessactions.h"
#include "ui/shell/computeprogress.h"
#include "ui/shell/figureactions.h"
#include "ui/shell/figureonlymode.h"
#include "ui/shell/screenfit.h"
#include "ui/shell/tensoractions.h"
#include "ui/shell/tensorimport.h"
#include "ui/views/qkv/qkveditorview.h"
#include "ui/views/sentence/sentencearcsview.h"
#include "ui/views/viewregistry.h"
#include "ui/workspace/preferencesdialog.h"
#include "ui/workspace/workspacecontroller.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

#include <utility>

namespace attn::ui {

namespace {

const QSize kFigureSize(800, 600);

/// The "comment" of the scenario file at `path` (the reader ignores it), or empty.
QString fileComment(const QString &path)
{
    // The same limit as the scenario reader's, which read this file just before.
    const doc::BoundedRead read = doc::readFileBounded(path, qint64{16} << 20);
    return QJsonDocument::fromJson(read.bytes).object().value(QStringLiteral("comment")).toString();
}

} // namespace

MainWindow::MainWindow(const QString &presetId, QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Attention Lab"));
    m_document = new doc::ScenarioDocument(this);
    m_view = new QkvEditorView(m_document, this);
    // One page per lesson view, in lessons::knownViews() order: the editor, then the figure views.
    m_views = new QStackedWidget(this);
    // Each page in a scroll area: the window may be narrower or lower than a page's controls ask
    // (a 1280 × 720 projector, presentation mode's fonts); the page scrolls, the window fits.
    m_views->addWidget(new FitScrollArea(m_view));
    for (const FigureViewInfo &info : figureViews()) {
        FigureView *view = info.create(m_document, this);
        connect(view, &FigureView::viewRequested, this, [this](const QString &name) { showView(name); });
        m_figureViews.push_back(view);
        m_views->addWidget(new FitScrollArea(view));
    }
    m_sentenceView = findChild<SentenceArcsView *>();
    setCentralWidget(m_views);
    createActions();
    new TensorActions(this); // File: save scenario as, import/export a matrix as CSV
    new TensorImport(this);  // File: open tensors, export as Python; drag and drop of files
    createLessonDock();
    new ComputeProgress(m_document, statusBar()); // a large scenario computes in the background
    connect(m_document, &doc::ScenarioDocument::loaded, this, [this] {
        if (!m_loadingPath.isEmpty()) scenarioFileOpened(std::exchange(m_loadingPath, QString()));
    });
    connect(m_document, &doc::ScenarioDocument::loadRefused, this, [this](const QString &reason) {
        const QString path = std::exchange(m_loadingPath, QString());
        QMessageBox::warning(
            this, tr("Cannot open scenario"),
            tr("%1\n\n%2")
                .arg(QDir::toNativeSeparators(path),
                     tr("The file is a valid scenario, but its attention cannot be computed:\n%1")
                         .arg(reason)));
    });

    if (!loadPreset(presetId)) {
        const QString reason = statusBar()->currentMessage();
        loadPreset(QStringLiteral("worked-example"));
        statusBar()->showMessage(reason);
    }
    new WorkspaceController(this); // File → workspaces, autosave, title
    new FigureActions(this);       // File → Export figure…, lesson figures; Edit → Copy figure
    addPreferencesActions(this);   // Edit → Undo history, Preferences…
    m_figureOnly = new FigureOnlyMode(this, m_views, findChild<QMenu *>(QStringLiteral("viewMenu"))); // F11
    new AccessActions(this); // View → Show as table, High contrast, Bilingual; Help → Keys
    resize(1360, 860);
    new ScreenFit(this); // never past the screen's edge, however large the fonts
}

MainWindow::~MainWindow()
{
    // Closing the window makes an open cell editor commit to the document: its signals must not
    // reach this half-destroyed window (the views, its children, are still whole then).
    QObject::disconnect(m_document, nullptr, this, nullptr);
}

void MainWindow::addMenuActions(MenuSlot slot, const QList<QAction *> &actions)
{
    const bool inFile =
        slot == MenuSlot::FileWorkspace || slot == MenuSlot::FileScenario || slot == MenuSlot::FileFigures;
    QMenu *menu = inFile ? m_fileMenu : m_editMenu;
    QAction *end = m_slotEnds[int(slot)];
    for (QAction *action : actions) {
        if (action)
            menu->insertAction(end, action);
        else
            menu->insertSeparator(end);
    }
}

void MainWindow::createActions()
{
    // The File and Edit menus are built here in a fixed order; the controllers (workspaces,
    // tensors, figures, preferences) add their actions at the slots' end markers
    // (addMenuActions), so the order never depends on who comes first. Separators collapse.
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    m_slotEnds[int(MenuSlot::FileWorkspace)] = file->addSeparator();
    QAction *open = file->addAction(tr("&Open scenario…"), this, &MainWindow::openScenario);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Load a scenario file (JSON)"));
    m_slotEnds[int(MenuSlot::FileScenario)] = file->addSeparator();
    QAction *openLessons =
        file->addAction(tr("Open &lessons folder…"), this, &MainWindow::openLessonsFolderInteractively);
    openLessons->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    openLessons->setStatusTip(
        tr("Show the lessons of a folder (yours or a teacher's) instead of the built-in ones"));
    file->addSeparator();
    m_slotEnds[int(MenuSlot::FileFigures)] = file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q)); // QKeySequence::Quit is empty on some platforms
    m_fileMenu = file;

    // Undo and Redo keep a fixed text, so the toolbar buttons keep their width; the command
    // they act on is in the tooltip and the status tip.
    QUndoStack *stack = m_document->undoStack();
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = edit->addAction(tr("&Undo"), stack, &QUndoStack::undo);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = edit->addAction(tr("&Redo"), stack, &QUndoStack::redo);
    redo->setShortcut(QKeySequence::Redo);
    edit->setObjectName(QStringLiteral("editMenu"));
    edit->addSeparator();
    m_slotEnds[int(MenuSlot::EditClipboard)] = edit->addSeparator();
    m_slotEnds[int(MenuSlot::EditSettings)] = edit->addSeparator();
    m_editMenu = edit;
    const auto update = [=] {
        undo->setEnabled(stack->canUndo());
        redo->setEnabled(stack->canRedo());
        const QString undoTip = stack->canUndo() ? tr("Undo: %1").arg(stack->undoText()) : tr("Undo");
        const QString redoTip = stack->canRedo() ? tr("Redo: %1").arg(stack->redoText()) : tr("Redo");
        undo->setToolTip(undoTip);
        undo->setStatusTip(undoTip);
        redo->setToolTip(redoTip);
        redo->setStatusTip(redoTip);
    };
    connect(stack, &QUndoStack::indexChanged, this, update);
    connect(stack, &QUndoStack::undoTextChanged, this, update); // a merged edit keeps the index
    update();

    QToolBar *toolbar = addToolBar(tr("Scenario"));
    toolbar->setObjectName(QStringLiteral("scenarioToolBar"));
    toolbar->setMovable(false);
    toolbar->addWidget(new QLabel(tr(" Preset: "), toolbar));
    m_presetChooser = new QComboBox(toolbar);
    m_presetChooser->setObjectName(QStringLiteral("presetChooser"));
    m_presetChooser->setPlaceholderText(tr("(a file)"));
    m_presetChooser->setToolTip(tr("Load a prepared scenario (your edits can be undone until you switch)"));
    for (const QString &id : presetIds()) m_presetChooser->addItem(presetTitle(id), id);
    toolbar->addWidget(m_presetChooser);
    toolbar->addSeparator();
    toolbar->addAction(undo);
    toolbar->addAction(redo);
    connect(m_presetChooser, &QComboBox::activated, this, &MainWindow::onPresetChosen);
}

bool MainWindow::loadPreset(const QString &presetId)
{
    try {
        const Scenario scenario = loadPresetScenario(presetId);
        QString error;
        if (!m_document->load(scenario, &error)) throw ScenarioError("preset", error.toStdString());
        m_document->setSelectedQuery(presetFocusQuery(presetId, scenario));
    } catch (const ScenarioError &e) {
        statusBar()->showMessage(
            tr("Cannot load preset “%1”: %2").arg(presetId, QString::fromStdString(e.what())));
        return false;
    }
    m_view->setScenarioNote(presetComment(presetId));
    if (m_navigator) m_navigator->detach();
    lessons::applyControls(nullptr, *m_view);
    m_presetId = presetId;
    m_fileStem = presetId;
    const int index = m_presetChooser->findData(presetId);
    if (index >= 0) {
        const QSignalBlocker block(m_presetChooser);
        m_presetChooser->setCurrentIndex(index);
    }
    statusBar()->showMessage(QString::fromStdString(m_document->scenario().title));
    return true;
}

bool MainWindow::confirmDiscardEdits()
{
    if (m_document->undoStack()->isClean()) return true;
    return QMessageBox::question(
               this, tr("Discard your edits?"),
               tr("Loading another scenario replaces the current one and its undo history."),
               QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Discard;
}

void MainWindow::onPresetChosen(int index)
{
    const QString id = m_presetChooser->itemData(index).toString();
    if (confirmDiscardEdits()) {
        loadPreset(id);
        return;
    }
    // Cancelled: the chooser shows the scenario that is still loaded.
    const QSignalBlocker block(m_presetChooser);
    m_presetChooser->setCurrentIndex(m_presetChooser->findData(m_presetId));
}

bool MainWindow::openScenarioFile(const QString &path, QString *refusal)
{
    // A tensor file (.npy, .npz, .safetensors) opens as a scenario too (ui/shell/tensorimport.h).
    if (io::isTensorFilePath(path))
        if (auto *tensors = findChild<TensorImport *>()) return tensors->openFile(path);
    Scenario scenario;
    try {
        scenario = doc::readScenarioFile(path);
    } catch (const ScenarioError &e) {
        const QString reason = QString::fromStdString(e.what());
        if (refusal) *refusal = reason;
        QMessageBox::warning(this, tr("Cannot open scenario"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    }
    return showOpenedScenario(scenario, path, fileComment(path), refusal, true);
}

bool MainWindow::showOpenedScenario(const Scenario &scenario, const QString &path, const QString &note,
                                    QString *refusal, bool background)
{
    const auto refuse = [this, &path, refusal](const QString &reason) {
        if (refusal) *refusal = reason;
        QMessageBox::warning(this, tr("Cannot open scenario"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    };
    // A file that parses but that the window cannot show, or that cannot be computed, is refused
    // too: the current scenario stays.
    try {
        if (const QString tooLarge = doc::windowSizeProblem(validate(scenario)); !tooLarge.isEmpty())
            return refuse(
                tr("The file is a valid scenario, but the window cannot show it:\n%1").arg(tooLarge));
    } catch (const ScenarioError &) {
        // the document's load below says what is wrong
    }
    QString error;
    m_loadingPath = path;
    m_loadingNote = note;
    // A tensor file's layers are set on the document right after this returns: it loads at once.
    if (!(background ? m_document->loadInBackground(scenario, &error) : m_document->load(scenario, &error))) {
        m_loadingPath.clear();
        return refuse(
            tr("The file is a valid scenario, but its attention cannot be computed:\n%1").arg(error));
    }
    if (!m_document->computing()) scenarioFileOpened(std::exchange(m_loadingPath, QString()));
    return true;
}

void MainWindow::scenarioFileOpened(const QString &path)
{
    m_view->setScenarioNote(std::exchange(m_loadingNote, QString()));
    m_navigator->detach();
    lessons::applyControls(nullptr, *m_view);
    m_presetId.clear();
    m_fileStem = QFileInfo(path).completeBaseName();
    {
        const QSignalBlocker block(m_presetChooser);
        m_presetChooser->setPlaceholderText(tr("(a file)"));
        m_presetChooser->setCurrentIndex(-1);
    }
    const QString title = QString::fromStdString(m_document->scenario().title);
    statusBar()->showMessage(title.isEmpty() ? QDir::toNativeSeparators(path) : title);
}

void MainWindow::openScenario()
{
    if (!confirmDiscardEdits()) return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                      tr("Scenario files (*.json);;All files (*)"));
    if (!path.isEmpty()) openScenarioFile(path);
}

bool MainWindow::exportFigures(const QString &dir, const QString &format, QString *error)
{
    QStringList written;
    QString message;
    bool ok =
        exportDocumentFigures(*m_document, m_fileStem.isEmpty() ? QStringLiteral("scenario") : m_fileStem,
                              dir, format, kFigureSize, &written, &message);
    const int page = m_views->currentIndex() - 1; // 0: the Q/K/V editor
    if (ok && page >= 0 && page < static_cast<int>(m_figureViews.size())) {
        const QString path = QDir(dir).filePath(
            (m_fileStem.isEmpty() ? QStringLiteral("scenario") : m_fileStem) + QLatin1Char('-') +
            figureViews()[static_cast<std::size_t>(page)].suffix + QLatin1Char('.') + format.toLower());
        if (m_figureViews[static_cast<std::size_t>(page)]->exportTo(path, format, kFigureSize, &message))
            written << path;
        else
            ok = false;
    }
    if (error) *error = message;
    if (ok) statusBar()->showMessage(tr("Wrote %1").arg(written.join(QStringLiteral(", "))));
    return ok;
}

void MainWindow::createLessonDock()
{
    m_navigator = new lessons::LessonNavigator(m_document, this);
    m_navigator->setLibrary(lessons::loadShippedLessons());
    m_navigator->setLeaveGuard([this] { return confirmDiscardEdits(); });
    connect(m_navigator, &lessons::LessonNavigator::stepActivated, this, &MainWindow::onLessonStepActivated);
    m_predictionCover = new lessons::PredictionCover(m_views);
    connect(m_navigator, &lessons::LessonNavigator::predictionStateChanged, this,
            &MainWindow::updatePredictionCover);
    connect(m_views, &QStackedWidget::currentChanged, this, &MainWindow::updatePredictionCover);
    m_lessonDock = new QDockWidget(tr("Lessons"), this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_navigator);
    m_lessonDock->setMinimumWidth(340);
    addDockWidget(Qt::LeftDockWidgetArea, m_lessonDock);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    QAction *qkv = view->addAction(tr("&Q/K/V editor"), this, [this] { showView(QStringLiteral("qkv")); });
    qkv->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    // Ctrl+2 … Ctrl+9 for the first views, then Ctrl+Alt+1 … Ctrl+Alt+9.
    int index = 1;
    for (const FigureViewInfo &info : figureViews()) {
        const QString name = info.name;
        QAction *action = view->addAction(info.menuText, this, [this, name] { showView(name); });
        ++index;
        if (index <= 9)
            action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_0 + index)));
        else if (index <= 18)
            action->setShortcut(
                QKeySequence(Qt::CTRL | Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + index - 9)));
    }
    view->addSeparator();
    QAction *lessonDock = m_lessonDock->toggleViewAction();
    lessonDock->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    view->addAction(lessonDock);
    view->addSeparator();
    QAction *performance =
        view->addAction(tr("&Performance panel"), this, [this] { showPerformancePanel(); });
    performance->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    performance->setToolTip(tr("Time the real kernels on this machine against its FMA peak"));
    performance->setStatusTip(performance->toolTip());

    QMenu *lessonsMenu = menuBar()->addMenu(tr("&Lessons"));
    lessonsMenu->addAction(m_navigator->nextAction());
    lessonsMenu->addAction(m_navigator->backAction());
    lessonsMenu->addAction(tr("&Restart step"), m_navigator, &lessons::LessonNavigator::restartStep)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    QAction *resetProgress =
        lessonsMenu->addAction(tr("Reset &progress…"), this, [this] { resetLessonProgress(); });
    resetProgress->setObjectName(QStringLiteral("resetLessonProgress"));
    resetProgress->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    resetProgress->setStatusTip(tr("Forget which steps are done, every prediction and where you were"));
    lessonsMenu->addSeparator();
    lessonsMenu
        ->addAction(tr("&Built-in lessons"), this,
                    [this] {
                        m_navigator->setLibrary(lessons::loadShippedLessons());
                        restoreLessonPosition();
                    })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_L));
}

QString MainWindow::currentViewName() const
{
    return lessons::knownViews().value(m_views->currentIndex());
}

bool MainWindow::showView(const QString &name)
{
    const int index = static_cast<int>(lessons::knownViews().indexOf(name));
    if (index < 0 || index >= m_views->count()) return false;
    m_views->setCurrentIndex(index);
    return true;
}

PerformancePanel *MainWindow::showPerformancePanel()
{
    if (!m_performancePanel) {
        // A window of its own: the table and three plots need more room than a dock gives.
        m_performancePanel = new PerformancePanel(this);
        m_performancePanel->setWindowFlag(Qt::Window);
        m_performancePanel->resize(1400, 860);
    }
    m_performancePanel->show();
    m_performancePanel->raise();
    m_performancePanel->activateWindow();
    return m_performancePanel;
}

bool MainWindow::openLesson(const QString &id, int step)
{
    return m_navigator->openLesson(id, step);
}

bool MainWindow::openLessonOrExplain(const QString &id, int step)
{
    if (openLesson(id, step)) return true;
    const lessons::LessonLibrary &library = m_navigator->library();
    const int index = library.indexOf(id);
    QString why;
    if (index < 0) {
        QStringList ids;
        for (const lessons::Lesson &lesson : library.lessons) ids << lesson.id;
        why = tr("There is no lesson “%1”. The lessons are: %2.").arg(id, ids.join(QStringLiteral(", ")));
    } else {
        const auto steps = static_cast<int>(library.lessons[static_cast<std::size_t>(index)].steps.size());
        why = tr("Lesson “%1” has %n step(s); there is no step %2.", nullptr, steps).arg(id).arg(step + 1);
    }
    restoreLessonPosition();
    QMessageBox::warning(this, tr("No such lesson step"),
                         why + QStringLiteral("\n\n") +
                             tr("The window shows the lesson you were on instead."));
    return false;
}

void MainWindow::onLessonStepActivated()
{
    const lessons::Lesson *lesson = m_navigator->currentLesson();
    const lessons::LessonStep *step = m_navigator->currentStepData();
    if (!lesson || !step) return;
    showView(step->view);
    FigureView *figure = nullptr;
    const auto &infos = figureViews();
    for (std::size_t i = 0; i < infos.size(); ++i)
        if (infos[i].name == step->view) figure = m_figureViews[i];
    if (figure) figure->resetViewState();
    m_navigator->setActiveView(figure);
    lessons::applyControls(step, *m_view);
    m_view->setScenarioNote(step->scenarioNote);
    m_presetId.clear();
    m_fileStem = lessons::stepFigureStem(*lesson, m_navigator->currentStep());
    {
        const QSignalBlocker block(m_presetChooser);
        m_presetChooser->setPlaceholderText(tr("(a lesson)"));
        m_presetChooser->setCurrentIndex(-1);
    }
    if (!m_figureOnly || !m_figureOnly->isActive()) m_lessonDock->show();
    statusBar()->showMessage(
        tr("%1 — %2: %3").arg(lesson->title, m_navigator->stepIndicatorText(), step->title));
}

void MainWindow::updatePredictionCover()
{
    if (!m_predictionCover) return;
    const lessons::LessonStep *step = m_navigator->currentStepData();
    if (!step || !m_navigator->isAttached() || !m_navigator->isPredictionPending())
        return m_predictionCover->cover(nullptr);
    // Whichever view is shown: every one of them draws the step's weights.
    QWidget *page = pageOf(m_views->currentWidget());
    m_predictionCover->cover(page == m_view ? m_view->weightsArea() : page);
}

bool MainWindow::openLessonsFolder(const QString &dir)
{
    lessons::LessonLibrary library = lessons::loadLessons(dir);
    QStringList problems;
    for (const lessons::LessonProblem &problem : library.problems) problems << problem.toString();
    const QString listed =
        problems.mid(0, 20).join(QLatin1Char('\n')) +
        (problems.size() > 20 ? tr("\n… and %1 more").arg(problems.size() - 20) : QString());
    if (library.lessons.empty()) {
        QMessageBox::warning(
            this, tr("No lesson loaded"),
            tr("%1 holds no valid lesson.\n\n%2").arg(QDir::toNativeSeparators(dir), listed));
        return false;
    }
    if (!problems.isEmpty())
        QMessageBox::warning(this, tr("Some lessons were not loaded"),
                             tr("%n lesson file(s) have problems and were left out:\n\n", nullptr,
                                static_cast<int>(library.brokenFiles.size())) +
                                 listed);
    const QString first = library.lessons.front().id;
    m_navigator->setLibrary(std::move(library));
    return m_navigator->openLesson(first);
}

void MainWindow::openLessonsFolderInteractively()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open lessons folder"));
    if (!dir.isEmpty()) openLessonsFolder(dir);
}

} // namespace attn::ui
