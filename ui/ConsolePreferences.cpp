#include "ConsolePreferences.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

QSettings store()
{
    return QSettings(u"ADES"_s, u"console"_s);
}

} // namespace

QString ConsolePreferences::dataDir()
{
    return store().value(u"data_dir"_s).toString();
}

void ConsolePreferences::setDataDir(const QString &path)
{
    store().setValue(u"data_dir"_s, path);
}

QByteArray ConsolePreferences::windowGeometry()
{
    return store().value(u"window/geometry"_s).toByteArray();
}

QByteArray ConsolePreferences::windowState()
{
    return store().value(u"window/state"_s).toByteArray();
}

QString ConsolePreferences::currentPage()
{
    return store().value(u"window/page"_s).toString();
}

void ConsolePreferences::setWindow(const QByteArray &geometry, const QByteArray &state, const QString &page)
{
    QSettings settings = store();
    settings.setValue(u"window/geometry"_s, geometry);
    settings.setValue(u"window/state"_s, state);
    settings.setValue(u"window/page"_s, page);
}

} // namespace ades::ui
