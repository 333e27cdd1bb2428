#include "ui/shell/tensoractions.h"
#include "ui/base/savefile.h"

#include "ui/document/jsonnumbers.h"
#include "ui/document/scenariodocument.h"
#include "ui/document/scenariojson.h"
#include "ui/shell/mainwindow.h"
#include "ui/views/common/matrixclipboard.h"
#include "ui/views/qkv/qkveditorview.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QJsonDocument>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

#include <array>

namespace attn::ui {

TensorActions::TensorActions(MainWindow *window) : QObject(window), m_window(window)
{
    m_saveScenario = new QAction(tr("Sa&ve scenario as…"), this);
    m_saveScenario->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
    m_saveScenario->setStatusTip(tr("Write the current scenario (Q, K, V, masks, settings) to a JSON file"));
    m_importMatrix = new QAction(tr("&Import matrix from CSV…"), this);
    m_importMatrix->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importMatrix->setStatusTip(tr("Replace Q, K, V or S by the numbers of a CSV file of the same shape"));
    m_exportMatrix = new QAction(tr("E&xport matrix as CSV…"), this);
    m_exportMatrix->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_exportMatrix->setStatusTip(tr("Write Q, K, V or S to a CSV file (exact numbers)"));
    connect(m_saveScenario, &QAction::triggered, this, &TensorActions::saveScenarioInteractively);
    connect(m_importMatrix, &QAction::triggered, this, [this] {
        if (const auto kind = chooseMatrix(tr("Import matrix from CSV")))
            m_window->editorView()->matrixClipboard(*kind)->importCsvInteractively();
    });
    connect(m_exportMatrix, &QAction::triggered, this, [this] {
        if (const auto kind = chooseMatrix(tr("Export matrix as CSV")))
            m_window->editorView()->matrixClipboard(*kind)->exportCsvInteractively();
    });

    window->addMenuActions(MainWindow::MenuSlot::FileScenario,
                           {m_saveScenario, nullptr, m_importMatrix, m_exportMatrix});
    // Paste, import and export report their success in the status bar.
    for (doc::MatrixKind kind :
         {doc::MatrixKind::Query, doc::MatrixKind::Key, doc::MatrixKind::Value, doc::MatrixKind::Scores}) {
        connect(window->editorView()->matrixClipboard(kind), &MatrixClipboard::done, window,
                [window](const QString &message) { window->statusBar()->showMessage(message, 5000); });
    }
}

bool TensorActions::saveScenario(const QString &path, QString *error)
{
    const QByteArray json = doc::jsonText(doc::scenarioToJson(m_window->document()->scenario()));
    return saveFileAtomically(path, json, error);
}

void TensorActions::saveScenarioInteractively()
{
    const QString path =
        QFileDialog::getSaveFileName(m_window, tr("Save scenario as"), QStringLiteral("scenario.json"),
                                     tr("Scenario files (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveScenario(path, &error)) {
        QMessageBox::warning(m_window, tr("Cannot save scenario"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), error));
        return;
    }
    m_window->statusBar()->showMessage(tr("Saved the scenario to %1").arg(QDir::toNativeSeparators(path)),
                                       5000);
}

std::optional<doc::MatrixKind> TensorActions::chooseMatrix(const QString &title)
{
    const QStringList items = {tr("Q — queries"), tr("K — keys"), tr("V — values"),
                               tr("S — scores of the selected head")};
    bool ok = false;
    const QString item = QInputDialog::getItem(m_window, title, tr("Matrix:"), items, 0, false, &ok);
    if (!ok) return std::nullopt;
    const std::array kinds = {doc::MatrixKind::Query, doc::MatrixKind::Key, doc::MatrixKind::Value,
                              doc::MatrixKind::Scores};
    const qsizetype index = items.indexOf(item);
    if (index < 0) return std::nullopt;
    return kinds[static_cast<std::size_t>(index)];
}

} // namespace attn::ui
