#include "IssuerKeyBox.h"

#include "BackupPassphraseDialog.h"
#include "host/IssuerKeys.h"
#include "host/ServiceHost.h"

#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

IssuerKeyBox::IssuerKeyBox(ServiceHost &host, QWidget *parent)
    : QGroupBox(tr("Issuer key"), parent)
    , m_host(host)
    , m_address(new QLabel(this))
    , m_pending(new QLabel(this))
    , m_retired(new QLabel(this))
    , m_status(new QLabel(this))
    , m_export(new QPushButton(tr("Export public key…"), this))
    , m_rotate(new QPushButton(tr("Rotate…"), this))
    , m_backup(new QPushButton(tr("Back up private key…"), this))
{
    setObjectName(u"issuerKeyBox"_s);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (QLabel *label : { m_address, m_pending, m_retired }) {
        label->setFont(fixed);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
    }
    m_address->setObjectName(u"issuerAddress"_s);
    m_address->setAccessibleName(tr("Issuer address"));
    m_pending->setObjectName(u"issuerPending"_s);
    m_retired->setObjectName(u"issuerRetired"_s);
    m_status->setObjectName(u"issuerKeyStatus"_s);
    m_status->setWordWrap(true);
    m_export->setObjectName(u"exportPublicKeyButton"_s);
    m_export->setAccessibleName(tr("Export the issuer's public key"));
    m_rotate->setObjectName(u"rotateKeyButton"_s);
    m_rotate->setAccessibleName(tr("Rotate the issuer key"));
    m_rotate->setToolTip(tr("Creates a new key for the receipts issued after the next start; the old key is "
                            "kept, so receipts it signed stay recognised as this service's."));
    m_backup->setObjectName(u"backupKeyButton"_s);
    m_backup->setAccessibleName(tr("Back up the issuer's private key"));
    connect(m_export, &QPushButton::clicked, this, &IssuerKeyBox::exportPublicKey);
    connect(m_rotate, &QPushButton::clicked, this, &IssuerKeyBox::rotate);
    connect(m_backup, &QPushButton::clicked, this, &IssuerKeyBox::backUp);
    connect(&host.issuerKeys(), &IssuerKeys::backupFinished, this,
        [this](bool ok, const QString &path, const QString &error) {
            m_backup->setEnabled(true);
            m_status->setText(ok ? tr("Backup written to %1 (readable by you only).").arg(path)
                                 : tr("No backup: %1").arg(error));
            Q_EMIT backupFinished(ok);
        });

    auto *form = new QFormLayout;
    form->addRow(tr("Signing address"), m_address);
    form->addRow(tr("After restart"), m_pending);
    form->addRow(tr("Retired keys"), m_retired);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_export);
    buttons->addWidget(m_backup);
    buttons->addWidget(m_rotate);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    refresh();
}

void IssuerKeyBox::refresh()
{
    IssuerKeys &keys = m_host.issuerKeys();
    m_address->setText(keys.signingAddress());
    const QString pending = keys.pendingAddress();
    m_pending->setText(pending.isEmpty() ? tr("the same key") : pending);
    const QStringList retired = keys.retiredAddresses();
    m_retired->setText(retired.isEmpty() ? tr("none") : retired.join(u'\n'));
}

bool IssuerKeyBox::exportPublicKeyTo(const QString &path)
{
    QSaveFile file(path);
    const QByteArray document = m_host.issuerKeys().publicKeyDocument();
    const bool ok
        = file.open(QIODevice::WriteOnly) && file.write(document) == document.size() && file.commit();
    m_status->setText(ok ? tr("Public key written to %1.").arg(path)
                         : tr("Could not write %1: %2").arg(path, file.errorString()));
    return ok;
}

bool IssuerKeyBox::rotateNow()
{
    const QString error = m_host.issuerKeys().rotate();
    refresh();
    if (!error.isEmpty()) {
        m_status->setText(tr("Not rotated: %1").arg(error));
        return false;
    }
    m_status->setText(tr("Rotated. Restart ADES: receipts are signed with the new key from then on; the old "
                         "key is kept to recognise the receipts it signed."));
    Q_EMIT restartNeeded();
    return true;
}

void IssuerKeyBox::backUpTo(const QString &path, const QString &passphrase)
{
    m_backup->setEnabled(false);
    m_status->setText(tr("Encrypting the backup…"));
    m_host.issuerKeys().backUp(path, passphrase);
}

void IssuerKeyBox::exportPublicKey()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export public key"),
        QDir::home().filePath(u"ades-issuer-public.json"_s), tr("JSON files (*.json)"));
    if (!path.isEmpty())
        exportPublicKeyTo(path);
}

void IssuerKeyBox::rotate()
{
    QMessageBox ask(QMessageBox::Question, tr("Rotate the issuer key"),
        tr("Create a new issuer key? Receipts issued after the next start are signed with it; the old key is "
           "kept so receipts it signed are still recognised. Agents that pinned the old address must be told "
           "the new one."),
        QMessageBox::NoButton, this);
    // The console's own words: Qt's catalogue for Yes/No may be missing.
    QPushButton *yes = ask.addButton(tr("Rotate"), QMessageBox::AcceptRole);
    ask.addButton(tr("Cancel"), QMessageBox::RejectRole);
    ask.exec();
    if (ask.clickedButton() == yes)
        rotateNow();
}

void IssuerKeyBox::backUp()
{
    BackupPassphraseDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Back up private key"),
        QDir::home().filePath(u"ades-issuer-key.backup.json"_s), tr("Keystore files (*.json)"));
    if (!path.isEmpty())
        backUpTo(path, dialog.passphrase());
}

} // namespace ades::ui

#include "moc_IssuerKeyBox.cpp"
