#include "ReceiptSigner.h"

#include "ReceiptFormat.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "crypto/Eip191.h"

using namespace Qt::StringLiterals;

namespace ades {

ReceiptSigner::ReceiptSigner(PrivateKey key, ReceiptIssuer issuer, const Clock &clock)
    : m_key(std::move(key))
    , m_issuer(std::move(issuer))
    , m_clock(clock)
    , m_keyId(ReceiptFormat::KeyIdPrefix + m_key.address())
    , m_issuerKeyHex(u"0x"_s + QString::fromLatin1(m_key.publicKey().toHex()))
{ }

QString ReceiptSigner::howToVerify()
{
    return u"Remove the top-level receipt and extensions members from the result, serialise the rest as "
           "RFC 8785 canonical JSON and check that 0x plus the hex Keccak-256 of those bytes equals "
           "result_hash, "
           "check that signed_message equals the RFC 8785 canonical JSON of the eleven other receipt fields "
           "(all but signature and signed_message), then recover the EIP-191 personal_sign signer of the "
           "UTF-8 "
           "bytes of signed_message from signature and check that it equals issuer, that issuer_key derives "
           "to "
           "issuer and that valid_until has not passed, or POST the whole result to verify_url."_s;
}

ReceiptIssuer ReceiptSigner::issuer() const
{
    const QMutexLocker lock(&m_issuerMutex);
    return m_issuer;
}

void ReceiptSigner::setVerifyUrl(const QString &verifyUrl)
{
    const QMutexLocker lock(&m_issuerMutex);
    m_issuer.verifyUrl = verifyUrl;
}

QJsonObject ReceiptSigner::makeReceipt(const QJsonObject &result, const QString &subject) const
{
    return receiptFor(ReceiptFormat::resultHashV2(result), subject).object;
}

ReceiptSigner::Receipt ReceiptSigner::receiptFor(const QString &resultHash, const QString &subject) const
{
    const QDateTime now = m_clock.now().toUTC();
    const ReceiptIssuer issuer = this->issuer();
    Receipt receipt { {}, now, now.addDays(issuer.validityDays) };
    receipt.object = QJsonObject {
        { ReceiptFormat::Standard, QString(ReceiptFormat::StandardV2) },
        { ReceiptFormat::Service, issuer.service },
        { ReceiptFormat::Subject, subject },
        { ReceiptFormat::ResultHash, resultHash },
        { ReceiptFormat::IssuedAt, isoUtc(receipt.issuedAt) },
        { ReceiptFormat::ValidUntil, isoUtc(receipt.validUntil) },
        { ReceiptFormat::Issuer, m_key.address() },
        { ReceiptFormat::IssuerKey, m_issuerKeyHex },
        { ReceiptFormat::KeyId, m_keyId },
        { ReceiptFormat::VerifyUrl, issuer.verifyUrl },
        { ReceiptFormat::HowToVerify, howToVerify() },
    };
    const QByteArray signedMessage = ReceiptFormat::envelope(receipt.object);
    receipt.object.insert(ReceiptFormat::SignedMessage, QString::fromUtf8(signedMessage));
    receipt.object.insert(ReceiptFormat::Signature, eip191Sign(m_key, signedMessage));
    return receipt;
}

ReceiptSigner::Signed ReceiptSigner::attach(const JsonBody &result, const QString &subject) const
{
    if (result.hasCanonical()) {
        // Written as text by its handler, without receipt or extensions (OperationResult): hash and send the
        // text with the two members spliced in. Should it hold either after all, the object path below
        // replaces them as documented.
        const QByteArray &canonical = result.canonical();
        Receipt receipt = receiptFor(ReceiptFormat::resultHashV2OfCanonical(canonical), subject);
        Signed out;
        out.receiptJson = CanonicalJson::serialise(receipt.object);
        const QByteArray extensionsJson = "{\"" + QByteArray(ReceiptFormat::DeliveryReceiptMember.latin1())
            + "\":" + out.receiptJson + '}';
        QByteArray body = CanonicalJson::withSerialisedMembers(canonical,
            { { QString(ReceiptFormat::ReceiptMember), out.receiptJson },
                { QString(ReceiptFormat::ExtensionsMember), extensionsJson } });
        if (!body.isEmpty()) {
            // MCP and the console want the object: the result's own (parsed only if it was never an object)
            // with the receipt object placed twice, rather than parsing the whole body with both copies.
            out.body = JsonBody::fromCanonical(std::move(body), [result, receipt = receipt.object]() {
                QJsonObject object = result.object();
                object.insert(ReceiptFormat::ReceiptMember, receipt);
                object.insert(ReceiptFormat::ExtensionsMember,
                    QJsonObject { { ReceiptFormat::DeliveryReceiptMember, receipt } });
                return object;
            });
            out.receipt = std::move(receipt.object);
            out.issuedAt = receipt.issuedAt;
            out.validUntil = receipt.validUntil;
            return out;
        }
    }
    const QJsonObject hashed = ReceiptFormat::hashedPartV2(result.object());
    const QByteArray canonical = CanonicalJson::serialise(hashed);
    Receipt receipt = receiptFor(ReceiptFormat::resultHashV2OfCanonical(canonical), subject);
    Signed out;
    out.receipt = receipt.object;
    out.receiptJson = CanonicalJson::serialise(receipt.object);
    out.issuedAt = receipt.issuedAt;
    out.validUntil = receipt.validUntil;
    // A non-object `extensions` cannot hold the copy: the receipt's place wins over a malformed member;
    // other extension members are kept.
    QJsonObject extensions = result.value(ReceiptFormat::ExtensionsMember).toObject();
    extensions.remove(ReceiptFormat::DeliveryReceiptMember);
    // The receipt is serialised once and placed twice, as the receipt and inside extensions.
    const QByteArray extensionsJson
        = CanonicalJson::withSerialisedMembers(CanonicalJson::serialise(extensions),
            { { QString(ReceiptFormat::DeliveryReceiptMember), out.receiptJson } });
    extensions.insert(ReceiptFormat::DeliveryReceiptMember, receipt.object);
    QJsonObject body = hashed;
    body.insert(ReceiptFormat::ReceiptMember, receipt.object);
    body.insert(ReceiptFormat::ExtensionsMember, extensions);
    QByteArray canonicalBody;
    if (!extensionsJson.isEmpty())
        canonicalBody = CanonicalJson::withSerialisedMembers(canonical,
            { { QString(ReceiptFormat::ReceiptMember), out.receiptJson },
                { QString(ReceiptFormat::ExtensionsMember), extensionsJson } });
    if (canonicalBody.isEmpty())
        canonicalBody = CanonicalJson::serialise(body);
    out.body = JsonBody(std::move(body), std::move(canonicalBody));
    return out;
}

} // namespace ades
