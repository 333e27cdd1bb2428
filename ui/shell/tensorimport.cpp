#include "ui/shell/tensorimport.h"

#include "ui/base/savefile.h"
#include "ui/document/layerstack.h"
#include "ui/document/scenariodocument.h"
#include "ui/io/pythonexport.h"
#include "ui/io/tensorfile.h"
#include "ui/io/tensorscenario.h"
#include "ui/shell/mainwindow.h"
#include "ui/workspace/workspacecontroller.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>

namespace attn::ui {

namespace {

/// The one local file of a drag, or empty (several files, a web link, text).
QString droppedFile(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1) return {};
    const QUrl url = mime->urls().constFirst();
    return url.isLocalFile() ? url.toLocalFile() : QString();
}

} // namespace

TensorImport::TensorImport(MainWindow *window) : QObject(window), m_window(window)
{
    m_openTensors = new QAction(tr("Open &tensors…"), this);
    m_openTensors->setObjectName(QStringLiteral("openTensorsAction"));
    m_openTensors->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O));
    m_openTensors->setStatusTip(tr(
        "Open the attention of a model saved as .npy, .npz or .safetensors (Q, K, V of one or many layers)"));
    connect(m_openTensors, &QAction::triggered, this, &TensorImport::openInteractively);
    m_exportPython = new QAction(tr("Export as &Python…"), this);
    m_exportPython->setObjectName(QStringLiteral("exportPythonAction"));
    m_exportPython->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P));
    m_exportPython->setStatusTip(
        tr("Write the scenario as a NumPy script that recomputes every step and checks "
           "the app's weights and outputs to 1e-9"));
    connect(m_exportPython, &QAction::triggered, this, &TensorImport::exportPythonInteractively);
    window->addMenuActions(MenuSlot::FileScenario, {nullptr, m_openTensors, m_exportPython});
    window->setAcceptDrops(true);
    window->installEventFilter(this);
}

bool TensorImport::openFile(const QString &path)
{
    const QString name = QFileInfo(path).fileName();
    std::vector<Scenario> layers;
    try {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        const io::TensorFile file = io::readTensorFile(path);
        layers = io::scenariosFromTensorFile(file, name);
        QApplication::restoreOverrideCursor();
    } catch (const io::TensorFileError &error) {
        QApplication::restoreOverrideCursor();
        m_lastError = error.message();
        QMessageBox::warning(m_window, tr("Cannot open tensors"), m_lastError);
        return false;
    } catch (const std::bad_alloc &) {
        QApplication::restoreOverrideCursor();
        m_lastError = tr("%1: out of memory reading the tensors").arg(name);
        QMessageBox::warning(m_window, tr("Cannot open tensors"), m_lastError);
        return false;
    }
    const Scenario &first = layers.front();
    const int layerCount = int(layers.size());
    const QString note =
        layerCount > 1
            ? tr("From %1: %2 layers × %3 heads; layer 0 is shown here. View → Model shows every layer and "
                 "head; click one to open it.")
                  .arg(name)
                  .arg(layerCount)
                  .arg(first.num_query_heads)
            : tr("From %1: %2 query heads, %3 K/V heads.")
                  .arg(name)
                  .arg(first.num_query_heads)
                  .arg(first.num_kv_heads);
    if (!m_window->showOpenedScenario(first, path, note)) {
        m_lastError = tr("%1: cannot be shown or computed").arg(name);
        return false;
    }
    doc::LayerStack::of(m_window->document())
        ->setLayers(layerCount > 1 ? std::move(layers) : std::vector<Scenario>{}, 0, name);
    if (layerCount > 1) m_window->showView(QStringLiteral("model")); // a model opens on its overview
    m_lastError.clear();
    return true;
}

bool TensorImport::openDroppedFile(const QString &path)
{
    if (path.endsWith(QLatin1String(".attnlab"), Qt::CaseInsensitive)) {
        auto *workspaces = m_window->findChild<WorkspaceController *>();
        return workspaces && workspaces->openFile(path);
    }
    if (!m_window->confirmDiscardEdits()) return false;
    return io::isTensorFilePath(path) ? openFile(path) : m_window->openScenarioFile(path);
}

bool TensorImport::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
        auto *drag = static_cast<QDragMoveEvent *>(event);
        if (!droppedFile(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto *drop = static_cast<QDropEvent *>(event);
        const QString path = droppedFile(drop->mimeData());
        if (!path.isEmpty()) {
            drop->acceptProposedAction();
            openDroppedFile(path);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

bool TensorImport::exportPython(const QString &path, QString *error)
{
    const doc::ScenarioDocument *document = m_window->document();
    if (!document->traceIsCurrent()) {
        if (error) *error = tr("The scenario has no current result to check: %1").arg(document->lastError());
        return false;
    }
    const QString name = QFileInfo(path).completeBaseName();
    return saveFileAtomically(path, io::pythonScript(document->scenario(), document->trace(), name), error);
}

void TensorImport::exportPythonInteractively()
{
    const QString path =
        QFileDialog::getSaveFileName(m_window, tr("Export as Python"), QStringLiteral("scenario.py"),
                                     tr("Python scripts (*.py);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!exportPython(path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot export as Python"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return;
    }
    m_window->statusBar()->showMessage(
        tr("Wrote %1: run it with python3 (NumPy) to check every number").arg(QDir::toNativeSeparators(path)),
        8000);
}

void TensorImport::openInteractively()
{
    if (!m_window->confirmDiscardEdits()) return;
    const QString path =
        QFileDialog::getOpenFileName(m_window, tr("Open tensors"), QString(),
                                     tr("Tensor files (*.safetensors *.npz *.npy);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

} // namespace attn::ui
