// What the workspace needs of the window that owns it: the document, the lesson panel, the view
// in the centre and a place in the menus. The shell's MainWindow implements it, so nothing under
// ui/workspace/ includes the shell (docs/architecture.md).
#pragma once

#include <QList>
#include <QString>

class QAction;
class QMainWindow;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::lessons {
class LessonNavigator;
}

namespace attn::ui {

class QkvEditorView;

/// Where a controller's actions go in the menus, in menu order: File (workspace files; the
/// scenario and its matrices, after Open scenario…; figure export, above Quit) and Edit
/// (clipboard, after Undo/Redo; settings and history, at the end).
enum class MenuSlot { FileWorkspace, FileScenario, FileFigures, EditClipboard, EditSettings, Count };

/// The window as the workspace controller and the preferences see it.
class WorkspaceHost {
public:
    virtual ~WorkspaceHost() = default;

    /// The window itself: parent of dialogs, owner of the title, the status bar and the menus.
    virtual QMainWindow *hostWindow() = 0;
    virtual doc::ScenarioDocument *document() const = 0;
    virtual lessons::LessonNavigator *lessonNavigator() const = 0;
    virtual QkvEditorView *editorView() const = 0;

    /// The id of the view in the centre ("qkv", "sentence", …).
    virtual QString currentViewName() const = 0;
    /// Shows view `name`; false for an unknown name.
    virtual bool showView(const QString &name) = 0;
    /// Opens step `step` (0-based) of lesson `id`; false when unknown.
    virtual bool openLesson(const QString &id, int step = 0) = 0;
    /// Appends `actions` to `slot` (a null entry adds a separator).
    virtual void addMenuActions(MenuSlot slot, const QList<QAction *> &actions) = 0;
};

} // namespace attn::ui
