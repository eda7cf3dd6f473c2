#include "ReceiptFormat.h"

#include "core/CanonicalJson.h"
#include "crypto/Keccak256.h"

#include <QCryptographicHash>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades {

QString ReceiptFormat::resultHashV2(const QJsonObject &result)
{
    return resultHashV2OfCanonical(CanonicalJson::serialise(hashedPartV2(result)));
}

QJsonObject ReceiptFormat::hashedPartV2(const QJsonObject &result)
{
    QJsonObject hashed = result;
    hashed.remove(ReceiptMember);
    hashed.remove(ExtensionsMember);
    return hashed;
}

QString ReceiptFormat::resultHashV2OfCanonical(const QByteArray &canonicalHashedResult)
{
    return u"0x"_s + QString::fromLatin1(keccak256(canonicalHashedResult).toHex());
}

QString ReceiptFormat::resultHashV1(const QJsonObject &result)
{
    QJsonObject hashed = result;
    hashed.remove(ReceiptMember);
    return u"0x"_s
        + QString::fromLatin1(
            QCryptographicHash::hash(CanonicalJson::serialise(hashed), QCryptographicHash::Sha256).toHex());
}

QByteArray ReceiptFormat::envelope(const QJsonObject &receipt)
{
    QJsonObject envelope;
    for (const QLatin1StringView field : EnvelopeFields) {
        const auto it = receipt.constFind(field);
        if (it != receipt.constEnd())
            envelope.insert(field, it.value());
    }
    return CanonicalJson::serialise(envelope);
}

} // namespace ades
