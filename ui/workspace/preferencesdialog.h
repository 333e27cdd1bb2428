// Edit → Preferences…: colour map, decimals, presentation mode, theme, language. Every change
// goes to AppSettings at once (and so to QSettings and the views); the language at next start.
#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace attn::ui {

class WorkspaceHost;

/// The preferences as widgets bound to AppSettings::instance(): a change of a widget sets the
/// setting at once; a change of the setting elsewhere (e.g. a workspace opened) shows here.
class PreferencesDialog : public QDialog {
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);

    QComboBox *colorMapBox() const { return m_colorMap; }
    QSpinBox *decimalsBox() const { return m_decimals; }
    QCheckBox *presentationBox() const { return m_presentation; }
    QComboBox *themeBox() const { return m_theme; }
    QComboBox *languageBox() const { return m_language; }

private:
    void showSettings();

    QComboBox *m_colorMap = nullptr;
    QSpinBox *m_decimals = nullptr;
    QCheckBox *m_presentation = nullptr;
    QComboBox *m_theme = nullptr;
    QComboBox *m_language = nullptr;
};

/// Adds Edit → Undo history (a QUndoView window of the document's stack) and Edit →
/// Preferences… (QKeySequence::Preferences, else Ctrl+,) to `window`, and installs the
/// Appearance that applies the theme and presentation mode.
void addPreferencesActions(WorkspaceHost *host);

} // namespace attn::ui
