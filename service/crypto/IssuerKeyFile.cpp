#include "IssuerKeyFile.h"

#include "SecureMemory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QFileDevice::Permissions GroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup
    | QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::WriteOther | QFileDevice::ExeOther;

ServiceError keyError(const QString &code, const QString &message)
{
    return ServiceError(ServiceError::Kind::Internal, code, message);
}

Result<PrivateKey> loadKey(const QString &path)
{
    if (QFile::permissions(path) & GroupOrOther) {
        return keyError(u"issuer_key_permissions"_s,
            u"The issuer key file %1 is accessible by group or others; run `chmod 600 %1` and restart."_s.arg(
                path));
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return keyError(
            u"issuer_key_io"_s, u"Cannot read the issuer key file %1: %2"_s.arg(path, file.errorString()));
    // A key file is 64 hex digits and a newline; reading more would only hold more secret-ish bytes.
    QByteArray content = file.read(256);
    const std::optional<PrivateKey> key = PrivateKey::fromHex(QString::fromLatin1(content));
    secureWipe(content);
    if (!key)
        return keyError(u"issuer_key_invalid"_s,
            u"The issuer key file %1 does not hold a secp256k1 private key as 64 hex digits."_s.arg(path));
    return *key;
}

Result<PrivateKey> createKey(const QString &path)
{
    const QString folder = QFileInfo(path).absolutePath();
    if (!QDir().mkpath(folder))
        return keyError(
            u"issuer_key_io"_s, u"Cannot create the folder %1 for the issuer key file."_s.arg(folder));

    QFile file(path);
    // NewOnly = O_EXCL: never write a secret through a symlink or into a file someone else created. The
    // mode is given to open(2) itself, so the file is 0600 (less under a stricter umask) before any byte.
    if (!file.open(
            QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        return keyError(
            u"issuer_key_io"_s, u"Cannot create the issuer key file %1: %2"_s.arg(path, file.errorString()));
    if (file.permissions() & GroupOrOther) {
        file.remove();
        return keyError(u"issuer_key_permissions"_s,
            u"The new issuer key file %1 could not be made owner-only."_s.arg(path));
    }

    const PrivateKey key = PrivateKey::generate();
    QByteArray secret = key.secret();
    QByteArray content = secret.toHex();
    content.append('\n');
    const bool written = file.write(content) == content.size() && file.flush();
    secureWipe(content);
    secureWipe(secret);
    file.close();
    if (!written || file.error() != QFileDevice::NoError) {
        const QString reason = file.errorString();
        file.remove();
        return keyError(u"issuer_key_io"_s, u"Cannot write the issuer key file %1: %2"_s.arg(path, reason));
    }
    return key;
}

} // namespace

Result<PrivateKey> loadOrCreateIssuerKey(const QString &path)
{
    if (QFileInfo::exists(path))
        return loadKey(path);
    return createKey(path);
}

Result<PrivateKey> loadIssuerKey(const QString &path)
{
    return loadKey(path);
}

QString retiredIssuerKeyPrefix(const QString &path)
{
    return QFileInfo(path).fileName() + u".retired-"_s;
}

Result<RotatedIssuerKey> rotateIssuerKey(const QString &path, const QDateTime &now)
{
    Result<PrivateKey> old = loadKey(path);
    if (!old.ok())
        return old.error();
    // The retired file keeps the old key's bytes and its 0600 mode: a rename, no copy of the secret.
    const QFileInfo info(path);
    const QString retired
        = info.dir().filePath(retiredIssuerKeyPrefix(path) + now.toUTC().toString(u"yyyyMMdd'T'HHmmss'Z'"_s));
    if (QFileInfo::exists(retired))
        return keyError(u"issuer_key_io"_s, u"%1 exists already; try again in a second."_s.arg(retired));
    if (!QFile::rename(path, retired))
        return keyError(u"issuer_key_io"_s, u"Cannot move %1 to %2."_s.arg(path, retired));
    Result<PrivateKey> fresh = createKey(path);
    if (!fresh.ok()) {
        QFile::rename(retired, path); // the service keeps the key it had
        return fresh.error();
    }
    return RotatedIssuerKey { old.value().address(), fresh.value().address(), retired };
}

QStringList retiredIssuerAddresses(const QString &path)
{
    const QFileInfo info(path);
    QStringList addresses;
    const QStringList files = info.dir().entryList(
        { retiredIssuerKeyPrefix(path) + u'*' }, QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &name : files) {
        const Result<PrivateKey> key = loadKey(info.dir().filePath(name));
        if (key.ok())
            addresses.append(key.value().address());
        else
            qWarning("ades: retired issuer key %s not usable: %s", qPrintable(name),
                qPrintable(key.error().message()));
    }
    return addresses;
}

} // namespace ades
