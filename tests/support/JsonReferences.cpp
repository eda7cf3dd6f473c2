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
    QJsonValue at = document;
    const QStringList tokens = pointer.mid(2).split(u'/');
    for (QString token : tokens) {
        token.replace(u"~1"_s, u"/"_s).replace(u"~0"_s, u"~"_s); // RFC 6901 escapes
        if (!at.isObject() || !at.toObject().contains(token))
            return QJsonValue(QJsonValue::Undefined);
        at = at.toObject().value(token);
    }
    return at;
}

} // namespace ades::test
