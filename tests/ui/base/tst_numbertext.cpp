// numbertext: compact text for cells and labels, exact text for tooltips.
#include "strictwarnings.h"
#include "ui/base/appsettings.h"
#include "ui/base/numbertext.h"

#include <QTemporaryDir>

#include <QTest>

#include <cmath>
#include <limits>

class TestNumberText : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void compact_data();
    void compact();
    void exact_data();
    void exact();
    void weight_data();
    void weight();
};

void TestNumberText::compact_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("zero") << 0.0 << QStringLiteral("0.000");
    QTest::addRow("minus zero") << -0.0 << QStringLiteral("0.000");
    QTest::addRow("a weight") << 0.6697615493266569 << QStringLiteral("0.670");
    QTest::addRow("1e-3, the smallest with decimals") << 1e-3 << QStringLiteral("0.001");
    QTest::addRow("just below 1e-3") << 9.5e-4 << QStringLiteral("0.00095");
    QTest::addRow("tiny") << 2.5e-5 << QStringLiteral("2.5e-05");
    QTest::addRow("negative") << -12.5 << QStringLiteral("-12.500");
    QTest::addRow("just below 1e6") << 999999.0 << QStringLiteral("999999.000");
    QTest::addRow("1e6") << 1e6 << QStringLiteral("1e+06");
    QTest::addRow("1e308, not 309 digits") << 1e308 << QStringLiteral("1e+308");
    QTest::addRow("-1.23456e300") << -1.23456e300 << QStringLiteral("-1.235e+300");
    QTest::addRow("NaN") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("NaN");
    QTest::addRow("inf") << HUGE_VAL << QStringLiteral("inf");
    QTest::addRow("-inf") << -HUGE_VAL << QStringLiteral("-inf");
}

void TestNumberText::compact()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(attn::ui::compactNumber(value), text);
    QVERIFY(attn::ui::compactNumber(value).size() <= 11);
}

void TestNumberText::exact_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("0.1 stays 0.1") << 0.1 << QStringLiteral("0.1");
    QTest::addRow("a weight, every digit") << 0.6697615493266569 << QStringLiteral("0.6697615493266569");
    QTest::addRow("1e300") << 1e300 << QStringLiteral("1e+300");
    QTest::addRow("1/3") << 1.0 / 3.0 << QStringLiteral("0.3333333333333333");
    QTest::addRow("NaN") << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("NaN");
    QTest::addRow("-inf") << -HUGE_VAL << QStringLiteral("-inf");
}

void TestNumberText::exact()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    const QString written = attn::ui::exactNumber(value);
    QCOMPARE(written, text);
    if (std::isfinite(value)) QCOMPARE(written.toDouble(), value); // reads back bit for bit
}

void TestNumberText::weight_data()
{
    QTest::addColumn<int>("decimals");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::addRow("0.549 keeps its digits") << 3 << 0.549 << QStringLiteral("0.549");
    QTest::addRow("zero") << 3 << 0.0 << QStringLiteral("0.000");
    QTest::addRow("one") << 3 << 1.0 << QStringLiteral("1.000");
    // One tiny weight, one text in every view: not "4.458e-05" here and "0.000" there.
    QTest::addRow("4.458e-05") << 3 << 4.458e-5 << QStringLiteral("<0.001");
    QTest::addRow("1.606e-06") << 3 << 1.606e-6 << QStringLiteral("<0.001");
    QTest::addRow("1e-3 itself") << 3 << 1e-3 << QStringLiteral("0.001");
    // The Decimals setting decides.
    QTest::addRow("two decimals") << 2 << 0.549 << QStringLiteral("0.55");
    QTest::addRow("two decimals, tiny") << 2 << 0.004 << QStringLiteral("<0.01");
    QTest::addRow("five decimals") << 5 << 4.458e-5 << QStringLiteral("0.00004");
    // Not a weight: as compactNumber writes it.
    QTest::addRow("NaN") << 3 << std::numeric_limits<double>::quiet_NaN() << QStringLiteral("NaN");
    QTest::addRow("above 1") << 3 << 2.5 << QStringLiteral("2.500");
}

void TestNumberText::weight()
{
    QFETCH(int, decimals);
    QFETCH(double, value);
    QFETCH(QString, text);
    QTemporaryDir dir;
    attn::ui::AppSettings &settings = attn::ui::AppSettings::instance();
    settings.useFile(dir.filePath(QStringLiteral("settings.ini")));
    settings.setDecimals(decimals);
    const QString written = attn::ui::weightNumber(value);
    settings.setDecimals(attn::ui::AppSettings::kDefaultDecimals);
    QCOMPARE(written, text);
}

QTEST_APPLESS_MAIN(TestNumberText)
#include "tst_numbertext.moc"
