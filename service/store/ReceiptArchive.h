#pragma once

#include "store/StoredReceipt.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <optional>

namespace ades {

class ConnectionPool;
class Database;
struct PendingWrites;

// Delivered receipts (receipts), one row per receipt, keyed by its issue time and signature (migration 12:
// the key grows at its end; signature and result hash are found through indexes of their first
// LookupPrefix characters). The same result delivered twice gives two receipts (signed at different
// times), and both are kept and can be looked up. Written behind the request path with the call log,
// through the delivery journal (Database.h), so a receipt whose result was sent survives a crash; a lookup
// flushes first, so a receipt stored a moment ago is found. Thread-safe.
class ReceiptArchive
{
public:
    explicit ReceiptArchive(Database &db);
    Q_DISABLE_COPY_MOVE(ReceiptArchive)

    // Queues the receipt (written with the next batch, journaled at once). Storing the same receipt (same
    // signature) again is not an error and keeps one row. False when the signature or the result hash is
    // empty.
    bool storeReceipt(const StoredReceipt &receipt);
    // Every receipt issued for the result, oldest first (issued_at, then signature).
    QList<StoredReceipt> receiptsFor(const QString &resultHash);
    // The first receipt issued for the result (the oldest of receiptsFor()).
    std::optional<StoredReceipt> receipt(const QString &resultHash);
    // The receipt with this signature (the `signature` field of a delivered receipt).
    std::optional<StoredReceipt> receiptBySignature(const QString &signature);
    // Drops at most `limit` receipts issued before `before` (the retention purge); returns how many.
    int purgeIssuedBefore(const QDateTime &before, int limit);

    // What the lookup indexes of migration 12 hold of a signature or result hash: "0x" and 64 random bits.
    static constexpr int LookupPrefix = 18;
    // The statement a lookup by `column` (signature or result_hash) runs, with :prefix (the value's first
    // LookupPrefix characters), :value and :limit.
    static QString lookupSql(const QString &column);

    // The write-behind part (Database::BatchPart): inserts the batch's receipts; one already kept is skipped.
    static QString writeQueued(ConnectionPool &pool, const PendingWrites &batch);

private:
    QList<StoredReceipt> select(const QString &where, const QString &value, int limit);

    Database &m_db;
};

} // namespace ades
