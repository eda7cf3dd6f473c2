#include "X402Offers.h"

#include "core/Settings.h"
#include "payments/NetworkGate.h"
#include "payments/PaymentSettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::x402 {

X402Offers::X402Offers(const Settings &settings, const NetworkGate *gate)
    : m_gate(gate)
{
    using namespace PaymentSettings;
    const QString payToEvm = settings.value(PayToEvm.spec.key).trimmed();
    const QString payToSolana = settings.value(PayToSolana.spec.key).trimmed();
    m_solanaFeePayer = settings.get(SolanaFeePayer);
    m_maxTimeoutSeconds = settings.get(MaxTimeoutSeconds);

    QString networks = settings.get(Networks);
    if (networks.isEmpty())
        networks = payToSolana.isEmpty() ? u"base,arbitrum,polygon"_s : u"base,arbitrum,polygon,solana"_s;

    if (!payToEvm.isEmpty() && !isEvmAddress(payToEvm))
        m_warnings.append(u"x402/payto_evm is not a 0x address of 40 hex digits; EVM offers disabled"_s);
    if (!payToSolana.isEmpty() && !isSolanaAddress(payToSolana))
        m_warnings.append(u"x402/payto_solana is not a base58 Solana address; Solana offers disabled"_s);

    const QStringList names = networks.split(u',', Qt::SkipEmptyParts);
    // "custom": an EVM chain from settings (a local test chain, or a chain the built-in table lacks).
    const X402Network custom { u"custom"_s, settings.get(CustomCaip2), settings.get(CustomAsset),
        settings.get(CustomEip712Name), settings.get(CustomEip712Version), true, true };
    for (const QString &name : names) {
        const bool isCustom = name.trimmed().toLower() == custom.key;
        if (isCustom && (!custom.caip2.startsWith(u"eip155:"_s) || !isEvmAddress(custom.asset))) {
            m_warnings.append(u"x402/networks names custom, but x402/custom/caip2 (eip155:<id>) or "
                              "x402/custom/asset (0x address) is missing"_s);
            continue;
        }
        const X402Network *network = isCustom ? &custom : findNetwork(name);
        if (!network) {
            m_warnings.append(u"x402/networks: unknown network '%1'"_s.arg(name.trimmed()));
            continue;
        }
        if (network->isEvm) {
            if (isEvmAddress(payToEvm))
                m_offers.append(Offer { *network, payToEvm });
        } else if (isSolanaAddress(payToSolana)) {
            // The x402 v2 `exact` scheme on Solana needs the facilitator's fee payer in `extra`.
            if (m_solanaFeePayer.isEmpty())
                m_warnings.append(
                    u"Solana offer skipped: set x402/solana_fee_payer to the facilitator's fee payer"_s);
            else
                m_offers.append(Offer { *network, payToSolana });
        }
    }
}

ServiceError X402Offers::notConfiguredError()
{
    return ServiceError(ServiceError::Kind::Unavailable, u"payments_not_configured"_s,
        u"x402 payments are not configured on this server: no receiving address is set. Nothing was charged."_s)
        .setMissing({ u"x402_payto"_s });
}

ServiceError X402Offers::noNetworkError()
{
    return ServiceError(ServiceError::Kind::Unavailable, u"payment_networks_unavailable"_s,
        u"No payment network can be offered right now: their token domains are being checked or did not "
        "match. Nothing was charged."_s)
        .setRetryable(true)
        .setMissing({ u"x402_network"_s });
}

QList<QJsonObject> X402Offers::requirements(Usdc price) const
{
    QList<QJsonObject> result;
    for (const Offer &offer : m_offers) {
        if (m_gate && !m_gate->mayOffer(offer.network.caip2))
            continue;
        QJsonObject extra;
        if (offer.network.isEvm) {
            extra.insert(u"name"_s, offer.network.eip712Name);
            extra.insert(u"version"_s, offer.network.eip712Version);
        } else {
            extra.insert(u"feePayer"_s, m_solanaFeePayer);
        }
        result.append(QJsonObject {
            { u"scheme"_s, u"exact"_s },
            { u"network"_s, offer.network.caip2 },
            { u"amount"_s, price.toAtomicString() },
            { u"asset"_s, offer.network.asset },
            { u"payTo"_s, offer.payTo },
            { u"maxTimeoutSeconds"_s, m_maxTimeoutSeconds },
            { u"extra"_s, extra },
        });
    }
    return result;
}

QJsonObject X402Offers::paymentRequired(
    Usdc price, const QString &resourceUrl, const QString &description, const QString &error) const
{
    QJsonArray accepts;
    const QList<QJsonObject> offers = requirements(price);
    for (const QJsonObject &requirement : offers)
        accepts.append(requirement);
    QJsonObject challenge {
        { u"x402Version"_s, 2 },
        { u"resource"_s,
            QJsonObject { { u"url"_s, resourceUrl }, { u"description"_s, description },
                { u"mimeType"_s, u"application/json"_s } } },
        { u"accepts"_s, accepts },
    };
    if (!error.isEmpty())
        challenge.insert(u"error"_s, error);
    return challenge;
}

QByteArray X402Offers::encodeHeader(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toBase64();
}

Result<QJsonObject> X402Offers::decodeHeader(const QByteArray &value)
{
    static const QRegularExpression standard(u"^[A-Za-z0-9+/]*={0,2}$"_s);
    const QString text = QString::fromLatin1(value.trimmed());
    if (text.isEmpty() || !standard.match(text).hasMatch())
        return ServiceError::badRequest(u"invalid_payment_header"_s,
            u"PAYMENT-SIGNATURE must be standard base64 of a JSON object."_s, u"PAYMENT-SIGNATURE"_s);
    const auto decoded
        = QByteArray::fromBase64Encoding(value.trimmed(), QByteArray::AbortOnBase64DecodingErrors);
    const QJsonDocument doc = decoded ? QJsonDocument::fromJson(*decoded) : QJsonDocument();
    if (!doc.isObject())
        return ServiceError::badRequest(u"invalid_payment_header"_s,
            u"PAYMENT-SIGNATURE does not decode to a JSON object."_s, u"PAYMENT-SIGNATURE"_s);
    return doc.object();
}

} // namespace ades::x402
