#include "CatalogCall.h"

#include "catalog/Catalog.h"
#include "catalog/Invoker.h"

#include <QDeadlineTimer>
#include <QTest>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::test {

Outcome callThroughCatalog(
    const Catalog &catalog, const QString &id, const QJsonObject &arguments, int timeoutMs)
{
    const Operation *operation = catalog.find(id);
    const Exposure *cli = operation ? operation->exposure(Channel::Cli) : nullptr;
    if (!cli)
        return ServiceError::internal(u"no operation "_s + id + u" with a CLI exposure in the catalog"_s);
    std::optional<Outcome> outcome;
    Invoker::invoke(*operation, *cli, arguments, CallContext { Channel::Cli, QString() },
        [&outcome](Outcome o) { outcome.emplace(std::move(o)); });
    const QDeadlineTimer deadline(timeoutMs);
    while (!outcome && !deadline.hasExpired())
        QTest::qWait(2);
    return outcome ? *outcome : Outcome(ServiceError::internal(u"no answer from "_s + id));
}

} // namespace ades::test
