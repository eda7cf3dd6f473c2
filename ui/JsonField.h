#pragma once

#include "FormField.h"

class QPlainTextEdit;

namespace ades::ui {

// Any property a simpler control cannot hold (several types, an object without declared properties, an
// array of objects, no type at all): JSON typed by hand. Text that is not JSON is sent as a string when the
// schema allows strings; otherwise the schema check names it.
class JsonField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::JsonField)

public:
    JsonField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override;
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;
    FormField *fieldAt(const QString &path) override;

    // JSON text of any value (an object, an array, a string, a number ...); nothing when not JSON.
    static std::optional<QJsonValue> parse(const QString &text);

private:
    QPlainTextEdit *m_text = nullptr;
};

} // namespace ades::ui
