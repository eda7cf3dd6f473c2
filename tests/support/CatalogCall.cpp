#include "CatalogCall.h"

#include "catalog/OperationCall.h"

#include <QDeadlineTimer>
#include <QTest>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::test {

Outcome callThroughCatalog(
    const Catalog &catalog, const QString &id, const QJsonObject &arguments, int timeoutMs)
{
    std::optional<Outcome> outcome;
    callOperation(
        catalog, id, arguments, u"test"_s, [&outcome](Outcome o) { outcome.emplace(std::move(o)); });
    const QDeadlineTimer deadline(timeoutMs);
    while (!outcome && !deadline.hasExpired())
        QTest::qWait(2);
    return outcome ? *outcome : Outcome(ServiceError::internal(u"no answer from "_s + id));
}

} // namespace ades::test
