#include "JsonField.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>

using namespace Qt::StringLiterals;

namespace ades::ui {

JsonField::JsonField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent)
    : FormField(name, schema, required)
    , m_text(new QPlainTextEdit(parent))
{
    describe(m_text);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("JSON"));
    m_text->setTabChangesFocus(true);
    m_text->setMinimumHeight(m_text->fontMetrics().height() * 3);
    m_text->setMaximumHeight(m_text->fontMetrics().height() * 8);
    m_text->setToolTip(
        m_text->toolTip() + u"\n"_s + tr("Type JSON: an object, an array, a number, \"text\"…"));
    if (schema.contains(u"default"_s))
        setValue(schema.value(u"default"_s));
}

std::optional<QJsonValue> JsonField::parse(const QString &text)
{
    // Wrapped in an array, so that a bare string, number, boolean or null parses too.
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(u"["_s.append(text).append(u"]"_s).toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || doc.array().size() != 1)
        return std::nullopt;
    return doc.array().first();
}

QWidget *JsonField::widget() const
{
    return m_text;
}

std::optional<QJsonValue> JsonField::value() const
{
    const QString text = m_text->toPlainText();
    if (text.trimmed().isEmpty())
        return std::nullopt;
    if (const std::optional<QJsonValue> json = parse(text))
        return json;
    return QJsonValue(text);
}

void JsonField::setValue(const QJsonValue &value)
{
    if (value.isObject())
        m_text->setPlainText(
            QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)));
    else if (value.isArray())
        m_text->setPlainText(
            QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)));
    else if (!value.isUndefined()) {
        const QByteArray wrapped = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact);
        m_text->setPlainText(QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2)));
    }
}

FormField *JsonField::fieldAt(const QString &path)
{
    Q_UNUSED(path);
    return this; // everything below is typed in this box
}

} // namespace ades::ui
