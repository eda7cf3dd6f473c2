#include "CdpTestKeys.h"

#include <QDir>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;

QByteArray memory(BIO *bio)
{
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    return QByteArray(data, qsizetype(size));
}

QByteArray publicPem(EVP_PKEY *key)
{
    Bio bio(BIO_new(BIO_s_mem()), &BIO_free);
    PEM_write_bio_PUBKEY(bio.get(), key);
    return memory(bio.get());
}

CdpTestKey ecKey(bool sec1)
{
    Key key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
    Bio bio(BIO_new(BIO_s_mem()), &BIO_free);
    if (sec1)
        PEM_write_bio_PrivateKey_traditional(bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    else
        PEM_write_bio_PrivateKey(bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    return { QString::fromLatin1(memory(bio.get())), publicPem(key.get()) };
}

QByteArray base64Url(const QByteArray &text)
{
    return QByteArray::fromBase64(text, QByteArray::Base64UrlEncoding);
}

} // namespace

CdpTestKey ecP256Sec1Key()
{
    return ecKey(true);
}

CdpTestKey ecP256Pkcs8Key()
{
    return ecKey(false);
}

CdpTestKey ed25519Key()
{
    Key key(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"), &EVP_PKEY_free);
    QByteArray seed(32, '\0');
    QByteArray publicKey(32, '\0');
    size_t length = 32;
    EVP_PKEY_get_raw_private_key(key.get(), reinterpret_cast<unsigned char *>(seed.data()), &length);
    length = 32;
    EVP_PKEY_get_raw_public_key(key.get(), reinterpret_cast<unsigned char *>(publicKey.data()), &length);
    return { QString::fromLatin1(QByteArray(seed + publicKey).toBase64()), publicPem(key.get()) };
}

QString rsaKeyPem()
{
    Key key(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", size_t(2048)), &EVP_PKEY_free);
    Bio bio(BIO_new(BIO_s_mem()), &BIO_free);
    PEM_write_bio_PrivateKey(bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    return QString::fromLatin1(memory(bio.get()));
}

QJsonObject jwsPart(const QByteArray &jws, int index)
{
    return QJsonDocument::fromJson(base64Url(jws.split('.').value(index))).object();
}

bool verifyJws(const QByteArray &jws, const QByteArray &publicKeyPem)
{
    const QList<QByteArray> parts = jws.split('.');
    if (parts.size() != 3)
        return false;
    const QByteArray signingInput = parts[0] + '.' + parts[1];
    QByteArray signature = base64Url(parts[2]);
    Bio bio(BIO_new_mem_buf(publicKeyPem.constData(), int(publicKeyPem.size())), &BIO_free);
    Key key(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr), &EVP_PKEY_free);
    if (!key)
        return false;
    const bool ec = EVP_PKEY_is_a(key.get(), "EC");
    if (ec) {
        // JWS r || s back to the DER form OpenSSL verifies.
        if (signature.size() != 64)
            return false;
        ECDSA_SIG *sig = ECDSA_SIG_new();
        const auto *bytes = reinterpret_cast<const unsigned char *>(signature.constData());
        ECDSA_SIG_set0(sig, BN_bin2bn(bytes, 32, nullptr), BN_bin2bn(bytes + 32, 32, nullptr));
        unsigned char *der = nullptr;
        const int length = i2d_ECDSA_SIG(sig, &der);
        signature = QByteArray(reinterpret_cast<const char *>(der), length);
        OPENSSL_free(der);
        ECDSA_SIG_free(sig);
    }
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> md(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (EVP_DigestVerifyInit(md.get(), nullptr, ec ? EVP_sha256() : nullptr, nullptr, key.get()) != 1)
        return false;
    return EVP_DigestVerify(md.get(), reinterpret_cast<const unsigned char *>(signature.constData()),
               size_t(signature.size()), reinterpret_cast<const unsigned char *>(signingInput.constData()),
               size_t(signingInput.size()))
        == 1;
}

std::optional<QString> decodeQrPng(const QByteArray &png)
{
    const QString zbarimg = QStandardPaths::findExecutable(u"zbarimg"_s);
    if (zbarimg.isEmpty())
        return std::nullopt;
    QTemporaryFile file(QDir::tempPath() + u"/qr-XXXXXX.png"_s);
    if (!file.open())
        return QString();
    file.write(png);
    file.flush();
    QProcess process;
    process.start(zbarimg, { u"--raw"_s, u"-q"_s, file.fileName() });
    if (!process.waitForFinished(20000))
        return QString();
    QString text = QString::fromUtf8(process.readAllStandardOutput());
    if (text.endsWith(u'\n'))
        text.chop(1);
    return text;
}

} // namespace ades::test
