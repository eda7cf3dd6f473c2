#pragma once

#include <QByteArray>
#include <QString>
#include <memory>
#include <optional>

struct evp_pkey_st;

namespace ades {

// The private half of a CDP Secret API key, read once from the operator's setting, signing JWTs for the
// Coinbase Developer Platform. CDP hands out two kinds (docs.cdp.coinbase.com, "CDP API keys"): ECDSA keys
// as an EC P-256 PEM ("-----BEGIN EC PRIVATE KEY-----", PKCS#8 accepted too) signing ES256, and Ed25519 keys
// as base64 of 64 bytes (32-byte seed, then the 32-byte public key) signing EdDSA. OpenSSL 3 stays behind
// this header. Immutable once read; sign() may be called from any thread.
class CdpSigningKey
{
public:
    enum class Algorithm
    {
        Es256,
        EdDsa,
    };

    // The key in `secret`, or nullopt with the reason in `why` (never echoing the secret). A PEM whose
    // newlines arrived escaped as "\n" (an environment variable) is read too.
    static std::optional<CdpSigningKey> fromSecret(const QString &secret, QString *why = nullptr);

    Algorithm algorithm() const { return m_algorithm; }
    // "ES256" or "EdDSA", the JWS header's alg.
    QString jwsAlgorithm() const;
    // The JWS signature of `signingInput`: ES256 as r || s (32 bytes each, RFC 7518 §3.4), EdDSA the
    // 64-byte Ed25519 signature (RFC 8037). Empty when OpenSSL fails.
    QByteArray sign(const QByteArray &signingInput) const;
    // The public key as SubjectPublicKeyInfo PEM: what a verifier (a test) checks the signature with.
    QByteArray publicKeyPem() const;

private:
    struct Free
    {
        void operator()(evp_pkey_st *key) const;
    };
    CdpSigningKey(std::shared_ptr<evp_pkey_st> key, Algorithm algorithm);

    std::shared_ptr<evp_pkey_st> m_key;
    Algorithm m_algorithm = Algorithm::Es256;
};

} // namespace ades
