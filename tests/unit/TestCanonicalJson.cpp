#include "core/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <bit>
#include <limits>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

QJsonValue parse(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("test input is not JSON: %s", qPrintable(error.errorString()));
    return document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
}

} // namespace

class TestCanonicalJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rfc8785Documents_data();
    void rfc8785Documents();
    void numbers_data();
    void numbers();
    void ieeeNumbers_data();
    void ieeeNumbers();
    void strings_data();
    void strings();
    void specialUnitAtEveryPosition();
    void keysSortByUtf16CodeUnits();
    void objectOverloadMatchesValue();
    void idempotentThroughReparse();
    void withMembersMatchesWholeSerialisation_data();
    void withMembersMatchesWholeSerialisation();
    void withMembersRefusesWhatItCannotOrder();
};

void TestCanonicalJson::rfc8785Documents_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("expected");

    // RFC 8785 §3.2.2.
    QTest::newRow("rfc8785-3.2.2")
        << QByteArray(R"({
  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
  "literals": [null, true, false]
})")
        << QByteArray(R"({"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],)"
                      R"("string":"€$\u000f\nA'B\"\\\\\"/"})");

    // RFC 8785 §3.2.3: sorting by UTF-16 code units (the emoji's surrogates sort before U+FB33).
    QTest::newRow("rfc8785-3.2.3")
        << QByteArray(R"({
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "1": "One",
  "\ud83d\ude00": "Emoji: Grinning Face",
  "\u0080": "Control",
  "\u00f6": "Latin Small Letter O With Diaeresis"
})")
        << QByteArray("{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\","
                      "\"ö\":\"Latin Small Letter O With Diaeresis\",\"€\":\"Euro Sign\","
                      "\"😀\":\"Emoji: Grinning Face\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet With Dagesh\"}");

    // The reference implementation's weird.json (cyberphone/json-canonicalization testdata).
    QTest::newRow("weird") << QByteArray(R"({
  "\u20ac": "Euro Sign",
  "\r": "Carriage Return",
  "\u000a": "Newline",
  "1": "One",
  "\u0080": "Control\u007f",
  "\ud83d\ude02": "Smiley",
  "\u00f6": "Latin Small Letter O With Diaeresis",
  "\ufb33": "Hebrew Letter Dalet With Dagesh",
  "</script>": "Browser Challenge"
})")
                           << QByteArray(
                                  "{\"\\n\":\"Newline\",\"\\r\":\"Carriage "
                                  "Return\",\"1\":\"One\",\"</script>\":\"Browser Challenge\","
                                  "\"\xc2\x80\":\"Control\x7f\",\"ö\":\"Latin Small Letter O With "
                                  "Diaeresis\",\"€\":\"Euro Sign\","
                                  "\"😂\":\"Smiley\",\"\xef\xac\xb3\":\"Hebrew Letter Dalet With Dagesh\"}");

    // The reference implementation's structures.json: nesting, empty containers, numeric-looking keys.
    QTest::newRow("structures")
        << QByteArray(R"({
  "1": {"f": {"f": "hi","F": 5} ,"\n": 56.0},
  "10": { },
  "": "empty",
  "a": { },
  "111": [ {"e": "yes","E": "no" } ],
  "A": { }
})")
        << QByteArray(
               R"({"":"empty","1":{"\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{"E":"no","e":"yes"}],"A":{},"a":{}})");

    QTest::newRow("top-level-array") << QByteArray(R"([ 1 , [ ], { "b" : [ true , null ] , "a" : -0.0 } ])")
                                     << QByteArray(R"([1,[],{"a":0,"b":[true,null]}])");
}

void TestCanonicalJson::rfc8785Documents()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, expected);
    QCOMPARE(CanonicalJson::serialise(parse(input)), expected);
}

void TestCanonicalJson::numbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("zero") << 0.0 << QByteArray("0");
    QTest::newRow("minus-zero") << -0.0 << QByteArray("0");
    QTest::newRow("one") << 1.0 << QByteArray("1");
    QTest::newRow("minus-one") << -1.0 << QByteArray("-1");
    QTest::newRow("integer-no-point") << 123.0 << QByteArray("123");
    QTest::newRow("four-point-five") << 4.5 << QByteArray("4.5");
    QTest::newRow("two-e-minus-3") << 2e-3 << QByteArray("0.002");
    QTest::newRow("one-tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("float-sum") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
    QTest::newRow("micro") << 0.000001 << QByteArray("0.000001");
    QTest::newRow("below-micro") << 1e-7 << QByteArray("1e-7");
    QTest::newRow("below-micro-digits") << 1.25e-7 << QByteArray("1.25e-7");
    QTest::newRow("1e20") << 1e20 << QByteArray("100000000000000000000");
    QTest::newRow("1e21") << 1e21 << QByteArray("1e+21");
    QTest::newRow("1.5e300") << 1.5e300 << QByteArray("1.5e+300");
    QTest::newRow("thirds") << 333333333.3333333 << QByteArray("333333333.3333333");
    QTest::newRow("minus-fraction") << -12.75 << QByteArray("-12.75");
    QTest::newRow("2^53") << 9007199254740992.0 << QByteArray("9007199254740992");
    QTest::newRow("nan-as-null") << std::numeric_limits<double>::quiet_NaN() << QByteArray("null");
    QTest::newRow("infinity-as-null") << std::numeric_limits<double>::infinity() << QByteArray("null");
}

void TestCanonicalJson::numbers()
{
    QFETCH(double, value);
    QFETCH(QByteArray, expected);
    QCOMPARE(CanonicalJson::serialise(QJsonValue(value)), expected);
}

void TestCanonicalJson::ieeeNumbers_data()
{
    // RFC 8785 Appendix B: IEEE 754 bit patterns and their canonical text.
    QTest::addColumn<quint64>("bits");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("0000000000000000") << Q_UINT64_C(0x0000000000000000) << QByteArray("0");
    QTest::newRow("8000000000000000") << Q_UINT64_C(0x8000000000000000) << QByteArray("0");
    QTest::newRow("0000000000000001") << Q_UINT64_C(0x0000000000000001) << QByteArray("5e-324");
    QTest::newRow("8000000000000001") << Q_UINT64_C(0x8000000000000001) << QByteArray("-5e-324");
    QTest::newRow("7fefffffffffffff")
        << Q_UINT64_C(0x7fefffffffffffff) << QByteArray("1.7976931348623157e+308");
    QTest::newRow("ffefffffffffffff")
        << Q_UINT64_C(0xffefffffffffffff) << QByteArray("-1.7976931348623157e+308");
    QTest::newRow("4340000000000000") << Q_UINT64_C(0x4340000000000000) << QByteArray("9007199254740992");
    QTest::newRow("c340000000000000") << Q_UINT64_C(0xc340000000000000) << QByteArray("-9007199254740992");
    QTest::newRow("4430000000000000")
        << Q_UINT64_C(0x4430000000000000) << QByteArray("295147905179352830000");
    QTest::newRow("44b52d02c7e14af5")
        << Q_UINT64_C(0x44b52d02c7e14af5) << QByteArray("9.999999999999997e+22");
    QTest::newRow("44b52d02c7e14af6") << Q_UINT64_C(0x44b52d02c7e14af6) << QByteArray("1e+23");
    QTest::newRow("44b52d02c7e14af7")
        << Q_UINT64_C(0x44b52d02c7e14af7) << QByteArray("1.0000000000000001e+23");
    QTest::newRow("444b1ae4d6e2ef4e")
        << Q_UINT64_C(0x444b1ae4d6e2ef4e) << QByteArray("999999999999999700000");
    QTest::newRow("444b1ae4d6e2ef4f")
        << Q_UINT64_C(0x444b1ae4d6e2ef4f) << QByteArray("999999999999999900000");
    QTest::newRow("444b1ae4d6e2ef50") << Q_UINT64_C(0x444b1ae4d6e2ef50) << QByteArray("1e+21");
    QTest::newRow("3eb0c6f7a0b5ed8c") << Q_UINT64_C(0x3eb0c6f7a0b5ed8c) << QByteArray("9.999999999999997e-7");
    QTest::newRow("3eb0c6f7a0b5ed8d") << Q_UINT64_C(0x3eb0c6f7a0b5ed8d) << QByteArray("0.000001");
    QTest::newRow("41b3de4355555553") << Q_UINT64_C(0x41b3de4355555553) << QByteArray("333333333.3333332");
    QTest::newRow("41b3de4355555554") << Q_UINT64_C(0x41b3de4355555554) << QByteArray("333333333.33333325");
    QTest::newRow("41b3de4355555555") << Q_UINT64_C(0x41b3de4355555555) << QByteArray("333333333.3333333");
    QTest::newRow("41b3de4355555556") << Q_UINT64_C(0x41b3de4355555556) << QByteArray("333333333.3333334");
    QTest::newRow("41b3de4355555557") << Q_UINT64_C(0x41b3de4355555557) << QByteArray("333333333.33333343");
    QTest::newRow("becbf647612f3696")
        << Q_UINT64_C(0xbecbf647612f3696) << QByteArray("-0.0000033333333333333333");
    QTest::newRow("43143ff3c1cb0959") << Q_UINT64_C(0x43143ff3c1cb0959) << QByteArray("1424953923781206.2");
}

void TestCanonicalJson::ieeeNumbers()
{
    QFETCH(quint64, bits);
    QFETCH(QByteArray, expected);
    QCOMPARE(CanonicalJson::serialise(QJsonValue(std::bit_cast<double>(bits))), expected);
}

void TestCanonicalJson::strings_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("plain") << u"abc"_s << QByteArray(R"("abc")");
    QTest::newRow("empty") << QString() << QByteArray(R"("")");
    QTest::newRow("quote-backslash") << u"a\"b\\c"_s << QByteArray(R"("a\"b\\c")");
    QTest::newRow("short-escapes") << u"\b\f\n\r\t"_s << QByteArray(R"("\b\f\n\r\t")");
    QTest::newRow("nul") << QString(QChar(u'\0')) << QByteArray(R"("\u0000")");
    QTest::newRow("other-controls") << u"\x01\x0b\x1f"_s << QByteArray(R"("\u0001\u000b\u001f")");
    QTest::newRow("del-literal") << u"\x7f"_s << QByteArray("\"\x7f\"");
    QTest::newRow("slash-literal") << u"</script>"_s << QByteArray(R"("</script>")");
    QTest::newRow("non-ascii-literal") << u"Müller € 😀"_s << QByteArray("\"Müller € 😀\"");
    QTest::newRow("line-separator-literal") << u"\u2028"_s << QByteArray("\"\xe2\x80\xa8\"");
    QTest::newRow("two-byte-utf8") << u"\u00e9\u07ff"_s << QByteArray("\"\xc3\xa9\xdf\xbf\"");
    QTest::newRow("three-byte-utf8") << u"\u0800\uffff"_s << QByteArray("\"\xe0\xa0\x80\xef\xbf\xbf\"");
    QTest::newRow("surrogate-pair") << u"\U0010ffff"_s << QByteArray("\"\xf4\x8f\xbf\xbf\"");
    // JCS rejects lone surrogates; a QString can hold one, and it is written as QString::toUtf8() does.
    QTest::newRow("lone-high-surrogate") << (QString(QChar(0xd800)) + u"a"_s) << QByteArray("\"?a\"");
    QTest::newRow("lone-low-surrogate-at-end") << (u"a"_s + QChar(0xdc00)) << QByteArray("\"a?\"");
    QTest::newRow("long-ascii") << QString(1000, u'x') << QByteArray("\"" + QByteArray(1000, 'x') + "\"");
}

void TestCanonicalJson::strings()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, expected);
    QCOMPARE(CanonicalJson::serialise(QJsonValue(value)), expected);
}

// Strings are copied four units at a time while all four are plain printable ASCII (core/JsonString): a unit
// that needs escaping, or is not ASCII, must be caught in every lane of such a word and just past it. A
// string of one unit takes the unit-by-unit path, which strings() pins, so it is the reference here.
void TestCanonicalJson::specialUnitAtEveryPosition()
{
    const char16_t units[] = { 0x00, 0x0a, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x2f, 0x5b, 0x5c, 0x5d, 0x7e, 0x7f,
        0x80, 0xff, 0x100, 0x2028, 0x7fff, 0x8000, 0xd800, 0xdc00, 0xffff };
    for (const char16_t unit : units) {
        const QByteArray alone = CanonicalJson::serialise(QJsonValue(QString(QChar(unit))));
        const QByteArray escaped = alone.mid(1, alone.size() - 2);
        for (int length = 1; length <= 13; ++length) {
            for (int at = 0; at < length; ++at) {
                QString text(length, u'a');
                text[at] = QChar(unit);
                const QByteArray expected
                    = '"' + QByteArray(at, 'a') + escaped + QByteArray(length - at - 1, 'a') + '"';
                QCOMPARE(CanonicalJson::serialise(QJsonValue(text)), expected);
            }
        }
    }
}

void TestCanonicalJson::keysSortByUtf16CodeUnits()
{
    // By code point U+FF61 would come before U+1F600; by UTF-16 code units the emoji's high surrogate 0xD83D
    // is smaller than 0xFF61, so the emoji comes first. Upper case before lower case: no locale collation.
    QJsonObject object;
    object.insert(u"\uff61"_s, 1);
    object.insert(u"😀"_s, 2);
    object.insert(u"b"_s, 3);
    object.insert(u"B"_s, 4);
    object.insert(u"aa"_s, 5);
    object.insert(u"a"_s, 6);
    QCOMPARE(
        CanonicalJson::serialise(object), QByteArray("{\"B\":4,\"a\":6,\"aa\":5,\"b\":3,\"😀\":2,\"｡\":1}"));
}

void TestCanonicalJson::objectOverloadMatchesValue()
{
    const QJsonObject object { { u"z"_s, QJsonArray { 1, u"x"_s, QJsonObject { { u"k"_s, false } } } },
        { u"y"_s, QJsonValue() } };
    QCOMPARE(CanonicalJson::serialise(object), CanonicalJson::serialise(QJsonValue(object)));
    QCOMPARE(CanonicalJson::serialise(object), QByteArray(R"({"y":null,"z":[1,"x",{"k":false}]})"));
}

void TestCanonicalJson::idempotentThroughReparse()
{
    // What a verifier does: parse the wire form, canonicalise again. Must give the same bytes.
    const QByteArray canonical
        = CanonicalJson::serialise(parse(R"({"b":[1e21,1e-7,0.5,-3],"a":"x\u0001y","c":{}})"));
    QCOMPARE(CanonicalJson::serialise(parse(canonical)), canonical);
    QCOMPARE(canonical, QByteArray(R"({"a":"x\u0001y","b":[1e+21,1e-7,0.5,-3],"c":{}})"));
}

void TestCanonicalJson::withMembersMatchesWholeSerialisation_data()
{
    QTest::addColumn<QByteArray>("object");
    const QByteArray hard = R"({"a":"x,}\"]{\\","n":[1,{"k":"}\"}"}],"z":-1.5e-7,"y":true,"m":null})";
    QTest::newRow("empty") << QByteArray("{}");
    QTest::newRow("all-before") << QByteArray(R"({"a":1,"b":2})");
    QTest::newRow("between") << QByteArray(R"({"f":{"g":[1,2]},"q":"r"})");
    QTest::newRow("all-after") << QByteArray(R"({"zeta":[],"zz":{}})");
    QTest::newRow("nested-braces-in-strings") << hard;
    QTest::newRow("receipt-like") << QByteArray(
        R"({"bban":"370400440532013000","checks":{"iban_checksum":"ok"},"valid":true,"zero":0})");
}

void TestCanonicalJson::withMembersMatchesWholeSerialisation()
{
    // A signed body is its result plus `extensions` and `receipt`: spliced into the result's canonical text,
    // the bytes must equal serialising the whole body.
    QFETCH(QByteArray, object);
    const QJsonObject result = QJsonDocument::fromJson(object).object();
    const QJsonObject receipt { { u"signature"_s, u"0xab"_s },
        { u"issued_at"_s, u"2026-11-25T00:00:00Z"_s } };
    const QJsonObject extensions { { u"delivery-receipt"_s, receipt } };
    QJsonObject whole = result;
    whole.insert(u"receipt"_s, receipt);
    whole.insert(u"extensions"_s, extensions);
    const QByteArray spliced = CanonicalJson::withMembers(
        CanonicalJson::serialise(result), { { u"receipt"_s, receipt }, { u"extensions"_s, extensions } });
    QCOMPARE(spliced, CanonicalJson::serialise(whole));
    // The same from members serialised beforehand.
    const QByteArray fromText = CanonicalJson::withSerialisedMembers(CanonicalJson::serialise(result),
        { { u"receipt"_s, CanonicalJson::serialise(receipt) },
            { u"extensions"_s, CanonicalJson::serialise(extensions) } });
    QCOMPARE(fromText, CanonicalJson::serialise(whole));
}

void TestCanonicalJson::withMembersRefusesWhatItCannotOrder()
{
    // Non-ASCII or escaped keys sort by UTF-16 code units after decoding: the caller serialises in full.
    QVERIFY(CanonicalJson::withMembers(R"({"é":1})", { { u"receipt"_s, 1 } }).isEmpty());
    QVERIFY(CanonicalJson::withMembers(R"({"a\"b":1})", { { u"receipt"_s, 1 } }).isEmpty());
    QVERIFY(CanonicalJson::withMembers("[1]", { { u"receipt"_s, 1 } }).isEmpty());
    QVERIFY(CanonicalJson::withMembers(R"({"a":1})", { { u"ü"_s, 1 } }).isEmpty());
    QVERIFY(CanonicalJson::withSerialisedMembers(R"({"é":1})", { { u"receipt"_s, "1" } }).isEmpty());
    QVERIFY(CanonicalJson::withSerialisedMembers(R"({"a":1})", { { u"ü"_s, "1" } }).isEmpty());
}

QTEST_APPLESS_MAIN(TestCanonicalJson)
#include "TestCanonicalJson.moc"
