#include "ui/base/textcolors.h"

#include <QApplication>
#include <QEvent>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

constexpr double kMinimumContrast = 4.5;

double luminance(const QColor &c)
{
    const auto linear = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
}

QColor mix(const QColor &a, const QColor &b, double t) // a at t = 0, b at t = 1
{
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

/// Re-applies its widget's tone when the application's palette changes.
class ToneKeeper : public QObject {
public:
    ToneKeeper(QWidget *widget, TextTone tone) : QObject(widget), m_widget(widget), tone(tone)
    {
        // A theme switch: QApplication::setPalette() tells the application object.
        qApp->installEventFilter(this);
    }

    void apply() const
    {
        const QColor color = textColor(tone, QApplication::palette());
        QPalette palette; // only these two roles are the widget's own; the rest follows the theme
        palette.setColor(QPalette::WindowText, color);
        palette.setColor(QPalette::Text, color);
        m_widget->setPalette(palette);
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange && !m_applying) {
            m_applying = true;
            apply(); // the same colour again changes nothing and sends no event
            m_applying = false;
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget *m_widget;
    bool m_applying = false;

public:
    TextTone tone;
};

} // namespace

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor textColor(TextTone tone, const QPalette &palette)
{
    const QColor window = palette.color(QPalette::Window);
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::WindowText);
    const bool dark = luminance(window) < luminance(text);
    QColor color;
    switch (tone) {
    case TextTone::Secondary: color = mix(text, window, 0.35); break;
    case TextTone::Warning: color = dark ? QColor(0xf0, 0xb4, 0x5a) : QColor(0x7a, 0x4b, 0x00); break;
    case TextTone::Error: color = dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20); break;
    }
    const auto readable = [&](const QColor &c) {
        return contrastRatio(c, window) >= kMinimumContrast && contrastRatio(c, base) >= kMinimumContrast;
    };
    // Towards the text colour, which is readable on the palette's own backgrounds.
    for (int step = 1; step <= 10 && !readable(color); ++step) color = mix(color, text, 0.2 * step / 2.0);
    return readable(color) ? color : text;
}

void setTextTone(QWidget *widget, TextTone tone)
{
    ToneKeeper *keeper = nullptr;
    for (QObject *child : widget->children())
        if (auto *k = dynamic_cast<ToneKeeper *>(child)) keeper = k;
    if (!keeper)
        keeper = new ToneKeeper(widget, tone);
    else
        keeper->tone = tone;
    keeper->apply();
}

QString textColorName(TextTone tone)
{
    return textColor(tone, QApplication::palette()).name();
}

} // namespace attn::ui
