// Preferences: decimals change the text of compactNumber, presentation mode scales the
// application font by 1.5 and back, the dark theme gives a dark palette and "system" the one
// of the start, and the dialog's widgets write every choice to the INI file.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"
#include "ui/shell/mainwindow.h"
#include "ui/workspace/appearance.h"
#include "ui/workspace/preferencesdialog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using attn::ui::Appearance;
using attn::ui::AppSettings;

class TestPreferences : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void decimalsChangeCompactNumber_data();
    void decimalsChangeCompactNumber();
    void presentationModeScalesTheFont();
    void darkThemeAndBack();
    void dialogWidgetsPersistToTheIni();
    void windowHasThePreferencesAction();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_ini;
};

void TestPreferences::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestPreferences::init()
{
    attn::test::failOnQtWarnings();
    m_dir = std::make_unique<QTemporaryDir>();
    m_ini = m_dir->filePath(QStringLiteral("settings.ini"));
    AppSettings::instance().useFile(m_ini);
}

void TestPreferences::decimalsChangeCompactNumber_data()
{
    QTest::addColumn<int>("decimals");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("default 3") << 3 << 0.6697615 << QStringLiteral("0.670");
    QTest::addRow("default zero") << 3 << 0.0 << QStringLiteral("0.000");
    QTest::addRow("1") << 1 << 0.6697615 << QStringLiteral("0.7");
    QTest::addRow("5") << 5 << 0.6697615 << QStringLiteral("0.66976");
    QTest::addRow("6 zero") << 6 << 0.0 << QStringLiteral("0.000000");
    QTest::addRow("6 negative") << 6 << -12.5 << QStringLiteral("-12.500000");
    // Past 10^(9−d) the text would pass 11 characters: significant digits instead.
    QTest::addRow("6 large") << 6 << 123456.0 << QStringLiteral("1.235e+05");
    QTest::addRow("1 large") << 1 << 12345678.0 << QStringLiteral("12345678.0");
    QTest::addRow("tiny") << 5 << 2.5e-5 << QStringLiteral("2.5e-05");
}

void TestPreferences::decimalsChangeCompactNumber()
{
    QFETCH(int, decimals);
    QFETCH(double, value);
    QFETCH(QString, text);
    AppSettings::instance().setDecimals(decimals);
    QCOMPARE(attn::ui::compactNumber(value), text);
    QVERIFY(attn::ui::compactNumber(-123456.123456).size() <= 11);
}

void TestPreferences::presentationModeScalesTheFont()
{
    AppSettings::instance().setPresentationMode(false);
    Appearance &appearance = Appearance::install();
    const double base = appearance.baseFont().pointSizeF();
    QVERIFY(base > 0);
    QCOMPARE(QApplication::font().pointSizeF(), base);
    AppSettings::instance().setPresentationMode(true);
    QCOMPARE(QApplication::font().pointSizeF(), base * 1.5);
    QWidget widget; // a new widget gets the larger font
    QCOMPARE(widget.font().pointSizeF(), base * 1.5);
    AppSettings::instance().setPresentationMode(false);
    QCOMPARE(QApplication::font().pointSizeF(), base);
}

void TestPreferences::darkThemeAndBack()
{
    Appearance::install();
    const QPalette start = QApplication::palette();
    AppSettings::instance().setTheme(attn::ui::ThemeChoice::Dark);
    QVERIFY(Appearance::isDark(QApplication::palette()));
    QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
    // A disabled button must not read as enabled: its text has well under half the contrast of
    // an enabled one (WCAG contrast ratio), and its face is not the enabled face.
    const QPalette dark = QApplication::palette();
    const auto luminance = [](const QColor &c) {
        const auto linear = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
    };
    const auto contrast = [&](QPalette::ColorGroup group) {
        const double a = luminance(dark.color(group, QPalette::ButtonText));
        const double b = luminance(dark.color(group, QPalette::Button));
        return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
    };
    QVERIFY2(contrast(QPalette::Active) >= 7.0, qPrintable(QString::number(contrast(QPalette::Active))));
    QVERIFY2(contrast(QPalette::Disabled) <= contrast(QPalette::Active) / 3.0,
             qPrintable(QStringLiteral("disabled %1, enabled %2")
                            .arg(contrast(QPalette::Disabled))
                            .arg(contrast(QPalette::Active))));
    QVERIFY2(contrast(QPalette::Disabled) >= 2.0, "disabled text must stay legible");
    QVERIFY(dark.color(QPalette::Disabled, QPalette::Button) !=
            dark.color(QPalette::Active, QPalette::Button));
    AppSettings::instance().setTheme(attn::ui::ThemeChoice::Light);
    QVERIFY(!Appearance::isDark(QApplication::palette()));
    AppSettings::instance().setTheme(attn::ui::ThemeChoice::System);
    QCOMPARE(QApplication::palette().color(QPalette::Window), start.color(QPalette::Window));
}

void TestPreferences::dialogWidgetsPersistToTheIni()
{
    attn::ui::PreferencesDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.decimalsBox()->value(), 3);
    dialog.colorMapBox()->setFocus();
    QTest::keyClick(dialog.colorMapBox(), Qt::Key_Down); // viridis → cividis
    dialog.decimalsBox()->setFocus();
    QTest::keyClick(dialog.decimalsBox(), Qt::Key_Up); // 3 → 4
    QTest::mouseClick(dialog.presentationBox(), Qt::LeftButton);
    dialog.themeBox()->setFocus();
    QTest::keyClick(dialog.themeBox(), Qt::Key_End); // high contrast
    dialog.languageBox()->setFocus();
    QTest::keyClick(dialog.languageBox(), Qt::Key_End); // 中文(简体)

    QCOMPARE(AppSettings::instance().colorMap(), attn::ui::ColorMapKind::Cividis);
    QCOMPARE(AppSettings::instance().decimals(), 4);
    QVERIFY(AppSettings::instance().presentationMode());
    QCOMPARE(AppSettings::instance().theme(), attn::ui::ThemeChoice::HighContrast);
    QCOMPARE(AppSettings::instance().language(), QStringLiteral("zh_CN"));
    const QSettings ini(m_ini, QSettings::IniFormat);
    QCOMPARE(ini.value(QStringLiteral("display/colorMap")).toString(), QStringLiteral("cividis"));
    QCOMPARE(ini.value(QStringLiteral("display/decimals")).toInt(), 4);
    QCOMPARE(ini.value(QStringLiteral("display/presentationMode")).toBool(), true);
    QCOMPARE(ini.value(QStringLiteral("display/theme")).toString(), QStringLiteral("high-contrast"));
    QCOMPARE(ini.value(QStringLiteral("display/language")).toString(), QStringLiteral("zh_CN"));

    // A change made elsewhere (a workspace opened) shows in the open dialog.
    AppSettings::instance().setDecimals(2);
    QCOMPARE(dialog.decimalsBox()->value(), 2);
    AppSettings::instance().setPresentationMode(false);
    AppSettings::instance().setTheme(attn::ui::ThemeChoice::System);
}

void TestPreferences::windowHasThePreferencesAction()
{
    attn::ui::MainWindow window;
    auto *action = window.findChild<QAction *>(QStringLiteral("preferencesAction"));
    QVERIFY(action);
    QVERIFY(!action->shortcut().isEmpty());
    action->trigger();
    auto *dialog = window.findChild<attn::ui::PreferencesDialog *>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    auto *history = window.findChild<QAction *>(QStringLiteral("undoHistoryAction"));
    QVERIFY(history);
}

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
