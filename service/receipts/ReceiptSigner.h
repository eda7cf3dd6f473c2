#pragma once

#include "core/JsonBody.h"
#include "crypto/Secp256k1Key.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QMutex>
#include <QString>

namespace ades {

class Clock;

// Who issues receipts: from the settings at startup; the verify URL follows the address actually served
// unless service/public_url names one (ReceiptSigner::setVerifyUrl).
struct ReceiptIssuer
{
    QString service; // "service" field: the service's public name
    QString issuerName; // operator's display name; shown by GET /verify, not signed into receipts
    QString verifyUrl; // where POST /verify accepts a result with its receipt
    int validityDays = 365;
};

// Signs results with service-receipt/2 receipts (docs/interface.md §2.1). Thread-safe: attach() and
// makeReceipt() may run on any thread; only the verify URL can change after construction. The clock is not
// owned and must outlive the signer. Cost: one canonical serialisation of the result, two Keccak-256 and one
// ECDSA signature.
class ReceiptSigner
{
public:
    ReceiptSigner(PrivateKey key, ReceiptIssuer issuer, const Clock &clock);

    // The signed body; body.canonical() is its canonical JSON (RFC 8785), the bytes that are sent and kept.
    struct Signed
    {
        JsonBody body;
        QJsonObject receipt; // the body's receipt member
        QByteArray receiptJson; // its canonical JSON, as the body holds it
        QDateTime issuedAt; // its issued_at and valid_until
        QDateTime validUntil;
    };
    // `result` plus `receipt` and `extensions.delivery-receipt` (identical objects). Any existing
    // receipt/extensions.delivery-receipt in `result` is replaced; other `extensions` members are kept.
    // The receipt covers every top-level member but `receipt` and `extensions`. The result is serialised
    // once, for its hash and for the body's bytes; a result given as canonical text is not serialised at all
    // and its body stays text until someone asks for the object (MCP, the console).
    Signed attach(const JsonBody &result, const QString &subject) const;
    // The thirteen-field receipt for `result` (its `receipt` and `extensions` members are ignored).
    // `subject` names what was checked, e.g. the operation id or the checked identifier.
    QJsonObject makeReceipt(const QJsonObject &result, const QString &subject) const;

    QString issuerAddress() const { return m_key.address(); }
    // "eip191:" + issuerAddress().
    QString keyId() const { return m_keyId; }
    // 65-byte uncompressed public key.
    QByteArray issuerPublicKey() const { return m_key.publicKey(); }
    ReceiptIssuer issuer() const;
    // The verify_url of the receipts signed from now on: ServiceContext sets it once the service listens.
    void setVerifyUrl(const QString &verifyUrl);

    // The how_to_verify sentence every receipt carries.
    static QString howToVerify();

private:
    struct Receipt
    {
        QJsonObject object;
        QDateTime issuedAt;
        QDateTime validUntil;
    };
    Receipt receiptFor(const QString &resultHash, const QString &subject) const;

    PrivateKey m_key;
    mutable QMutex m_issuerMutex; // guards m_issuer.verifyUrl, the one member that changes
    ReceiptIssuer m_issuer;
    const Clock &m_clock;
    QString m_keyId;
    QString m_issuerKeyHex;
};

} // namespace ades
