#pragma once

#include <QGuiApplication>
#include <QObject>
#include <QPalette>

class QApplication;

namespace ades::ui {

// Dark or light, as the desktop says. Qt 6.4 has no colour-scheme query (QStyleHints::colorScheme came in
// 6.5), so this reads what desktops publish: ADES_COLOR_SCHEME=dark|light first (an override), then the
// GTK_THEME variant (":dark"), then whether the platform's own palette is dark already. A dark desktop gets
// the Fusion style with a dark palette; a light one keeps the platform's look. Re-read when the desktop
// announces a theme change.
class ColorScheme : public QObject
{
    Q_OBJECT

public:
    explicit ColorScheme(QApplication &app);

    // `platform`: the palette the platform theme gave the application before this class changed it.
    static bool systemPrefersDark(const QPalette &platform);
    static QPalette darkPalette();
    bool isDark() const { return m_dark; }
    void apply();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QApplication &m_app;
    QPalette m_platformPalette;
    bool m_dark = false;
};

} // namespace ades::ui
