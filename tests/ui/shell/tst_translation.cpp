// The Chinese interface: the embedded zh_CN catalogue loads and translates, the language is
// chosen from --language, the settings or the system, a window built under the translator has
// Chinese menus and grabs to a PNG, and the Chinese Xiaohong preset holds the English one's
// vectors in Chinese word order.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/document/scenariodocument.h"
#include "ui/plots/figureexport.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/translation.h"
#include "ui/views/sentence/sentencearcsview.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFontDatabase>
#include <QImage>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QPixmap>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <vector>

using attn::ui::AppSettings;

namespace {

/// The titles of `window`'s menu bar, in order.
QStringList menuTitles(QMainWindow &window)
{
    QStringList titles;
    for (QAction *menu : window.menuBar()->actions()) titles << menu->text();
    return titles;
}

/// True when `text` holds a CJK unified ideograph (U+4E00 … U+9FFF).
bool hasChinese(const QString &text)
{
    for (QChar c : text)
        if (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) return true;
    return false;
}

} // namespace

class TestTranslation : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void initTestCase();
    void chooseLanguage_data();
    void chooseLanguage();
    void languageFromSettingsOrSystem();
    void takeLanguageOption();
    void catalogueLoadsFromResources();
    void englishWindowBeforeTranslators();
    void chineseWindowMenusAndPicture();
    void chineseSentenceArcs();
    void chineseFontIsInstalled();
    void xiaohongInChinese();
    void iconIsEmbedded();

private:
    QTemporaryDir m_dir;
};

void TestTranslation::initTestCase()
{
    QVERIFY(m_dir.isValid());
    AppSettings::instance().useFile(m_dir.filePath(QStringLiteral("settings.ini")));
}

void TestTranslation::chooseLanguage_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("expected");
    QTest::addRow("zh_CN") << "zh_CN"
                           << "zh_CN";
    QTest::addRow("zh-CN") << "zh-CN"
                           << "zh_CN";
    QTest::addRow("zh") << "zh"
                        << "zh_CN";
    QTest::addRow("en") << "en"
                        << "en";
    QTest::addRow("en_GB") << "en_GB"
                           << "en";
    QTest::addRow("C") << "C"
                       << "en";
    QTest::addRow("traditional") << "zh_TW"
                                 << "en"; // no Traditional Chinese catalogue
    QTest::addRow("unknown") << "fr_FR"
                             << "en";
}

void TestTranslation::chooseLanguage()
{
    QFETCH(QString, requested);
    QFETCH(QString, expected);
    AppSettings::instance().setLanguage(QStringLiteral("en")); // --language wins over the settings
    QCOMPARE(attn::ui::chooseInterfaceLanguage(requested), expected);
    AppSettings::instance().setLanguage(QString());
}

void TestTranslation::languageFromSettingsOrSystem()
{
    AppSettings::instance().setLanguage(QStringLiteral("zh_CN"));
    QCOMPARE(attn::ui::chooseInterfaceLanguage(), QStringLiteral("zh_CN"));
    AppSettings::instance().setLanguage(QStringLiteral("en"));
    QCOMPARE(attn::ui::chooseInterfaceLanguage(), QStringLiteral("en"));
    AppSettings::instance().setLanguage(QString()); // follow the system locale
    const QLocale system = QLocale::system();
    const bool simplified =
        system.language() == QLocale::Chinese && system.script() != QLocale::TraditionalChineseScript;
    QCOMPARE(attn::ui::chooseInterfaceLanguage(),
             simplified ? QStringLiteral("zh_CN") : QStringLiteral("en"));
    QCOMPARE(attn::ui::interfaceLanguages(), (QStringList{"en", "zh_CN"}));
}

void TestTranslation::takeLanguageOption()
{
    QByteArray a0("attention-lab"), a1("--language"), a2("zh_CN"), a3("--preset"), a4("xiaohong-zh");
    char *argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), a4.data(), nullptr};
    int argc = 5;
    QCOMPARE(attn::ui::takeLanguageOption(argc, argv), QStringLiteral("zh_CN"));
    QCOMPARE(argc, 3);
    QCOMPARE(QByteArray(argv[1]), QByteArray("--preset"));
    QCOMPARE(QByteArray(argv[2]), QByteArray("xiaohong-zh"));
    QCOMPARE(argv[3], nullptr);

    QByteArray b1("--language=en");
    char *argv2[] = {a0.data(), b1.data(), nullptr};
    int argc2 = 2;
    QCOMPARE(attn::ui::takeLanguageOption(argc2, argv2), QStringLiteral("en"));
    QCOMPARE(argc2, 1);

    char *argv3[] = {a0.data(), a3.data(), a4.data(), nullptr};
    int argc3 = 3;
    QCOMPARE(attn::ui::takeLanguageOption(argc3, argv3), QString());
    QCOMPARE(argc3, 3);
}

void TestTranslation::catalogueLoadsFromResources()
{
    // English installs nothing and reports it.
    QCOMPARE(attn::ui::installTranslators(*qApp, QStringLiteral("en")), QStringLiteral("en"));
    QCOMPARE(QCoreApplication::translate("attn::ui::MainWindow", "&File"), QStringLiteral("&File"));

    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/attention-lab_zh_CN.qm")));
    QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
    QVERIFY(!translator.isEmpty());
    // lupdate files namespaced classes under their bare name (see ContextTranslator).
    QCOMPARE(translator.translate("MainWindow", "&File"), QStringLiteral("文件(&F)"));
    QCOMPARE(translator.translate("attn::ui", "小红 … 她"), QStringLiteral("小红 … 她"));
}

void TestTranslation::englishWindowBeforeTranslators()
{
    attn::ui::MainWindow window;
    const QStringList titles = menuTitles(window);
    QVERIFY2(titles.contains(QStringLiteral("&File")), qPrintable(titles.join(u' ')));
    for (const QString &title : titles) QVERIFY2(!hasChinese(title), qPrintable(title));
}

void TestTranslation::chineseWindowMenusAndPicture()
{
    QCOMPARE(attn::ui::installTranslators(*qApp, QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
    // The runtime context of tr() in attn::ui::MainWindow is the qualified class name.
    QCOMPARE(QCoreApplication::translate("attn::ui::MainWindow", "&File"), QStringLiteral("文件(&F)"));
    QCOMPARE(QCoreApplication::translate("attn::ui::MainWindow", "Undo: %1").arg(QStringLiteral("x")),
             QStringLiteral("撤销：x"));
    // Qt's own strings (standard buttons) when qt6-translations-l10n is installed.
    if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) +
                      QStringLiteral("/qtbase_zh_CN.qm")))
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
    // A file's helper tr() asks for a class context that lupdate files under the namespace.
    QCOMPARE(QCoreApplication::translate("attn::ui::QkvEditorView", "Add query"), QStringLiteral("添加查询"));
    QCOMPARE(QCoreApplication::translate("attn::ui::NoSuchClass", "no such text"),
             QStringLiteral("no such text"));
    // Plural forms: Chinese has one, and %n is kept.
    QCOMPARE(QCoreApplication::translate("attn::ui::MeasuringView", "Done: %n result(s).", nullptr, 3),
             QStringLiteral("完成：3 个结果。"));

    attn::ui::MainWindow window(QStringLiteral("xiaohong-zh"));
    const QStringList titles = menuTitles(window);
    for (const char *title : {"文件(&F)", "编辑(&E)", "视图(&V)", "课程(&L)"})
        QVERIFY2(titles.contains(QString::fromUtf8(title)), qPrintable(titles.join(u' ')));
    QVERIFY2(!titles.contains(QStringLiteral("&File")), qPrintable(titles.join(u' ')));
    QVERIFY2(hasChinese(window.windowTitle()), qPrintable(window.windowTitle()));

    // Drawn without showing the window (the offscreen platform warns when docks are shown).
    window.resize(1280, 800);
    const QPixmap picture = window.grab();
    QCOMPARE(picture.size(), window.size() * picture.devicePixelRatio());
    QVERIFY(window.width() >= 1280);
    const QString path = QDir::temp().filePath(QStringLiteral("attention-lab-tst_translation-zh_CN.png"));
    QVERIFY(picture.save(path, "PNG"));
    const QImage back(path);
    QCOMPARE(back.size(), picture.size());
    QVERIFY(back.pixel(10, 10) != back.pixel(600, 400) || back.pixel(600, 400) != back.pixel(1100, 700));
}

void TestTranslation::chineseSentenceArcs()
{
    // Runs after chineseWindowMenusAndPicture(): the Chinese translator is installed.
    attn::doc::ScenarioDocument document;
    QVERIFY(document.load(attn::ui::loadPresetScenario(QStringLiteral("xiaohong-zh"))));
    document.setSelectedQuery(4); // 她
    attn::ui::SentenceArcsView view(&document);
    QCOMPARE(view.title(), QStringLiteral("查询“她”对每个词的权重"));
    QCOMPARE(view.weightText(0), QStringLiteral("0.549")); // 她 → 小红, as she → Xiaohong
    QCOMPARE(view.weightText(4), QStringLiteral("0.192")); // 她 → 她
    QVERIFY2(view.keyToolTip(0).contains(QStringLiteral("查询“她”→ 键“小红”")),
             qPrintable(view.keyToolTip(0)));
    const QString path = QDir::temp().filePath(QStringLiteral("attention-lab-tst_translation-arcs.png"));
    QString error;
    QVERIFY2(view.exportTo(path, QStringLiteral("png"), QSize(900, 420), &error), qPrintable(error));
    QCOMPARE(QImage(path).size(), QSize(900, 420));
}

void TestTranslation::chineseFontIsInstalled()
{
    // scripts/setup installs fonts-noto-cjk; without a CJK font the characters draw as boxes.
    const QStringList families = QFontDatabase::families(QFontDatabase::SimplifiedChinese);
    QVERIFY2(!families.isEmpty(), "no font for Simplified Chinese: install fonts-noto-cjk (scripts/setup)");
}

void TestTranslation::xiaohongInChinese()
{
    QVERIFY(attn::ui::presetIds().contains(QStringLiteral("xiaohong-zh")));
    QCOMPARE(attn::ui::presetTitle(QStringLiteral("xiaohong-zh")), QStringLiteral("小红 … 她"));
    const attn::Scenario zh = attn::ui::loadPresetScenario(QStringLiteral("xiaohong-zh"));
    const attn::Scenario en = attn::ui::loadPresetScenario(QStringLiteral("xiaohong"));
    const std::vector<std::string> tokens = {"小红", "告诉", "小明", "说", "她", "明天", "会", "来"};
    QCOMPARE(zh.query_tokens, tokens);
    QCOMPARE(zh.key_tokens, tokens);
    QCOMPARE(attn::ui::presetFocusQuery(QStringLiteral("xiaohong-zh"), zh), 4); // 她
    // Chinese order "小红 告诉 小明 说 她 明天 会 来" = English tokens 0 1 2 3 4 7 5 6.
    const int english[] = {0, 1, 2, 3, 4, 7, 5, 6};
    QCOMPARE(zh.query.rows(), en.query.rows());
    for (int i = 0; i < 8; ++i) {
        QVERIFY2(zh.query.row(i) == en.query.row(english[i]), qPrintable(QString::number(i)));
        QVERIFY2(zh.key.row(i) == en.key.row(english[i]), qPrintable(QString::number(i)));
        QVERIFY2(zh.value.row(i) == en.value.row(english[i]), qPrintable(QString::number(i)));
    }
    // The note under the tables explains the same four features, in Chinese.
    const QString comment = attn::ui::presetComment(QStringLiteral("xiaohong-zh"));
    QVERIFY2(comment.contains(QStringLiteral("[人, 女性, 动作, 时间]")), qPrintable(comment));
    QVERIFY2(attn::ui::presetComment(QStringLiteral("xiaohong"))
                 .contains(QStringLiteral("[person, female, action, time]")),
             "the English preset names the same features");
}

void TestTranslation::iconIsEmbedded()
{
    const QIcon icon = attn::ui::applicationIcon();
    QVERIFY(!icon.isNull());
    const QImage image = icon.pixmap(48, 48).toImage();
    QCOMPARE(image.size(), QSize(48, 48));
    // The dark rounded background in the middle of the left edge, the yellow cell top-left of the grid.
    QCOMPARE(QColor(image.pixel(3, 24)).name(), QStringLiteral("#1f2a44"));
    QCOMPARE(QColor(image.pixel(8, 24)).name(), QStringLiteral("#fde725"));
}

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
