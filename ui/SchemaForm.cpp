#include "SchemaForm.h"

#include "ObjectField.h"
#include "catalog/SchemaValidator.h"
#include "core/ServiceError.h"

#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

SchemaForm::SchemaForm(const QJsonObject &schema, QWidget *parent)
    : QWidget(parent)
    , m_schema(schema)
    , m_error(new QLabel(this))
{
    setObjectName(u"schemaForm"_s);
    // The top level is always sent, even empty: operations take an object of arguments.
    m_root = std::make_unique<ObjectField>(u"arguments"_s, schema, true, this, false);
    m_error->setObjectName(u"formError"_s);
    m_error->setAccessibleName(tr("Input error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(u"QLabel { color: #c62828; }"_s);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_root->widget());
    layout->addWidget(m_error);
    layout->addStretch(1); // a short form stays at the top of its scroll area, its error right below it
}

SchemaForm::~SchemaForm() = default;

QJsonObject SchemaForm::arguments() const
{
    return m_root->value().value_or(QJsonValue(QJsonObject())).toObject();
}

FormField *SchemaForm::field(const QString &path) const
{
    return m_root->fieldAt(path);
}

std::optional<ServiceError> SchemaForm::validate()
{
    clearErrors();
    const QJsonObject arguments = SchemaValidator::withDefaults(m_schema, this->arguments());
    std::optional<ServiceError> error = SchemaValidator::validate(m_schema, arguments);
    if (!error)
        return std::nullopt;
    m_error->setText(error->message());
    m_error->show();
    m_marked = error->param().isEmpty() ? nullptr : m_root->fieldAt(error->param());
    if (m_marked == m_root.get())
        m_marked = nullptr;
    if (m_marked) {
        m_marked->setError(error->message());
        m_marked->widget()->setFocus();
    }
    return error;
}

void SchemaForm::clearErrors()
{
    if (m_marked)
        m_marked->setError(QString());
    m_marked = nullptr;
    m_error->clear();
    m_error->hide();
}

} // namespace ades::ui

#include "moc_SchemaForm.cpp"
