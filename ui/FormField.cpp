#include "FormField.h"

#include "BooleanField.h"
#include "ChoiceField.h"
#include "FileField.h"
#include "JsonField.h"
#include "ListField.h"
#include "NumberField.h"
#include "ObjectField.h"
#include "TextField.h"

#include <QJsonArray>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace ades::ui {

FormField::FormField(const QString &name, const QJsonObject &schema, bool required)
    : m_name(name)
    , m_schema(schema)
    , m_required(required)
{ }

QString FormField::singleType(const QJsonObject &schema)
{
    const QJsonValue type = schema.value(u"type"_s);
    if (type.isString())
        return type.toString();
    if (!type.isArray())
        return {};
    QStringList types;
    for (const QJsonValue &t : type.toArray())
        types.append(t.toString());
    types.removeAll(u"null"_s);
    return types.size() == 1 ? types.constFirst() : QString();
}

std::unique_ptr<FormField> FormField::create(
    const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
{
    const QString type = singleType(schema);
    if (schema.value(u"enum"_s).isArray() && !schema.value(u"enum"_s).toArray().isEmpty())
        return std::make_unique<ChoiceField>(name, schema, required, parent);
    if (type == u"boolean"_s)
        return std::make_unique<BooleanField>(name, schema, required, parent);
    if (type == u"integer"_s || type == u"number"_s)
        return std::make_unique<NumberField>(name, schema, required, parent);
    if (type == u"string"_s && schema.contains(u"contentEncoding"_s))
        return std::make_unique<FileField>(name, schema, required, parent);
    if (type == u"string"_s)
        return std::make_unique<TextField>(name, schema, required, parent);
    if (type == u"array"_s && ListField::canEdit(schema))
        return std::make_unique<ListField>(name, schema, required, parent);
    if (type == u"object"_s && schema.value(u"properties"_s).isObject())
        return std::make_unique<ObjectField>(name, schema, required, parent);
    return std::make_unique<JsonField>(name, schema, required, parent);
}

QString FormField::labelText() const
{
    const QString title = m_schema.value(u"title"_s).toString();
    const QString text = title.isEmpty() ? m_name : title;
    return m_required ? text + u" *"_s : text;
}

QString FormField::toolTip() const
{
    QStringList lines;
    const QString description = m_schema.value(u"description"_s).toString();
    if (!description.isEmpty())
        lines.append(description);
    if (m_required)
        lines.append(tr("Required."));
    const QString format = m_schema.value(u"format"_s).toString();
    if (!format.isEmpty())
        lines.append(tr("Format: %1").arg(format));
    const QString pattern = m_schema.value(u"pattern"_s).toString();
    if (!pattern.isEmpty())
        lines.append(tr("Pattern: %1").arg(pattern));
    if (m_schema.contains(u"minLength"_s) || m_schema.contains(u"maxLength"_s)) {
        lines.append(tr("Length: %1 to %2 characters")
                         .arg(m_schema.value(u"minLength"_s).toInteger(0))
                         .arg(m_schema.contains(u"maxLength"_s)
                                 ? QString::number(m_schema.value(u"maxLength"_s).toInteger())
                                 : tr("any")));
    }
    if (m_schema.contains(u"minimum"_s) || m_schema.contains(u"maximum"_s)) {
        lines.append(
            tr("Range: %1 to %2")
                .arg(m_schema.contains(u"minimum"_s)
                        ? QString::number(m_schema.value(u"minimum"_s).toDouble())
                        : tr("any"),
                    m_schema.contains(u"maximum"_s) ? QString::number(m_schema.value(u"maximum"_s).toDouble())
                                                    : tr("any")));
    }
    return lines.join(u'\n');
}

void FormField::describe(QWidget *control) const
{
    control->setToolTip(toolTip());
    control->setAccessibleName(
        m_schema.value(u"title"_s).toString().isEmpty() ? m_name : m_schema.value(u"title"_s).toString());
    control->setAccessibleDescription(m_schema.value(u"description"_s).toString());
    control->setObjectName(u"field_"_s + m_name);
}

FormField *FormField::fieldAt(const QString &path)
{
    return path.isEmpty() ? this : nullptr;
}

void FormField::setError(const QString &message)
{
    QWidget *control = widget();
    control->setStyleSheet(message.isEmpty() ? QString() : u"* { border: 1px solid #c62828; }"_s);
    control->setToolTip(message.isEmpty() ? toolTip() : message + u"\n\n"_s + toolTip());
}

} // namespace ades::ui
