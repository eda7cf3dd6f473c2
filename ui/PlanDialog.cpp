#include "PlanDialog.h"

#include "PlanQuotaFields.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::ui {

PlanDialog::PlanDialog(const ApiKeyRecord &key, QWidget *parent)
    : QDialog(parent)
    , m_plan(new PlanQuotaFields(this))
{
    setObjectName(u"planDialog"_s);
    setWindowTitle(tr("Plan and quota of %1…").arg(key.prefix));
    m_plan->setPlan(key.plan, key.callLimit);

    const QString who = key.label.isEmpty() ? key.prefix + u"…"_s : key.label;
    auto *intro = new QLabel(tr("%1 has used %n call(s) so far. They stay counted; a quota below that "
                                "refuses the key's next call.",
                                 nullptr, int(qMin<qint64>(key.callsUsed, std::numeric_limits<int>::max())))
                                 .arg(who.toHtmlEscaped()),
        this);
    intro->setObjectName(u"planIntro"_s);
    intro->setWordWrap(true);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(u"planButtons"_s);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Apply"));
    buttons->button(QDialogButtonBox::Ok)->setAccessibleName(tr("Apply the plan and quota"));
    buttons->button(QDialogButtonBox::Cancel)->setAccessibleName(tr("Cancel"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_plan);
    layout->addWidget(buttons);
    setMinimumWidth(400);
}

} // namespace ades::ui

#include "moc_PlanDialog.cpp"
