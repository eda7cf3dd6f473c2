#include "ObjectField.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades::ui {

ObjectField::ObjectField(
    const QString &name, const QJsonObject &schema, bool required, QWidget *parent, bool nested)
    : FormField(name, schema, required)
{
    QFormLayout *form = nullptr;
    if (nested) {
        auto *group = new QGroupBox(labelText(), parent);
        group->setObjectName(u"field_"_s + name);
        group->setToolTip(toolTip());
        group->setAccessibleName(name);
        m_container = group;
    } else {
        m_container = new QWidget(parent);
        m_container->setObjectName(u"form_"_s + name);
    }
    form = new QFormLayout(m_container);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!nested)
        form->setContentsMargins(0, 0, 0, 0);

    QStringList requiredNames;
    for (const QJsonValue &r : schema.value(u"required"_s).toArray())
        requiredNames.append(r.toString());
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    QStringList order = properties.keys(); // sorted by name
    std::stable_partition(order.begin(), order.end(),
        [&requiredNames](const QString &property) { return requiredNames.contains(property); });
    for (const QString &property : std::as_const(order)) {
        auto field = FormField::create(
            property, properties.value(property).toObject(), requiredNames.contains(property), m_container);
        auto *label = new QLabel(field->labelText(), m_container);
        label->setObjectName(u"label_"_s + property);
        label->setToolTip(field->toolTip());
        if (field->isRequired()) {
            QFont bold = label->font();
            bold.setBold(true);
            label->setFont(bold);
        }
        label->setBuddy(field->widget());
        form->addRow(label, field->widget());
        m_fields.push_back(std::move(field));
    }
    if (m_fields.empty())
        form->addRow(new QLabel(tr("This operation takes no input."), m_container));
}

FormField *ObjectField::field(const QString &property) const
{
    for (const auto &f : m_fields) {
        if (f->name() == property)
            return f.get();
    }
    return nullptr;
}

std::optional<QJsonValue> ObjectField::value() const
{
    QJsonObject object;
    for (const auto &f : m_fields) {
        if (const std::optional<QJsonValue> v = f->value())
            object.insert(f->name(), *v);
    }
    if (object.isEmpty() && !isRequired())
        return std::nullopt;
    return object;
}

void ObjectField::setValue(const QJsonValue &value)
{
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (FormField *f = field(it.key()))
            f->setValue(it.value());
    }
}

FormField *ObjectField::fieldAt(const QString &path)
{
    if (path.isEmpty())
        return this;
    // "a.b[2].c": the first name, then the rest for that field.
    qsizetype end = 0;
    while (end < path.size() && path.at(end) != u'.' && path.at(end) != u'[')
        ++end;
    FormField *child = field(path.left(end));
    if (!child)
        return nullptr;
    QString rest = path.mid(end);
    if (rest.startsWith(u'.'))
        rest.remove(0, 1);
    FormField *below = child->fieldAt(rest);
    return below ? below : child;
}

} // namespace ades::ui
