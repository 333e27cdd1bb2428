// Help → Keyboard shortcuts: every action of the menus with its shortcut, and the keys of the
// figures (walking a heatmap, editing the mask).
#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace attn::ui {

/// A read-only table of menu, action and shortcut, filled from a menu bar.
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget *parent = nullptr);

    /// Lists every action of `bar`'s menus (submenus included, separators left out) and then the
    /// keys of the figures.
    void setActions(const QMenuBar *bar);

    /// The rows shown: {menu, action, shortcut}.
    QList<QStringList> rows() const { return m_rows; }

private:
    QList<QStringList> m_rows;
    QTableWidget *m_table;
};

} // namespace attn::ui
