#pragma once

#include <QJsonObject>
#include <QString>

namespace ades {
class PrivateKey;
}

namespace ades::test {

// An x402 v2 PaymentPayload for `offer` (scheme exact, EIP-3009 transferWithAuthorization), signed by `payer`
// as a wallet would: `value` replaces the offer's amount when given, `nonce` (0x + 64 hex digits) is random
// when empty, and the authorization is valid for `validSeconds` from now.
QJsonObject signedPayment(const PrivateKey &payer, const QJsonObject &offer, const QString &value = {},
    const QString &nonce = {}, qint64 validSeconds = 60);

} // namespace ades::test
