#include "ui/workspace/appearance.h"

#include "ui/base/appsettings.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

namespace attn::ui {

Appearance &Appearance::install()
{
    static Appearance *appearance = nullptr;
    if (!appearance) {
        appearance = new Appearance;
        AppSettings &settings = AppSettings::instance();
        connect(&settings, &AppSettings::themeChanged, appearance, &Appearance::applyTheme);
        connect(&settings, &AppSettings::presentationModeChanged, appearance,
                &Appearance::applyPresentationMode);
        // Cell text is written at paint time (compactNumber): repainting shows the new decimals.
        connect(&settings, &AppSettings::decimalsChanged, appearance, [] {
            for (QWidget *widget : QApplication::allWidgets()) widget->update();
        });
        connect(appearance, &QObject::destroyed, [] { appearance = nullptr; });
        appearance->applyTheme(settings.theme());
        appearance->applyPresentationMode(settings.presentationMode());
    }
    return *appearance;
}

Appearance::Appearance()
    : QObject(qApp), m_baseFont(QApplication::font()), m_systemPalette(QApplication::palette()),
      m_systemStyle(QApplication::style()->name())
{
}

QPalette Appearance::darkPalette()
{
    QPalette palette;
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe6, 0xe6, 0xe6);
    // Disabled text is dim (contrast about 2.8:1 on a button, against 9.8:1 when enabled) and a
    // disabled button is flat (the window's colour): a greyed "‹ Back" must not read as usable.
    const QColor disabled(0x6e, 0x6e, 0x6e);
    palette.setColor(QPalette::Window, window);
    palette.setColor(QPalette::WindowText, text);
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::AlternateBase, window);
    palette.setColor(QPalette::ToolTipBase, window);
    palette.setColor(QPalette::ToolTipText, text);
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Text, text);
    palette.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    palette.setColor(QPalette::ButtonText, text);
    palette.setColor(QPalette::BrightText, Qt::red);
    palette.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    palette.setColor(QPalette::Highlight, QColor(0x3d, 0x7b, 0xd9));
    palette.setColor(QPalette::HighlightedText, Qt::white);
    palette.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
    palette.setColor(QPalette::Mid, QColor(0x40, 0x40, 0x40));
    palette.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    palette.setColor(QPalette::Shadow, Qt::black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled);
    palette.setColor(QPalette::Disabled, QPalette::Button, window);
    return palette;
}

QPalette Appearance::highContrastPalette()
{
    QPalette palette;
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    const QColor yellow(0xff, 0xff, 0x00);
    const QColor disabled(0x9a, 0x9a, 0x9a);
    for (QPalette::ColorRole role :
         {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button, QPalette::ToolTipBase,
          QPalette::Dark, QPalette::Shadow})
        palette.setColor(role, black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText,
                                     QPalette::ToolTipText, QPalette::BrightText, QPalette::Light})
        palette.setColor(role, white);
    palette.setColor(QPalette::Mid, QColor(0x80, 0x80, 0x80));
    palette.setColor(QPalette::PlaceholderText, disabled);
    palette.setColor(QPalette::Link, QColor(0x00, 0xff, 0xff));
    palette.setColor(QPalette::LinkVisited, QColor(0xff, 0x80, 0xff));
    palette.setColor(QPalette::Highlight, yellow);
    palette.setColor(QPalette::HighlightedText, black);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        palette.setColor(QPalette::Disabled, role, disabled);
    return palette;
}

bool Appearance::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < palette.color(QPalette::WindowText).lightness();
}

void Appearance::applyTheme(ThemeChoice theme)
{
    switch (theme) {
    case ThemeChoice::System:
        if (QApplication::style()->name() != m_systemStyle)
            QApplication::setStyle(QStyleFactory::create(m_systemStyle));
        QApplication::setPalette(m_systemPalette);
        return;
    case ThemeChoice::Light:
    case ThemeChoice::Dark:
    case ThemeChoice::HighContrast: {
        if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(theme == ThemeChoice::Dark ? darkPalette()
                                 : theme == ThemeChoice::HighContrast
                                     ? highContrastPalette()
                                     : QApplication::style()->standardPalette());
        return;
    }
    }
}

void Appearance::applyPresentationMode(bool on)
{
    QFont font = m_baseFont;
    if (on) {
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * kPresentationScale);
        else
            font.setPixelSize(qRound(font.pixelSize() * kPresentationScale));
    }
    QApplication::setFont(font);
}

} // namespace attn::ui
