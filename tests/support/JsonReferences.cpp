#include "JsonReferences.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

void collect(const QJsonValue &value, QStringList &references)
{
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array)
            collect(item, references);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == u"$ref"_s && it.value().isString())
                references.append(it.value().toString());
            else
                collect(it.value(), references);
        }
    }
}

} // namespace

QStringList jsonReferences(const QJsonValue &value)
{
    QStringList references;
    collect(value, references);
    return references;
}

QJsonValue resolveJsonPointer(const QJsonValue &document, const QString &pointer)
{
    if (!pointer.startsWith(u"#/"_s))
        return QJsonValue(QJsonValue::Undefined);
    QStringList keys = pointer.mid(2).split(u'/');
    for (QString &key : keys)
        key.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s); // RFC 6901 escapes
    return jsonAt(document, keys);
}

QJsonValue jsonAt(const QJsonValue &value, const QStringList &keys)
{
    QJsonValue at = value;
    for (const QString &key : keys) {
        if (!at.isObject() || !at.toObject().contains(key))
            return QJsonValue(QJsonValue::Undefined);
        at = at.toObject().value(key);
    }
    return at;
}

} // namespace ades::test
