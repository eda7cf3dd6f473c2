#pragma once

#include "receipts/ReceiptVerdict.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace ades {

class Clock;

// Verifies the receipt a result carries, service-receipt/2 and the older /1 (docs/interface.md §2.1).
// Pure apart from reading the clock; thread-safe. The clock is not owned and must outlive the verifier.
//
// Problem codes (ReceiptVerdict::problems), stable for agents:
//   not_json, not_object, no_receipt (usable = false)
//   duplicate_key:<JSON pointer>  the text repeats a member name within one object (usable = false)
//   receipt_not_object, receipt_copies_differ, unknown_standard
//   missing_field:<name>          a required field is absent or not a string
//   unknown_field:<name>          the receipt has a member its standard does not define (nothing signs it)
//   signature_v_not_27_or_28      the signature's last byte is not 27 or 28 (EIP-191 personal_sign)
//   result_hash_mismatch          the result (without receipt/extensions) does not hash to result_hash
//   signed_message_mismatch       signed_message is not the canonical envelope of the other fields
//   bad_signature                 signature is malformed, high-s, or recovers to no key
//   signature_issuer_mismatch     signature recovers to an address other than issuer
//   issuer_key_mismatch           issuer_key is no public key or derives to an address other than issuer
//   key_id_mismatch               key_id is not "eip191:" + issuer
//   invalid_timestamp:<name>      issued_at / valid_until is not an ISO 8601 date-time with a zone
//   validity_window_inverted      valid_until is before issued_at
class ReceiptVerifier
{
public:
    // trustedIssuerAddress: this service's issuer; empty = no receipt counts as issued by this service.
    // retiredIssuerAddresses: this service's earlier issuers (rotated keys); their receipts still count as
    // issued by this service.
    explicit ReceiptVerifier(
        const Clock &clock, QString trustedIssuerAddress = {}, QStringList retiredIssuerAddresses = {});

    // `receipt` is looked up first, then `extensions.delivery-receipt`; if both exist they must be equal
    // and each is verified. issuedByThisService requires a valid receipt signed by the trusted issuer. The
    // verdict repeats only the receipt members the signature covers. An object cannot show duplicate member
    // names any more: callers holding the text use verifyDocument(), or check it with firstDuplicateKey().
    ReceiptVerdict verify(const QJsonObject &resultWithReceipt) const;
    // Parses `json` first: non-JSON or non-object input, or a text repeating a member name within an
    // object, gives usable = false.
    ReceiptVerdict verifyDocument(const QByteArray &json) const;

private:
    struct Check;
    void verifyV2(const QJsonObject &result, const QJsonObject &receipt, Check &check) const;
    void verifyV1(const QJsonObject &result, const QJsonObject &receipt, Check &check) const;
    Check verifyReceipt(const QJsonObject &result, const QJsonValue &receipt) const;

    const Clock &m_clock;
    QString m_trustedIssuer;
    QStringList m_retiredIssuers;
};

} // namespace ades
