#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QString>

namespace ades {
class PrivateKey;
}

namespace ades::test {

// The receiving address and the token of the local test chain (eip155:1337) that localX402Settings offers.
QString testPayTo();
QString testAsset();

// Settings under which a test service offers x402 payments on the local test chain only, settled through the
// facilitator at `facilitatorBaseUrl` (usually a FakeFacilitator's).
QHash<QString, QString> localX402Settings(const QString &facilitatorBaseUrl);

// An x402 v2 PaymentPayload for `offer` (scheme exact, EIP-3009 transferWithAuthorization), signed by `payer`
// as a wallet would: `value` replaces the offer's amount when given, `nonce` (0x + 64 hex digits) is random
// when empty, and the authorization is valid for `validSeconds` from now.
QJsonObject signedPayment(const PrivateKey &payer, const QJsonObject &offer, const QString &value = {},
    const QString &nonce = {}, qint64 validSeconds = 60);

// The first offer (accepts[0]) of a PAYMENT-REQUIRED header value (base64 of the x402 v2 challenge); empty
// when the header is absent or undecodable.
QJsonObject firstOffer(const QByteArray &paymentRequired);
// The PAYMENT-SIGNATURE header value that pays that first offer, signed by `payer`.
QByteArray paymentFor(const PrivateKey &payer, const QByteArray &paymentRequired);

} // namespace ades::test
