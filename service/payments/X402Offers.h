#pragma once

#include "core/Result.h"
#include "core/Usdc.h"
#include "payments/X402Networks.h"

#include <QJsonObject>
#include <QList>

namespace ades {
class Settings;
}

namespace ades::x402 {

class NetworkGate;

// The payment offers this service makes, from settings: which networks are enabled (x402/networks), and
// where the money goes (x402/payto_evm on every EVM network, x402/payto_solana for Solana). Builds the
// x402 v2 PaymentRequired challenge (x402 v2 specification: PaymentRequired, PaymentRequirements).
class X402Offers
{
public:
    struct Offer
    {
        X402Network network;
        QString payTo;
    };

    // `gate`, when given, withholds networks that failed (or are still in) the start-up domain check.
    explicit X402Offers(const Settings &settings, const NetworkGate *gate = nullptr);

    // Empty when nothing is configured: the x402 channel then answers 503, never a challenge paying nobody.
    const QList<Offer> &offers() const { return m_offers; }
    bool isConfigured() const { return !m_offers.isEmpty(); }
    // Problems found in the settings (unknown network names, missing Solana fee payer ...), for the log.
    QStringList warnings() const { return m_warnings; }

    // One PaymentRequirements per offer the gate lets through, at this price: the `accepts` of a challenge,
    // and what a payment's `accepted` must match.
    QList<QJsonObject> requirements(Usdc price) const;
    // The uncharged 503s of a paid call that cannot be offered: no receiving address configured, or no
    // network left after the start-up domain check. One wording for HTTP and MCP.
    static ServiceError notConfiguredError();
    static ServiceError noNetworkError();
    QJsonObject paymentRequired(
        Usdc price, const QString &resourceUrl, const QString &description, const QString &error) const;
    // Padded standard base64 of the compact JSON, the PAYMENT-REQUIRED header value (§1.2).
    static QByteArray encodeHeader(const QJsonObject &object);
    // Standard base64, padded or not; anything else (URL-safe alphabet, not JSON) is a 400.
    static Result<QJsonObject> decodeHeader(const QByteArray &value);

private:
    const NetworkGate *m_gate = nullptr;
    QList<Offer> m_offers;
    QStringList m_warnings;
    int m_maxTimeoutSeconds = 60;
    QString m_solanaFeePayer;
};

} // namespace ades::x402
