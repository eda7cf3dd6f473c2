#include "TextField.h"

#include <QJsonArray>
#include <QLineEdit>
#include <QPlainTextEdit>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

constexpr qint64 LongTextAbove = 1000;

} // namespace

TextField::TextField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
{
    const qint64 maxLength = schema.value(u"maxLength"_s).toInteger(0);
    if (maxLength > LongTextAbove) {
        m_text = new QPlainTextEdit(parent);
        m_text->setPlaceholderText(placeholderFor(schema));
        m_text->setTabChangesFocus(true);
        m_text->setMinimumHeight(m_text->fontMetrics().height() * 4);
        m_text->setMaximumHeight(m_text->fontMetrics().height() * 8);
        describe(m_text);
    } else {
        m_line = new QLineEdit(parent);
        m_line->setPlaceholderText(placeholderFor(schema));
        if (maxLength > 0)
            m_line->setMaxLength(int(maxLength));
        m_line->setClearButtonEnabled(true);
        describe(m_line);
    }
    if (schema.contains(u"default"_s))
        setValue(schema.value(u"default"_s));
}

QString TextField::placeholderFor(const QJsonObject &schema)
{
    const QJsonArray examples = schema.value(u"examples"_s).toArray();
    if (!examples.isEmpty() && examples.first().isString())
        return tr("e.g. %1").arg(examples.first().toString());
    const QString format = schema.value(u"format"_s).toString();
    if (format == u"date"_s)
        return tr("YYYY-MM-DD");
    if (format == u"date-time"_s)
        return tr("YYYY-MM-DDThh:mm:ssZ");
    if (format == u"time"_s)
        return tr("hh:mm:ss");
    if (format == u"email"_s)
        return tr("name@example.com");
    if (format == u"uri"_s || format == u"url"_s)
        return tr("https://…");
    if (!format.isEmpty())
        return tr("Format: %1").arg(format);
    const QString pattern = schema.value(u"pattern"_s).toString();
    if (!pattern.isEmpty())
        return tr("Pattern: %1").arg(pattern);
    return {};
}

QWidget *TextField::widget() const
{
    return m_line ? static_cast<QWidget *>(m_line) : m_text;
}

std::optional<QJsonValue> TextField::value() const
{
    const QString text = m_line ? m_line->text() : m_text->toPlainText();
    if (text.isEmpty())
        return std::nullopt;
    return QJsonValue(text);
}

void TextField::setValue(const QJsonValue &value)
{
    if (!value.isString())
        return;
    if (m_line)
        m_line->setText(value.toString());
    else
        m_text->setPlainText(value.toString());
}

} // namespace ades::ui
