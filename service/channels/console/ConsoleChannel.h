#pragma once

#include "catalog/Operation.h"
#include "host/NotInAreas.h"
#include "receipts/ReceiptVerdict.h"
#include "store/CallRecord.h"

#include <QByteArray>
#include <QJsonObject>
#include <functional>

namespace ades {

class ServiceContext;

// What one call by hand delivered.
struct ConsoleOutcome
{
    bool ok = false;
    // The delivered body (the result with its receipt), or the error's JSON.
    QJsonObject body;
    // The delivered body as the canonical bytes kept with the receipt; empty for an error.
    QByteArray canonicalBody;
    // The receipt checked as POST /verify checks it; meaningful only when ok.
    ReceiptVerdict verdict;
    // The call as the call log records it.
    CallRecord record;
};

// The operator's own channel: the console runs any operation of the catalog by hand, locally and without
// payment (docs/interface.md: the free checks by hand). Arguments go through the same schema validation and
// input checks as on every other channel (Invoker); a result is signed and its receipt kept exactly like a
// delivered one (Delivery), so the operator sees the receipt a client would get. The call is logged under
// channel "console" with no price: counted apart from the paying and keyed channels, never charged, never
// counted against a key or the free tier. No route reaches it: only the console's process can call it.
class ConsoleChannel
{
public:
    explicit ConsoleChannel(ServiceContext &context);

    // Runs the operation with these schema-named arguments on the calling thread, which must run an event
    // loop (handlers answer later); `done` runs once, on that thread. `operation` must outlive the call.
    void run(
        const Operation &operation, QJsonObject arguments, std::function<void(ConsoleOutcome)> done) const;

    // How the console offers an operation: under its id, free, with the operation's own schema.
    static Exposure exposureOf(const Operation &operation);
    // The principal the call log names for calls by hand.
    static QString principal();

private:
    ServiceContext &m_context;
};

} // namespace ades
