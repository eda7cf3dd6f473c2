#pragma once

#include "store/StoredReceipt.h"

#include <QString>
#include <optional>

namespace ades {

class ConnectionPool;
class Database;
struct PendingWrites;

// Delivered receipts (receipts), kept under their result hash for the console's receipt view and
// idempotent redelivery. Written behind the request path with the call log (Database.h); a lookup flushes
// first, so a receipt stored a moment ago is found. Thread-safe.
class ReceiptArchive
{
public:
    explicit ReceiptArchive(Database &db);
    Q_DISABLE_COPY_MOVE(ReceiptArchive)

    // Queues the receipt to be kept under its result hash (written with the next batch). The first receipt
    // stored for a hash wins; storing one again is not an error. False when the hash is empty; a failed
    // batch write is logged to "ades.store".
    bool storeReceipt(const StoredReceipt &receipt);
    std::optional<StoredReceipt> receipt(const QString &resultHash);

    // The write-behind part (Database::BatchPart): inserts the batch's receipts, the first per hash winning.
    static QString writeQueued(ConnectionPool &pool, const PendingWrites &batch);

private:
    Database &m_db;
};

} // namespace ades
