#include "ui/base/appsettings.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>

namespace attn::ui {

namespace {

const QString kColorMapKey = QStringLiteral("display/colorMap");
const QString kDecimalsKey = QStringLiteral("display/decimals");
const QString kPresentationKey = QStringLiteral("display/presentationMode");
const QString kThemeKey = QStringLiteral("display/theme");
const QString kLanguageKey = QStringLiteral("display/language");
const QString kBilingualKey = QStringLiteral("display/bilingual");

QString themeName(ThemeChoice theme)
{
    switch (theme) {
    case ThemeChoice::Light: return QStringLiteral("light");
    case ThemeChoice::Dark: return QStringLiteral("dark");
    case ThemeChoice::HighContrast: return QStringLiteral("high-contrast");
    case ThemeChoice::System: break;
    }
    return QStringLiteral("system");
}

ThemeChoice themeFromName(const QString &name)
{
    if (name == QLatin1String("light")) return ThemeChoice::Light;
    if (name == QLatin1String("dark")) return ThemeChoice::Dark;
    if (name == QLatin1String("high-contrast")) return ThemeChoice::HighContrast;
    return ThemeChoice::System;
}

QString cleanLanguage(const QString &language)
{
    return language == QLatin1String("en") || language == QLatin1String("zh_CN") ? language : QString();
}

} // namespace

AppSettings &AppSettings::instance()
{
    static AppSettings *settings = new AppSettings; // outlives every window; never destroyed
    return *settings;
}

AppSettings::AppSettings()
{
    load();
}

QString AppSettings::colorMapName(ColorMapKind kind)
{
    return kind == ColorMapKind::Cividis ? QStringLiteral("cividis") : QStringLiteral("viridis");
}

ColorMapKind AppSettings::colorMapFromName(const QString &name)
{
    return name.compare(QLatin1String("cividis"), Qt::CaseInsensitive) == 0 ? ColorMapKind::Cividis
                                                                            : ColorMapKind::Viridis;
}

std::unique_ptr<QSettings> AppSettings::storage() const
{
    if (!m_iniPath.isEmpty()) return std::make_unique<QSettings>(m_iniPath, QSettings::IniFormat);
    return std::make_unique<QSettings>();
}

void AppSettings::useFile(const QString &iniPath)
{
    m_iniPath = iniPath;
    const ColorMapKind colorMap = m_colorMap;
    const int decimals = m_decimals;
    const bool presentation = m_presentationMode;
    const ThemeChoice theme = m_theme;
    const QString language = m_language;
    const bool bilingual = m_bilingual;
    load();
    bool any = false;
    if (colorMap != m_colorMap) emit colorMapChanged(m_colorMap), any = true;
    if (decimals != m_decimals) emit decimalsChanged(m_decimals), any = true;
    if (presentation != m_presentationMode) emit presentationModeChanged(m_presentationMode), any = true;
    if (theme != m_theme) emit themeChanged(m_theme), any = true;
    if (language != m_language) emit languageChanged(m_language), any = true;
    if (bilingual != m_bilingual) emit bilingualChanged(m_bilingual), any = true;
    if (any) emit changed();
}

void AppSettings::load()
{
    const auto settings = storage();
    m_colorMap = colorMapFromName(settings->value(kColorMapKey).toString());
    // A hand-edited or damaged value falls back to the default rather than to a neighbour.
    bool ok = false;
    const int decimals = settings->value(kDecimalsKey).toInt(&ok);
    m_decimals = ok && decimals >= kMinDecimals && decimals <= kMaxDecimals ? decimals : kDefaultDecimals;
    const QString presentation = settings->value(kPresentationKey).toString().trimmed().toLower();
    m_presentationMode = presentation == QLatin1String("true") || presentation == QLatin1String("1");
    m_theme = themeFromName(settings->value(kThemeKey).toString());
    m_language = cleanLanguage(settings->value(kLanguageKey).toString());
    const QString bilingualText = settings->value(kBilingualKey).toString().trimmed().toLower();
    m_bilingual = bilingualText == QLatin1String("true") || bilingualText == QLatin1String("1");
}

void AppSettings::write(const QString &key, const QVariant &value)
{
    storage()->setValue(key, value);
}

void AppSettings::setColorMap(ColorMapKind kind)
{
    if (kind == m_colorMap) return;
    m_colorMap = kind;
    write(kColorMapKey, colorMapName(kind));
    emit colorMapChanged(kind);
    emit changed();
}

void AppSettings::setDecimals(int decimals)
{
    decimals = std::clamp(decimals, kMinDecimals, kMaxDecimals);
    if (decimals == m_decimals) return;
    m_decimals = decimals;
    write(kDecimalsKey, decimals);
    emit decimalsChanged(decimals);
    emit changed();
}

void AppSettings::setPresentationMode(bool on)
{
    if (on == m_presentationMode) return;
    m_presentationMode = on;
    write(kPresentationKey, on);
    emit presentationModeChanged(on);
    emit changed();
}

void AppSettings::setTheme(ThemeChoice theme)
{
    if (theme == m_theme) return;
    m_theme = theme;
    write(kThemeKey, themeName(theme));
    emit themeChanged(theme);
    emit changed();
}

void AppSettings::setLanguage(const QString &language)
{
    const QString clean = cleanLanguage(language);
    if (clean == m_language) return;
    m_language = clean;
    write(kLanguageKey, clean);
    emit languageChanged(clean);
    emit changed();
}

void AppSettings::setBilingual(bool on)
{
    if (on == m_bilingual) return;
    m_bilingual = on;
    write(kBilingualKey, on);
    emit bilingualChanged(on);
    emit changed();
}

} // namespace attn::ui
