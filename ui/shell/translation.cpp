#include "ui/shell/translation.h"

#include "ui/base/appsettings.h"
#include "ui/base/resources.h"

#include <QApplication>
#include <QByteArray>
#include <QFile>
#include <QFont>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstring>

// Q_INIT_RESOURCE must be used outside any namespace; the resource is built by
// translations/CMakeLists.txt (library attn_translations).
static void initTranslationResources()
{
    Q_INIT_RESOURCE(attentionlab_i18n);
}

namespace attn::ui {

namespace {

const char *const kEnglish = "en";
const char *const kChinese = "zh_CN";

/// A translator that also finds the strings lupdate files under another context. tr() in
/// attn::ui::MainWindow asks for "attn::ui::MainWindow", while lupdate (6.4) does not follow
/// C++17 `namespace a::b {` and files it under the bare class name "MainWindow"; and a file's
/// helper `tr()` that asks for "attn::ui::QkvEditorView" from a free function is filed under the
/// enclosing namespace "attn::ui". Lookup order: the full context, the bare name, the namespace.
class ContextTranslator : public QTranslator {
public:
    using QTranslator::QTranslator;

    QString translate(const char *context, const char *sourceText, const char *disambiguation,
                      int n) const override
    {
        QString text = QTranslator::translate(context, sourceText, disambiguation, n);
        if (!text.isEmpty() || !context) return text;
        const char *colon = std::strrchr(context, ':');
        if (!colon || colon == context || colon[-1] != ':') return text;
        text = QTranslator::translate(colon + 1, sourceText, disambiguation, n);
        if (!text.isEmpty()) return text;
        const QByteArray enclosing(context, static_cast<int>(colon - 1 - context));
        return QTranslator::translate(enclosing.constData(), sourceText, disambiguation, n);
    }
};

/// "zh_CN" for Chinese in simplified characters, "en" for anything else.
QString languageOfLocale(const QLocale &locale)
{
    if (locale.language() != QLocale::Chinese) return QString::fromLatin1(kEnglish);
    return locale.script() == QLocale::TraditionalChineseScript ? QString::fromLatin1(kEnglish)
                                                                : QString::fromLatin1(kChinese);
}

/// "zh_CN" for "zh_CN", "zh-CN", "zh", "zh_Hans"; "en" for "en", "en_US", "C"; "" for others.
QString normalised(const QString &name)
{
    const QString n = name.trimmed();
    if (n.isEmpty()) return {};
    if (n.compare(QLatin1String("C"), Qt::CaseInsensitive) == 0) return QString::fromLatin1(kEnglish);
    const QLocale locale(n);
    if (locale.language() == QLocale::Chinese) return languageOfLocale(locale);
    if (locale.language() == QLocale::English) return QString::fromLatin1(kEnglish);
    return {};
}

} // namespace

QStringList interfaceLanguages()
{
    return {QString::fromLatin1(kEnglish), QString::fromLatin1(kChinese)};
}

bool isInterfaceLanguage(const QString &name)
{
    return !normalised(name).isEmpty();
}

QString chooseInterfaceLanguage(const QString &requested)
{
    if (!requested.trimmed().isEmpty()) {
        const QString n = normalised(requested);
        return n.isEmpty() ? QString::fromLatin1(kEnglish) : n;
    }
    const QString stored = normalised(AppSettings::instance().language());
    if (!stored.isEmpty()) return stored;
    return languageOfLocale(QLocale::system());
}

QString installTranslators(QApplication &app, const QString &language)
{
    initTranslationResources();
    const QString chosen = chooseInterfaceLanguage(language);
    if (chosen == QLatin1String(kEnglish)) return chosen;

    auto *own = new ContextTranslator(&app);
    if (!own->load(QStringLiteral(":/i18n/attention-lab_%1.qm").arg(chosen))) {
        qWarning("attention-lab: no translation for %s is built in; the interface stays English",
                 qPrintable(chosen));
        delete own;
        return QString::fromLatin1(kEnglish);
    }
    const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
    if (QFile::exists(qtDir + QStringLiteral("/qtbase_%1.qm").arg(chosen))) {
        auto *qt = new QTranslator(&app);
        if (qt->load(QStringLiteral("qtbase_%1").arg(chosen), qtDir))
            QApplication::installTranslator(qt);
        else
            delete qt;
    }
    QApplication::installTranslator(own);
    // Han characters in Simplified Chinese forms: without a preference, fontconfig may fall back to
    // the Japanese face of the CJK collection (on screen and in the glyphs PDF embeds).
    QFont font = QApplication::font();
    QStringList families = font.families().isEmpty() ? QStringList{font.family()} : font.families();
    families << QStringLiteral("Noto Sans CJK SC") << QStringLiteral("Source Han Sans SC")
             << QStringLiteral("WenQuanYi Micro Hei");
    font.setFamilies(families);
    QApplication::setFont(font);
    return chosen;
}

QString takeLanguageOption(int &argc, char **argv)
{
    QString language;
    int out = 1;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--language") == 0 && i + 1 < argc) {
            language = QString::fromLocal8Bit(argv[++i]);
        } else if (std::strncmp(argv[i], "--language=", 11) == 0) {
            language = QString::fromLocal8Bit(argv[i] + 11);
        } else {
            argv[out++] = argv[i];
        }
    }
    for (int i = out; i < argc; ++i) argv[i] = nullptr;
    argc = out;
    return language;
}

QIcon applicationIcon()
{
    initResources();
    return QIcon(QStringLiteral(":/icons/attention-lab.svg"));
}

} // namespace attn::ui
