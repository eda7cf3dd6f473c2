#pragma once

#include "FormField.h"

class QCheckBox;

namespace ades::ui {

// A boolean property: a check box. Without a default it has a third state, "not sent", where it starts.
class BooleanField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::BooleanField)

public:
    BooleanField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override;
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

private:
    QCheckBox *m_box = nullptr;
};

} // namespace ades::ui
