#include "ReceiptVerifier.h"

#include "ReceiptFormat.h"
#include "core/Clock.h"
#include "core/JsonDuplicateKeys.h"
#include "crypto/Eip191.h"
#include "crypto/EthSignature.h"
#include "crypto/Hex.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonParseError>
#include <algorithm>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades {

struct ReceiptVerifier::Check
{
    QString standard;
    QString signer;
    bool expired = false;
    QStringList problems;

    void add(const QString &problem)
    {
        if (!problems.contains(problem))
            problems.append(problem);
    }
};

namespace {

bool sameAddress(const QString &a, const QString &b)
{
    return !a.isEmpty() && a.compare(b, Qt::CaseInsensitive) == 0;
}

// A timestamp counts only with an explicit zone: without one its instant depends on the reader's TZ.
std::optional<QDateTime> parseTimestamp(const QString &text)
{
    const QDateTime at = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!at.isValid() || at.timeSpec() == Qt::LocalTime)
        return std::nullopt;
    return at;
}

// Every field in `fields` must be a string; each one that is not is reported.
template <std::size_t N>
void requireStrings(
    const QJsonObject &receipt, const std::array<QLatin1StringView, N> &fields, QStringList &problems)
{
    for (const QLatin1StringView field : fields) {
        if (!receipt.value(field).isString())
            problems.append(u"missing_field:"_s + field);
    }
}

// Members the standard does not define are refused, never carried along: nothing signs them, and a verdict
// must not lend them the receipt's authority ("note": "Certified by ..." inside a valid receipt).
template <std::size_t N>
void refuseUnknownMembers(
    const QJsonObject &receipt, const std::array<QLatin1StringView, N> &fields, QStringList &problems)
{
    for (auto it = receipt.begin(); it != receipt.end(); ++it) {
        if (std::find(fields.begin(), fields.end(), it.key()) == fields.end())
            problems.append(u"unknown_field:"_s + it.key().left(100));
    }
}

// EIP-191 personal_sign signatures end in v = 27 or 28 (docs/receipts.md); recovery also takes 0 and 1, but
// that would give every receipt a second spelling, so only the documented form is accepted.
void requireDocumentedV(const QString &signatureHex, QStringList &problems)
{
    const std::optional<QByteArray> signature = decodeHex(signatureHex, 65);
    if (!signature)
        return; // malformed: bad_signature says so
    const int v = static_cast<unsigned char>(signature->at(64));
    if (v != 27 && v != 28)
        problems.append(u"signature_v_not_27_or_28"_s);
}

// The receipt as the verdict repeats it: only members its standard defines and its signature covers (for /1,
// whose signature covers the result hash alone, issued_at is left out; the signer stands for the issuer).
QJsonObject verifiedMembers(const QJsonValue &receipt)
{
    const QJsonObject object = receipt.toObject();
    const QString standard = object.value(ReceiptFormat::Standard).toString();
    QJsonObject out;
    const auto copy = [&object, &out](const auto &fields) {
        for (const QLatin1StringView field : fields) {
            if (object.contains(field))
                out.insert(field, object.value(field));
        }
    };
    if (standard == ReceiptFormat::StandardV2)
        copy(ReceiptFormat::V2Fields);
    else if (standard == ReceiptFormat::StandardV1)
        copy(std::array<QLatin1StringView, 4> { ReceiptFormat::Standard, ReceiptFormat::ResultHash,
            ReceiptFormat::Signature, ReceiptFormat::Issuer });
    else if (object.contains(ReceiptFormat::Standard))
        out.insert(ReceiptFormat::Standard, object.value(ReceiptFormat::Standard));
    return out;
}

} // namespace

ReceiptVerifier::ReceiptVerifier(
    const Clock &clock, QString trustedIssuerAddress, QStringList retiredIssuerAddresses)
    : m_clock(clock)
    , m_trustedIssuer(std::move(trustedIssuerAddress))
    , m_retiredIssuers(std::move(retiredIssuerAddresses))
{ }

ReceiptVerdict ReceiptVerifier::verifyDocument(const QByteArray &json) const
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || document.isNull()) {
        ReceiptVerdict verdict;
        verdict.usable = false;
        verdict.problems.append(u"not_json"_s);
        return verdict;
    }
    if (!document.isObject()) {
        ReceiptVerdict verdict;
        verdict.usable = false;
        verdict.problems.append(u"not_object"_s);
        return verdict;
    }
    // QJsonDocument kept the last of duplicate names; another reader may take the first. Such a text has no
    // single meaning to vouch for.
    if (const std::optional<QString> duplicate = firstDuplicateKey(json)) {
        ReceiptVerdict verdict;
        verdict.usable = false;
        verdict.problems.append(u"duplicate_key:"_s + *duplicate);
        return verdict;
    }
    return verify(document.object());
}

ReceiptVerdict ReceiptVerifier::verify(const QJsonObject &resultWithReceipt) const
{
    ReceiptVerdict verdict;
    const QJsonValue topCopy = resultWithReceipt.value(ReceiptFormat::ReceiptMember);
    const QJsonValue extensionCopy = resultWithReceipt.value(ReceiptFormat::ExtensionsMember)
                                         .toObject()
                                         .value(ReceiptFormat::DeliveryReceiptMember);
    const bool hasTop = !topCopy.isUndefined();
    const bool hasExtension = !extensionCopy.isUndefined();
    if (!hasTop && !hasExtension) {
        verdict.usable = false;
        verdict.problems.append(u"no_receipt"_s);
        return verdict;
    }

    const QJsonValue &primary = hasTop ? topCopy : extensionCopy;
    Check check = verifyReceipt(resultWithReceipt, primary);
    if (hasTop && hasExtension && topCopy != extensionCopy) {
        // Report what is wrong with the other copy too: an agent should learn which copy was altered.
        check.problems.prepend(u"receipt_copies_differ"_s);
        const Check other = verifyReceipt(resultWithReceipt, extensionCopy);
        for (const QString &problem : other.problems)
            check.add(problem);
    }

    verdict.standard = check.standard;
    verdict.issuer = check.signer;
    verdict.expired = check.expired;
    verdict.problems = check.problems;
    verdict.receipt = verifiedMembers(primary);
    verdict.valid = verdict.problems.isEmpty();
    // Only a valid receipt can vouch for its signer; the signer is recovered, not the claimed issuer.
    verdict.issuedByThisService = verdict.valid
        && (sameAddress(m_trustedIssuer, verdict.issuer)
            || std::any_of(m_retiredIssuers.cbegin(), m_retiredIssuers.cend(),
                [&verdict](const QString &retired) { return sameAddress(retired, verdict.issuer); }));
    return verdict;
}

ReceiptVerifier::Check ReceiptVerifier::verifyReceipt(
    const QJsonObject &result, const QJsonValue &receipt) const
{
    Check check;
    if (!receipt.isObject()) {
        check.add(u"receipt_not_object"_s);
        return check;
    }
    const QJsonObject object = receipt.toObject();
    const QJsonValue standard = object.value(ReceiptFormat::Standard);
    if (!standard.isString()) {
        check.add(u"missing_field:"_s + ReceiptFormat::Standard);
        return check;
    }
    check.standard = standard.toString();
    if (check.standard == ReceiptFormat::StandardV2)
        verifyV2(result, object, check);
    else if (check.standard == ReceiptFormat::StandardV1)
        verifyV1(result, object, check);
    else
        check.add(u"unknown_standard"_s);
    return check;
}

void ReceiptVerifier::verifyV2(const QJsonObject &result, const QJsonObject &receipt, Check &check) const
{
    requireStrings(receipt, ReceiptFormat::V2Fields, check.problems);
    refuseUnknownMembers(receipt, ReceiptFormat::V2Fields, check.problems);
    const auto field = [&receipt](QLatin1StringView name) { return receipt.value(name).toString(); };
    const auto present = [&receipt](QLatin1StringView name) { return receipt.value(name).isString(); };
    const QString issuer = field(ReceiptFormat::Issuer);

    if (present(ReceiptFormat::ResultHash)
        && field(ReceiptFormat::ResultHash).compare(ReceiptFormat::resultHashV2(result), Qt::CaseInsensitive)
            != 0)
        check.add(u"result_hash_mismatch"_s);

    const QByteArray signedMessage = field(ReceiptFormat::SignedMessage).toUtf8();
    if (present(ReceiptFormat::SignedMessage) && signedMessage != ReceiptFormat::envelope(receipt))
        check.add(u"signed_message_mismatch"_s);

    if (present(ReceiptFormat::Signature))
        requireDocumentedV(field(ReceiptFormat::Signature), check.problems);
    if (present(ReceiptFormat::Signature) && present(ReceiptFormat::SignedMessage)) {
        const std::optional<QString> signer = eip191Recover(signedMessage, field(ReceiptFormat::Signature));
        if (!signer) {
            check.add(u"bad_signature"_s);
        } else {
            check.signer = *signer;
            if (present(ReceiptFormat::Issuer) && !sameAddress(*signer, issuer))
                check.add(u"signature_issuer_mismatch"_s);
        }
    }

    if (present(ReceiptFormat::IssuerKey) && present(ReceiptFormat::Issuer)) {
        const std::optional<QByteArray> publicKey = decodeHex(field(ReceiptFormat::IssuerKey), 65);
        if (!publicKey || !sameAddress(publicKeyToAddress(*publicKey), issuer))
            check.add(u"issuer_key_mismatch"_s);
    }

    if (present(ReceiptFormat::KeyId) && present(ReceiptFormat::Issuer)
        && field(ReceiptFormat::KeyId).compare(ReceiptFormat::KeyIdPrefix + issuer, Qt::CaseInsensitive) != 0)
        check.add(u"key_id_mismatch"_s);

    std::optional<QDateTime> issuedAt;
    std::optional<QDateTime> validUntil;
    if (present(ReceiptFormat::IssuedAt)) {
        issuedAt = parseTimestamp(field(ReceiptFormat::IssuedAt));
        if (!issuedAt)
            check.add(u"invalid_timestamp:"_s + ReceiptFormat::IssuedAt);
    }
    if (present(ReceiptFormat::ValidUntil)) {
        validUntil = parseTimestamp(field(ReceiptFormat::ValidUntil));
        if (!validUntil)
            check.add(u"invalid_timestamp:"_s + ReceiptFormat::ValidUntil);
    }
    if (issuedAt && validUntil && *issuedAt > *validUntil)
        check.add(u"validity_window_inverted"_s);
    // Expiry is reported, not a validity failure: an old receipt still proves what was delivered.
    if (validUntil)
        check.expired = m_clock.now() > *validUntil;
}

void ReceiptVerifier::verifyV1(const QJsonObject &result, const QJsonObject &receipt, Check &check) const
{
    requireStrings(receipt, ReceiptFormat::V1Fields, check.problems);
    refuseUnknownMembers(receipt, ReceiptFormat::V1Fields, check.problems);
    const auto field = [&receipt](QLatin1StringView name) { return receipt.value(name).toString(); };
    const auto present = [&receipt](QLatin1StringView name) { return receipt.value(name).isString(); };

    if (present(ReceiptFormat::ResultHash)
        && field(ReceiptFormat::ResultHash).compare(ReceiptFormat::resultHashV1(result), Qt::CaseInsensitive)
            != 0)
        check.add(u"result_hash_mismatch"_s);

    // /1 signed the result_hash text itself with personal_sign.
    if (present(ReceiptFormat::Signature))
        requireDocumentedV(field(ReceiptFormat::Signature), check.problems);
    if (present(ReceiptFormat::Signature) && present(ReceiptFormat::ResultHash)) {
        const std::optional<QString> signer
            = eip191Recover(field(ReceiptFormat::ResultHash).toUtf8(), field(ReceiptFormat::Signature));
        if (!signer) {
            check.add(u"bad_signature"_s);
        } else {
            check.signer = *signer;
            if (present(ReceiptFormat::Issuer) && !sameAddress(*signer, field(ReceiptFormat::Issuer)))
                check.add(u"signature_issuer_mismatch"_s);
        }
    }

    if (present(ReceiptFormat::IssuedAt) && !parseTimestamp(field(ReceiptFormat::IssuedAt)))
        check.add(u"invalid_timestamp:"_s + ReceiptFormat::IssuedAt);
}

} // namespace ades
