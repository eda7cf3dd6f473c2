#pragma once

#include <QByteArray>
#include <QLatin1StringView>
#include <QString>
#include <array>

class QJsonObject;

namespace ades {

// The wire names of docs/interface.md §2.1 and the two computations signer and verifier must agree on.
struct ReceiptFormat
{
    static constexpr QLatin1StringView StandardV2 { "service-receipt/2" };
    static constexpr QLatin1StringView StandardV1 { "service-receipt/1" };

    // Where a result carries its receipt: both members hold the same object.
    static constexpr QLatin1StringView ReceiptMember { "receipt" };
    static constexpr QLatin1StringView ExtensionsMember { "extensions" };
    static constexpr QLatin1StringView DeliveryReceiptMember { "delivery-receipt" };

    static constexpr QLatin1StringView Standard { "standard" };
    static constexpr QLatin1StringView Service { "service" };
    static constexpr QLatin1StringView Subject { "subject" };
    static constexpr QLatin1StringView ResultHash { "result_hash" };
    static constexpr QLatin1StringView IssuedAt { "issued_at" };
    static constexpr QLatin1StringView ValidUntil { "valid_until" };
    static constexpr QLatin1StringView Issuer { "issuer" };
    static constexpr QLatin1StringView IssuerKey { "issuer_key" };
    static constexpr QLatin1StringView KeyId { "key_id" };
    static constexpr QLatin1StringView VerifyUrl { "verify_url" };
    static constexpr QLatin1StringView HowToVerify { "how_to_verify" };
    static constexpr QLatin1StringView Signature { "signature" };
    static constexpr QLatin1StringView SignedMessage { "signed_message" };

    // The eleven fields signed_message covers: all but signature and signed_message.
    static constexpr std::array<QLatin1StringView, 11> EnvelopeFields {
        Standard,
        Service,
        Subject,
        ResultHash,
        IssuedAt,
        ValidUntil,
        Issuer,
        IssuerKey,
        KeyId,
        VerifyUrl,
        HowToVerify,
    };
    // All thirteen, in the order of docs/interface.md §2.1.
    static constexpr std::array<QLatin1StringView, 13> V2Fields {
        Standard,
        Service,
        Subject,
        ResultHash,
        IssuedAt,
        ValidUntil,
        Issuer,
        IssuerKey,
        KeyId,
        VerifyUrl,
        HowToVerify,
        Signature,
        SignedMessage,
    };
    // service-receipt/1 carried only these.
    static constexpr std::array<QLatin1StringView, 5> V1Fields { Standard, ResultHash, Signature, Issuer,
        IssuedAt };

    static constexpr QLatin1StringView KeyIdPrefix { "eip191:" };

    // "0x" + hex keccak256 of the canonical JSON of the result without its top-level receipt and
    // extensions members (/2).
    static QString resultHashV2(const QJsonObject &result);
    // What a /2 result hash covers: the result without its top-level receipt and extensions members.
    static QJsonObject hashedPartV2(const QJsonObject &result);
    // The /2 hash from the canonical serialisation of hashedPartV2(result).
    static QString resultHashV2OfCanonical(const QByteArray &canonicalHashedResult);
    // "0x" + hex SHA-256 of the canonical JSON of the result without its top-level receipt member (/1).
    static QString resultHashV1(const QJsonObject &result);
    // The canonical JSON of the envelope fields of `receipt` (the fields it lacks are left out): what
    // signed_message holds and the signature covers.
    static QByteArray envelope(const QJsonObject &receipt);

    // How the receipt archive keeps a receipt: signed_message, the canonical text of the other fields
    // (envelope()) and about half the bytes, replaced by null in the canonical text, which stays canonical.
    // The text is returned unchanged when it holds no signed_message string.
    static QByteArray withoutSignedMessage(const QByteArray &canonicalReceipt);
    // The receipt as issued, from what withoutSignedMessage() kept: a null signed_message is rebuilt from the
    // other fields, and the canonical text is byte for byte the issued one. Any other text is unchanged.
    static QByteArray withSignedMessage(const QByteArray &storedReceipt);
};

} // namespace ades
