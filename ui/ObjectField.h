#pragma once

#include "FormField.h"

#include <vector>

class QFormLayout;

namespace ades::ui {

// An object with declared properties: a form with one row per property (required ones first, then by
// name), each property's control chosen by FormField::create. The top level of every generated form is
// one of these; a nested object is a framed group inside its parent.
class ObjectField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::ObjectField)

public:
    // `nested`: framed, titled by the property; else a plain form (the top level).
    ObjectField(
        const QString &name, const QJsonObject &schema, bool required, QWidget *parent, bool nested = true);

    QWidget *widget() const override { return m_container; }
    // The object of the properties that are set; nothing when none is and the object is optional.
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;
    FormField *fieldAt(const QString &path) override;

    const std::vector<std::unique_ptr<FormField>> &fields() const { return m_fields; }
    FormField *field(const QString &property) const;

private:
    QWidget *m_container = nullptr;
    std::vector<std::unique_ptr<FormField>> m_fields;
};

} // namespace ades::ui
