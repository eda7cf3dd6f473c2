#include "SchemaValidator.h"

#include "JsonStringBytes.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

QString jsonTypeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"undefined"_s;
}

bool matchesType(const QString &type, const QJsonValue &value)
{
    if (type == u"integer"_s) {
        if (!value.isDouble())
            return false;
        const double d = value.toDouble();
        return std::isfinite(d) && std::floor(d) == d;
    }
    if (type == u"number"_s)
        return value.isDouble();
    return jsonTypeName(value) == type;
}

QString childPath(const QString &path, const QString &member)
{
    return path.isEmpty() ? member : path + u'.' + member;
}

// Patterns are compiled once per distinct pattern string; schemas are few and static.
bool matchesPattern(const QString &pattern, const QString &text)
{
    static thread_local QHash<QString, QRegularExpression> cache;
    auto it = cache.find(pattern);
    if (it == cache.end())
        it = cache.insert(pattern, QRegularExpression(pattern));
    return it->match(text).hasMatch();
}

// JSON Schema counts code points, not UTF-16 units: a surrogate pair is one. Counted in place, since a
// string may be a 24 MiB document (toUcs4() would cost four bytes per character).
qsizetype codePoints(QStringView text)
{
    qsizetype count = text.size();
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i).isHighSurrogate() && text.at(i + 1).isLowSurrogate()) {
            --count;
            ++i;
        }
    }
    return count;
}

class Walker
{
public:
    std::optional<ServiceError> check(
        const QJsonObject &schema, const QJsonValue &value, const QString &path) const
    {
        if (auto e = checkType(schema, value, path))
            return e;
        if (schema.contains(u"const"_s) && schema.value(u"const"_s) != value)
            return fail(path, u"must be %1"_s.arg(describe(schema.value(u"const"_s))), u"invalid_value"_s);
        if (schema.contains(u"enum"_s)) {
            const QJsonArray allowed = schema.value(u"enum"_s).toArray();
            if (!allowed.contains(value)) {
                QStringList names;
                for (const QJsonValue &a : allowed)
                    names.append(describe(a));
                return fail(path, u"must be one of %1"_s.arg(names.join(u", "_s)), u"invalid_value"_s);
            }
        }
        if (value.isString()) {
            if (auto e = checkString(schema, value.toString(), path))
                return e;
        } else if (value.isDouble()) {
            if (auto e = checkNumber(schema, value.toDouble(), path))
                return e;
        } else if (value.isArray()) {
            if (auto e = checkArray(schema, value.toArray(), path))
                return e;
        } else if (value.isObject()) {
            if (auto e = checkObject(schema, value.toObject(), path))
                return e;
        }
        if (schema.contains(u"oneOf"_s))
            return checkOneOf(schema.value(u"oneOf"_s).toArray(), value, path);
        if (schema.contains(u"anyOf"_s))
            return checkAnyOf(schema.value(u"anyOf"_s).toArray(), value, path);
        return std::nullopt;
    }

private:
    static ServiceError fail(const QString &path, const QString &what, const QString &code)
    {
        const QString field = path.isEmpty() ? u"body"_s : path;
        return ServiceError::unprocessable(code, field + u": "_s + what, field);
    }

    static QString describe(const QJsonValue &v)
    {
        if (v.isString())
            return u"\""_s + v.toString() + u"\""_s;
        if (v.isBool())
            return v.toBool() ? u"true"_s : u"false"_s;
        if (v.isDouble())
            return QString::number(v.toDouble(), 'g', 17);
        return jsonTypeName(v);
    }

    std::optional<ServiceError> checkType(
        const QJsonObject &schema, const QJsonValue &value, const QString &path) const
    {
        const QJsonValue type = schema.value(u"type"_s);
        if (type.isUndefined())
            return std::nullopt;
        QStringList types;
        if (type.isArray()) {
            for (const QJsonValue &t : type.toArray())
                types.append(t.toString());
        } else {
            types.append(type.toString());
        }
        for (const QString &t : std::as_const(types)) {
            if (matchesType(t, value))
                return std::nullopt;
        }
        return fail(path, u"expected %1, got %2"_s.arg(types.join(u" or "_s), jsonTypeName(value)),
            u"invalid_type"_s);
    }

    std::optional<ServiceError> checkString(
        const QJsonObject &schema, const QString &text, const QString &path) const
    {
        if (auto e = checkLength(schema, codePoints(text), path))
            return e;
        if (schema.contains(u"pattern"_s) && !matchesPattern(schema.value(u"pattern"_s).toString(), text))
            return fail(path, u"does not match the pattern %1"_s.arg(schema.value(u"pattern"_s).toString()),
                u"pattern_mismatch"_s);
        return std::nullopt;
    }

    // A string whose schema limits nothing but its (large) length: a document. Counted from its UTF-8 bytes
    // (JsonStringBytes), never as a UTF-16 QString of twice their size.
    static bool isDocumentSchema(const QJsonObject &schema)
    {
        return schema.value(u"type"_s).toString() == u"string"_s
            && schema.value(u"maxLength"_s).toInteger() > 65536 && !schema.contains(u"pattern"_s)
            && !schema.contains(u"const"_s) && !schema.contains(u"enum"_s) && !schema.contains(u"oneOf"_s);
    }

    std::optional<ServiceError> checkLength(
        const QJsonObject &schema, qsizetype length, const QString &path) const
    {
        if (schema.contains(u"minLength"_s) && length < schema.value(u"minLength"_s).toInteger())
            return fail(path,
                u"must be at least %1 characters long"_s.arg(schema.value(u"minLength"_s).toInteger()),
                u"too_short"_s);
        if (schema.contains(u"maxLength"_s) && length > schema.value(u"maxLength"_s).toInteger())
            return fail(path,
                u"must be at most %1 characters long"_s.arg(schema.value(u"maxLength"_s).toInteger()),
                u"too_long"_s);
        return std::nullopt;
    }

    std::optional<ServiceError> checkNumber(
        const QJsonObject &schema, double number, const QString &path) const
    {
        auto bound = [&](const QString &key) { return schema.value(key).toDouble(); };
        if (schema.contains(u"minimum"_s) && number < bound(u"minimum"_s))
            return fail(path,
                u"must be >= %1 (got %2)"_s.arg(describe(schema.value(u"minimum"_s)), describe(number)),
                u"out_of_range"_s);
        if (schema.contains(u"maximum"_s) && number > bound(u"maximum"_s))
            return fail(path,
                u"must be <= %1 (got %2)"_s.arg(describe(schema.value(u"maximum"_s)), describe(number)),
                u"out_of_range"_s);
        if (schema.contains(u"exclusiveMinimum"_s) && number <= bound(u"exclusiveMinimum"_s))
            return fail(path, u"must be > %1"_s.arg(describe(schema.value(u"exclusiveMinimum"_s))),
                u"out_of_range"_s);
        if (schema.contains(u"exclusiveMaximum"_s) && number >= bound(u"exclusiveMaximum"_s))
            return fail(path, u"must be < %1"_s.arg(describe(schema.value(u"exclusiveMaximum"_s))),
                u"out_of_range"_s);
        return std::nullopt;
    }

    std::optional<ServiceError> checkArray(
        const QJsonObject &schema, const QJsonArray &array, const QString &path) const
    {
        if (schema.contains(u"minItems"_s) && array.size() < schema.value(u"minItems"_s).toInteger())
            return fail(path,
                u"must have at least %1 items (got %2)"_s.arg(schema.value(u"minItems"_s).toInteger())
                    .arg(array.size()),
                u"too_few_items"_s);
        if (schema.contains(u"maxItems"_s) && array.size() > schema.value(u"maxItems"_s).toInteger())
            return fail(path,
                u"must have at most %1 items (got %2)"_s.arg(schema.value(u"maxItems"_s).toInteger())
                    .arg(array.size()),
                u"too_many_items"_s);
        const QJsonValue items = schema.value(u"items"_s);
        if (items.isObject()) {
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (auto e = check(items.toObject(), array.at(i), path + u'[' + QString::number(i) + u']'))
                    return e;
            }
        }
        return std::nullopt;
    }

    std::optional<ServiceError> checkObject(
        const QJsonObject &schema, const QJsonObject &object, const QString &path) const
    {
        const QJsonArray required = schema.value(u"required"_s).toArray();
        for (const QJsonValue &name : required) {
            if (!object.contains(name.toString()))
                return fail(childPath(path, name.toString()), u"is required"_s, u"missing_field"_s);
        }
        const QJsonObject properties = schema.value(u"properties"_s).toObject();
        const QJsonValue additional = schema.value(u"additionalProperties"_s);
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString member = childPath(path, it.key());
            if (properties.contains(it.key())) {
                const QJsonObject property = properties.value(it.key()).toObject();
                if (it.value().isString() && isDocumentSchema(property)) {
                    const std::optional<QByteArray> text = JsonStringBytes::of(object, it.key());
                    if (auto e = checkLength(property, text ? JsonStringBytes::codePoints(*text) : 0, member))
                        return e;
                    continue;
                }
                if (auto e = check(property, it.value(), member))
                    return e;
            } else if (additional.isBool() && !additional.toBool()) {
                QStringList known = properties.keys();
                return fail(member, u"is not a known field (known: %1)"_s.arg(known.join(u", "_s)),
                    u"unknown_field"_s);
            } else if (additional.isObject()) {
                if (auto e = check(additional.toObject(), it.value(), member))
                    return e;
            }
        }
        return std::nullopt;
    }

    std::optional<ServiceError> checkOneOf(
        const QJsonArray &alternatives, const QJsonValue &value, const QString &path) const
    {
        int matches = 0;
        std::optional<ServiceError> firstError;
        for (const QJsonValue &alt : alternatives) {
            auto e = check(alt.toObject(), value, path);
            if (!e)
                ++matches;
            else if (!firstError)
                firstError = e;
        }
        if (matches == 1)
            return std::nullopt;
        if (matches == 0 && firstError)
            return firstError;
        return fail(path,
            u"must match exactly one of %1 alternatives, matches %2"_s.arg(alternatives.size()).arg(matches),
            u"ambiguous_value"_s);
    }

    // "At least one of these arguments" is an anyOf of alternatives that each require one member; when
    // none holds, the caller is told the members, not the first alternative's complaint.
    std::optional<ServiceError> checkAnyOf(
        const QJsonArray &alternatives, const QJsonValue &value, const QString &path) const
    {
        std::optional<ServiceError> firstError;
        QStringList members;
        bool allRequire = true;
        for (const QJsonValue &alt : alternatives) {
            auto e = check(alt.toObject(), value, path);
            if (!e)
                return std::nullopt;
            if (!firstError)
                firstError = e;
            const QJsonArray required = alt.toObject().value(u"required"_s).toArray();
            allRequire = allRequire && !required.isEmpty();
            for (const QJsonValue &name : required) {
                if (!members.contains(name.toString()))
                    members.append(name.toString());
            }
        }
        if (!firstError)
            return fail(path, u"matches none of the alternatives"_s, u"invalid_value"_s);
        if (!allRequire)
            return firstError;
        ServiceError error = ServiceError::unprocessable(u"missing_field"_s,
            u"at least one of %1 is required"_s.arg(members.join(u", "_s)), childPath(path, members.first()));
        error.setMissing(members);
        return error;
    }
};

} // namespace

std::optional<ServiceError> SchemaValidator::validate(const QJsonObject &schema, const QJsonValue &value)
{
    return Walker().check(schema, value, QString());
}

QJsonObject SchemaValidator::withDefaults(const QJsonObject &schema, QJsonObject arguments)
{
    QJsonObject result = std::move(arguments);
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it.value().toObject();
        if (!result.contains(it.key()) && property.contains(u"default"_s))
            result.insert(it.key(), property.value(u"default"_s));
    }
    return result;
}

} // namespace ades
