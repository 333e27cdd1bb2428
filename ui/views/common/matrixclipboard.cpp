#include "ui/views/common/matrixclipboard.h"
#include "ui/base/savefile.h"
#include "ui/document/boundedread.h"
#include "ui/document/filekind.h"

#include "ui/document/matrixcsv.h"
#include "ui/document/scenariodocument.h"

#include <QAction>
#include <QChildEvent>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>

namespace attn::ui {

namespace {

constexpr qint64 kMaxCsvBytes = 16 * 1024 * 1024; // far above any matrix a lesson can show

} // namespace

MatrixClipboard::MatrixClipboard(doc::ScenarioDocument *document, doc::MatrixKind kind, QTableView *table)
    : QObject(table), m_document(document), m_kind(kind), m_table(table)
{
    const QString name = doc::matrixName(kind);
    m_copy = new QAction(tr("&Copy"), this);
    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetShortcut);
    m_copy->setStatusTip(tr("Copy the selected cells of %1 as tab-separated numbers (exact)").arg(name));
    m_paste = new QAction(tr("&Paste"), this);
    m_paste->setShortcut(QKeySequence::Paste);
    m_paste->setShortcutContext(Qt::WidgetShortcut);
    m_paste->setStatusTip(
        tr("Paste cells from a spreadsheet into %1, starting at the current cell (one undoable edit)")
            .arg(name));
    m_copyTable = new QAction(tr("Copy table as &TSV"), this);
    m_copyTable->setStatusTip(tr("Copy all of %1 as tab-separated numbers (exact)").arg(name));
    m_import = new QAction(tr("&Import from CSV…"), this);
    m_import->setStatusTip(tr("Replace %1 by the numbers of a CSV file of the same shape").arg(name));
    m_export = new QAction(tr("&Export as CSV…"), this);
    m_export->setStatusTip(tr("Write %1 to a CSV file (a header row of labels, exact numbers)").arg(name));
    connect(m_copy, &QAction::triggered, this, [this] { copySelection(); });
    connect(m_paste, &QAction::triggered, this, [this] { paste(); });
    connect(m_copyTable, &QAction::triggered, this, [this] { copyTable(); });
    connect(m_import, &QAction::triggered, this, &MatrixClipboard::importCsvInteractively);
    connect(m_export, &QAction::triggered, this, &MatrixClipboard::exportCsvInteractively);

    table->installEventFilter(this);
    // Cell editors are created in the viewport: watch them too, so that Ctrl+V of several cells
    // in an open editor pastes the block instead of putting tabs into one cell.
    m_viewport = table->viewport();
    m_viewport->installEventFilter(this);
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(table, &QWidget::customContextMenuRequested, this, &MatrixClipboard::showContextMenu);
}

QMenu *MatrixClipboard::createContextMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->addAction(m_copy);
    menu->addAction(m_paste);
    menu->addAction(m_copyTable);
    menu->addSeparator();
    menu->addAction(m_import);
    menu->addAction(m_export);
    const bool writable = isWritable();
    m_paste->setEnabled(writable);
    m_import->setEnabled(writable);
    return menu;
}

void MatrixClipboard::showContextMenu(const QPoint &pos)
{
    QMenu *menu = createContextMenu(m_table);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_table->viewport()->mapToGlobal(pos));
    // Re-enable the shortcuts' actions once the menu is gone: paste() checks again anyway.
    connect(menu, &QMenu::aboutToHide, this, [this] {
        m_paste->setEnabled(true);
        m_import->setEnabled(true);
    });
}

bool MatrixClipboard::eventFilter(QObject *watched, QEvent *event)
{
    // m_viewport, not m_table->viewport(): filters still run while the table is being destroyed.
    if (watched == m_viewport && event->type() == QEvent::ChildAdded) {
        if (QObject *child = static_cast<QChildEvent *>(event)->child(); child && child->isWidgetType())
            child->installEventFilter(this); // a cell editor
        return false;
    }
    const bool key = event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress;
    if (key && watched != m_table && watched->parent() == m_viewport) {
        // In an open cell editor, only a paste of several cells is ours; the rest is the editor's.
        if (!static_cast<QKeyEvent *>(event)->matches(QKeySequence::Paste)) return false;
        const QString text = QGuiApplication::clipboard()->text().trimmed();
        if (!text.contains(QLatin1Char('\t')) && !text.contains(QLatin1Char('\n'))) return false;
        event->accept();
        if (event->type() == QEvent::KeyPress) paste(); // a successful paste closes the editor
        return true;
    }
    if (watched == m_table && key) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool copy = key->matches(QKeySequence::Copy);
        const bool paste = key->matches(QKeySequence::Paste);
        if (copy || paste) {
            // Claim the keys before a window-wide shortcut does; act on the key press.
            event->accept();
            if (event->type() == QEvent::KeyPress) {
                if (copy)
                    copySelection();
                else
                    this->paste();
            }
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

QRect MatrixClipboard::selectedBlock() const
{
    const int rows = m_table->model()->rowCount();
    const int columns = m_table->model()->columnCount();
    QRect block;
    if (QItemSelectionModel *selection = m_table->selectionModel()) {
        for (const QModelIndex &index : selection->selectedIndexes())
            block |= QRect(index.column(), index.row(), 1, 1);
    }
    if (block.isEmpty() && m_table->currentIndex().isValid())
        block = QRect(m_table->currentIndex().column(), m_table->currentIndex().row(), 1, 1);
    if (block.isEmpty()) block = QRect(0, 0, columns, rows);
    return block;
}

QString MatrixClipboard::copySelection()
{
    const Matrix values = doc::matrixValues(*m_document, m_kind);
    const QRect block =
        selectedBlock() & QRect(0, 0, static_cast<int>(values.cols()), static_cast<int>(values.rows()));
    const QString text =
        block.isEmpty() ? QString()
                        : doc::formatTsv(values.block(block.y(), block.x(), block.height(), block.width()));
    QGuiApplication::clipboard()->setText(text);
    emit done(tr("Copied %1×%2 of %3").arg(block.height()).arg(block.width()).arg(doc::matrixName(m_kind)));
    return text;
}

QString MatrixClipboard::copyTable()
{
    const Matrix values = doc::matrixValues(*m_document, m_kind);
    const QString text = doc::formatTsv(values);
    QGuiApplication::clipboard()->setText(text);
    emit done(
        tr("Copied all of %1 (%2×%3)").arg(doc::matrixName(m_kind)).arg(values.rows()).arg(values.cols()));
    return text;
}

bool MatrixClipboard::isWritable(QString *why) const
{
    if (!doc::isMatrixWritable(*m_document, m_kind, why)) return false;
    if (m_table->editTriggers() == QAbstractItemView::NoEditTriggers) {
        if (why) *why = tr("%1 is locked in this step of the lesson").arg(doc::matrixName(m_kind));
        return false;
    }
    return true;
}

bool MatrixClipboard::refuse(const QString &message)
{
    m_lastMessage = message;
    emit refused(message);
    return false;
}

bool MatrixClipboard::paste()
{
    return pasteText(QGuiApplication::clipboard()->text());
}

bool MatrixClipboard::pasteText(const QString &text)
{
    const QString name = doc::matrixName(m_kind);
    const auto refusal = [&](const QString &reason) {
        return refuse(tr("Paste into %1 refused: %2. Nothing changed.").arg(name, reason));
    };
    QString why;
    if (!isWritable(&why)) return refusal(why);
    const std::optional<Matrix> block = doc::parseClipboardMatrix(text, &why);
    if (!block) return refusal(tr("in the pasted text, %1").arg(why));
    const QRect selection = selectedBlock();
    const int row = selection.isEmpty() ? 0 : selection.y();
    const int column = selection.isEmpty() ? 0 : selection.x();
    if (!doc::pasteMatrixBlock(*m_document, m_kind, row, column, *block, &why)) return refusal(why);
    // The edit reset the model: select the pasted block, so the learner sees what changed.
    QAbstractItemModel *model = m_table->model();
    const QModelIndex topLeft = model->index(row, column);
    const QModelIndex bottomRight =
        model->index(row + static_cast<int>(block->rows()) - 1, column + static_cast<int>(block->cols()) - 1);
    if (topLeft.isValid() && bottomRight.isValid() && m_table->selectionModel()) {
        // Without opening an editor on the new current cell (the table may edit on CurrentChanged).
        const QAbstractItemView::EditTriggers triggers = m_table->editTriggers();
        m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        m_table->selectionModel()->setCurrentIndex(topLeft, QItemSelectionModel::NoUpdate);
        m_table->selectionModel()->select(QItemSelection(topLeft, bottomRight),
                                          QItemSelectionModel::ClearAndSelect);
        m_table->setEditTriggers(triggers);
    }
    m_lastMessage.clear();
    emit done(tr("Pasted %1×%2 into %3").arg(block->rows()).arg(block->cols()).arg(name));
    return true;
}

bool MatrixClipboard::importCsv(const QString &path)
{
    const QString name = doc::matrixName(m_kind);
    const QString file = doc::printableFileName(path);
    const auto refusal = [&](const QString &reason) {
        return refuse(tr("Cannot import %1 from “%2”: %3. Nothing changed.").arg(name, file, reason));
    };
    QString why;
    if (!isWritable(&why)) return refusal(why);
    // Only a regular file, and bounded by the bytes actually read: /dev/zero has size 0 and no end.
    const doc::BoundedRead read = doc::readFileBounded(path, kMaxCsvBytes);
    if (read.status == doc::BoundedRead::Status::TooLarge)
        return refusal(tr("the file is larger than 16 MiB"));
    if (read.status == doc::BoundedRead::Status::NotAFile)
        return refusal(tr("it is %1, not a file").arg(read.kind));
    if (!read.ok()) return refusal(read.reason);
    QString text = QString::fromUtf8(read.bytes);
    if (text.startsWith(QChar(0xFEFF))) text.remove(0, 1); // a spreadsheet's byte order mark
    const std::optional<Matrix> values = doc::parseCsvMatrix(text, &why);
    if (!values) return refusal(why);
    if (!doc::importMatrix(*m_document, m_kind, *values, &why)) return refusal(why);
    m_lastMessage.clear();
    emit done(tr("Imported %1 from %2").arg(name, QFileInfo(path).fileName()));
    return true;
}

bool MatrixClipboard::exportCsv(const QString &path)
{
    const QString name = doc::matrixName(m_kind);
    const Matrix values = doc::matrixValues(*m_document, m_kind);
    const QString text = doc::formatCsv(values, doc::matrixColumnLabels(*m_document, m_kind));
    QString reason;
    if (!saveFileAtomically(path, text.toUtf8(), &reason))
        return refuse(tr("Cannot export %1 to “%2”: %3.").arg(name, QDir::toNativeSeparators(path), reason));
    m_lastMessage.clear();
    emit done(tr("Exported %1 (%2×%3) to %4").arg(name).arg(values.rows()).arg(values.cols()).arg(path));
    return true;
}

void MatrixClipboard::importCsvInteractively()
{
    const QString name = doc::matrixName(m_kind);
    QString why;
    if (!isWritable(&why)) {
        QMessageBox::warning(m_table->window(), tr("Import %1").arg(name), why + QLatin1Char('.'));
        return;
    }
    const QString path =
        QFileDialog::getOpenFileName(m_table->window(), tr("Import %1 from CSV").arg(name), QString(),
                                     tr("CSV files (*.csv *.txt);;All files (*)"));
    if (path.isEmpty()) return;
    if (!importCsv(path)) QMessageBox::warning(m_table->window(), tr("Import %1").arg(name), m_lastMessage);
}

void MatrixClipboard::exportCsvInteractively()
{
    const QString name = doc::matrixName(m_kind);
    const QString path = QFileDialog::getSaveFileName(m_table->window(), tr("Export %1 as CSV").arg(name),
                                                      name + QStringLiteral(".csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    if (!exportCsv(path)) QMessageBox::warning(m_table->window(), tr("Export %1").arg(name), m_lastMessage);
}

} // namespace attn::ui
