#pragma once

#include "FormField.h"

class QAbstractSpinBox;
class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace ades::ui {

// An integer or number property: a spin box within the schema's minimum and maximum (exclusive bounds
// moved in by one step). An optional number without a default has a check box that says whether to send it.
class NumberField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::NumberField)

public:
    NumberField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override { return m_container; }
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

    QAbstractSpinBox *spinBox() const;
    // The check box that includes an optional number; null when the number is always sent.
    QCheckBox *includeBox() const { return m_include; }
    double minimum() const;
    double maximum() const;

private:
    QWidget *m_container = nullptr;
    QSpinBox *m_integer = nullptr;
    QDoubleSpinBox *m_number = nullptr;
    QCheckBox *m_include = nullptr;
};

} // namespace ades::ui
