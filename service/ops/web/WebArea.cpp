#include "WebArea.h"

#include "ReadCommand.h"
#include "area/AreaContext.h"
#include "fetch/WebFetchSettings.h"
#include "read/ReadOperation.h"

using namespace Qt::StringLiterals;

namespace ades::web {

QString WebArea::name() const
{
    return u"web"_s;
}

SettingSpecs WebArea::settings() const
{
    return WebFetchSettings::all();
}

void WebArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    FetchOptions options = WebFetchSettings::options(context.settings);
    options.clock = &context.clock; // the receipt's and the evidence's time come from one clock
    addReadOperation(catalog, options);
}

QList<AreaCommand> WebArea::commands() const
{
    return {
        AreaCommand { u"read"_s, ReadCommand::usage(), AreaCommand::Needs::Nothing,
            [](const QStringList &arguments, const AreaServices *) { return ReadCommand::run(arguments); } },
    };
}

} // namespace ades::web
