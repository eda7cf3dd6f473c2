#include "NumberField.h"

#include "WheelGuard.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSpinBox>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

constexpr int Decimals = 6;

// The bound of `key` and of its exclusive form, whichever is tighter; `fallback` when neither is given.
double bound(const QJsonObject &schema, const QString &key, const QString &exclusiveKey, double step,
    bool lower, double fallback)
{
    double value = fallback;
    if (schema.value(key).isDouble())
        value = schema.value(key).toDouble();
    if (schema.value(exclusiveKey).isDouble()) {
        const double exclusive = schema.value(exclusiveKey).toDouble() + (lower ? step : -step);
        value = lower ? qMax(value, exclusive) : qMin(value, exclusive);
    }
    return value;
}

} // namespace

NumberField::NumberField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_container(new QWidget(parent))
{
    const bool integer = singleType(schema) == u"integer"_s;
    auto *layout = new QHBoxLayout(m_container);
    layout->setContentsMargins(0, 0, 0, 0);
    if (!required && !schema.contains(u"default"_s)) {
        m_include = new QCheckBox(tr("Send"), m_container);
        m_include->setObjectName(u"include_"_s + name);
        m_include->setAccessibleName(tr("Send %1").arg(name));
        m_include->setToolTip(tr("Unchecked: the property is not sent and the operation decides"));
        layout->addWidget(m_include);
    }
    if (integer) {
        const double intMax = std::numeric_limits<int>::max();
        m_integer = new QSpinBox(m_container);
        m_integer->setRange(
            int(qBound(
                -intMax, bound(schema, u"minimum"_s, u"exclusiveMinimum"_s, 1, true, -intMax), intMax)),
            int(qBound(
                -intMax, bound(schema, u"maximum"_s, u"exclusiveMaximum"_s, 1, false, intMax), intMax)));
        describe(m_integer);
        WheelGuard::install(m_integer);
        layout->addWidget(m_integer, 1);
    } else {
        const double step = std::pow(10.0, -Decimals);
        const double big = 1e15;
        m_number = new QDoubleSpinBox(m_container);
        m_number->setDecimals(Decimals);
        m_number->setRange(bound(schema, u"minimum"_s, u"exclusiveMinimum"_s, step, true, -big),
            bound(schema, u"maximum"_s, u"exclusiveMaximum"_s, step, false, big));
        m_number->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
        describe(m_number);
        WheelGuard::install(m_number);
        layout->addWidget(m_number, 1);
    }
    // The control's name belongs to the spin box; the container is named for the form's lookup.
    m_container->setObjectName(u"fieldRow_"_s + name);
    if (m_include) {
        QAbstractSpinBox *spin = spinBox();
        spin->setEnabled(false);
        QObject::connect(m_include, &QCheckBox::toggled, spin, &QWidget::setEnabled);
    }
    // Start inside the range: 0 when allowed, else the nearest bound.
    setValue(schema.contains(u"default"_s) ? schema.value(u"default"_s)
                                           : QJsonValue(qBound(minimum(), 0.0, maximum())));
    if (m_include)
        m_include->setChecked(false);
}

QAbstractSpinBox *NumberField::spinBox() const
{
    return m_integer ? static_cast<QAbstractSpinBox *>(m_integer) : m_number;
}

double NumberField::minimum() const
{
    return m_integer ? m_integer->minimum() : m_number->minimum();
}

double NumberField::maximum() const
{
    return m_integer ? m_integer->maximum() : m_number->maximum();
}

std::optional<QJsonValue> NumberField::value() const
{
    if (m_include && !m_include->isChecked())
        return std::nullopt;
    if (m_integer)
        return QJsonValue(m_integer->value());
    return QJsonValue(m_number->value());
}

void NumberField::setValue(const QJsonValue &value)
{
    if (!value.isDouble())
        return;
    if (m_include)
        m_include->setChecked(true);
    if (m_integer)
        m_integer->setValue(
            int(qBound<double>(m_integer->minimum(), value.toDouble(), m_integer->maximum())));
    else
        m_number->setValue(value.toDouble());
}

} // namespace ades::ui
