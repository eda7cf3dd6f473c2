#include "catalog/SchemaValidator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

// A schema using every keyword the validator supports.
const char *const Schema = R"({
  "type": "object",
  "properties": {
    "name": {"type": "string", "minLength": 3, "maxLength": 8, "pattern": "^[a-z]+$"},
    "kind": {"type": "string", "enum": ["personal", "gift"]},
    "dest": {"type": "string", "const": "US"},
    "qty": {"type": "integer", "minimum": 1, "maximum": 10000},
    "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
    "flag": {"type": "boolean", "default": true},
    "tags": {"type": "array", "minItems": 1, "maxItems": 2, "items": {"type": "string"}},
    "answers": {"type": "object", "properties": {"battery": {"enum": ["yes", "no", "unknown"]}},
                "required": ["battery"], "additionalProperties": false},
    "doc": {"oneOf": [{"type": "string", "minLength": 1}, {"type": "object"}]},
    "nullable": {"type": ["string", "null"]}
  },
  "required": ["name"],
  "additionalProperties": false
})";

// "At least one of": each alternative requires one member with a non-blank value.
const char *const AtLeastOne = R"({
  "type": "object",
  "properties": {"name": {"type": "string"}, "vat": {"type": "string"}, "country": {"type": "string"}},
  "anyOf": [{"required": ["name"], "properties": {"name": {"pattern": "\\S"}}},
            {"required": ["vat"], "properties": {"vat": {"pattern": "\\S"}}}],
  "additionalProperties": false
})";

// An anyOf whose alternatives are not all "required": the first alternative's error stands.
const char *const AnyOfTypes = R"({"anyOf": [{"type": "string", "minLength": 2}, {"type": "integer"}]})";

} // namespace

class TestSchemaValidator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validate_data();
    void validate();
    void defaultsAreFilled();
    void anyOf_data();
    void anyOf();
    void documentLengthCountsCodePoints_data();
    void documentLengthCountsCodePoints();
};

void TestSchemaValidator::validate_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("code"); // empty: valid
    QTest::addColumn<QString>("param");

    QTest::newRow("minimal") << QByteArray(R"({"name":"abc"})") << QString() << QString();
    QTest::newRow("everything") << QByteArray(
        R"({"name":"abcdef","kind":"gift","dest":"US","qty":10,"ratio":0.5,
        "flag":false,"tags":["a"],"answers":{"battery":"no"},"doc":{},"nullable":null})")
                                << QString() << QString();
    QTest::newRow("not-object") << QByteArray(R"([1])") << u"invalid_type"_s << u"body"_s;
    QTest::newRow("missing") << QByteArray(R"({})") << u"missing_field"_s << u"name"_s;
    QTest::newRow("unknown") << QByteArray(R"({"name":"abc","x":1})") << u"unknown_field"_s << u"x"_s;
    QTest::newRow("type") << QByteArray(R"({"name":5})") << u"invalid_type"_s << u"name"_s;
    QTest::newRow("short") << QByteArray(R"({"name":"ab"})") << u"too_short"_s << u"name"_s;
    QTest::newRow("long") << QByteArray(R"({"name":"abcdefghi"})") << u"too_long"_s << u"name"_s;
    QTest::newRow("pattern") << QByteArray(R"({"name":"ABC"})") << u"pattern_mismatch"_s << u"name"_s;
    QTest::newRow("enum") << QByteArray(R"({"name":"abc","kind":"x"})") << u"invalid_value"_s << u"kind"_s;
    QTest::newRow("const") << QByteArray(R"({"name":"abc","dest":"CA"})") << u"invalid_value"_s << u"dest"_s;
    QTest::newRow("integer-fraction")
        << QByteArray(R"({"name":"abc","qty":1.5})") << u"invalid_type"_s << u"qty"_s;
    QTest::newRow("minimum") << QByteArray(R"({"name":"abc","qty":0})") << u"out_of_range"_s << u"qty"_s;
    QTest::newRow("maximum") << QByteArray(R"({"name":"abc","qty":10001})") << u"out_of_range"_s << u"qty"_s;
    QTest::newRow("exclusive-min") << QByteArray(R"({"name":"abc","ratio":0})") << u"out_of_range"_s
                                   << u"ratio"_s;
    QTest::newRow("exclusive-max") << QByteArray(R"({"name":"abc","ratio":1})") << u"out_of_range"_s
                                   << u"ratio"_s;
    QTest::newRow("min-items") << QByteArray(R"({"name":"abc","tags":[]})") << u"too_few_items"_s
                               << u"tags"_s;
    QTest::newRow("max-items") << QByteArray(R"({"name":"abc","tags":["a","b","c"]})") << u"too_many_items"_s
                               << u"tags"_s;
    QTest::newRow("item-type") << QByteArray(R"({"name":"abc","tags":["a",2]})") << u"invalid_type"_s
                               << u"tags[1]"_s;
    QTest::newRow("nested-required") << QByteArray(R"({"name":"abc","answers":{}})") << u"missing_field"_s
                                     << u"answers.battery"_s;
    QTest::newRow("nested-enum") << QByteArray(R"({"name":"abc","answers":{"battery":"maybe"}})")
                                 << u"invalid_value"_s << u"answers.battery"_s;
    QTest::newRow("nested-unknown") << QByteArray(R"({"name":"abc","answers":{"battery":"no","x":1}})")
                                    << u"unknown_field"_s << u"answers.x"_s;
    QTest::newRow("one-of-none") << QByteArray(R"({"name":"abc","doc":5})") << u"invalid_type"_s << u"doc"_s;
    QTest::newRow("one-of-empty-string")
        << QByteArray(R"({"name":"abc","doc":""})") << u"too_short"_s << u"doc"_s;
    QTest::newRow("type-union") << QByteArray(R"({"name":"abc","nullable":3})") << u"invalid_type"_s
                                << u"nullable"_s;
    QTest::newRow("code-points") << QByteArray(R"({"name":"abc","doc":"😀"})") << QString() << QString();
}

void TestSchemaValidator::validate()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, code);
    QFETCH(QString, param);
    const QJsonDocument doc = QJsonDocument::fromJson(input);
    QVERIFY(!doc.isNull());
    const QJsonValue value = doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    const auto error = SchemaValidator::validate(object(Schema), value);
    QCOMPARE(error ? error->code() : QString(), code);
    if (error) {
        QCOMPARE(error->param(), param);
        QCOMPARE(error->httpStatus(), 422);
        QVERIFY2(error->message().startsWith(param), qPrintable(error->message()));
    }
}

void TestSchemaValidator::defaultsAreFilled()
{
    const QJsonObject filled = SchemaValidator::withDefaults(object(Schema), object(R"({"name":"abc"})"));
    QCOMPARE(filled.value(u"flag"_s), QJsonValue(true));
    const QJsonObject kept
        = SchemaValidator::withDefaults(object(Schema), object(R"({"name":"abc","flag":false})"));
    QCOMPARE(kept.value(u"flag"_s), QJsonValue(false));
}

void TestSchemaValidator::anyOf_data()
{
    QTest::addColumn<QByteArray>("schema");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("code"); // empty: valid
    QTest::addColumn<QStringList>("missing");

    const QByteArray atLeastOne(AtLeastOne);
    QTest::newRow("first") << atLeastOne << QByteArray(R"({"name":"Acme"})") << QString() << QStringList();
    QTest::newRow("second") << atLeastOne << QByteArray(R"({"vat":"DE1"})") << QString() << QStringList();
    QTest::newRow("both") << atLeastOne << QByteArray(R"({"name":"A","vat":"DE1"})") << QString()
                          << QStringList();
    const QStringList both { u"name"_s, u"vat"_s };
    QTest::newRow("neither") << atLeastOne << QByteArray(R"({"country":"DE"})") << u"missing_field"_s << both;
    QTest::newRow("blank") << atLeastOne << QByteArray(R"({"name":" ","vat":""})") << u"missing_field"_s
                           << both;
    // Each property's own schema still applies first.
    QTest::newRow("wrong-type") << atLeastOne << QByteArray(R"({"name":5})") << u"invalid_type"_s
                                << QStringList();
    QTest::newRow("unknown") << atLeastOne << QByteArray(R"({"name":"Acme","x":1})") << u"unknown_field"_s
                             << QStringList();
    const QByteArray types(AnyOfTypes);
    QTest::newRow("types-string") << types << QByteArray(R"(["ab"])") << QString() << QStringList();
    QTest::newRow("types-none") << types << QByteArray(R"([true])") << u"invalid_type"_s << QStringList();
}

void TestSchemaValidator::anyOf()
{
    QFETCH(QByteArray, schema);
    QFETCH(QByteArray, input);
    QFETCH(QString, code);
    QFETCH(QStringList, missing);
    const QJsonDocument doc = QJsonDocument::fromJson(input);
    QVERIFY(!doc.isNull());
    // Arrays wrap a single value, so that a schema for a scalar can be tested too.
    const QJsonValue value = doc.isObject() ? QJsonValue(doc.object()) : doc.array().first();
    const auto error = SchemaValidator::validate(object(schema.constData()), value);
    QCOMPARE(error ? error->code() : QString(), code);
    if (error && !missing.isEmpty()) {
        QCOMPARE(error->missing(), missing);
        QCOMPARE(error->param(), missing.first());
        QCOMPARE(error->message(), u"at least one of %1 is required"_s.arg(missing.join(u", "_s)));
    }
}

void TestSchemaValidator::documentLengthCountsCodePoints_data()
{
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("code");

    // A long-string schema is measured from UTF-8 bytes, not from a QString: same answers.
    QTest::newRow("at-limit") << QString(70000, u'A') << QString();
    QTest::newRow("over-limit") << QString(70001, u'A') << u"too_long"_s;
    QTest::newRow("multibyte-at-limit") << QString(69999, u'A') + u"é"_s << QString();
    QTest::newRow("surrogate-pair-at-limit") << QString(69999, u'A') + u"😀"_s << QString();
    QTest::newRow("surrogate-pair-over-limit") << QString(70000, u'A') + u"😀"_s << u"too_long"_s;
    QTest::newRow("under-minimum") << u"A"_s << u"too_short"_s;
}

void TestSchemaValidator::documentLengthCountsCodePoints()
{
    QFETCH(QString, doc);
    QFETCH(QString, code);

    const QJsonObject schema = object(R"({"type": "object", "properties": {"doc": {"type": "string",
        "contentEncoding": "base64", "minLength": 4, "maxLength": 70000}}})");
    const auto error = SchemaValidator::validate(schema, QJsonObject { { u"doc"_s, doc } });
    QCOMPARE(error ? error->code() : QString(), code);
    if (error)
        QCOMPARE(error->param(), u"doc"_s);
}

QTEST_APPLESS_MAIN(TestSchemaValidator)
#include "TestSchemaValidator.moc"
