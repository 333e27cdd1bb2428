// The user's preferences (QSettings): colour map, decimals shown, presentation mode, theme and
// language. One object for the whole application; views read it and follow its signals.
#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QSettings;

namespace attn::ui {

/// The colour map of every heatmap and painted weight cell.
enum class ColorMapKind {
    Viridis, ///< van der Walt & Smith, matplotlib 1.5 (default)
    Cividis, ///< Nuñez, Anderton & Renslow 2018, optimised for colour-vision deficiency
};

/// Light or dark palette; System follows the desktop's palette at start-up; HighContrast is white
/// text on black with yellow focus and selection (for low vision and projectors in daylight).
enum class ThemeChoice { System, Light, Dark, HighContrast };

/// The preferences of the running application. Reads QSettings (organisation and application
/// names set by main()) on first use, writes every change at once, and emits the matching
/// signal plus changed(). Tests point it at a file of their own with useFile().
class AppSettings : public QObject {
    Q_OBJECT

public:
    /// The one instance (created on first use, lives until the application ends).
    static AppSettings &instance();

    /// Reads and writes `iniPath` instead of the user's settings (tests); an empty path goes
    /// back to the user's settings. Reloads every value and emits the signals of those that changed.
    void useFile(const QString &iniPath);

    /// The colour map name as stored and shown: "viridis" or "cividis".
    static QString colorMapName(ColorMapKind kind);
    /// The kind for `name` ("viridis", "cividis", case-insensitive); Viridis for anything else.
    static ColorMapKind colorMapFromName(const QString &name);

    ColorMapKind colorMap() const { return m_colorMap; }
    void setColorMap(ColorMapKind kind);

    /// Decimals in compact cell text, kMinDecimals … kMaxDecimals (default 3).
    int decimals() const { return m_decimals; }
    /// Clamped to kMinDecimals … kMaxDecimals.
    void setDecimals(int decimals);
    static constexpr int kMinDecimals = 1;
    static constexpr int kMaxDecimals = 6;
    static constexpr int kDefaultDecimals = 3;

    /// Large fonts and thick lines for a projector (default off).
    bool presentationMode() const { return m_presentationMode; }
    void setPresentationMode(bool on);
    /// How much presentation mode enlarges text: the application's font and figure text alike.
    static constexpr double kPresentationScale = 1.5;
    /// The factor on the text of figures (numbers in cells, axis labels, titles): 1, or
    /// kPresentationScale in presentation mode, on screen and in the figures exported then.
    double figureTextScale() const { return m_presentationMode ? kPresentationScale : 1.0; }

    ThemeChoice theme() const { return m_theme; }
    void setTheme(ThemeChoice theme);

    /// Shows the English text under the translated one (lesson text, titles, tasks, hints), for
    /// classrooms that share a screen across languages (default off).
    bool bilingual() const { return m_bilingual; }
    void setBilingual(bool on);

    /// "" (follow the system locale), "en" or "zh_CN". Takes effect at the next start.
    QString language() const { return m_language; }
    void setLanguage(const QString &language);

signals:
    void colorMapChanged(attn::ui::ColorMapKind kind);
    void decimalsChanged(int decimals);
    void presentationModeChanged(bool on);
    void themeChanged(attn::ui::ThemeChoice theme);
    void languageChanged(const QString &language);
    void bilingualChanged(bool on);
    /// Any of the above changed.
    void changed();

private:
    AppSettings();
    std::unique_ptr<QSettings> storage() const;
    void load();
    void write(const QString &key, const QVariant &value);

    QString m_iniPath;
    ColorMapKind m_colorMap = ColorMapKind::Viridis;
    int m_decimals = kDefaultDecimals;
    bool m_presentationMode = false;
    ThemeChoice m_theme = ThemeChoice::System;
    QString m_language;
    bool m_bilingual = false;
};

} // namespace attn::ui
