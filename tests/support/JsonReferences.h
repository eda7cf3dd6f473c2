#pragma once

#include <QJsonValue>
#include <QStringList>

namespace ades::test {

// Every "$ref" string anywhere in a JSON value, in document order.
QStringList jsonReferences(const QJsonValue &value);
// What a local JSON pointer ("#/components/schemas/Error") points to; undefined when it leads nowhere.
QJsonValue resolveJsonPointer(const QJsonValue &document, const QString &pointer);

} // namespace ades::test
