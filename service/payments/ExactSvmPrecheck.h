#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades::x402 {

// The resource server's own checks of an x402 v2 `exact` Solana payment before the facilitator sees it (x402
// v2 specification, exact scheme on Solana). Only the envelope can be checked here: the transaction itself
// (the one SPL TransferChecked of exactly `amount` to the ATA of payTo, the signatures) is checked by the
// facilitator's /verify, which the payment gate always calls. Pure: no network, no state.
class ExactSvmPrecheck
{
public:
    struct Outcome
    {
        bool ok = false;
        QString reason; // x402 reason code on failure
        QString detail; // English, for the `message` member
        QJsonObject requirement; // OUR matching requirement: what goes to the facilitator
        // The replay key of this payment: the SHA-256 of the transaction bytes (hex). Solana has no
        // authorization nonce; the partially signed transaction is unique to one payment.
        QString transactionHash;
    };

    // The largest Solana transaction (packet size 1280 minus headers): anything longer cannot be a
    // payment and is refused before it travels further.
    static constexpr int MaxTransactionBytes = 1232;

    static bool isSvmNetwork(const QString &caip2);
    static Outcome check(const QJsonObject &paymentPayload, const QList<QJsonObject> &offers);
};

} // namespace ades::x402
