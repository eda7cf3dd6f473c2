#pragma once

#include "catalog/Operation.h"

namespace ades {
class Catalog;
}

namespace ades::market {

// Runs another area's operation (chain.gas.estimate, chain.rpc.proxy) the way the command line does: through
// the catalog, validated against its schema, uncharged. Looked up per call, since areas register in any
// order and a server may run without the area; its absence is an uncharged 503 naming `missingSource`.
// `done` runs once, on the calling thread.
void callOperation(const Catalog &catalog, const QString &operationId, const QJsonObject &arguments,
    const QString &missingSource, Completion done);

} // namespace ades::market
