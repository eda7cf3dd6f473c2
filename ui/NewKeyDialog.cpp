#include "NewKeyDialog.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

NewKeyDialog::NewKeyDialog(const QString &key, const QString &prefix, QWidget *parent)
    : QDialog(parent)
    , m_key(new QLineEdit(key, this))
    , m_copy(new QPushButton(tr("&Copy to clipboard"), this))
{
    setObjectName(u"newKeyDialog"_s);
    setWindowTitle(tr("API key %1…").arg(prefix));

    auto *warning = new QLabel(tr("<b>Copy the key now.</b> This is the only time it is shown: the service "
                                  "keeps only its hash and cannot show it again. Whoever holds it can spend "
                                  "its quota; revoke it if it leaks."),
        this);
    warning->setObjectName(u"newKeyWarning"_s);
    warning->setWordWrap(true);

    m_key->setObjectName(u"newKeyField"_s);
    m_key->setReadOnly(true);
    m_key->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_key->setAccessibleName(tr("New API key"));
    m_key->setMinimumWidth(m_key->fontMetrics().horizontalAdvance(key) + 24);
    m_copy->setObjectName(u"copyKeyButton"_s);
    m_copy->setAccessibleName(tr("Copy the key to the clipboard"));
    connect(m_copy, &QPushButton::clicked, this, &NewKeyDialog::copyToClipboard);

    auto *row = new QHBoxLayout;
    row->addWidget(m_key, 1);
    row->addWidget(m_copy);

    auto *usage = new QLabel(tr("Clients send it in the X-API-Key header."), this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setText(tr("I have copied it"));
    buttons->button(QDialogButtonBox::Close)->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(row);
    layout->addWidget(usage);
    layout->addWidget(buttons);
    m_key->selectAll();
    m_key->setFocus();
}

void NewKeyDialog::copyToClipboard()
{
    QGuiApplication::clipboard()->setText(m_key->text());
    m_copy->setText(tr("Copied"));
}

void NewKeyDialog::done(int result)
{
    m_key->clear();
    QDialog::done(result);
}

} // namespace ades::ui

#include "moc_NewKeyDialog.cpp"
