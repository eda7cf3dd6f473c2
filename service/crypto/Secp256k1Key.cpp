#include "Secp256k1Key.h"

#include "EthSignature.h"
#include "Hex.h"
#include "Secp256k1Context.h"
#include "SecureMemory.h"

#include <QtGlobal>
#include <algorithm>
#include <openssl/rand.h>
#include <secp256k1.h>
#include <secp256k1_recovery.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

using Secret = std::array<unsigned char, 32>;

bool isValidSecret(const Secret &secret)
{
    return secp256k1_ec_seckey_verify(secp256k1Context(), secret.data()) == 1;
}

} // namespace

PrivateKey::PrivateKey(const Secret &secret)
    : m_secret(secret)
{
    secp256k1_pubkey pubkey;
    // Callers have checked the secret with isValidSecret(), for which creation cannot fail.
    if (secp256k1_ec_pubkey_create(secp256k1Context(), &pubkey, m_secret.data()) != 1)
        qFatal("secp256k1: public key creation failed for a verified secret");
    unsigned char serialised[65];
    size_t length = sizeof serialised;
    if (secp256k1_ec_pubkey_serialize(
            secp256k1Context(), serialised, &length, &pubkey, SECP256K1_EC_UNCOMPRESSED)
            != 1
        || length != sizeof serialised)
        qFatal("secp256k1: public key serialisation failed");
    m_publicKey = QByteArray(reinterpret_cast<const char *>(serialised), sizeof serialised);
    m_address = publicKeyToAddress(m_publicKey);
}

PrivateKey::~PrivateKey()
{
    secureWipe(m_secret.data(), m_secret.size());
}

std::optional<PrivateKey> PrivateKey::fromBytes(const QByteArray &secret32)
{
    if (secret32.size() != 32)
        return std::nullopt;
    Secret secret;
    std::copy(secret32.cbegin(), secret32.cend(), secret.begin());
    std::optional<PrivateKey> key;
    if (isValidSecret(secret))
        key.emplace(PrivateKey(secret));
    secureWipe(secret.data(), secret.size());
    return key;
}

std::optional<PrivateKey> PrivateKey::fromHex(const QString &hex)
{
    std::optional<QByteArray> bytes = decodeHex(QStringView(hex).trimmed(), 32);
    if (!bytes)
        return std::nullopt;
    std::optional<PrivateKey> key = fromBytes(*bytes);
    secureWipe(*bytes);
    return key;
}

PrivateKey PrivateKey::generate()
{
    Secret secret;
    // A uniform 256-bit value is >= n with probability ~2^-128; retry anyway rather than reduce.
    do {
        if (RAND_bytes(secret.data(), static_cast<int>(secret.size())) != 1)
            qFatal("secp256k1: RAND_bytes failed, cannot generate a private key");
    } while (!isValidSecret(secret));
    PrivateKey key(secret);
    secureWipe(secret.data(), secret.size());
    return key;
}

QByteArray PrivateKey::secret() const
{
    return QByteArray(
        reinterpret_cast<const char *>(m_secret.data()), static_cast<qsizetype>(m_secret.size()));
}

QByteArray PrivateKey::signRecoverable(const QByteArray &hash32) const
{
    if (hash32.size() != 32)
        return {};
    secp256k1_ecdsa_recoverable_signature signature;
    // nullptr nonce function = secp256k1_nonce_function_default (RFC 6979): deterministic signatures, so
    // receipts are reproducible in tests (docs/architecture.md, Qt 6.4 pitfalls: crypto).
    if (secp256k1_ecdsa_sign_recoverable(secp256k1Context(), &signature,
            reinterpret_cast<const unsigned char *>(hash32.constData()), m_secret.data(), nullptr, nullptr)
        != 1)
        return {};
    unsigned char compact[64];
    int recoveryId = 0;
    if (secp256k1_ecdsa_recoverable_signature_serialize_compact(
            secp256k1Context(), compact, &recoveryId, &signature)
        != 1)
        return {};
    QByteArray out(reinterpret_cast<const char *>(compact), sizeof compact);
    out.append(static_cast<char>(27 + recoveryId));
    return out;
}

} // namespace ades
