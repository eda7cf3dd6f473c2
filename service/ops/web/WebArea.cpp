#include "WebArea.h"

#include "ReadCommand.h"

using namespace Qt::StringLiterals;

namespace ades::web {

QString WebArea::name() const
{
    return u"web"_s;
}

void WebArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    // The paid operation (GET /x402/read) fetches the page first; it is registered with the fetcher.
    Q_UNUSED(catalog);
    Q_UNUSED(context);
}

QList<AreaCommand> WebArea::commands() const
{
    return {
        AreaCommand { u"read"_s, ReadCommand::usage(), AreaCommand::Needs::Nothing,
            [](const QStringList &arguments, const AreaServices *) { return ReadCommand::run(arguments); } },
    };
}

} // namespace ades::web
