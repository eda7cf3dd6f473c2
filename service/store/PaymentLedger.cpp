#include "PaymentLedger.h"

#include "core/Clock.h"
#include "store/Database.h"
#include "store/SqlSupport.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QString PaymentColumns
    = u"id, payer, nonce, network, operation_id, request_hash, amount_units, pay_to, state, "
      "transaction_hash, receipt_hash, result_json, payment_response, created_at, "
      "settled_at"_s;

ServiceError ledgerUnavailable(const QString &what, const QSqlError &error)
{
    qCWarning(lcStore, "cannot %s: %s", qUtf8Printable(what), qUtf8Printable(error.text()));
    return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
        u"The payment ledger could not %1; nothing was charged. Try again."_s.arg(what))
        .setRetryable(true);
}

PaymentRecord readPayment(const QSqlQuery &q)
{
    PaymentRecord r;
    r.id = q.value(0).toString();
    r.payer = q.value(1).toString();
    r.nonce = q.value(2).toString();
    r.network = q.value(3).toString();
    r.operationId = q.value(4).toString();
    r.requestHash = q.value(5).toString();
    r.amountUnits = q.value(6).toLongLong();
    r.payTo = q.value(7).toString();
    r.state = q.value(8).toString() == u"settled"_s ? PaymentRecord::State::Settled
                                                    : PaymentRecord::State::Reserved;
    r.transaction = q.value(9).toString();
    r.receiptHash = q.value(10).toString();
    r.resultJson = q.value(11).toString().toUtf8();
    r.paymentResponse = q.value(12).toString().toUtf8();
    r.createdAt = parseTime(q.value(13));
    r.settledAt = parseTime(q.value(14));
    return r;
}

} // namespace

PaymentLedger::PaymentLedger(Database &db)
    : m_db(db)
{ }

Result<PaymentRecord> PaymentLedger::reservePayment(const PaymentRecord &claim)
{
    PaymentRecord reserved = claim;
    reserved.id = claim.id.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : claim.id;
    reserved.payer = claim.payer.toLower();
    reserved.nonce = claim.nonce.toLower();
    reserved.state = PaymentRecord::State::Reserved;
    reserved.createdAt = m_db.now();
    {
        // The unique (payer, nonce) decides between racing claims, in this process or another instance.
        // ON CONFLICT ... DO NOTHING RETURNING is the spelling PostgreSQL and SQLite share (not standard
        // SQL).
        PreparedQuery insert
            = m_db.prepare(u"INSERT INTO payments (id, payer, nonce, network, operation_id, request_hash, "
                           "amount_units, pay_to, state, created_at) VALUES (:id, :payer, :nonce, "
                           ":network, :operation, :request, :amount, :payto, 'reserved', :created) "
                           "ON CONFLICT (payer, nonce) DO NOTHING RETURNING id"_s);
        insert->bindValue(u":id"_s, reserved.id);
        insert->bindValue(u":payer"_s, reserved.payer);
        insert->bindValue(u":nonce"_s, reserved.nonce);
        insert->bindValue(u":network"_s, reserved.network);
        insert->bindValue(u":operation"_s, reserved.operationId);
        insert->bindValue(u":request"_s, reserved.requestHash);
        insert->bindValue(u":amount"_s, reserved.amountUnits);
        insert->bindValue(u":payto"_s, reserved.payTo);
        insert->bindValue(u":created"_s, isoUtc(reserved.createdAt));
        if (!insert->exec())
            return ledgerUnavailable(u"record the payment"_s, insert->lastError());
        const bool inserted = insert->next();
        while (insert->next()) { }
        if (insert->lastError().isValid())
            return ledgerUnavailable(u"record the payment"_s, insert->lastError());
        if (inserted)
            return reserved;
    }
    if (const std::optional<PaymentRecord> existing = payment(reserved.payer, reserved.nonce))
        return *existing;
    return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
        u"The payment is held by another request that just ended; try again."_s)
        .setRetryable(true);
}

bool PaymentLedger::settlePayment(const QString &id, const QString &transaction, const QString &receiptHash,
    const QByteArray &resultJson, const QByteArray &paymentResponse)
{
    PreparedQuery update
        = m_db.prepare(u"UPDATE payments SET state = 'settled', transaction_hash = :tx, receipt_hash = "
                       ":receipt, result_json = :result, payment_response = :response, settled_at = "
                       ":at WHERE id = :id AND state = 'reserved'"_s);
    update->bindValue(u":tx"_s, transaction);
    update->bindValue(u":receipt"_s, receiptHash);
    update->bindValue(u":result"_s, QString::fromUtf8(resultJson));
    update->bindValue(u":response"_s, QString::fromUtf8(paymentResponse));
    update->bindValue(u":at"_s, isoUtc(m_db.now()));
    update->bindValue(u":id"_s, id);
    if (!update->exec()) {
        ledgerUnavailable(u"record the settlement"_s, update->lastError());
        return false;
    }
    return update->numRowsAffected() == 1;
}

bool PaymentLedger::releasePayment(const QString &id)
{
    PreparedQuery remove = m_db.prepare(u"DELETE FROM payments WHERE id = :id AND state = 'reserved'"_s);
    remove->bindValue(u":id"_s, id);
    if (!remove->exec()) {
        ledgerUnavailable(u"release the payment"_s, remove->lastError());
        return false;
    }
    return remove->numRowsAffected() == 1;
}

bool PaymentLedger::releaseAbandoned(const QString &id, qint64 ageMs)
{
    // created_at is written by isoUtc() in one fixed-width format, so text order is time order.
    PreparedQuery remove = m_db.prepare(
        u"DELETE FROM payments WHERE id = :id AND state = 'reserved' AND created_at < :before"_s);
    remove->bindValue(u":id"_s, id);
    remove->bindValue(u":before"_s, isoUtc(m_db.now().addMSecs(-ageMs)));
    if (!remove->exec()) {
        ledgerUnavailable(u"release an abandoned payment"_s, remove->lastError());
        return false;
    }
    return remove->numRowsAffected() == 1;
}

std::optional<PaymentRecord> PaymentLedger::payment(const QString &payer, const QString &nonce)
{
    PreparedQuery query = m_db.prepare(
        u"SELECT "_s + PaymentColumns + u" FROM payments WHERE payer = :payer AND nonce = :nonce"_s);
    query->bindValue(u":payer"_s, payer.toLower());
    query->bindValue(u":nonce"_s, nonce.toLower());
    if (!query->exec() || !query->next())
        return std::nullopt;
    return readPayment(*query);
}

QMap<QString, qint64> PaymentLedger::revenueByNetwork()
{
    QMap<QString, qint64> totals;
    PreparedQuery query = m_db.prepare(
        u"SELECT network, SUM(amount_units) FROM payments WHERE state = 'settled' GROUP BY network"_s);
    if (!query->exec())
        return totals;
    while (query->next())
        totals.insert(query->value(0).toString(), query->value(1).toLongLong());
    return totals;
}

qint64 PaymentLedger::revenueSince(const QDateTime &since)
{
    // settled_at is written by isoUtc() in one fixed-width format, so text order is time order.
    PreparedQuery query = m_db.prepare(u"SELECT COALESCE(SUM(amount_units), 0) FROM payments "
                                       "WHERE state = 'settled' AND settled_at >= :since"_s);
    query->bindValue(u":since"_s, isoUtc(since.toUTC()));
    if (!query->exec() || !query->next())
        return 0;
    return query->value(0).toLongLong();
}

} // namespace ades
