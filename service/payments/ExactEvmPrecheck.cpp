#include "ExactEvmPrecheck.h"

#include "crypto/EthSignature.h"
#include "crypto/Hex.h"

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

ExactEvmPrecheck::Outcome failure(const QString &reason, const QString &detail)
{
    ExactEvmPrecheck::Outcome outcome;
    outcome.reason = reason;
    outcome.detail = detail;
    return outcome;
}

bool sameAddress(const QString &a, const QString &b)
{
    return !a.isEmpty() && a.compare(b, Qt::CaseInsensitive) == 0;
}

// Decimal strings (already checked by the EIP-712 encoding) compared as numbers without overflow: strip
// leading zeros, then length, then text.
int compareDecimal(QString a, QString b)
{
    while (a.size() > 1 && a.startsWith(u'0'))
        a.remove(0, 1);
    while (b.size() > 1 && b.startsWith(u'0'))
        b.remove(0, 1);
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    return a.compare(b);
}

} // namespace

const QJsonObject *ExactEvmPrecheck::matchOffer(const QJsonObject &accepted, const QList<QJsonObject> &offers)
{
    for (const QJsonObject &offer : offers) {
        const bool same = accepted.value(u"scheme"_s) == offer.value(u"scheme"_s)
            && accepted.value(u"network"_s) == offer.value(u"network"_s)
            && accepted.value(u"amount"_s) == offer.value(u"amount"_s)
            && sameAddress(accepted.value(u"asset"_s).toString(), offer.value(u"asset"_s).toString())
            && sameAddress(accepted.value(u"payTo"_s).toString(), offer.value(u"payTo"_s).toString())
            && accepted.value(u"maxTimeoutSeconds"_s) == offer.value(u"maxTimeoutSeconds"_s);
        if (!same)
            continue;
        const QJsonObject ours = offer.value(u"extra"_s).toObject();
        const QJsonObject theirs = accepted.value(u"extra"_s).toObject();
        bool extraEchoed = true;
        for (auto it = ours.begin(); it != ours.end(); ++it)
            extraEchoed = extraEchoed && theirs.value(it.key()) == it.value();
        if (extraEchoed)
            return &offer;
    }
    return nullptr;
}

ExactEvmPrecheck::Outcome ExactEvmPrecheck::check(
    const QJsonObject &paymentPayload, const QList<QJsonObject> &offers, qint64 nowSeconds)
{
    if (paymentPayload.value(u"x402Version"_s).toInt() != 2)
        return failure(u"unsupported_x402_version"_s, u"Only x402Version 2 is accepted."_s);
    const QJsonObject accepted = paymentPayload.value(u"accepted"_s).toObject();
    const QJsonObject payload = paymentPayload.value(u"payload"_s).toObject();
    const QJsonObject auth = payload.value(u"authorization"_s).toObject();
    if (accepted.isEmpty() || auth.isEmpty() || !payload.value(u"signature"_s).isString())
        return failure(u"invalid_payload"_s,
            u"The payment needs accepted, payload.authorization and "
            "payload.signature."_s);

    Outcome outcome;
    outcome.authorization = Eip3009Authorization {
        auth.value(u"from"_s).toString(),
        auth.value(u"to"_s).toString(),
        auth.value(u"value"_s).toString(),
        auth.value(u"validAfter"_s).toString(),
        auth.value(u"validBefore"_s).toString(),
        auth.value(u"nonce"_s).toString(),
    };
    const Eip3009Authorization &a = outcome.authorization;
    if (!Eip712::transferWithAuthorizationHash(a))
        return failure(u"invalid_payload"_s,
            u"payload.authorization has a field of the wrong form (addresses are "
            "0x + 40 hex, amounts and times decimal, nonce 0x + 64 hex)."_s);

    // Prices are our current ones: `accepted` must be an offer we make now, never a cached echo (§7.1 item
    // 3).
    const QJsonObject *offer = matchOffer(accepted, offers);
    if (!offer)
        return failure(u"no_matching_payment_requirements"_s,
            u"The accepted requirement matches none of this server's current offers."_s);
    outcome.requirement = *offer;
    const QJsonObject &req = outcome.requirement;

    if (req.value(u"scheme"_s).toString() != u"exact"_s)
        return failure(u"invalid_exact_evm_scheme"_s, u"Only the exact scheme is supported."_s);
    const QJsonObject extra = req.value(u"extra"_s).toObject();
    if (!extra.value(u"name"_s).isString() || !extra.value(u"version"_s).isString())
        return failure(
            u"invalid_exact_evm_missing_eip712_domain"_s, u"The offer lacks its EIP-712 domain."_s);
    const QString network = req.value(u"network"_s).toString();
    if (!network.startsWith(u"eip155:"_s) || accepted.value(u"network"_s).toString() != network)
        return failure(
            u"invalid_exact_evm_network_mismatch"_s, u"The payment is not for this EVM network."_s);

    // The digest is built from OUR requirement: asset, chain, name, version (§2.4 item 5).
    const auto domain = Eip712::domainSeparator(extra.value(u"name"_s).toString(),
        extra.value(u"version"_s).toString(), network.mid(7), req.value(u"asset"_s).toString());
    if (!domain)
        return failure(
            u"invalid_exact_evm_network_mismatch"_s, u"The offer's chain id or asset is malformed."_s);
    const QByteArray digest = Eip712::digest(*domain, *Eip712::transferWithAuthorizationHash(a));
    const QString signatureHex = payload.value(u"signature"_s).toString();
    const std::optional<QByteArray> signature
        = signatureHex.size() == 132 ? decodeHex(signatureHex, 65) : std::nullopt;
    if (signature) {
        // A plain EOA signature: it must recover to `from`. Longer signatures (ERC-1271, ERC-6492) need the
        // chain and are left to the facilitator.
        const std::optional<QString> signer = recoverAddress(digest, *signature);
        if (!signer || !sameAddress(*signer, a.from))
            return failure(u"invalid_exact_evm_signature"_s,
                u"The signature does not recover to the authorization's from address."_s);
        outcome.payer = *signer;
        outcome.signatureRecovered = true;
    } else {
        outcome.payer = a.from;
    }
    if (!sameAddress(a.to, req.value(u"payTo"_s).toString()))
        return failure(
            u"invalid_exact_evm_recipient_mismatch"_s, u"The authorization pays another address."_s);
    const QString earliestValidBefore = QString::number(nowSeconds + ValidBeforeMarginSeconds);
    if (compareDecimal(a.validBefore, earliestValidBefore) < 0)
        return failure(u"invalid_exact_evm_payload_authorization_valid_before"_s,
            u"The authorization expires too soon (validBefore must be at least %1 s ahead)."_s.arg(
                ValidBeforeMarginSeconds));
    if (compareDecimal(a.validAfter, QString::number(nowSeconds)) > 0)
        return failure(u"invalid_exact_evm_payload_authorization_valid_after"_s,
            u"The authorization is not valid yet (validAfter is in the future)."_s);
    if (compareDecimal(a.value, req.value(u"amount"_s).toString()) != 0)
        return failure(u"invalid_exact_evm_payload_authorization_value_mismatch"_s,
            u"The authorized value must equal the price exactly."_s);
    outcome.ok = true;
    return outcome;
}

} // namespace ades::x402
