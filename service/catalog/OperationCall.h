#pragma once

#include "Operation.h"

namespace ades {

class Catalog;

// Runs an operation of another area (chain.gas.estimate, chain.rpc.proxy for the market area) the way the
// command line does: through
// the catalog, validated against its schema, uncharged. Looked up per call, since areas register in any
// order and a server may run without the area; its absence is an uncharged 503 naming `missingSource`.
// `done` runs once, on the calling thread.
void callOperation(const Catalog &catalog, const QString &operationId, const QJsonObject &arguments,
    const QString &missingSource, Completion done);

} // namespace ades
