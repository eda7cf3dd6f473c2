#pragma once

#include <QByteArray>
#include <QString>

namespace ades::ui {

// What the console remembers for the user across starts (QSettings, organisation "ADES", application
// "console": ~/.config/ADES/console.conf on Linux): the data folder chosen in the first-run assistant or on
// the settings page, and the window's geometry and page. The service's own settings stay in ades.ini in the
// data folder.
class ConsolePreferences
{
public:
    // Empty when none was chosen: the command line's --data-dir or the default applies.
    static QString dataDir();
    static void setDataDir(const QString &path);

    static QByteArray windowGeometry();
    static QByteArray windowState();
    static QString currentPage(); // the page's object name
    static void setWindow(const QByteArray &geometry, const QByteArray &state, const QString &page);
};

} // namespace ades::ui
