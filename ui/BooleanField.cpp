#include "BooleanField.h"

#include <QCheckBox>

using namespace Qt::StringLiterals;

namespace ades::ui {

BooleanField::BooleanField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_box(new QCheckBox(parent))
{
    describe(m_box);
    // Without a default, nothing is preselected: false is an answer, and an unanswered required box is
    // reported as missing rather than sent as false.
    if (!schema.contains(u"default"_s)) {
        m_box->setTristate(true);
        m_box->setCheckState(Qt::PartiallyChecked);
        m_box->setToolTip(m_box->toolTip() + u"\n"_s + tr("The middle state sends nothing."));
    }
    const auto describeState = [this]() {
        m_box->setText(m_box->checkState() == Qt::PartiallyChecked ? tr("not sent")
                : m_box->isChecked()                               ? tr("true")
                                                                   : tr("false"));
    };
    QObject::connect(m_box, &QCheckBox::stateChanged, m_box, describeState);
    if (schema.value(u"default"_s).isBool())
        setValue(schema.value(u"default"_s));
    describeState();
}

QWidget *BooleanField::widget() const
{
    return m_box;
}

std::optional<QJsonValue> BooleanField::value() const
{
    if (m_box->checkState() == Qt::PartiallyChecked)
        return std::nullopt;
    return QJsonValue(m_box->isChecked());
}

void BooleanField::setValue(const QJsonValue &value)
{
    if (value.isBool())
        m_box->setCheckState(value.toBool() ? Qt::Checked : Qt::Unchecked);
}

} // namespace ades::ui
