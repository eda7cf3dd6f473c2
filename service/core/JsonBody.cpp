#include "JsonBody.h"

#include "CanonicalJson.h"

#include <QJsonDocument>

namespace ades {

JsonBody::JsonBody(QJsonObject object)
    : m_object(std::move(object))
{ }

JsonBody::JsonBody(QJsonObject object, QByteArray canonicalText)
    : m_object(std::move(object))
    , m_canonical(std::move(canonicalText))
{ }

JsonBody JsonBody::fromCanonical(QByteArray canonicalText)
{
    JsonBody body;
    body.m_canonical = std::move(canonicalText);
    return body;
}

JsonBody JsonBody::fromCanonical(QByteArray canonicalText, std::function<QJsonObject()> makeObject)
{
    JsonBody body = fromCanonical(std::move(canonicalText));
    body.m_makeObject = std::move(makeObject);
    return body;
}

const QJsonObject &JsonBody::object() const
{
    if (!m_object) {
        if (m_makeObject)
            m_object = m_makeObject();
        else
            m_object = m_canonical ? QJsonDocument::fromJson(*m_canonical).object() : QJsonObject();
    }
    return *m_object;
}

const QByteArray &JsonBody::canonical() const
{
    if (!m_canonical)
        m_canonical = CanonicalJson::serialise(object());
    return *m_canonical;
}

} // namespace ades
