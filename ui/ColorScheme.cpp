#include "ColorScheme.h"

#include <QApplication>
#include <QEvent>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace ades::ui {

ColorScheme::ColorScheme(QApplication &app)
    : QObject(&app)
    , m_app(app)
    , m_platformPalette(QApplication::palette())
{
    app.installEventFilter(this);
}

bool ColorScheme::systemPrefersDark(const QPalette &platform)
{
    const QString forced = qEnvironmentVariable("ADES_COLOR_SCHEME").trimmed().toLower();
    if (forced == u"dark"_s)
        return true;
    if (forced == u"light"_s)
        return false;
    const QString gtkTheme = qEnvironmentVariable("GTK_THEME").toLower();
    if (gtkTheme.endsWith(u":dark"_s) || gtkTheme.endsWith(u"-dark"_s))
        return true;
    // A platform theme that follows the desktop (GNOME, KDE) hands Qt a dark palette already.
    return platform.color(QPalette::Window).lightness() < platform.color(QPalette::WindowText).lightness();
}

QPalette ColorScheme::darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b);
    const QColor base(0x1e, 0x1e, 0x1e);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3c, 0x3c));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Light, QColor(0x45, 0x45, 0x45));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (const QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

void ColorScheme::apply()
{
    m_dark = systemPrefersDark(m_platformPalette);
    const bool platformDark = m_platformPalette.color(QPalette::Window).lightness()
        < m_platformPalette.color(QPalette::WindowText).lightness();
    if (m_dark && !platformDark) {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QApplication::setPalette(darkPalette());
    } else if (!m_dark) {
        QApplication::setPalette(m_platformPalette);
    }
}

bool ColorScheme::eventFilter(QObject *watched, QEvent *event)
{
    // The desktop switched themes: the variables may say otherwise now (the platform palette cannot be read
    // back once the application set its own).
    if (watched == &m_app && event->type() == QEvent::ThemeChange)
        apply();
    return QObject::eventFilter(watched, event);
}

} // namespace ades::ui

#include "moc_ColorScheme.cpp"
