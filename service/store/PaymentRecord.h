#pragma once

#include <QDateTime>
#include <QString>

namespace ades {

// One x402 payment as the settlement ledger keeps it (docs/interface.md §3: charges only on delivery). A row
// exists from the moment a payment is claimed for a request until it is settled (with its delivered result in
// the same row, so a settled call never lacks its result) or released (nothing was charged: the payment may
// be used again). (payer, nonce) is unique: one EIP-3009 authorization pays for one request, whatever the
// number of threads or instances racing.
struct PaymentRecord
{
    enum class State
    {
        Reserved,
        Settled,
    };

    QString id;
    QString payer; // lower-case address
    QString nonce; // lower-case 0x + 64 hex
    QString network; // CAIP-2
    QString operationId;
    QString requestHash; // what was asked: identical retries carry the same hash
    qint64 amountUnits = 0;
    QString payTo;
    State state = State::Reserved;
    QString transaction; // settlement transaction, when settled
    QString receiptHash; // result_hash of the delivered receipt
    QByteArray resultJson; // the delivered body, for the idempotent retry
    QByteArray paymentResponse; // the PAYMENT-RESPONSE JSON
    QDateTime createdAt;
    QDateTime settledAt;
};

} // namespace ades
