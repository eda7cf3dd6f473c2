#pragma once

#include "Operation.h"

#include <QJsonObject>
#include <QList>
#include <QPair>

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
};

} // namespace ades
