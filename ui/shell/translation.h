// The interface language: English (the source strings) or Simplified Chinese (Qt Linguist
// translations embedded at :/i18n/), plus Qt's own translations of its dialogs and buttons.
#pragma once

#include <QString>
#include <QStringList>

class QApplication;
class QIcon;

namespace attn::ui {

/// The interface languages Attention Lab ships, as stored in AppSettings: "en" and "zh_CN".
QStringList interfaceLanguages();

/// True when `name` names one of interfaceLanguages() in a form chooseInterfaceLanguage()
/// accepts ("en", "en_US", "C", "zh_CN", "zh-CN", "zh", "zh_Hans"); false for "fr", "", "xx".
bool isInterfaceLanguage(const QString &name);

/// The language the window should use: `requested` ("en", "zh_CN", as from `--language`) when
/// not empty, else AppSettings::instance().language() when set, else the system locale
/// ("zh_CN" for any Chinese locale written in simplified characters, "en" otherwise).
/// A requested name that is neither gives "en"; such a stored name is ignored.
QString chooseInterfaceLanguage(const QString &requested = {});

/// Installs, on `app`, the translators for `language` (see chooseInterfaceLanguage(); an empty
/// string chooses as it does): Attention Lab's own strings from the embedded
/// :/i18n/attention-lab_<language>.qm and Qt's from qtbase_<language>.qm in
/// QLibraryInfo::path(QLibraryInfo::TranslationsPath) when that file is present (package
/// qt6-translations-l10n). English installs nothing. Call before building any window.
/// Under Chinese the application font lists Noto Sans CJK SC, Source Han Sans SC and WenQuanYi Micro
/// Hei after its own family, for the Simplified forms of the Han characters. Number formats are not
/// touched. Returns the language installed ("en" or "zh_CN"): a missing Qt catalogue is skipped, a
/// missing application catalogue is reported (qWarning) and gives "en".
QString installTranslators(QApplication &app, const QString &language = {});

/// Removes the hidden option `--language NAME` (or `--language=NAME`) from argv, so the rest of
/// the command line parses as before, and returns NAME ("" when absent). argc shrinks to match.
QString takeLanguageOption(int &argc, char **argv);

/// The application icon (the embedded resources/icons/attention-lab.svg).
QIcon applicationIcon();

} // namespace attn::ui
