#pragma once

#include "host/NotInAreas.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>

namespace ades {

class ServiceContext;

// The issuer key as the console manages it: the address that signs now, its public key for export, rotation
// (the old key kept, so that receipts it signed are still this service's) and a passphrase-protected backup.
// The key material stays in crypto/; this class only says where and when.
class IssuerKeys : public QObject
{
    Q_OBJECT

public:
    explicit IssuerKeys(ServiceContext &context, QObject *parent = nullptr);
    // Waits for a backup still being written.
    ~IssuerKeys() override;

    QString keyPath() const;
    // The address that signs this process's receipts.
    QString signingAddress() const;
    // {"issuer", "issuer_key", "key_id"} of the signing key, as receipts carry them: for a verifier to pin.
    QByteArray publicKeyDocument() const;
    // The address of the key in the key file when it is not the one signing (rotated, not yet restarted);
    // empty otherwise. Reads the small key file: cheap.
    QString pendingAddress() const;
    // Addresses of retired keys kept beside the key file.
    QStringList retiredAddresses() const;

    // Retires the key file's key and creates a new one; the new key signs after a restart. Empty on
    // success, else why not (English, from crypto/).
    QString rotate();
    // Writes a passphrase-protected backup (keystore v3) of the key file's key to `path`, owner-only, on a
    // worker thread (scrypt takes about half a second); the outcome arrives as backupFinished().
    void backUp(const QString &path, const QString &passphrase);

Q_SIGNALS:
    void backupFinished(bool ok, const QString &path, const QString &error);

private:
    ServiceContext &m_context;
    // Its own pool, so the destructor waits for exactly the backups that report back to this object.
    QThreadPool m_backups;
};

} // namespace ades
