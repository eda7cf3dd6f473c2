#include "core/JsonDuplicateKeys.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestJsonDuplicateKeys : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scan_data();
    void scan();
    void deepNestingNeedsNoRecursion();
};

void TestJsonDuplicateKeys::scan_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("pointer"); // empty: no duplicate
    QTest::newRow("flat") << QByteArray(R"({"a":1,"b":2})") << QString();
    QTest::newRow("same-name-in-siblings") << QByteArray(R"({"a":{"x":1},"b":{"x":2}})") << QString();
    QTest::newRow("same-name-in-array-items") << QByteArray(R"([{"x":1},{"x":2}])") << QString();
    QTest::newRow("name-equals-a-value") << QByteArray(R"({"a":"b","b":"a"})") << QString();
    QTest::newRow("empty-containers") << QByteArray(R"({"a":{},"b":[],"c":[[],{}]})") << QString();
    QTest::newRow("scalar") << QByteArray("42") << QString();
    QTest::newRow("top-level") << QByteArray(R"({"a":1,"a":2})") << u"/a"_s;
    QTest::newRow("whitespace") << QByteArray(" {\n \"a\" : 1 ,\r\n\t\"a\" :2 } ") << u"/a"_s;
    QTest::newRow("in-receipt") << QByteArray(R"({"v":1,"receipt":{"issuer":"0x1","s":"t","issuer":"0x2"}})")
                                << u"/receipt/issuer"_s;
    QTest::newRow("in-array-item") << QByteArray(R"({"checks":[{"id":1},{"id":2,"id":3}]})")
                                   << u"/checks/1/id"_s;
    QTest::newRow("after-nested-containers")
        << QByteArray(R"({"a":[1,[2,{"z":[]}],{}],"b":{"c":"}"},"a":0})") << u"/a"_s;
    QTest::newRow("escaped-equal") << QByteArray(R"({"issuer":1,"\u0069ssuer":2})") << u"/issuer"_s;
    QTest::newRow("escapes-differ") << QByteArray(R"({"a\"b":1,"a\\b":2,"a/b":3})") << QString();
    QTest::newRow("solidus-escape") << QByteArray(R"({"a/b":1,"a\/b":2})") << u"/a~1b"_s;
    QTest::newRow("tilde") << QByteArray(R"({"~":{"x":1,"x":2}})") << u"/~0/x"_s;
    QTest::newRow("non-ascii") << QByteArray("{\"stra\xc3\x9f"
                                             "e\":1,\"stra\\u00dfe\":2}")
                               << u"/stra\u00dfe"_s;
    QTest::newRow("surrogate-pair") << QByteArray("{\"\xf0\x9f\x98\x80\":1,\"\\ud83d\\ude00\":2}")
                                    << u"/\U0001F600"_s;
    QTest::newRow("string-with-brackets") << QByteArray(R"({"a":"{\"a\":1,\"a\":2}","b":"]"})") << QString();
    QTest::newRow("malformed-stops") << QByteArray(R"({"a":1,,"a":2})") << QString();
    QTest::newRow("unterminated") << QByteArray(R"({"a":1,"b)") << QString();
    QTest::newRow("long-pointer-cut")
        << QByteArray("{\"" + QByteArray(500, 'k') + "\":1,\"" + QByteArray(500, 'k') + "\":2}")
        << QString(u"/"_s + QString(199, u'k'));
}

void TestJsonDuplicateKeys::scan()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, pointer);
    QCOMPARE(firstDuplicateKey(json).value_or(QString()), pointer);
}

void TestJsonDuplicateKeys::deepNestingNeedsNoRecursion()
{
    const int depth = 200000;
    const QByteArray deep = QByteArray(depth, '[') + "{\"a\":1,\"a\":2}" + QByteArray(depth, ']');
    const std::optional<QString> found = firstDuplicateKey(deep);
    QVERIFY(found);
    QVERIFY(found->startsWith(u"/0/0/0"_s));
    QCOMPARE(found->size(), 200);
    const QByteArray empty = QByteArray(depth, '[') + QByteArray(depth, ']');
    QVERIFY(!firstDuplicateKey(empty));
}

QTEST_APPLESS_MAIN(TestJsonDuplicateKeys)
#include "TestJsonDuplicateKeys.moc"
