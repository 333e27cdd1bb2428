// Copy, paste and CSV files for one matrix table of the Q/K/V editor (Q, K, V or S).
#pragma once

#include "ui/document/matrixblocks.h"

#include <QObject>
#include <QRect>

class QAction;
class QMenu;
class QTableView;
class QWidget;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

/// Attached to a table over matrix `kind` of a document: Ctrl+C copies the selected rectangle
/// as tab-separated exact numbers, Ctrl+V pastes spreadsheet text at the current cell (the
/// selection's top-left) as ONE undoable edit, and the table's context menu offers Copy, Paste,
/// "Copy table as TSV", "Import from CSV…" and "Export as CSV…". A refused paste or import
/// (not a number, NaN/Inf, ragged rows, a block that does not fit, a wrong shape, a table
/// locked by the lesson or showing computed logits) changes nothing and sends refused() with
/// one sentence; the table is read-only when its edit triggers are NoEditTriggers.
class MatrixClipboard : public QObject {
    Q_OBJECT

public:
    /// Attaches to `table` (which becomes the parent); `document` is not owned.
    MatrixClipboard(doc::ScenarioDocument *document, doc::MatrixKind kind, QTableView *table);

    doc::MatrixKind kind() const { return m_kind; }
    QAction *copyAction() const { return m_copy; }
    QAction *pasteAction() const { return m_paste; }
    QAction *copyTableAction() const { return m_copyTable; }
    QAction *importAction() const { return m_import; }
    QAction *exportAction() const { return m_export; }

    /// The context menu of the table (a new menu owned by `parent`).
    QMenu *createContextMenu(QWidget *parent);

    /// The selected rectangle in (column, row) cells: the bounding box of the selection, else
    /// the current cell, else the whole table.
    QRect selectedBlock() const;

    /// Puts the selected rectangle on the clipboard as TSV and returns the text.
    QString copySelection();
    /// Puts the whole matrix on the clipboard as TSV and returns the text.
    QString copyTable();

    /// Pastes the clipboard's text (see pasteText).
    bool paste();
    /// Pastes spreadsheet text with its top-left at the selection's top-left (or the current
    /// cell, or (0, 0)). Returns false, changing nothing, and sends refused() when refused.
    bool pasteText(const QString &text);

    /// Replaces the matrix by the CSV file at `path` (same shape required), one undoable edit.
    /// Returns false, changing nothing, with lastMessage() naming the file and the reason.
    bool importCsv(const QString &path);
    /// Writes the matrix to `path` as CSV with a header row of labels, atomically (QSaveFile).
    /// Returns false with lastMessage() naming the file and the reason.
    bool exportCsv(const QString &path);
    /// Asks for a file, imports it; a refusal is shown in a message box.
    void importCsvInteractively();
    /// Asks for a file, exports to it; a failure is shown in a message box.
    void exportCsvInteractively();

    /// True when the table accepts edits; else *why says why (locked, or computed logits).
    bool isWritable(QString *why = nullptr) const;

    /// The message of the last refusal or failure (empty after a success).
    QString lastMessage() const { return m_lastMessage; }

signals:
    /// A paste or an import was refused, or a file could not be written; nothing changed.
    void refused(const QString &message);
    /// A one-line report of a success, for a status bar ("Pasted 2×3 into K").
    void done(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Stores `message`, sends refused() and returns false.
    bool refuse(const QString &message);
    void showContextMenu(const QPoint &pos);

    doc::ScenarioDocument *m_document;
    doc::MatrixKind m_kind;
    QTableView *m_table;
    QWidget *m_viewport = nullptr; ///< m_table's viewport, kept for the event filter
    QAction *m_copy = nullptr;
    QAction *m_paste = nullptr;
    QAction *m_copyTable = nullptr;
    QAction *m_import = nullptr;
    QAction *m_export = nullptr;
    QString m_lastMessage;
};

} // namespace attn::ui
