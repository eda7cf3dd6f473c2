#pragma once

#include "catalog/Operation.h"

namespace ades {
class Catalog;
}

namespace ades::test {

// Runs the operation `id` of `catalog` the way the command line does (catalog/OperationCall: its CLI
// exposure, schema defaults, validation, the handler) and turns the event loop until its outcome arrives, at
// most `timeoutMs`. A missing operation is a 503; a missing answer an internal error naming the operation.
Outcome callThroughCatalog(
    const Catalog &catalog, const QString &id, const QJsonObject &arguments = {}, int timeoutMs = 10000);

} // namespace ades::test
