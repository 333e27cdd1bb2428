// The window's accessibility actions, in one block: View → Show as table, High contrast and
// Bilingual lesson text; Help → Keyboard shortcuts. Also gives every heatmap and grid its
// accessible table (installGridAccessibility) and names the window's unnamed figures.
#pragma once

#include <QObject>

class QAction;

namespace attn::ui {

class MainWindow;

/// Adds the actions to `window`'s View menu (objectName "viewMenu") and a Help menu; a child of it.
class AccessActions : public QObject {
    Q_OBJECT

public:
    explicit AccessActions(MainWindow *window);

    QAction *showTableAction() const { return m_showTable; }
    QAction *highContrastAction() const { return m_highContrast; }
    QAction *bilingualAction() const { return m_bilingual; }
    QAction *shortcutsAction() const { return m_shortcuts; }

    /// Opens the table twin of the figure on screen (non-modal; one at a time, refreshed).
    void showTable();
    /// Opens Help → Keyboard shortcuts.
    void showShortcuts();

private:
    MainWindow *m_window;
    QAction *m_showTable = nullptr;
    QAction *m_highContrast = nullptr;
    QAction *m_bilingual = nullptr;
    QAction *m_shortcuts = nullptr;
};

} // namespace attn::ui
