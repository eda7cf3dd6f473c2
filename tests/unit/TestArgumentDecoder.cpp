#include "catalog/ArgumentDecoder.h"
#include "catalog/JsonStringBytes.h"
#include "catalog/Operation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestArgumentDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void binaryRoundTrip_data();
    void binaryRoundTrip();
    void decodeBinaryRefuses_data();
    void decodeBinaryRefuses();
    void stringBytes_data();
    void stringBytes();
    void fromJsonRenames_data();
    void fromJsonRenames();
    void objectOrArrayFromText_data();
    void objectOrArrayFromText();
};

void TestArgumentDecoder::binaryRoundTrip_data()
{
    QTest::addColumn<qsizetype>("size");

    // The CBOR head that carries the text's length takes 1, 2, 3, 5 bytes at these sizes.
    for (const qsizetype size : { 0, 1, 2, 3, 17, 18, 100, 191, 192, 40000, 49152, 3 * 1024 * 1024 })
        QTest::addRow("%lld-bytes", qlonglong(size)) << size;
}

void TestArgumentDecoder::binaryRoundTrip()
{
    QFETCH(qsizetype, size);

    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator random { quint32(size) };
    for (char &c : bytes)
        c = char(random.bounded(256));
    const QJsonObject args = ArgumentDecoder::binaryArgument(u"document"_s, bytes);
    QCOMPARE(args.keys(), QStringList { u"document"_s });
    QCOMPARE(args.value(u"document"_s).toString(), QString::fromLatin1(bytes.toBase64()));
    const std::optional<QByteArray> decoded = ArgumentDecoder::decodeBinary(args, u"document"_s);
    QVERIFY(decoded.has_value());
    QCOMPARE(*decoded, bytes);
}

void TestArgumentDecoder::decodeBinaryRefuses_data()
{
    QTest::addColumn<QByteArray>("json");

    QTest::newRow("absent") << QByteArray(R"({"other":"aGVsbG8="})");
    QTest::newRow("number") << QByteArray(R"({"document":5})");
    QTest::newRow("not-base64") << QByteArray(R"({"document":"hello!"})");
    QTest::newRow("url-alphabet") << QByteArray(R"({"document":"-_-_"})");
    QTest::newRow("non-ascii") << QByteArray(R"({"document":"aGVsbG8=é"})");
}

void TestArgumentDecoder::decodeBinaryRefuses()
{
    QFETCH(QByteArray, json);
    QVERIFY(
        !ArgumentDecoder::decodeBinary(QJsonDocument::fromJson(json).object(), u"document"_s).has_value());
}

void TestArgumentDecoder::stringBytes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qsizetype>("codePoints");

    QTest::newRow("empty") << QString() << qsizetype(0);
    QTest::newRow("ascii") << u"abc"_s << qsizetype(3);
    QTest::newRow("latin1") << u"été"_s << qsizetype(3);
    QTest::newRow("surrogate-pair") << u"a😀b"_s << qsizetype(3);
    QTest::newRow("long") << QString(70000, u'x') << qsizetype(70000);
}

void TestArgumentDecoder::stringBytes()
{
    QFETCH(QString, text);
    QFETCH(qsizetype, codePoints);

    const QJsonObject object { { u"s"_s, text }, { u"n"_s, 1 } };
    const std::optional<QByteArray> utf8 = JsonStringBytes::of(object, u"s"_s);
    QVERIFY(utf8.has_value());
    QCOMPARE(*utf8, text.toUtf8());
    QCOMPARE(JsonStringBytes::codePoints(*utf8), codePoints);
    QVERIFY(!JsonStringBytes::of(object, u"n"_s).has_value());
    QVERIFY(!JsonStringBytes::of(object, u"missing"_s).has_value());
}

void TestArgumentDecoder::fromJsonRenames_data()
{
    QTest::addColumn<QByteArray>("wire");
    QTest::addColumn<QByteArray>("expected");

    QTest::newRow("own-names") << QByteArray(R"({"document":"QQ==","filename":"a.xml"})")
                               << QByteArray(R"({"document":"QQ==","filename":"a.xml"})");
    QTest::newRow("renamed") << QByteArray(R"({"file":"QQ=="})") << QByteArray(R"({"document":"QQ=="})");
    // Written in key order, the last write wins: "file" comes after "document".
    QTest::newRow("both-names") << QByteArray(R"({"document":"QQ==","file":"Qg=="})")
                                << QByteArray(R"({"document":"Qg=="})");
    // "z" is sent under its own name after "a" renamed to it: its own value stays.
    QTest::newRow("own-name-after") << QByteArray(R"({"a":1,"z":2})") << QByteArray(R"({"z":2})");
    QTest::newRow("chain") << QByteArray(R"({"b":1,"c":2})") << QByteArray(R"({"c":1,"d":2})");
}

void TestArgumentDecoder::fromJsonRenames()
{
    QFETCH(QByteArray, wire);
    QFETCH(QByteArray, expected);

    Exposure exposure;
    exposure.argumentNames
        = { { u"file"_s, u"document"_s }, { u"a"_s, u"z"_s }, { u"b"_s, u"c"_s }, { u"c"_s, u"d"_s } };
    QCOMPARE(ArgumentDecoder::fromJson(exposure, QJsonDocument::fromJson(wire).object()),
        QJsonDocument::fromJson(expected).object());
}

void TestArgumentDecoder::objectOrArrayFromText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("kind"); // "object", "array" or "text"
    QTest::newRow("object") << u"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_chainId\"}"_s << u"object"_s;
    QTest::newRow("array") << u"[{\"id\":1},{\"id\":2}]"_s << u"array"_s;
    QTest::newRow("not-json-stays-text") << u"eth_chainId"_s << u"text"_s;
    QTest::newRow("number-stays-text") << u"42"_s << u"text"_s;
}

void TestArgumentDecoder::objectOrArrayFromText()
{
    QFETCH(QString, text);
    QFETCH(QString, kind);
    // A property typed ["object", "array"] (chain.rpc.proxy's request) takes JSON text of either kind.
    Operation op;
    op.inputSchema = QJsonObject { { u"type"_s, u"object"_s },
        { u"properties"_s,
            QJsonObject {
                { u"request"_s, QJsonObject { { u"type"_s, QJsonArray { u"object"_s, u"array"_s } } } } } } };
    const Exposure cli = Exposure::cli(u"op"_s);
    const QJsonValue v = ArgumentDecoder::fromText(op, cli, { { u"request"_s, text } }).value(u"request"_s);
    QCOMPARE(v.isObject() ? u"object"_s : v.isArray() ? u"array"_s : u"text"_s, kind);
}

QTEST_APPLESS_MAIN(TestArgumentDecoder)
#include "TestArgumentDecoder.moc"
