#pragma once

#include <QDateTime>
#include <QString>

namespace ades {

// One answered request, as the console's live view and `ades calls` show it. Never holds a secret: the
// principal is the key prefix or the payer address, not the key, and the request's headers, query and body
// are masked (host/CallCapture.h) before they reach a record.
struct CallRecord
{
    qint64 id = 0; // call_log row id, set when the call is logged (CallLog::logCall); 0 before
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

    // The call's detail for the console's detail pane. Headers, sizes and sources are in the call log
    // (migration 11); the query and the bodies only in memory for the last calls (host/RecentCallBodies.h),
    // never on disk. Bounded (CallCapture::MaxStoredBody) and masked; left empty in the records the live
    // list receives (ServiceHost::callCompleted), which read them back by id when one is selected.
    bool bodiesKept = false; // query and bodies below were still in memory when the detail was read
    QString query; // the query string, secrets masked
    QString requestHeaders; // "Name: value" lines, secrets masked
    QString
        requestBody; // UTF-8 text up to the bound, JSON secrets masked; a note for binary or larger bodies
    QString responseBody; // the first MaxStoredBody bytes of the answer; a note for binary answers
    qint64 requestBytes = 0; // the body sizes as received and sent: larger than the stored text when cut
    qint64 responseBytes = 0;
    QString sources; // upstream source ids the answer's evidence names ("vies,gleif"), comma-separated
};

} // namespace ades
