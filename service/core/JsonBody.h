#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1StringView>
#include <QStringView>
#include <functional>
#include <optional>

namespace ades {

// A JSON object held as a QJsonObject, as its canonical text (RFC 8785, CanonicalJson), or both: whichever
// its maker built, the other derived on first use and kept. A result written with CanonicalWriter is hashed,
// signed and sent as text without ever becoming a QJsonObject; MCP and the console ask for the object.
// Like a QJsonObject it is passed between threads by value; one instance is not for concurrent first use.
class JsonBody
{
public:
    JsonBody() = default;
    JsonBody(QJsonObject object); // implicit: most results are built as objects
    // `canonicalText` must be one object in canonical JSON, as CanonicalWriter and CanonicalJson write it.
    static JsonBody fromCanonical(QByteArray canonicalText);
    // The text at hand and a cheaper way to the object than parsing it (a signed body: its result's object
    // plus the receipt object the signer already has). `makeObject` must give the object the text holds.
    static JsonBody fromCanonical(QByteArray canonicalText, std::function<QJsonObject()> makeObject);
    // Both forms at hand: `canonicalText` must be CanonicalJson::serialise(object).
    JsonBody(QJsonObject object, QByteArray canonicalText);

    const QJsonObject &object() const;
    const QByteArray &canonical() const;
    // Whether the text is at hand without serialising the object.
    bool hasCanonical() const { return m_canonical.has_value(); }
    operator const QJsonObject &() const { return object(); }

    QJsonValue value(QStringView key) const { return object().value(key); }
    QJsonValue value(QLatin1StringView key) const { return object().value(key); }
    QJsonValue operator[](QStringView key) const { return object().value(key); }
    QJsonValue operator[](QLatin1StringView key) const { return object().value(key); }
    bool contains(QStringView key) const { return object().contains(key); }
    bool contains(QLatin1StringView key) const { return object().contains(key); }
    bool isEmpty() const { return m_canonical ? m_canonical->size() <= 2 : object().isEmpty(); }
    bool operator==(const JsonBody &other) const { return object() == other.object(); }

private:
    mutable std::optional<QJsonObject> m_object;
    std::function<QJsonObject()> m_makeObject;
    mutable std::optional<QByteArray> m_canonical;
};

} // namespace ades
