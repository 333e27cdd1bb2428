// View → Show as table: the figure on screen as numbers, one tab per table, copyable.
#pragma once

#include "ui/base/figuretable.h"

#include <QDialog>

class QTabWidget;
class QLabel;

namespace attn::ui {

/// Shows FigureTables in read-only table widgets (one tab each, captioned); Copy (Ctrl+C) puts the
/// current tab on the clipboard as tab-separated text with its headers.
class FigureTableDialog : public QDialog {
    Q_OBJECT

public:
    explicit FigureTableDialog(QWidget *parent = nullptr);

    /// Replaces the tables shown; with none, says that the figure has no table.
    void setTables(const QList<FigureTable> &tables);
    QList<FigureTable> tables() const { return m_tables; }

    /// Copies the current tab (FigureTable::toTsv) to the clipboard.
    void copyCurrent() const;

private:
    QList<FigureTable> m_tables;
    QTabWidget *m_tabs;
    QLabel *m_empty;
};

} // namespace attn::ui
