#include "TestPayments.h"

#include "crypto/Secp256k1Key.h"
#include "payments/Eip712.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace ades::test {

QString testPayTo()
{
    return u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
}

QString testAsset()
{
    return u"0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab"_s;
}

QHash<QString, QString> localX402Settings(const QString &facilitatorBaseUrl)
{
    return { { u"x402/payto_evm"_s, testPayTo() }, { u"x402/networks"_s, u"custom"_s },
        { u"x402/custom/caip2"_s, u"eip155:1337"_s }, { u"x402/custom/asset"_s, testAsset() },
        { u"upstream/facilitator/base_url"_s, facilitatorBaseUrl } };
}

QJsonObject signedPayment(const PrivateKey &payer, const QJsonObject &offer, const QString &value,
    const QString &nonce, qint64 validSeconds)
{
    QString authorizationNonce = nonce;
    if (authorizationNonce.isEmpty()) {
        QByteArray random(32, '\0');
        QRandomGenerator::global()->fillRange(reinterpret_cast<quint32 *>(random.data()), 8);
        authorizationNonce = u"0x"_s + QString::fromLatin1(random.toHex());
    }
    const x402::Eip3009Authorization a {
        payer.address(),
        offer.value(u"payTo"_s).toString(),
        value.isEmpty() ? offer.value(u"amount"_s).toString() : value,
        u"0"_s,
        QString::number(QDateTime::currentSecsSinceEpoch() + validSeconds),
        authorizationNonce,
    };
    const QJsonObject extra = offer.value(u"extra"_s).toObject();
    const auto domain = x402::Eip712::domainSeparator(extra.value(u"name"_s).toString(),
        extra.value(u"version"_s).toString(), offer.value(u"network"_s).toString().mid(7),
        offer.value(u"asset"_s).toString());
    const QByteArray digest = x402::Eip712::digest(*domain, *x402::Eip712::transferWithAuthorizationHash(a));
    return QJsonObject {
        { u"x402Version"_s, 2 },
        { u"accepted"_s, offer },
        { u"payload"_s,
            QJsonObject { { u"signature"_s,
                              QString(u"0x"_s + QString::fromLatin1(payer.signRecoverable(digest).toHex())) },
                { u"authorization"_s,
                    QJsonObject { { u"from"_s, a.from }, { u"to"_s, a.to }, { u"value"_s, a.value },
                        { u"validAfter"_s, a.validAfter }, { u"validBefore"_s, a.validBefore },
                        { u"nonce"_s, a.nonce } } } } },
    };
}

QJsonObject firstOffer(const QByteArray &paymentRequired)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(paymentRequired))
        .object()
        .value(u"accepts"_s)
        .toArray()
        .at(0)
        .toObject();
}

QByteArray paymentFor(const PrivateKey &payer, const QByteArray &paymentRequired)
{
    return QJsonDocument(signedPayment(payer, firstOffer(paymentRequired)))
        .toJson(QJsonDocument::Compact)
        .toBase64();
}

} // namespace ades::test
