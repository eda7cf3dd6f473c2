#include "ExactSvmPrecheck.h"

#include "ExactEvmPrecheck.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

ExactSvmPrecheck::Outcome failure(const QString &reason, const QString &detail)
{
    ExactSvmPrecheck::Outcome outcome;
    outcome.reason = reason;
    outcome.detail = detail;
    return outcome;
}

} // namespace

bool ExactSvmPrecheck::isSvmNetwork(const QString &caip2)
{
    return caip2.startsWith(u"solana:"_s);
}

ExactSvmPrecheck::Outcome ExactSvmPrecheck::check(
    const QJsonObject &paymentPayload, const QList<QJsonObject> &offers)
{
    if (paymentPayload.value(u"x402Version"_s).toInt() != 2)
        return failure(u"unsupported_x402_version"_s, u"Only x402Version 2 is accepted."_s);
    const QJsonObject accepted = paymentPayload.value(u"accepted"_s).toObject();
    const QString transaction
        = paymentPayload.value(u"payload"_s).toObject().value(u"transaction"_s).toString();
    if (accepted.isEmpty() || transaction.isEmpty())
        return failure(u"invalid_payload"_s, u"The payment needs accepted and payload.transaction."_s);
    const QJsonObject *offer = ExactEvmPrecheck::matchOffer(accepted, offers);
    // Base58 addresses are case-sensitive: the lenient EVM comparison is not enough here.
    if (!offer || accepted.value(u"payTo"_s) != offer->value(u"payTo"_s)
        || accepted.value(u"asset"_s) != offer->value(u"asset"_s)
        || !isSvmNetwork(offer->value(u"network"_s).toString()))
        return failure(
            u"no_matching_payment_requirements"_s, u"The payment does not accept one of the offers."_s);
    const auto decoded
        = QByteArray::fromBase64Encoding(transaction.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty() || decoded.decoded.size() > MaxTransactionBytes)
        return failure(u"invalid_exact_svm_payload_transaction"_s,
            u"payload.transaction must be the base64 of one Solana transaction (at most %1 bytes)."_s.arg(
                MaxTransactionBytes));
    Outcome outcome;
    outcome.ok = true;
    outcome.requirement = *offer;
    outcome.transactionHash
        = QString::fromLatin1(QCryptographicHash::hash(decoded.decoded, QCryptographicHash::Sha256).toHex());
    return outcome;
}

} // namespace ades::x402
