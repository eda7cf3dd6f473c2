#include "ReceiptArchive.h"

#include "core/Clock.h"
#include "receipts/ReceiptFormat.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QStringView ReceiptColumns = u"signature, result_hash, operation_id, subject, channel, issued_at, "
                                       "valid_until, issuer, receipt_json";

StoredReceipt readReceipt(const QSqlQuery &query)
{
    StoredReceipt stored;
    stored.signature = query.value(0).toString();
    stored.resultHash = query.value(1).toString();
    stored.operationId = query.value(2).toString();
    stored.subject = query.value(3).toString();
    stored.channel = query.value(4).toString();
    stored.issuedAt = parseTime(query.value(5));
    stored.validUntil = parseTime(query.value(6));
    stored.issuer = query.value(7).toString();
    // Kept without its signed_message (storeReceipt()): rebuilt here, the bytes that were sent.
    stored.receiptJson = ReceiptFormat::withSignedMessage(query.value(8).toString().toUtf8());
    return stored;
}

} // namespace

ReceiptArchive::ReceiptArchive(Database &db)
    : m_db(db)
{ }

bool ReceiptArchive::storeReceipt(const StoredReceipt &receipt)
{
    if (receipt.resultHash.isEmpty() || receipt.signature.isEmpty())
        return false;
    // signed_message is the canonical text of the other fields, about half of a receipt's bytes: journaled
    // and stored without it, and rebuilt when read (readReceipt()).
    StoredReceipt kept = receipt;
    kept.receiptJson = ReceiptFormat::withoutSignedMessage(receipt.receiptJson);
    m_db.writes().appendReceipt(kept);
    return true;
}

QString ReceiptArchive::lookupSql(const QString &column)
{
    // Through the index of the value's first LookupPrefix characters (migration 12), then the whole value.
    // The prefix is bound as a value, and the whole value is compared as `col || ''`: given `col = :value` as
    // it is, SQLite's planner passes the prefix index over for a scan (EXPLAIN QUERY PLAN, SQLite 3.40;
    // TestReceiptArchive::lookupsUseThePrefixIndexes). LIMIT: PostgreSQL and SQLite (the standard's FETCH
    // FIRST is PostgreSQL only of the two).
    return u"SELECT "_s + ReceiptColumns + u" FROM receipts WHERE substr("_s + column + u", 1, "_s
        + QString::number(LookupPrefix) + u") = :prefix AND "_s + column
        + u" || '' = :value ORDER BY issued_at, signature LIMIT :limit"_s;
}

QList<StoredReceipt> ReceiptArchive::select(const QString &where, const QString &value, int limit)
{
    // Flushed first rather than looked up in the queue: flush() waits for a batch another thread is still
    // writing, so a receipt queued before this call is always found.
    m_db.flush();
    PreparedQuery query = m_db.prepare(lookupSql(where));
    query->bindValue(u":prefix"_s, value.left(LookupPrefix));
    query->bindValue(u":value"_s, value);
    query->bindValue(u":limit"_s, limit);
    QList<StoredReceipt> found;
    if (!execLogged(*query, "read receipts"))
        return found;
    while (query->next())
        found.append(readReceipt(*query));
    return found;
}

QList<StoredReceipt> ReceiptArchive::receiptsFor(const QString &resultHash)
{
    // Bounded: a result delivered more often than this is not a lookup anyone reads to the end.
    return select(u"result_hash"_s, resultHash, 10'000);
}

std::optional<StoredReceipt> ReceiptArchive::receipt(const QString &resultHash)
{
    const QList<StoredReceipt> found = select(u"result_hash"_s, resultHash, 1);
    return found.isEmpty() ? std::nullopt : std::optional(found.constFirst());
}

std::optional<StoredReceipt> ReceiptArchive::receiptBySignature(const QString &signature)
{
    const QList<StoredReceipt> found = select(u"signature"_s, signature, 1);
    return found.isEmpty() ? std::nullopt : std::optional(found.constFirst());
}

int ReceiptArchive::purgeIssuedBefore(const QDateTime &before, int limit)
{
    // In bounded chunks (a subquery with LIMIT: both engines), so the purge never holds the write lock long.
    // The oldest first, through the key (issued_at leads it).
    PreparedQuery purge
        = m_db.prepare(u"DELETE FROM receipts WHERE (issued_at, signature) IN (SELECT issued_at, "
                       "signature FROM receipts WHERE issued_at < :before ORDER BY issued_at "
                       "LIMIT :limit)"_s);
    purge->bindValue(u":before"_s, isoUtc(before));
    purge->bindValue(u":limit"_s, limit);
    return execLogged(*purge, "purge receipts") ? purge->numRowsAffected() : 0;
}

QString ReceiptArchive::writeQueued(ConnectionPool &pool, const PendingWrites &batch)
{
    if (batch.receipts.isEmpty())
        return {};
    // The receipt is UTF-8 already, and so is SQLite's text. QtSql binds text only as UTF-16, which SQLite
    // then converts back: two conversions of each receipt's text, which were more than a third of the writer
    // thread's instructions under load (docs/benchmarks.md). Bound as bytes and cast, SQLite stores them as
    // text unchanged (CAST of a BLOB to TEXT takes its bytes in the database's encoding). PostgreSQL is given
    // the text.
    const bool sqlite = pool.connection().driverName() == u"QSQLITE"_s;
    PreparedQuery insert = pool.prepare(u"INSERT INTO receipts ("_s + ReceiptColumns
        + u") VALUES (:signature, :hash, :operation, :subject, :channel, :issued, :valid, :issuer, "_s
        + (sqlite ? u"CAST(:json AS TEXT)"_s : u":json"_s)
        + u") ON CONFLICT (issued_at, signature) DO NOTHING"_s);
    for (const StoredReceipt &receipt : batch.receipts) {
        insert->bindValue(u":signature"_s, receipt.signature);
        insert->bindValue(u":hash"_s, receipt.resultHash);
        insert->bindValue(u":operation"_s, sqlText(receipt.operationId));
        insert->bindValue(u":subject"_s, sqlText(receipt.subject));
        insert->bindValue(u":channel"_s, sqlText(receipt.channel));
        insert->bindValue(u":issued"_s, isoUtc(receipt.issuedAt));
        insert->bindValue(u":valid"_s, isoUtc(receipt.validUntil));
        insert->bindValue(u":issuer"_s, sqlText(receipt.issuer));
        insert->bindValue(u":json"_s,
            sqlite ? QVariant(receipt.receiptJson) : QVariant(QString::fromUtf8(receipt.receiptJson)));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

} // namespace ades
