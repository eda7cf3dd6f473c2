#include "CdpSigningKey.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

using Md = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;
using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;

void setWhy(QString *why, const QString &text)
{
    if (why)
        *why = text;
}

// P-1363 form of a DER ECDSA signature: what JWS ES256 carries.
QByteArray derToJoseP256(const QByteArray &der)
{
    const auto *p = reinterpret_cast<const unsigned char *>(der.constData());
    ECDSA_SIG *sig = d2i_ECDSA_SIG(nullptr, &p, long(der.size()));
    if (!sig)
        return {};
    QByteArray out(64, '\0');
    auto *bytes = reinterpret_cast<unsigned char *>(out.data());
    const bool ok = BN_bn2binpad(ECDSA_SIG_get0_r(sig), bytes, 32) == 32
        && BN_bn2binpad(ECDSA_SIG_get0_s(sig), bytes + 32, 32) == 32;
    ECDSA_SIG_free(sig);
    return ok ? out : QByteArray();
}

} // namespace

void CdpSigningKey::Free::operator()(evp_pkey_st *key) const
{
    EVP_PKEY_free(key);
}

CdpSigningKey::CdpSigningKey(std::shared_ptr<evp_pkey_st> key, Algorithm algorithm)
    : m_key(std::move(key))
    , m_algorithm(algorithm)
{ }

std::optional<CdpSigningKey> CdpSigningKey::fromSecret(const QString &secret, QString *why)
{
    QString text = secret.trimmed();
    if (text.isEmpty()) {
        setWhy(why, u"the CDP key secret is empty"_s);
        return std::nullopt;
    }
    if (text.startsWith(u"-----BEGIN"_s)) {
        if (!text.contains(u'\n'))
            text.replace(u"\\n"_s, u"\n"_s);
        QByteArray pem = text.toLatin1() + '\n';
        Bio bio(BIO_new_mem_buf(pem.constData(), int(pem.size())), &BIO_free);
        EVP_PKEY *raw = bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr;
        bio.reset();
        OPENSSL_cleanse(pem.data(), size_t(pem.size()));
        if (!raw) {
            setWhy(why, u"the CDP key secret is not a readable PEM private key"_s);
            return std::nullopt;
        }
        std::shared_ptr<evp_pkey_st> key(raw, Free {});
        if (EVP_PKEY_is_a(raw, "ED25519"))
            return CdpSigningKey(std::move(key), Algorithm::EdDsa);
        char group[64] = {};
        size_t groupLength = 0;
        if (!EVP_PKEY_is_a(raw, "EC")
            || EVP_PKEY_get_utf8_string_param(raw, "group", group, sizeof group, &groupLength) != 1
            || qstrcmp(group, "prime256v1") != 0) {
            setWhy(why, u"the CDP key secret is a PEM key but not EC P-256 or Ed25519"_s);
            return std::nullopt;
        }
        return CdpSigningKey(std::move(key), Algorithm::Es256);
    }
    QByteArray base64 = text.toLatin1();
    auto decoded = QByteArray::fromBase64Encoding(base64, QByteArray::AbortOnBase64DecodingErrors);
    OPENSSL_cleanse(base64.data(), size_t(base64.size()));
    if (!decoded || decoded.decoded.size() != 64) {
        OPENSSL_cleanse(decoded.decoded.data(), size_t(decoded.decoded.size()));
        setWhy(why, u"the CDP key secret is neither a PEM key nor base64 of a 64-byte Ed25519 key"_s);
        return std::nullopt;
    }
    QByteArray &bytes = decoded.decoded;
    EVP_PKEY *raw = EVP_PKEY_new_raw_private_key(
        EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char *>(bytes.constData()), 32);
    // The seed now lives in OpenSSL's key only.
    const QByteArray expectedPublic = bytes.mid(32);
    OPENSSL_cleanse(bytes.data(), size_t(bytes.size()));
    if (!raw) {
        setWhy(why, u"the CDP key secret's Ed25519 seed was refused"_s);
        return std::nullopt;
    }
    std::shared_ptr<evp_pkey_st> key(raw, Free {});
    // The second half is the public key: a secret whose halves disagree was mangled on the way.
    QByteArray publicKey(32, '\0');
    size_t publicLength = 32;
    if (EVP_PKEY_get_raw_public_key(raw, reinterpret_cast<unsigned char *>(publicKey.data()), &publicLength)
            != 1
        || publicKey != expectedPublic) {
        setWhy(why, u"the CDP key secret's Ed25519 public half does not match its seed"_s);
        return std::nullopt;
    }
    return CdpSigningKey(std::move(key), Algorithm::EdDsa);
}

QString CdpSigningKey::jwsAlgorithm() const
{
    return m_algorithm == Algorithm::Es256 ? u"ES256"_s : u"EdDSA"_s;
}

QByteArray CdpSigningKey::sign(const QByteArray &signingInput) const
{
    Md md(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    // Ed25519 hashes internally (PureEdDSA): no digest is named.
    const EVP_MD *digest = m_algorithm == Algorithm::Es256 ? EVP_sha256() : nullptr;
    if (!md || EVP_DigestSignInit(md.get(), nullptr, digest, nullptr, m_key.get()) != 1)
        return {};
    const auto *input = reinterpret_cast<const unsigned char *>(signingInput.constData());
    size_t length = 0;
    if (EVP_DigestSign(md.get(), nullptr, &length, input, size_t(signingInput.size())) != 1)
        return {};
    QByteArray signature(qsizetype(length), '\0');
    if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char *>(signature.data()), &length, input,
            size_t(signingInput.size()))
        != 1)
        return {};
    signature.truncate(qsizetype(length));
    return m_algorithm == Algorithm::Es256 ? derToJoseP256(signature) : signature;
}

QByteArray CdpSigningKey::publicKeyPem() const
{
    Bio bio(BIO_new(BIO_s_mem()), &BIO_free);
    if (!bio || PEM_write_bio_PUBKEY(bio.get(), m_key.get()) != 1)
        return {};
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return QByteArray(data, qsizetype(size));
}

} // namespace ades
