#include "OperationCall.h"

#include "Catalog.h"
#include "Invoker.h"

using namespace Qt::StringLiterals;

namespace ades {

void callOperation(const Catalog &catalog, const QString &operationId, const QJsonObject &arguments,
    const QString &missingSource, Completion done)
{
    const Operation *operation = catalog.find(operationId);
    const Exposure *cli = operation ? operation->exposure(Channel::Cli) : nullptr;
    if (!cli)
        return done(ServiceError::sourceUnavailable(missingSource,
            u"This server has no %1 operation (the %2 area is not part of it)."_s.arg(
                operationId, operationId.section(u'.', 0, 0))));
    Invoker::invoke(*operation, *cli, arguments, CallContext { Channel::Cli, QString() }, std::move(done));
}

} // namespace ades
