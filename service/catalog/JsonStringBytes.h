#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades {

// The text of a JSON string member as UTF-8 bytes, copied once. QJsonValue::toString() gives a UTF-16
// QString, twice the size of the ASCII text Qt 6 keeps (a 24 MiB document as base64 is 32 MiB of text,
// 64 MiB as QString, and another 32 MiB as toLatin1()); this reads the member through QCborMap, which shares
// the object's storage, and its CBOR encoding, which carries the text's bytes as they are.
class JsonStringBytes
{
public:
    // Nothing when the member is absent or not a string.
    static std::optional<QByteArray> of(const QJsonObject &object, const QString &key);
    // Code points of UTF-8 text (JSON Schema counts characters so).
    static qsizetype codePoints(const QByteArray &utf8);
};

} // namespace ades
