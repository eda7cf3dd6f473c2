#include "IssuerKeyBackup.h"

#include "Keccak256.h"
#include "SecureMemory.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QUuid>
#include <openssl/evp.h>
#include <openssl/rand.h>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr quint64 ScryptN = 1u << 17;
constexpr quint64 ScryptR = 8;
constexpr quint64 ScryptP = 1;
// The most a file may ask for: the work of web3's "standard" cost (N = 2^18, r = 8, p = 1, or the Web3
// Secret Storage test vector's N = 2^18, r = 1, p = 8), about a second, and at most 256 MiB of memory.
constexpr quint64 MaxN = 1u << 18;
constexpr quint64 MaxWork = quint64(1) << 21; // N * r * p
constexpr quint64 MaxMemory = quint64(256) << 20; // 128 * N * r
constexpr int DerivedKeyLength = 32;

ServiceError backupError(const QString &code, const QString &message)
{
    return ServiceError(ServiceError::Kind::Internal, code, message);
}

// scrypt needs 128 * N * r bytes (and a little more); OpenSSL refuses above maxmem, so it is given.
std::optional<QByteArray> scrypt(
    const QByteArray &passphrase, const QByteArray &salt, quint64 n, quint64 r, quint64 p)
{
    QByteArray derived(DerivedKeyLength, Qt::Uninitialized);
    const quint64 maxMemory = 128 * n * r * (p + 1) + (1u << 20);
    if (EVP_PBE_scrypt(passphrase.constData(), std::size_t(passphrase.size()),
            reinterpret_cast<const unsigned char *>(salt.constData()), std::size_t(salt.size()), n, r, p,
            maxMemory, reinterpret_cast<unsigned char *>(derived.data()), std::size_t(derived.size()))
        != 1)
        return std::nullopt;
    return derived;
}

// AES-128-CTR is its own inverse.
std::optional<QByteArray> aes128Ctr(const QByteArray &key16, const QByteArray &iv16, const QByteArray &input)
{
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (!ctx)
        return std::nullopt;
    QByteArray output(input.size(), Qt::Uninitialized);
    int written = 0;
    int finalWritten = 0;
    const bool ok = EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), nullptr,
                        reinterpret_cast<const unsigned char *>(key16.constData()),
                        reinterpret_cast<const unsigned char *>(iv16.constData()))
            == 1
        && EVP_EncryptUpdate(ctx, reinterpret_cast<unsigned char *>(output.data()), &written,
               reinterpret_cast<const unsigned char *>(input.constData()), int(input.size()))
            == 1
        && EVP_EncryptFinal_ex(ctx, reinterpret_cast<unsigned char *>(output.data()) + written, &finalWritten)
            == 1;
    EVP_CIPHER_CTX_free(ctx);
    if (!ok || written + finalWritten != input.size())
        return std::nullopt;
    return output;
}

QByteArray randomBytes(int size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    if (RAND_bytes(reinterpret_cast<unsigned char *>(bytes.data()), size) != 1)
        qFatal("IssuerKeyBackup: RAND_bytes failed");
    return bytes;
}

QByteArray mac(const QByteArray &derived, const QByteArray &ciphertext)
{
    return keccak256(derived.mid(16, 16) + ciphertext);
}

} // namespace

Result<QByteArray> IssuerKeyBackup::encrypt(const PrivateKey &key, const QString &passphrase)
{
    if (passphrase.isEmpty())
        return backupError(u"backup_passphrase_empty"_s, u"A backup needs a passphrase."_s);
    QByteArray pass = passphrase.toUtf8();
    const QByteArray salt = randomBytes(32);
    const QByteArray iv = randomBytes(16);
    std::optional<QByteArray> derived = scrypt(pass, salt, ScryptN, ScryptR, ScryptP);
    secureWipe(pass);
    if (!derived)
        return backupError(u"backup_failed"_s, u"scrypt failed (not enough memory?)."_s);
    QByteArray secret = key.secret();
    const std::optional<QByteArray> ciphertext = aes128Ctr(derived->left(16), iv, secret);
    secureWipe(secret);
    if (!ciphertext) {
        secureWipe(*derived);
        return backupError(u"backup_failed"_s, u"AES-128-CTR failed."_s);
    }
    const QByteArray check = mac(*derived, *ciphertext);
    secureWipe(*derived);

    const QJsonObject kdfParams { { u"dklen"_s, DerivedKeyLength }, { u"n"_s, qint64(ScryptN) },
        { u"r"_s, qint64(ScryptR) }, { u"p"_s, qint64(ScryptP) },
        { u"salt"_s, QString::fromLatin1(salt.toHex()) } };
    const QJsonObject crypto { { u"cipher"_s, u"aes-128-ctr"_s },
        { u"cipherparams"_s, QJsonObject { { u"iv"_s, QString::fromLatin1(iv.toHex()) } } },
        { u"ciphertext"_s, QString::fromLatin1(ciphertext->toHex()) }, { u"kdf"_s, u"scrypt"_s },
        { u"kdfparams"_s, kdfParams }, { u"mac"_s, QString::fromLatin1(check.toHex()) } };
    const QJsonObject keystore { { u"version"_s, 3 },
        { u"id"_s, QUuid::createUuid().toString(QUuid::WithoutBraces) },
        { u"address"_s, key.address().mid(2).toLower() }, { u"crypto"_s, crypto } };
    return QJsonDocument(keystore).toJson(QJsonDocument::Indented);
}

Result<PrivateKey> IssuerKeyBackup::decrypt(const QByteArray &json, const QString &passphrase)
{
    const ServiceError invalid
        = backupError(u"backup_invalid"_s, u"Not a keystore v3 file with scrypt and aes-128-ctr."_s);
    if (json.size() > 64 * 1024)
        return invalid;
    const QJsonObject keystore = QJsonDocument::fromJson(json).object();
    const QJsonObject crypto = keystore.value(u"crypto"_s).toObject();
    const QJsonObject params = crypto.value(u"kdfparams"_s).toObject();
    if (keystore.value(u"version"_s).toInt() != 3 || crypto.value(u"kdf"_s).toString() != u"scrypt"_s
        || crypto.value(u"cipher"_s).toString() != u"aes-128-ctr"_s
        || params.value(u"dklen"_s).toInt() != DerivedKeyLength)
        return invalid;
    const auto number = [&params](const char *name) {
        const double value = params.value(QLatin1StringView(name)).toDouble(-1);
        return value >= 1 && value <= double(1u << 30) ? quint64(value) : quint64(0);
    };
    const quint64 n = number("n");
    const quint64 r = number("r");
    const quint64 p = number("p");
    const QByteArray salt = QByteArray::fromHex(params.value(u"salt"_s).toString().toLatin1());
    const QByteArray iv = QByteArray::fromHex(
        crypto.value(u"cipherparams"_s).toObject().value(u"iv"_s).toString().toLatin1());
    const QByteArray ciphertext = QByteArray::fromHex(crypto.value(u"ciphertext"_s).toString().toLatin1());
    const QByteArray expectedMac = QByteArray::fromHex(crypto.value(u"mac"_s).toString().toLatin1());
    // N a power of two; the bounds keep a hostile file from asking for gigabytes or minutes.
    if (n < 2 || n > MaxN || (n & (n - 1)) != 0 || r == 0 || p == 0 || r > MaxWork || p > MaxWork
        || n * r * p > MaxWork || 128 * n * r > MaxMemory || salt.isEmpty() || iv.size() != 16
        || ciphertext.size() != 32 || expectedMac.size() != 32)
        return invalid;

    QByteArray pass = passphrase.toUtf8();
    std::optional<QByteArray> derived = scrypt(pass, salt, n, r, p);
    secureWipe(pass);
    if (!derived)
        return backupError(u"backup_failed"_s, u"scrypt failed (not enough memory?)."_s);
    const QByteArray check = mac(*derived, ciphertext);
    if (!secureMemoryEquals(check.constData(), expectedMac.constData(), std::size_t(check.size()))) {
        secureWipe(*derived);
        return backupError(u"backup_passphrase_wrong"_s, u"The passphrase does not open this backup."_s);
    }
    std::optional<QByteArray> secret = aes128Ctr(derived->left(16), iv, ciphertext);
    secureWipe(*derived);
    if (!secret)
        return backupError(u"backup_failed"_s, u"AES-128-CTR failed."_s);
    const std::optional<PrivateKey> key = PrivateKey::fromBytes(*secret);
    secureWipe(*secret);
    if (!key)
        return invalid;
    return *key;
}

Result<bool> IssuerKeyBackup::writeFile(const PrivateKey &key, const QString &passphrase, const QString &path)
{
    Result<QByteArray> json = encrypt(key, passphrase);
    if (!json.ok())
        return json.error();
    // QSaveFile writes a fresh temporary file and renames it over `path`: an existing file or a symlink at
    // `path` is replaced, never written through. The temporary file is made owner-only before any byte.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return backupError(u"backup_io"_s, u"Cannot create %1: %2"_s.arg(path, file.errorString()));
    if (!file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        file.cancelWriting();
        return backupError(u"backup_io"_s, u"Cannot make %1 owner-only."_s.arg(path));
    }
    if (file.write(json.value()) != json.value().size() || !file.commit())
        return backupError(u"backup_io"_s, u"Cannot write %1: %2"_s.arg(path, file.errorString()));
    return true;
}

} // namespace ades
