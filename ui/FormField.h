#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <memory>
#include <optional>

class QWidget;

namespace ades::ui {

// One input of a form generated from a JSON Schema (SchemaForm): the control for one property, chosen by
// the property's schema alone (FormField::create), and the JSON value it holds. Nothing here knows any
// operation: a new operation's inputs get their controls from their schema.
class FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::FormField)

public:
    FormField(const QString &name, const QJsonObject &schema, bool required);
    virtual ~FormField() = default;
    Q_DISABLE_COPY_MOVE(FormField)

    // The control for `schema`: enum → choice, boolean → check box, integer/number → spin box, a base64
    // string (contentEncoding) → file chooser, string → text, array → list, object with properties →
    // nested form, anything else (several types, no type) → JSON text. The control is parented to `parent`.
    static std::unique_ptr<FormField> create(
        const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QString name() const { return m_name; }
    const QJsonObject &schema() const { return m_schema; }
    bool isRequired() const { return m_required; }
    // The label text: the schema's title, else the property name; a required field ends in " *".
    QString labelText() const;
    // The schema's description with its format, pattern and range, for the tooltip.
    QString toolTip() const;

    // The control to place in the form (it may hold several widgets).
    virtual QWidget *widget() const = 0;
    // The value to send, or nothing when the field is left empty (the property is then not sent).
    virtual std::optional<QJsonValue> value() const = 0;
    // Fills the control (the schema's default, or a test's value); a value it cannot show is ignored.
    virtual void setValue(const QJsonValue &value) = 0;
    // The field at `path` below this one ("address.city", "items[2]"); this field for an empty path.
    virtual FormField *fieldAt(const QString &path);
    // Marks the control as the one a validation error names (or clears the mark).
    virtual void setError(const QString &message);

    // The schema's type with "null" removed when it is one of two; empty for none or several.
    static QString singleType(const QJsonObject &schema);

protected:
    // The description and hints every control shows on hover and reads to screen readers.
    void describe(QWidget *control) const;

private:
    QString m_name;
    QJsonObject m_schema;
    bool m_required = false;
};

} // namespace ades::ui
