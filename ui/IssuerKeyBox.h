#pragma once

#include <QGroupBox>

class QLabel;
class QPushButton;

namespace ades {
class ServiceHost;
}

namespace ades::ui {

// The issuer key: the address that signs receipts, its public key for export, rotation (the old key kept,
// so receipts it signed are still recognised) and a passphrase-protected backup. Dialogs ask for the file
// names and the passphrase; the *To() functions do the work, so tests drive them without dialogs.
class IssuerKeyBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit IssuerKeyBox(ServiceHost &host, QWidget *parent = nullptr);

    QLabel *addressLabel() const { return m_address; }
    QLabel *statusLabel() const { return m_status; }
    QPushButton *rotateButton() const { return m_rotate; }

    bool exportPublicKeyTo(const QString &path);
    // Rotates without asking; the page's button asks first.
    bool rotateNow();
    // Starts the backup; the outcome shows in statusLabel() and arrives as backupFinished().
    void backUpTo(const QString &path, const QString &passphrase);

Q_SIGNALS:
    void backupFinished(bool ok);
    // A rotated key signs only after a restart.
    void restartNeeded();

private:
    void refresh();
    void exportPublicKey();
    void rotate();
    void backUp();

    ServiceHost &m_host;
    QLabel *m_address = nullptr;
    QLabel *m_pending = nullptr;
    QLabel *m_retired = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_export = nullptr;
    QPushButton *m_rotate = nullptr;
    QPushButton *m_backup = nullptr;
};

} // namespace ades::ui
