#pragma once

#include <QString>

namespace ades::mcp {

// What one tools/call did, for the operator's call log: the operation that ran and what was paid for it.
// One POST can carry several calls (a legacy batch); the endpoint sums them into the request's record.
struct McpCallNote
{
    QString operationId;
    qint64 priceUnits = 0; // USDC atomic units settled; 0 for a free tool or an unpaid or failed call
    QString payer;
    QString network; // CAIP-2 id of the settlement
    QString transaction;
};

} // namespace ades::mcp
