#pragma once

#include <QDateTime>
#include <QString>

namespace ades {

// One answered request, as the console's live view and `ades calls` show it. Never holds a secret: the
// principal is the key prefix or the payer address, not the key.
struct CallRecord
{
    QDateTime at; // when the request arrived (UTC)
    QString channel; // "x402", "key", "free", "mcp", "cli"
    QString method; // HTTP method; "tools/call" for MCP
    QString target; // path ("/v1/iban") or tool name ("validate_iban")
    QString operationId; // "eu.iban.check"; empty when no operation matched
    int status = 0; // HTTP status sent
    qint64 priceUnits = 0; // USDC atomic units charged; 0 when free or uncharged
    qint64 latencyMs = 0;
    QString principal; // key prefix ("ades_AbCdEfG") or payer address
    QString requestId;
    QString network; // CAIP-2 id ("eip155:8453") of a settled x402 payment; empty otherwise
    QString transaction; // settlement transaction hash (or Solana signature); empty otherwise
};

} // namespace ades
