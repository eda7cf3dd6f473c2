#include "ListField.h"

#include "TextField.h"

#include <QHBoxLayout>
#include <QJsonArray>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

ListField::ListField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_container(new QWidget(parent))
    , m_list(new QListWidget(m_container))
    , m_add(new QPushButton(tr("Add"), m_container))
    , m_remove(new QPushButton(tr("Remove"), m_container))
{
    const QJsonObject items = schema.value(u"items"_s).toObject();
    m_itemType = singleType(items);
    m_container->setObjectName(u"fieldRow_"_s + name);
    describe(m_list);
    m_list->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
        | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    m_list->setMaximumHeight(m_list->fontMetrics().height() * 7);
    const QString hint = TextField::placeholderFor(items);
    m_add->setObjectName(u"add_"_s + name);
    m_add->setAccessibleName(tr("Add an item to %1").arg(name));
    m_add->setToolTip(
        hint.isEmpty() ? tr("Add an item, then type its value") : tr("Add an item (%1)").arg(hint));
    m_remove->setObjectName(u"remove_"_s + name);
    m_remove->setAccessibleName(tr("Remove the selected item of %1").arg(name));
    QObject::connect(m_add, &QPushButton::clicked, m_list, [this]() {
        addItem(QString());
        m_list->setCurrentRow(m_list->count() - 1);
        m_list->editItem(m_list->item(m_list->count() - 1));
    });
    QObject::connect(m_remove, &QPushButton::clicked, m_list, [this]() { delete m_list->currentItem(); });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(m_container);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    if (schema.value(u"default"_s).isArray())
        setValue(schema.value(u"default"_s));
}

bool ListField::canEdit(const QJsonObject &schema)
{
    const QJsonObject items = schema.value(u"items"_s).toObject();
    if (items.contains(u"contentEncoding"_s))
        return false;
    if (items.value(u"enum"_s).isArray())
        return true;
    const QString type = singleType(items);
    return type == u"string"_s || type == u"integer"_s || type == u"number"_s || type == u"boolean"_s;
}

void ListField::addItem(const QString &text)
{
    auto *item = new QListWidgetItem(text, m_list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
}

QJsonValue ListField::convert(const QString &text) const
{
    // A row that does not read as the items' type is sent as text: the schema check then names the item.
    bool ok = false;
    if (m_itemType == u"integer"_s) {
        const qint64 n = text.trimmed().toLongLong(&ok);
        return ok ? QJsonValue(n) : QJsonValue(text);
    }
    if (m_itemType == u"number"_s) {
        const double d = text.trimmed().toDouble(&ok);
        return ok ? QJsonValue(d) : QJsonValue(text);
    }
    if (m_itemType == u"boolean"_s) {
        if (text.trimmed() == u"true"_s)
            return true;
        if (text.trimmed() == u"false"_s)
            return false;
    }
    return QJsonValue(text);
}

std::optional<QJsonValue> ListField::value() const
{
    if (m_list->count() == 0)
        return std::nullopt;
    QJsonArray values;
    for (int i = 0; i < m_list->count(); ++i)
        values.append(convert(m_list->item(i)->text()));
    return values;
}

void ListField::setValue(const QJsonValue &value)
{
    if (!value.isArray())
        return;
    m_list->clear();
    for (const QJsonValue &v : value.toArray())
        addItem(v.isDouble() ? QString::number(v.toDouble())
                : v.isBool() ? (v.toBool() ? u"true"_s : u"false"_s)
                             : v.toString());
}

FormField *ListField::fieldAt(const QString &path)
{
    // "[2]" names an item: the list is the control that holds it.
    return path.isEmpty() || path.startsWith(u'[') ? this : nullptr;
}

} // namespace ades::ui
