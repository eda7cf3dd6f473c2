#pragma once

#include "core/Result.h"
#include "store/PaymentRecord.h"

#include <QByteArray>
#include <QDateTime>
#include <QMap>
#include <QString>
#include <optional>

namespace ades {

class Database;

// The x402 settlement ledger (payments; PaymentRecord.h, docs/interface.md §3: charges only on delivery).
// Every write is synchronous and a single statement: the ledger is the record of money, never written behind.
// The unique (payer, nonce) decides between racing claims, in this process or another instance. Thread-safe;
// every call blocks on SQL.
class PaymentLedger
{
public:
    explicit PaymentLedger(Database &db);
    Q_DISABLE_COPY_MOVE(PaymentLedger)

    // Claims (payer, nonce) for this request. The returned record is the new reservation, or the row that
    // already holds the pair (another request, an identical retry, or a concurrent duplicate): give the claim
    // an id and compare it with the returned one to tell (an empty id gets a fresh UUID). The claim is
    // durable when this returns.
    Result<PaymentRecord> reservePayment(const PaymentRecord &claim);
    // Reserved -> settled, with the delivered result in the same row and statement. False when the row was
    // not reserved any more (or the write failed).
    bool settlePayment(const QString &id, const QString &transaction, const QString &receiptHash,
        const QByteArray &resultJson, const QByteArray &paymentResponse);
    // Drops a reservation that was never settled (verify failed, the handler failed, settle failed):
    // nothing was charged, so the authorization may pay again.
    bool releasePayment(const QString &id);
    // Drops the reservation `id` when it was made more than `ageMs` ago and is still not settled: its holder
    // died (kill -9, a crash, a lost instance) and nobody else will release it. False when it is younger,
    // settled or gone.
    bool releaseAbandoned(const QString &id, qint64 ageMs);
    std::optional<PaymentRecord> payment(const QString &payer, const QString &nonce);
    // Settled amounts per network (CAIP-2 -> atomic units), for the console's revenue total.
    QMap<QString, qint64> revenueByNetwork();
    // Settled USDC units of the payments settled at or after `since` (UTC), all networks together.
    qint64 revenueSince(const QDateTime &since);

private:
    Database &m_db;
};

} // namespace ades
