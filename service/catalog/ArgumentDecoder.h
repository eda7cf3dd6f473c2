#pragma once

#include "Operation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <optional>

namespace ades {

// Turns the wire form of an operation's arguments into schema-named JSON. Query strings, path segments and
// `ades call key=value` pairs are text: each value is converted to the type its property declares, so
// "vies=false" becomes a boolean. A value that does not convert stays text and the schema check then names
// the field (422), instead of being silently dropped.
class ArgumentDecoder
{
public:
    static QJsonObject fromText(
        const Operation &operation, const Exposure &exposure, const QList<QPair<QString, QString>> &pairs);
    // JSON bodies and MCP arguments: only the renames apply.
    static QJsonObject fromJson(const Exposure &exposure, const QJsonObject &wireArguments);
    // The wire name that maps to a schema argument ("iban" -> "value" on /v1/iban), for error messages.
    static QString wireName(const Exposure &exposure, const QString &argument);
    // The whole request body is one argument when an exposure maps the pseudo wire name "$body".
    static constexpr const char *BodyWireName = "$body";
    // An uploaded file's name goes to the schema argument that this pseudo wire name maps to.
    static constexpr const char *FilenameWireName = "$filename";
    // A string argument with "contentEncoding": "base64" carries bytes: over HTTP it is filled from the raw
    // request body or a multipart part, base64-encoded, instead of from JSON.
    static bool isBinary(const Operation &operation, const QString &argument);
    // {argument: base64 of `bytes`}, the text kept as ASCII bytes. QJsonObject::insert() would pass it
    // through a UTF-16 QString (QCborValue::fromJsonValue), twice the text's size and once more to convert it
    // back; the JSON parser stores ASCII strings as they are.
    static QJsonObject binaryArgument(const QString &argument, const QByteArray &bytes);
    // The bytes of binary argument `argument` (a base64 string, standard alphabet with padding), or nothing
    // when it is absent, not a string or not valid base64. Copies the text once (JsonStringBytes) and
    // decodes it in place.
    static std::optional<QByteArray> decodeBinary(const QJsonObject &arguments, const QString &argument);
};

} // namespace ades
