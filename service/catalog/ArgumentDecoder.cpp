#include "ArgumentDecoder.h"

#include "JsonStringBytes.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QJsonValue convert(const QJsonObject &propertySchema, const QString &text)
{
    const QString type = propertySchema.value(u"type"_s).toString();
    if (type == u"boolean"_s) {
        const QString lower = text.trimmed().toLower();
        if (lower == u"true"_s || lower == u"1"_s)
            return true;
        if (lower == u"false"_s || lower == u"0"_s)
            return false;
    } else if (type == u"integer"_s) {
        bool ok = false;
        const qint64 v = text.trimmed().toLongLong(&ok);
        if (ok)
            return v;
    } else if (type == u"number"_s) {
        bool ok = false;
        const double v = text.trimmed().toDouble(&ok);
        if (ok)
            return v;
    } else if (type == u"object"_s || type == u"array"_s) {
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
        if (type == u"object"_s && doc.isObject())
            return doc.object();
        if (type == u"array"_s && doc.isArray())
            return doc.array();
    } else if (const QJsonArray types = propertySchema.value(u"type"_s).toArray();
               types.contains(u"object"_s) || types.contains(u"array"_s)) {
        // "object or array" (a JSON-RPC request or batch): JSON text of either kind.
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
        if (doc.isObject() && types.contains(u"object"_s))
            return doc.object();
        if (doc.isArray() && types.contains(u"array"_s))
            return doc.array();
    }
    return text;
}

} // namespace

QJsonObject ArgumentDecoder::fromText(
    const Operation &operation, const Exposure &exposure, const QList<QPair<QString, QString>> &pairs)
{
    const QJsonObject properties = operation.inputSchema.value(u"properties"_s).toObject();
    QJsonObject args;
    for (const auto &[wire, text] : pairs) {
        const QString name = exposure.argumentNames.value(wire, wire);
        args.insert(name, convert(properties.value(name).toObject(), text));
    }
    return args;
}

QJsonObject ArgumentDecoder::fromJson(const Exposure &exposure, const QJsonObject &wireArguments)
{
    // Values stay where they are and only renamed ones move: QJsonObject::insert() passes a string through
    // UTF-16, which for a base64 document costs three times its size.
    QList<std::pair<QString, QString>> moves; // wire name -> schema name, in key order
    for (auto it = wireArguments.begin(); it != wireArguments.end(); ++it) {
        const QString name = exposure.argumentNames.value(it.key(), it.key());
        if (name != it.key())
            moves.append({ it.key(), name });
    }
    QJsonObject args = wireArguments;
    for (const auto &[wire, name] : std::as_const(moves))
        args.remove(wire);
    for (const auto &[wire, name] : std::as_const(moves)) {
        // As if every key were written in order, the last write winning: an argument sent under its own
        // name after this key keeps its value.
        const bool ownNameFollows
            = wireArguments.contains(name) && name > wire && exposure.argumentNames.value(name, name) == name;
        if (!ownNameFollows)
            args.insert(name, wireArguments.value(wire));
    }
    return args;
}

bool ArgumentDecoder::isBinary(const Operation &operation, const QString &argument)
{
    const QJsonObject property
        = operation.inputSchema.value(u"properties"_s).toObject().value(argument).toObject();
    return property.value(u"type"_s).toString() == u"string"_s
        && property.value(u"contentEncoding"_s).toString() == u"base64"_s;
}

QJsonObject ArgumentDecoder::binaryArgument(const QString &argument, const QByteArray &bytes)
{
    // The name as a JSON string, escaped by the serialiser: ["name"] without its brackets.
    const QByteArray name
        = QJsonDocument(QJsonArray { argument }).toJson(QJsonDocument::Compact).chopped(1).sliced(1);
    QByteArray json;
    json.reserve(name.size() + (bytes.size() + 2) / 3 * 4 + 5);
    json += '{';
    json += name;
    json += ":\"";
    json += bytes.toBase64();
    json += "\"}";
    return QJsonDocument::fromJson(json).object();
}

std::optional<QByteArray> ArgumentDecoder::decodeBinary(const QJsonObject &arguments, const QString &argument)
{
    std::optional<QByteArray> text = JsonStringBytes::of(arguments, argument);
    if (!text)
        return std::nullopt;
    QByteArray::FromBase64Result decoded
        = QByteArray::fromBase64Encoding(std::move(*text), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return std::move(decoded.decoded);
}

QString ArgumentDecoder::wireName(const Exposure &exposure, const QString &argument)
{
    // Pseudo names ("$body") are not fields a client can send; among real ones the smallest, so that the
    // name in an error does not depend on hash order.
    QString best;
    for (auto it = exposure.argumentNames.cbegin(); it != exposure.argumentNames.cend(); ++it) {
        if (it.value() == argument && !it.key().startsWith(u'$') && (best.isEmpty() || it.key() < best))
            best = it.key();
    }
    return best.isEmpty() ? argument : best;
}

} // namespace ades
