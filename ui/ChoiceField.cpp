#include "ChoiceField.h"

#include "WheelGuard.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

QString display(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isNull())
        return u"null"_s;
    if (value.isBool())
        return value.toBool() ? u"true"_s : u"false"_s;
    if (value.isDouble())
        return QString::number(value.toDouble());
    return QString::fromUtf8(QJsonDocument::fromVariant(value.toVariant()).toJson(QJsonDocument::Compact));
}

} // namespace

ChoiceField::ChoiceField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_box(new QComboBox(parent))
{
    describe(m_box);
    WheelGuard::install(m_box);
    // Without a default nothing is preselected: a required choice must be made, an optional one may be left.
    m_hasUnset = !schema.contains(u"default"_s);
    if (m_hasUnset)
        m_box->addItem(required ? tr("(choose)") : tr("(not sent)"));
    const QJsonArray values = schema.value(u"enum"_s).toArray();
    for (const QJsonValue &v : values)
        m_box->addItem(display(v), v.toVariant());
    if (schema.contains(u"default"_s))
        setValue(schema.value(u"default"_s));
}

QWidget *ChoiceField::widget() const
{
    return m_box;
}

std::optional<QJsonValue> ChoiceField::value() const
{
    const int index = m_box->currentIndex();
    if (index < 0 || (m_hasUnset && index == 0))
        return std::nullopt;
    return schema().value(u"enum"_s).toArray().at(m_hasUnset ? index - 1 : index);
}

void ChoiceField::setValue(const QJsonValue &value)
{
    const QJsonArray values = schema().value(u"enum"_s).toArray();
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (values.at(i) == value) {
            m_box->setCurrentIndex(int(m_hasUnset ? i + 1 : i));
            return;
        }
    }
}

} // namespace ades::ui
