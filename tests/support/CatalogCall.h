#pragma once

#include "catalog/Operation.h"

namespace ades {
class Catalog;
}

namespace ades::test {

// Runs the operation `id` of `catalog` the way the command line does (its CLI exposure: schema defaults,
// validation, the handler) and turns the event loop until its outcome arrives, at most `timeoutMs`. An
// internal error names a missing operation or a missing answer, so a test's comparison fails with it.
Outcome callThroughCatalog(
    const Catalog &catalog, const QString &id, const QJsonObject &arguments = {}, int timeoutMs = 10000);

} // namespace ades::test
