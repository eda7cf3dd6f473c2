#pragma once

#include "FormField.h"

class QComboBox;

namespace ades::ui {

// A property with an enum: a combo box of its values (any JSON type). Without a default the first entry
// sends nothing: "(not sent)" for an optional property, "(choose)" for a required one, which the schema
// check then reports as missing.
class ChoiceField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::ChoiceField)

public:
    ChoiceField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override;
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

    QComboBox *comboBox() const { return m_box; }

private:
    QComboBox *m_box = nullptr;
    bool m_hasUnset = false;
};

} // namespace ades::ui
