#include "ArgumentDecoder.h"

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
    if (exposure.argumentNames.isEmpty())
        return wireArguments;
    QJsonObject args;
    for (auto it = wireArguments.begin(); it != wireArguments.end(); ++it)
        args.insert(exposure.argumentNames.value(it.key(), it.key()), it.value());
    return args;
}

bool ArgumentDecoder::isBinary(const Operation &operation, const QString &argument)
{
    const QJsonObject property
        = operation.inputSchema.value(u"properties"_s).toObject().value(argument).toObject();
    return property.value(u"type"_s).toString() == u"string"_s
        && property.value(u"contentEncoding"_s).toString() == u"base64"_s;
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
