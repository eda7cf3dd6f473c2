#pragma once

#include <QByteArray>
#include <QString>
#include <array>
#include <optional>

namespace ades {

// A secp256k1 private key with its public key and Ethereum address, derived once at construction.
// Immutable: const methods may be called from any thread. The secret is wiped from memory on destruction;
// never log secret().
class PrivateKey
{
public:
    // nullopt unless exactly 32 bytes forming a valid scalar (0 < k < n).
    static std::optional<PrivateKey> fromBytes(const QByteArray &secret32);
    // 64 hex digits, with or without a 0x prefix; surrounding whitespace is ignored.
    static std::optional<PrivateKey> fromHex(const QString &hex);
    // A fresh key from OpenSSL's CSPRNG. Aborts the process if the CSPRNG fails: there is no safe fallback.
    static PrivateKey generate();

    PrivateKey(const PrivateKey &other) = default;
    PrivateKey &operator=(const PrivateKey &other) = default;
    ~PrivateKey();

    QByteArray secret() const;
    // 65 bytes, uncompressed: 0x04 || X || Y.
    QByteArray publicKey() const { return m_publicKey; }
    // EIP-55 checksummed "0x..." address: the last 20 bytes of keccak256(X || Y).
    QString address() const { return m_address; }
    // 65 bytes r || s || v with v = 27 + recovery id; RFC 6979 deterministic nonce, low s. Empty if
    // hash32 is not 32 bytes.
    QByteArray signRecoverable(const QByteArray &hash32) const;

private:
    explicit PrivateKey(const std::array<unsigned char, 32> &secret);

    std::array<unsigned char, 32> m_secret;
    QByteArray m_publicKey;
    QString m_address;
};

} // namespace ades
