#include "BackupPassphraseDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

BackupPassphraseDialog::BackupPassphraseDialog(QWidget *parent)
    : QDialog(parent)
    , m_first(new QLineEdit(this))
    , m_second(new QLineEdit(this))
    , m_message(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"backupPassphraseDialog"_s);
    setWindowTitle(tr("Back up the issuer key"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);
    auto *intro = new QLabel(tr("The backup holds the private key, encrypted with this passphrase (Ethereum "
                                "keystore format). Without the passphrase it cannot be opened: keep both, "
                                "apart."),
        this);
    intro->setWordWrap(true);
    for (QLineEdit *edit : { m_first, m_second }) {
        edit->setEchoMode(QLineEdit::Password);
        connect(edit, &QLineEdit::textChanged, this, &BackupPassphraseDialog::check);
    }
    m_first->setObjectName(u"passphrase"_s);
    m_first->setAccessibleName(tr("Passphrase"));
    m_second->setObjectName(u"passphraseRepeat"_s);
    m_second->setAccessibleName(tr("Passphrase again"));
    m_message->setObjectName(u"passphraseMessage"_s);
    m_message->setStyleSheet(u"QLabel { color: #c62828; }"_s);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Back up"));
    m_buttons->button(QDialogButtonBox::Ok)->setAccessibleName(tr("Back up"));
    m_buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(tr("Passphrase"), m_first);
    form->addRow(tr("Passphrase again"), m_second);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    check();
}

QString BackupPassphraseDialog::passphrase() const
{
    return m_first->text();
}

QString BackupPassphraseDialog::problem() const
{
    if (m_first->text().size() < MinimumLength)
        return tr("At least %n characters", nullptr, MinimumLength);
    if (m_first->text() != m_second->text())
        return tr("The two passphrases differ");
    return {};
}

void BackupPassphraseDialog::check()
{
    const QString why = problem();
    m_message->setText(why);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace ades::ui

#include "moc_BackupPassphraseDialog.cpp"
