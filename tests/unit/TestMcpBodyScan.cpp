#include "channels/mcp/McpBodyScan.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::mcp;

// The look at a POST body before it is parsed: batch length with an early stop, and each message's id as
// the client wrote it, in agreement with what QJsonDocument reads from the same body.
class TestMcpBodyScan : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scan_data();
    void scan();
};

void TestMcpBodyScan::scan_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("maxEntries");
    QTest::addColumn<bool>("isBatch");
    QTest::addColumn<int>("entries");
    QTest::addColumn<bool>("tooMany");
    QTest::addColumn<QByteArrayList>("ids");

    QTest::newRow("single-above-2^53")
        << QByteArray(R"({"jsonrpc":"2.0","id":9007199254740993,"method":"ping"})") << 8 << false << 0
        << false << QByteArrayList { "9007199254740993" };
    QTest::newRow("single-above-int64") << QByteArray(R"({"id":12345678901234567890})") << 8 << false << 0
                                        << false << QByteArrayList { "12345678901234567890" };
    QTest::newRow("blanks-around-the-value") << QByteArray("{ \"id\" :\t -1e3 \r\n, \"x\":1}") << 8 << false
                                             << 0 << false << QByteArrayList { "-1e3" };
    QTest::newRow("string-with-structure-inside")
        << QByteArray(R"({"method":"a\"}],{\"id\":1","id":"x\"y"})") << 8 << false << 0 << false
        << QByteArrayList { R"("x\"y")" };
    QTest::newRow("string-ending-in-a-backslash")
        << QByteArray(R"({"k":"a\\","id":3})") << 8 << false << 0 << false << QByteArrayList { "3" };
    QTest::newRow("escaped-key") << QByteArray(R"({"\u0069d":77})") << 8 << false << 0 << false
                                 << QByteArrayList { "77" };
    QTest::newRow("key-that-only-starts-like-id")
        << QByteArray(R"({"idx":1,"i\u0064x":2})") << 8 << false << 0 << false << QByteArrayList { "" };
    QTest::newRow("duplicate-last-wins")
        << QByteArray(R"({"id":1,"id":2})") << 8 << false << 0 << false << QByteArrayList { "2" };
    QTest::newRow("nested-id-is-not-the-message-id")
        << QByteArray(R"({"params":{"id":5,"x":[{"id":6}]},"id":7})") << 8 << false << 0 << false
        << QByteArrayList { "7" };
    QTest::newRow("structured-id") << QByteArray(R"({"id":{"a":[1,2]},"method":"m"})") << 8 << false << 0
                                   << false << QByteArrayList { R"({"a":[1,2]})" };
    QTest::newRow("no-id") << QByteArray(R"({"jsonrpc":"2.0","method":"x"})") << 8 << false << 0 << false
                           << QByteArrayList { "" };
    QTest::newRow("batch-of-mixed-elements")
        << QByteArray(R"([{"id":1},{"x":{"id":9}},3,"s,]",[{"id":4}],{"id":"a"}])") << 8 << true << 6 << false
        << QByteArrayList { "1", "", "", "", "", R"("a")" };
    QTest::newRow("batch-at-the-cap")
        << QByteArray(R"([{"id":1}, {"id":-2}])") << 2 << true << 2 << false << QByteArrayList { "1", "-2" };
    // Counting stops at the first entry past the cap: what follows is never read, not even checked.
    QTest::newRow("batch-over-the-cap") << QByteArray(R"([{"id":1},{"id":2},{"id":3} not json at all)") << 2
                                        << true << 3 << true << QByteArrayList { "1", "2" };
    QTest::newRow("batch-behind-a-byte-order-mark")
        << QByteArray("\xEF\xBB\xBF [1,2,3]") << 2 << true << 3 << true << QByteArrayList { "", "" };
    QTest::newRow("empty-batch") << QByteArray("[ ]") << 8 << true << 0 << false << QByteArrayList {};
    QTest::newRow("not-json") << QByteArray("garbage") << 8 << false << 0 << false << QByteArrayList { "" };
    QTest::newRow("unclosed-string") << QByteArray(R"({"id":"abc)") << 8 << false << 0 << false
                                     << QByteArrayList { "" };
    QTest::newRow("empty") << QByteArray() << 8 << false << 0 << false << QByteArrayList {};
}

void TestMcpBodyScan::scan()
{
    QFETCH(QByteArray, body);
    QFETCH(int, maxEntries);
    QFETCH(bool, isBatch);
    QFETCH(int, entries);
    QFETCH(bool, tooMany);
    QFETCH(QByteArrayList, ids);
    const McpBodyScan scan = McpBodyScan::scan(body, maxEntries);
    QCOMPARE(scan.isBatch, isBatch);
    QCOMPARE(scan.entries, entries);
    QCOMPARE(scan.tooManyEntries, tooMany);
    QCOMPARE(scan.ids, ids);

    // Wherever QJsonDocument reads the body, each id text is the id it reads, as the same JSON value.
    const QJsonDocument document = QJsonDocument::fromJson(body);
    if (document.isNull() || tooMany)
        return;
    const QJsonArray messages = document.isArray() ? document.array() : QJsonArray { document.object() };
    QCOMPARE(scan.ids.size(), messages.size());
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonValue id = messages.at(i).toObject().value(u"id"_s);
        if (scan.ids.at(i).isEmpty()) {
            QVERIFY(id.isUndefined());
            continue;
        }
        QCOMPARE(QJsonDocument::fromJson("[" + scan.ids.at(i) + "]").array().at(0), id);
    }
}

QTEST_APPLESS_MAIN(TestMcpBodyScan)
#include "TestMcpBodyScan.moc"
