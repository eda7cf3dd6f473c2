#include "ReceiptFormat.h"

#include "core/CanonicalJson.h"
#include "crypto/Keccak256.h"

#include <QCryptographicHash>
#include <QJsonDocument>
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

QByteArray ReceiptFormat::withoutSignedMessage(const QByteArray &canonicalReceipt)
{
    // In canonical text a quote inside a string is always escaped, so `"signed_message":"` can only be the
    // member itself; its string ends at the first quote no backslash escapes. The value becomes null, not
    // nothing: a receipt whose text lacks the member is told apart from one kept this way.
    static constexpr QByteArrayView Member { "\"signed_message\":\"" };
    const qsizetype member = canonicalReceipt.indexOf(Member);
    if (member < 0)
        return canonicalReceipt;
    const qsizetype value = member + Member.size() - 1; // its opening quote
    for (qsizetype at = value + 1; at < canonicalReceipt.size(); ++at) {
        if (canonicalReceipt.at(at) == '\\')
            ++at;
        else if (canonicalReceipt.at(at) == '"')
            return QByteArray(canonicalReceipt).replace(value, at + 1 - value, "null");
    }
    return canonicalReceipt; // no end: not canonical text, kept as it is
}

QByteArray ReceiptFormat::withSignedMessage(const QByteArray &storedReceipt)
{
    if (!storedReceipt.contains("\"signed_message\":null"))
        return storedReceipt;
    QJsonParseError error;
    QJsonObject receipt = QJsonDocument::fromJson(storedReceipt, &error).object();
    if (error.error != QJsonParseError::NoError || !receipt.value(SignedMessage).isNull())
        return storedReceipt;
    receipt.insert(SignedMessage, QString::fromUtf8(envelope(receipt)));
    return CanonicalJson::serialise(receipt);
}

} // namespace ades
