#include "ui/mainwindow.h"

#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/figureexport.h"
#include "ui/views/qkveditorview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace attn::ui {

namespace {

const QSize kFigureSize(800, 600);

/// The "comment" of the scenario file at `path` (the reader ignores it), or empty.
QString fileComment(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("comment")).toString();
}

} // namespace

MainWindow::MainWindow(const QString &presetId, QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Attention Lab"));
    m_document = new doc::ScenarioDocument(this);
    m_view = new QkvEditorView(m_document, this);
    setCentralWidget(m_view);
    createActions();
    statusBar();

    if (!loadPreset(presetId)) {
        const QString reason = statusBar()->currentMessage();
        loadPreset(QStringLiteral("worked-example"));
        statusBar()->showMessage(reason);
    }
    resize(1360, 860);
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open scenario…"), this, &MainWindow::openScenario);
    open->setShortcut(QKeySequence::Open);
    open->setStatusTip(tr("Load a scenario file (JSON)"));
    QAction *exportAction =
        file->addAction(tr("&Export figures…"), this, &MainWindow::exportFiguresInteractively);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setStatusTip(tr("Write the heatmap and the bar chart as PNG, SVG or PDF"));
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    // Undo and Redo keep a fixed text, so the toolbar buttons keep their width; the command
    // they act on is in the tooltip and the status tip.
    QUndoStack *stack = m_document->undoStack();
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = edit->addAction(tr("&Undo"), stack, &QUndoStack::undo);
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = edit->addAction(tr("&Redo"), stack, &QUndoStack::redo);
    redo->setShortcut(QKeySequence::Redo);
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

bool MainWindow::openScenarioFile(const QString &path)
{
    const auto refuse = [this, &path](const QString &reason) {
        QMessageBox::warning(this, tr("Cannot open scenario"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), reason));
        return false;
    };
    Scenario scenario;
    try {
        scenario = doc::readScenarioFile(path);
    } catch (const ScenarioError &e) {
        return refuse(QString::fromStdString(e.what()));
    }
    // A file that parses but cannot be computed is refused too: the current scenario stays.
    QString error;
    if (!m_document->load(scenario, &error))
        return refuse(
            tr("The file is a valid scenario, but its attention cannot be computed:\n%1").arg(error));
    m_view->setScenarioNote(fileComment(path));
    m_presetId.clear();
    m_fileStem = QFileInfo(path).completeBaseName();
    {
        const QSignalBlocker block(m_presetChooser);
        m_presetChooser->setCurrentIndex(-1);
    }
    const QString title = QString::fromStdString(m_document->scenario().title);
    statusBar()->showMessage(title.isEmpty() ? QDir::toNativeSeparators(path) : title);
    return true;
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
    const bool ok =
        exportDocumentFigures(*m_document, m_fileStem.isEmpty() ? QStringLiteral("scenario") : m_fileStem,
                              dir, format, kFigureSize, &written, &message);
    if (error) *error = message;
    if (ok) statusBar()->showMessage(tr("Wrote %1").arg(written.join(QStringLiteral(", "))));
    return ok;
}

void MainWindow::exportFiguresInteractively()
{
    bool chosen = false;
    const QString format = QInputDialog::getItem(
        this, tr("Export figures"), tr("Format:"),
        {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}, 0, false, &chosen);
    if (!chosen) return;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export figures to"));
    if (dir.isEmpty()) return;
    QString error;
    if (!exportFigures(dir, format, &error)) QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace attn::ui
