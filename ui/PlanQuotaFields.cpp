#include "PlanQuotaFields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::ui {

PlanQuotaFields::PlanQuotaFields(QWidget *parent)
    : QWidget(parent)
    , m_plan(new QComboBox(this))
    , m_limit(new QSpinBox(this))
    , m_unlimited(new QCheckBox(tr("Unlimited"), this))
{
    m_plan->setObjectName(u"planBox"_s);
    m_plan->addItem(tr("free"), u"free"_s);
    m_plan->addItem(tr("full"), u"full"_s);
    m_plan->setAccessibleName(tr("Plan"));
    m_plan->setToolTip(tr("free: a limited number of calls in total; full: every operation, usually "
                          "without a limit"));

    m_limit->setObjectName(u"callLimitBox"_s);
    m_limit->setRange(0, std::numeric_limits<int>::max());
    m_limit->setGroupSeparatorShown(true);
    m_limit->setSuffix(tr(" calls"));
    m_limit->setAccessibleName(tr("Call quota"));
    m_limit->setToolTip(tr("Calls the key may make in total; a call past the quota is refused with 429"));
    m_unlimited->setObjectName(u"unlimitedBox"_s);
    m_unlimited->setAccessibleName(tr("Unlimited calls"));
    connect(m_unlimited, &QCheckBox::toggled, m_limit, &QSpinBox::setDisabled);

    auto *quota = new QHBoxLayout;
    quota->addWidget(m_limit, 1);
    quota->addWidget(m_unlimited);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Plan:"), m_plan);
    form->addRow(tr("&Quota:"), quota);
    // The buddy of "Quota" is the spin box, so Alt+Q and screen readers reach it.
    if (auto *label = qobject_cast<QLabel *>(form->labelForField(quota)))
        label->setBuddy(m_limit);

    connect(m_plan, &QComboBox::currentIndexChanged, this, &PlanQuotaFields::proposeQuota);
    proposeQuota();
}

QString PlanQuotaFields::plan() const
{
    return m_plan->currentData().toString();
}

std::optional<qint64> PlanQuotaFields::callLimit() const
{
    if (m_unlimited->isChecked())
        return std::nullopt;
    return m_limit->value();
}

void PlanQuotaFields::setPlan(const QString &plan, std::optional<qint64> callLimit)
{
    m_plan->setCurrentIndex(qMax(0, m_plan->findData(plan)));
    m_unlimited->setChecked(!callLimit);
    if (callLimit)
        m_limit->setValue(int(qBound<qint64>(0, *callLimit, qint64(m_limit->maximum()))));
}

void PlanQuotaFields::proposeQuota()
{
    const bool full = plan() == u"full"_s;
    m_unlimited->setChecked(full);
    if (!full)
        m_limit->setValue(FreePlanCalls);
}

} // namespace ades::ui

#include "moc_PlanQuotaFields.cpp"
