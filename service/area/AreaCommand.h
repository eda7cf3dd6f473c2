#pragma once

#include <QString>
#include <QStringList>
#include <functional>

namespace ades {

class Catalog;
struct AreaContext;

// What a command that needs the service gets: the catalog (to call operations the way every channel does)
// and the area context.
struct AreaServices
{
    const Catalog &catalog;
    const AreaContext &context;
};

// A subcommand of the `ades` program that an area owns (`ades sanctions update`). main() finds it by name,
// so adding one touches only the area's folder.
struct AreaCommand
{
    enum class Needs
    {
        // Runs before anything is opened (no settings, store or event loop): `ades einvoice validate` stays
        // a cold start of tens of milliseconds. `services` is null.
        Nothing,
        // Runs inside a QCoreApplication over an opened service context; may run the event loop.
        Service,
    };

    QString name; // "sanctions"
    QString usage; // lines for `ades --help`, each "  ades NAME ...   what it does\n"
    Needs needs = Needs::Service;
    // `arguments` follow the command name; returns the process exit code.
    std::function<int(const QStringList &arguments, const AreaServices *services)> run;
};

// Something the console asks an area to do (import files), by name through ServiceHost::runAreaAction().
// Runs on a worker thread; the message is what the console shows.
struct AreaAction
{
    QString name; // "sanctions.import"
    std::function<bool(const QStringList &arguments, QString &message)> run;
};

} // namespace ades
