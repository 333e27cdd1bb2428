// The look that follows the preferences: light / dark / system palette and the presentation
// mode's larger application font. Installed once per application; follows AppSettings live.
#pragma once

#include "ui/base/appsettings.h"

#include <QFont>
#include <QObject>
#include <QPalette>
#include <QString>

namespace attn::ui {

enum class ThemeChoice;

/// Applies AppSettings' theme and presentation mode to the QApplication. The palette, style and
/// font at install time count as "the system's"; the presentation mode multiplies that font's
/// size by kPresentationScale. Figures size their text themselves and multiply it by
/// AppSettings::figureTextScale(), the same factor, so that their numbers and labels grow with
/// the tables' (on screen, and in the figures exported while the mode is on).
class Appearance : public QObject {
    Q_OBJECT

public:
    static constexpr double kPresentationScale = AppSettings::kPresentationScale;

    /// Installs the one Appearance (a child of qApp) on first call and applies the settings;
    /// later calls return the same object. Needs a QApplication.
    static Appearance &install();

    /// The application font with presentation mode off (the system's).
    QFont baseFont() const { return m_baseFont; }
    /// A dark Fusion palette (window #2b2b2b, text #e6e6e6, highlight #3d7bd9).
    static QPalette darkPalette();
    /// The high-contrast Fusion palette: white on black, yellow highlight with black text, disabled
    /// text mid grey (contrast 21:1 for text, 19.6:1 for the highlight).
    static QPalette highContrastPalette();
    /// True when `palette` is dark (its window colour is darker than its text).
    static bool isDark(const QPalette &palette);

    /// Applies the theme now (AppSettings calls it through its signal).
    void applyTheme(ThemeChoice theme);
    /// Applies the presentation mode's font now.
    void applyPresentationMode(bool on);

private:
    Appearance();

    QFont m_baseFont;
    QPalette m_systemPalette;
    QString m_systemStyle;
};

} // namespace attn::ui
