#include "IssuerKeys.h"

#include "ServiceContext.h"
#include "crypto/IssuerKeyBackup.h"
#include "crypto/IssuerKeyFile.h"
#include "receipts/ReceiptSigner.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades {

IssuerKeys::IssuerKeys(ServiceContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
    m_backups.setMaxThreadCount(1);
}

IssuerKeys::~IssuerKeys()
{
    m_backups.waitForDone();
}

QString IssuerKeys::keyPath() const
{
    return m_context.issuerKeyPath();
}

QString IssuerKeys::signingAddress() const
{
    return m_context.issuerAddress();
}

QByteArray IssuerKeys::publicKeyDocument() const
{
    const QString address = signingAddress();
    const QJsonObject document { { u"issuer"_s, address },
        { u"issuer_key"_s,
            QString(u"0x"_s + QString::fromLatin1(m_context.signer().issuerPublicKey().toHex())) },
        { u"key_id"_s, QString(u"eip191:"_s + address) } };
    return QJsonDocument(document).toJson(QJsonDocument::Indented);
}

QString IssuerKeys::pendingAddress() const
{
    const Result<PrivateKey> key = loadIssuerKey(keyPath());
    if (!key.ok() || key.value().address().compare(signingAddress(), Qt::CaseInsensitive) == 0)
        return {};
    return key.value().address();
}

QStringList IssuerKeys::retiredAddresses() const
{
    return retiredIssuerAddresses(keyPath());
}

QString IssuerKeys::rotate()
{
    const Result<RotatedIssuerKey> rotated = rotateIssuerKey(keyPath(), m_context.clock().now());
    return rotated.ok() ? QString() : rotated.error().message();
}

void IssuerKeys::backUp(const QString &path, const QString &passphrase)
{
    const QString keyFile = keyPath();
    m_backups.start([this, keyFile, path, passphrase]() {
        QString error;
        const Result<PrivateKey> key = loadIssuerKey(keyFile);
        if (!key.ok()) {
            error = key.error().message();
        } else {
            const Result<bool> written = IssuerKeyBackup::writeFile(key.value(), passphrase, path);
            if (!written.ok())
                error = written.error().message();
        }
        QMetaObject::invokeMethod(
            this, [=, this]() { Q_EMIT backupFinished(error.isEmpty(), path, error); }, Qt::QueuedConnection);
    });
}

} // namespace ades

#include "moc_IssuerKeys.cpp"
