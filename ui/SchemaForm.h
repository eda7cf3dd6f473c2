#pragma once

#include <QJsonObject>
#include <QWidget>
#include <memory>
#include <optional>

class QLabel;

namespace ades {
class ServiceError;
}

namespace ades::ui {

class FormField;
class ObjectField;

// A form generated from an operation's input JSON Schema (an object schema): one control per property,
// required ones marked, defaults filled in, descriptions as tooltips. arguments() is what the form holds;
// validate() checks it with the service's own SchemaValidator and marks the field the error names.
class SchemaForm : public QWidget
{
    Q_OBJECT

public:
    explicit SchemaForm(const QJsonObject &schema, QWidget *parent = nullptr);
    ~SchemaForm() override;

    QJsonObject arguments() const;
    // The service's verdict on arguments() (SchemaValidator, as Invoker::prepare runs it): nothing when
    // valid, else the error, whose field is marked and whose message is shown under the form.
    std::optional<ServiceError> validate();
    // The control of the property at `path` ("iban", "risk_answers.battery"); null when there is none.
    FormField *field(const QString &path) const;
    const QJsonObject &schema() const { return m_schema; }

private:
    void clearErrors();

    QJsonObject m_schema;
    std::unique_ptr<ObjectField> m_root;
    QLabel *m_error = nullptr;
    FormField *m_marked = nullptr;
};

} // namespace ades::ui
