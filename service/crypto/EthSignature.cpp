#include "EthSignature.h"

#include "Keccak256.h"
#include "Secp256k1Context.h"

#include <secp256k1.h>
#include <secp256k1_recovery.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const unsigned char *bytes(const QByteArray &data)
{
    return reinterpret_cast<const unsigned char *>(data.constData());
}

} // namespace

std::optional<QString> recoverAddress(const QByteArray &hash32, const QByteArray &signature65)
{
    if (hash32.size() != 32 || signature65.size() != 65)
        return std::nullopt;
    int recoveryId = static_cast<unsigned char>(signature65.at(64));
    if (recoveryId >= 27)
        recoveryId -= 27;
    if (recoveryId != 0 && recoveryId != 1)
        return std::nullopt;

    const secp256k1_context *context = secp256k1Context();
    secp256k1_ecdsa_recoverable_signature recoverable;
    // Fails for r or s >= n.
    if (secp256k1_ecdsa_recoverable_signature_parse_compact(
            context, &recoverable, bytes(signature65), recoveryId)
        != 1)
        return std::nullopt;

    secp256k1_ecdsa_signature plain;
    if (secp256k1_ecdsa_recoverable_signature_convert(context, &plain, &recoverable) != 1)
        return std::nullopt;
    // normalize() returns 1 when the input had a high s (EIP-2): such a signature is refused, not repaired.
    if (secp256k1_ecdsa_signature_normalize(context, nullptr, &plain) != 0)
        return std::nullopt;

    secp256k1_pubkey pubkey;
    if (secp256k1_ecdsa_recover(context, &pubkey, &recoverable, bytes(hash32)) != 1)
        return std::nullopt;
    unsigned char serialised[65];
    size_t length = sizeof serialised;
    if (secp256k1_ec_pubkey_serialize(context, serialised, &length, &pubkey, SECP256K1_EC_UNCOMPRESSED) != 1
        || length != sizeof serialised)
        return std::nullopt;
    const QByteArray publicKey(reinterpret_cast<const char *>(serialised), sizeof serialised);
    return toChecksumAddress(keccak256(publicKey.mid(1)).right(20));
}

QString toChecksumAddress(const QByteArray &address20)
{
    if (address20.size() != 20)
        return {};
    QByteArray hex = address20.toHex();
    // EIP-55: a letter is upper case where the matching nibble of keccak256(lower-case hex) is >= 8.
    const QByteArray hash = keccak256(hex);
    for (qsizetype i = 0; i < hex.size(); ++i) {
        const auto nibble = static_cast<unsigned char>(hash.at(i / 2)) >> (i % 2 == 0 ? 4 : 0) & 0x0f;
        if (hex.at(i) >= 'a' && nibble >= 8)
            hex[i] = static_cast<char>(hex.at(i) - 'a' + 'A');
    }
    return u"0x"_s + QString::fromLatin1(hex);
}

QString publicKeyToAddress(const QByteArray &uncompressed65)
{
    if (uncompressed65.size() != 65 || static_cast<unsigned char>(uncompressed65.at(0)) != 0x04)
        return {};
    secp256k1_pubkey pubkey;
    if (secp256k1_ec_pubkey_parse(secp256k1Context(), &pubkey, bytes(uncompressed65), 65) != 1)
        return {};
    return toChecksumAddress(keccak256(uncompressed65.mid(1)).right(20));
}

} // namespace ades
