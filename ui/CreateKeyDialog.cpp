#include "CreateKeyDialog.h"

#include "PlanQuotaFields.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

CreateKeyDialog::CreateKeyDialog(QWidget *parent)
    : QDialog(parent)
    , m_label(new QLineEdit(this))
    , m_email(new QLineEdit(this))
    , m_plan(new PlanQuotaFields(this))
{
    setObjectName(u"createKeyDialog"_s);
    setWindowTitle(tr("New API key"));

    m_label->setObjectName(u"keyLabelEdit"_s);
    m_label->setAccessibleName(tr("Label"));
    m_label->setPlaceholderText(tr("Who or what uses the key"));
    m_label->setMaxLength(200); // ApiKeys::create refuses longer labels
    m_email->setObjectName(u"keyEmailEdit"_s);
    m_email->setAccessibleName(tr("E-mail"));
    m_email->setPlaceholderText(tr("name@example.com (optional)"));
    m_email->setMaxLength(254);

    auto *form = new QFormLayout;
    form->addRow(tr("&Label:"), m_label);
    form->addRow(tr("&E-mail:"), m_email);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(u"createKeyButtons"_s);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create key"));
    buttons->button(QDialogButtonBox::Ok)->setAccessibleName(tr("Create key"));
    buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *note
        = new QLabel(tr("The key is shown once, right after it is created; only its hash is kept."), this);
    note->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_plan);
    layout->addWidget(note);
    layout->addWidget(buttons);
    setMinimumWidth(420);
}

QString CreateKeyDialog::label() const
{
    return m_label->text().trimmed();
}

QString CreateKeyDialog::email() const
{
    return m_email->text().trimmed();
}

QString CreateKeyDialog::plan() const
{
    return m_plan->plan();
}

std::optional<qint64> CreateKeyDialog::callLimit() const
{
    return m_plan->callLimit();
}

} // namespace ades::ui

#include "moc_CreateKeyDialog.cpp"
