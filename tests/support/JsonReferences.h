#pragma once

#include <QJsonValue>
#include <QStringList>

namespace ades::test {

// Every "$ref" string anywhere in a JSON value, in document order.
QStringList jsonReferences(const QJsonValue &value);
// What a local JSON pointer ("#/components/schemas/Error") points to; undefined when it leads nowhere.
QJsonValue resolveJsonPointer(const QJsonValue &document, const QString &pointer);
// The member reached by following `keys` through nested objects; undefined when one is missing.
QJsonValue jsonAt(const QJsonValue &value, const QStringList &keys);

} // namespace ades::test
