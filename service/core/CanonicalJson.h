#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

class QJsonObject;
class QJsonValue;

namespace ades {

// RFC 8785 JSON Canonicalization Scheme (JCS): what is hashed or signed. Object members are sorted by the
// UTF-16 code units of their keys, there is no whitespace, strings are escaped as ECMAScript's
// JSON.stringify does and numbers are written as ECMAScript's Number::toString writes an IEEE double.
// Deviations, because a QJsonValue cannot hold what JCS rejects as an error: NaN and infinities are written
// as null (QJsonDocument writes them so too, so a signed result and its wire form agree); a lone surrogate
// in a string is written as QString::toUtf8() writes it. Integers beyond 2^53 are rounded to a double, as
// JCS requires: amounts belong in strings. Pure and thread-safe.
class CanonicalJson
{
public:
    static QByteArray serialise(const QJsonValue &value);
    static QByteArray serialise(const QJsonObject &object);

    // serialise(object with `members` added), from serialise(object) without writing the object again: each
    // member goes where its key sorts. For a body that is a signed result plus its receipt, whose result was
    // already serialised to be hashed. Returns an empty array when a member's key is already in the text, or
    // when the text's top-level keys are not plain ASCII without escapes (their order would need decoding);
    // the caller then serialises the whole object.
    static QByteArray withMembers(
        const QByteArray &canonicalObject, QList<QPair<QString, QJsonValue>> members);
    // The same with each member's value already serialised (canonical JSON text), for a value that is
    // written more than once or kept as text as well.
    static QByteArray withSerialisedMembers(
        const QByteArray &canonicalObject, QList<QPair<QString, QByteArray>> members);

    // One string, quoted and escaped as above, appended to `out`: for writers of JSON text that build no
    // QJsonObject first (the access log).
    static void appendString(QByteArray &out, QStringView text);
    // One number, written as above, appended to `out`.
    static void appendNumber(QByteArray &out, double value);
};

} // namespace ades
