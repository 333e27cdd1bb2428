// textcolors: the WCAG contrast ratio by hand, and every text tone readable (>= 4.5:1) on the
// light, dark and high-contrast palettes, also on a label after a switch of theme.
#include "strictwarnings.h"
#include "ui/base/textcolors.h"
#include "ui/workspace/appearance.h"

#include <QApplication>
#include <QLabel>
#include <QStyle>
#include <QTest>
#include <QWidget>

using attn::ui::contrastRatio;
using attn::ui::TextTone;

Q_DECLARE_METATYPE(QPalette)

class TestTextColors : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }
    void contrastRatioByHand_data();
    void contrastRatioByHand();
    void everyToneIsReadable_data();
    void everyToneIsReadable();
    void labelFollowsTheTheme();
};

void TestTextColors::contrastRatioByHand_data()
{
    QTest::addColumn<QColor>("a");
    QTest::addColumn<QColor>("b");
    QTest::addColumn<double>("ratio");
    QTest::addRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
    QTest::addRow("equal") << QColor(0x33, 0x66, 0x99) << QColor(0x33, 0x66, 0x99) << 1.0;
    // #777 on white: L = ((0.4667 + 0.055) / 1.055)^2.4 = 0.1845, (1.05) / (0.2345) = 4.48 (fails AA);
    // #767676: L = 0.1812, 1.05 / 0.2312 = 4.54 (passes).
    QTest::addRow("#777 on white") << QColor(0x77, 0x77, 0x77) << QColor(Qt::white) << 4.478;
    QTest::addRow("#767676 on white") << QColor(Qt::white) << QColor(0x76, 0x76, 0x76) << 4.542;
    // The old caption grey on the dark theme's window: (0.0578 + 0.05) / (0.0242 + 0.05) = 1.45.
    QTest::addRow("#444 on #2b2b2b") << QColor(0x44, 0x44, 0x44) << QColor(0x2b, 0x2b, 0x2b) << 1.454;
}

void TestTextColors::contrastRatioByHand()
{
    QFETCH(QColor, a);
    QFETCH(QColor, b);
    QFETCH(double, ratio);
    QVERIFY2(std::abs(contrastRatio(a, b) - ratio) < 0.01, qPrintable(QString::number(contrastRatio(a, b))));
}

void TestTextColors::everyToneIsReadable_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addRow("light") << QApplication::style()->standardPalette();
    QTest::addRow("dark") << attn::ui::Appearance::darkPalette();
    QTest::addRow("high contrast") << attn::ui::Appearance::highContrastPalette();
}

void TestTextColors::everyToneIsReadable()
{
    QFETCH(QPalette, palette);
    for (TextTone tone : {TextTone::Secondary, TextTone::Warning, TextTone::Error}) {
        const QColor color = attn::ui::textColor(tone, palette);
        for (QPalette::ColorRole background : {QPalette::Window, QPalette::Base}) {
            const double ratio = contrastRatio(color, palette.color(background));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("tone %1 %2 on %3: %4")
                                                  .arg(int(tone))
                                                  .arg(color.name(), palette.color(background).name())
                                                  .arg(ratio)));
        }
        // Secondary text stays apart from the main text: dimmer, yet not the text colour itself.
        if (tone == TextTone::Secondary && palette.color(QPalette::Window) != Qt::black)
            QVERIFY(color != palette.color(QPalette::WindowText));
    }
}

void TestTextColors::labelFollowsTheTheme()
{
    const QPalette start = QApplication::palette();
    QWidget window;
    QLabel label(QStringLiteral("n_q × d_k = 3 × 4"), &window);
    attn::ui::setTextTone(&label, TextTone::Secondary);
    QApplication::setPalette(attn::ui::Appearance::darkPalette());
    const QColor dark = label.palette().color(QPalette::WindowText);
    QVERIFY2(contrastRatio(dark, QColor(0x2b, 0x2b, 0x2b)) >= 4.5, qPrintable(dark.name()));
    QApplication::setPalette(QApplication::style()->standardPalette());
    const QColor light = label.palette().color(QPalette::WindowText);
    QVERIFY2(contrastRatio(light, label.palette().color(QPalette::Window)) >= 4.5, qPrintable(light.name()));
    QVERIFY(light != dark);
    QApplication::setPalette(start);
}

QTEST_MAIN(TestTextColors)
#include "tst_textcolors.moc"
