#pragma once

#include "payments/Eip712.h"

#include <QJsonObject>
#include <QList>

namespace ades::x402 {

// The resource server's own checks of an x402 v2 `exact` EVM payment before anything is sent to the
// facilitator (the x402 v2 resource server's duties: decode, match the offer, cheap pre-checks), in the order
// of the x402 reference facilitator's exact EVM verifier so that the reason codes are the same. Pure: no
// network, no clock of its own, no state; the replay guard and the facilitator's chain checks come after it.
class ExactEvmPrecheck
{
public:
    struct Outcome
    {
        bool ok = false;
        // x402 reason code on failure: "invalid_payload", "unsupported_x402_version",
        // "no_matching_payment_requirements", "invalid_exact_evm_scheme",
        // "invalid_exact_evm_missing_eip712_domain", "invalid_exact_evm_network_mismatch",
        // "invalid_exact_evm_signature", "invalid_exact_evm_recipient_mismatch",
        // "invalid_exact_evm_payload_authorization_valid_before", "..._valid_after", "..._value_mismatch".
        QString reason;
        QString detail; // English, for logs and the `message` member; never the facilitator's text
        QJsonObject requirement; // OUR matching requirement: what goes to the facilitator
        Eip3009Authorization authorization;
        QString payer; // authorization.from, checksummed when the signature was recovered
        bool signatureRecovered = false; // false: not a plain 65-byte EOA signature, left to the facilitator
    };

    // Seconds a payment must still be valid for, as the reference facilitator's block-time buffer.
    static constexpr qint64 ValidBeforeMarginSeconds = 6;

    static Outcome check(
        const QJsonObject &paymentPayload, const QList<QJsonObject> &offers, qint64 nowSeconds);

    // `accepted` equals an offer: scheme, network, amount, asset, payTo, maxTimeoutSeconds equal (addresses
    // case-insensitively) and every key of the offer's `extra` present with the same value (§7.1 item 3).
    static const QJsonObject *matchOffer(const QJsonObject &accepted, const QList<QJsonObject> &offers);
};

} // namespace ades::x402
