#include "ReceiptArchive.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/WriteBehindQueue.h"

#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace ades {

ReceiptArchive::ReceiptArchive(Database &db)
    : m_db(db)
{ }

bool ReceiptArchive::storeReceipt(const StoredReceipt &receipt)
{
    if (receipt.resultHash.isEmpty())
        return false;
    m_db.writes().appendReceipt(receipt);
    return true;
}

std::optional<StoredReceipt> ReceiptArchive::receipt(const QString &resultHash)
{
    // Flushed first rather than looked up in the queue: which of two receipts for one hash wins is decided
    // by the INSERT, and flush() waits for a batch another thread is still writing.
    m_db.flush();
    PreparedQuery query
        = m_db.prepare(u"SELECT result_hash, operation_id, subject, channel, issued_at, valid_until, "
                       "issuer, receipt_json FROM receipts WHERE result_hash = :hash"_s);
    query->bindValue(u":hash"_s, resultHash);
    if (!execLogged(*query, "read a receipt") || !query->next())
        return std::nullopt;
    StoredReceipt stored;
    stored.resultHash = query->value(0).toString();
    stored.operationId = query->value(1).toString();
    stored.subject = query->value(2).toString();
    stored.channel = query->value(3).toString();
    stored.issuedAt = parseTime(query->value(4));
    stored.validUntil = parseTime(query->value(5));
    stored.issuer = query->value(6).toString();
    stored.receiptJson = query->value(7).toString().toUtf8();
    return stored;
}

QString ReceiptArchive::writeQueued(ConnectionPool &pool, const PendingWrites &batch)
{
    if (batch.receipts.isEmpty())
        return {};
    PreparedQuery insert
        = pool.prepare(u"INSERT INTO receipts (result_hash, operation_id, subject, channel, issued_at, "
                       "valid_until, issuer, receipt_json) VALUES (:hash, :operation, :subject, "
                       ":channel, :issued, :valid, :issuer, :json) "
                       "ON CONFLICT (result_hash) DO NOTHING"_s);
    for (const StoredReceipt &receipt : batch.receipts) {
        insert->bindValue(u":hash"_s, receipt.resultHash);
        insert->bindValue(u":operation"_s, sqlText(receipt.operationId));
        insert->bindValue(u":subject"_s, sqlText(receipt.subject));
        insert->bindValue(u":channel"_s, sqlText(receipt.channel));
        insert->bindValue(u":issued"_s, isoUtc(receipt.issuedAt));
        insert->bindValue(u":valid"_s, isoUtc(receipt.validUntil));
        insert->bindValue(u":issuer"_s, sqlText(receipt.issuer));
        insert->bindValue(u":json"_s, QString::fromUtf8(receipt.receiptJson));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

} // namespace ades
