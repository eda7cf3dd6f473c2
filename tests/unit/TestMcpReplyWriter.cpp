#include "channels/mcp/McpProtocol.h"
#include "channels/mcp/McpReplyWriter.h"
#include "core/CanonicalJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::mcp;

namespace {

const QString Setting = u"mcp/max_response_bytes"_s;

QJsonObject result(const QJsonValue &id, qsizetype padding)
{
    return QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id },
        { u"result"_s, QJsonObject { { u"text"_s, QString(padding, u'x') } } } };
}

int errorCode(const QJsonValue &response)
{
    return response.toObject().value(u"error"_s).toObject().value(u"code"_s).toInt();
}

} // namespace

// JSON-RPC responses as sent: ids exactly as the client wrote them, every reply within the maximum.
class TestMcpReplyWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serialiseWritesTheIdAsSent();
    void singleWithinTheMaximum();
    void batchWithinTheMaximum_data();
    void batchWithinTheMaximum();
    void veryLongIdsFallBackToOneError();
};

void TestMcpReplyWriter::serialiseWritesTheIdAsSent()
{
    // 12345678901234567890 read as a double and written by the canonical writer loses its last digits.
    const QJsonObject response = result(QJsonDocument::fromJson("[12345678901234567890]").array().at(0), 3);
    QVERIFY(!CanonicalJson::serialise(response).contains("12345678901234567890"));
    const QByteArray text = McpReplyWriter::serialise(response, "12345678901234567890");
    QVERIFY(text.contains(R"("id":12345678901234567890,)"));
    QJsonObject expected = response;
    expected.remove(u"id"_s);
    QJsonObject got = QJsonDocument::fromJson(text).object();
    QVERIFY(got.contains(u"id"_s));
    got.remove(u"id"_s);
    QCOMPARE(got, expected);
    // Without a raw id the text is the canonical one.
    QCOMPARE(McpReplyWriter::serialise(response, {}), CanonicalJson::serialise(response));
}

void TestMcpReplyWriter::singleWithinTheMaximum()
{
    const QJsonObject small = result(7, 10);
    const qsizetype size = McpReplyWriter::serialise(small, {}).size();
    const McpReplyWriter fits(size, Setting);
    const McpReplyWriter::Entry kept = fits.single(fits.entry(200, small, {}));
    QCOMPARE(kept.text, McpReplyWriter::serialise(small, {}));

    const QJsonObject large = result(9007199254740993LL, 70'000);
    const McpReplyWriter writer(64 * 1024, Setting);
    const McpReplyWriter::Entry replaced = writer.single(writer.entry(200, large, "9007199254740993"));
    QVERIFY(replaced.text.size() <= 64 * 1024);
    QVERIFY(replaced.text.contains(R"("id":9007199254740993,)"));
    const QJsonObject error = QJsonDocument::fromJson(replaced.text).object();
    QCOMPARE(errorCode(error), int(InternalError));
    QCOMPARE(
        error.value(u"error"_s).toObject().value(u"data"_s).toObject().value(u"limit"_s).toString(), Setting);
    QCOMPARE(replaced.httpStatus, 200);
}

void TestMcpReplyWriter::batchWithinTheMaximum_data()
{
    QTest::addColumn<QList<int>>("paddings"); // result sizes, in request order
    QTest::addColumn<int>("maxBytes"); // 0: exactly the size of the whole array
    QTest::addColumn<QList<bool>>("kept"); // result (true) or the -32603 error in its place
    QTest::newRow("all-fit") << QList<int> { 10, 20, 30 } << 4096 << QList<bool> { true, true, true };
    // The first is kept with room left for the smallest answers of the rest; the second no longer fits.
    QTest::newRow("large-first-leaves-room-for-the-rest")
        << QList<int> { 3000, 3000, 10, 10 } << 4096 << QList<bool> { true, false, true, true };
    QTest::newRow("too-large-alone-in-the-middle")
        << QList<int> { 10, 5000, 10 } << 4096 << QList<bool> { true, false, true };
    QTest::newRow("each-too-large-alone")
        << QList<int> { 5000, 6000 } << 4096 << QList<bool> { false, false };
    QTest::newRow("exactly-full") << QList<int> { 1000, 1000 } << 0 << QList<bool> { true, true };
}

void TestMcpReplyWriter::batchWithinTheMaximum()
{
    QFETCH(QList<int>, paddings);
    QFETCH(int, maxBytes);
    QFETCH(QList<bool>, kept);
    std::vector<QJsonObject> responses;
    qsizetype total = 1;
    for (qsizetype i = 0; i < paddings.size(); ++i) {
        responses.push_back(result(int(i), paddings.at(i)));
        total += McpReplyWriter::serialise(responses.back(), {}).size() + 1;
    }
    const qsizetype maximum = maxBytes > 0 ? maxBytes : total;
    const McpReplyWriter writer(maximum, Setting);
    std::vector<McpReplyWriter::Entry> entries;
    for (const QJsonObject &response : responses)
        entries.push_back(writer.entry(200, response, {}));

    const QByteArray text = writer.batch(entries);
    QVERIFY2(text.size() <= maximum, qPrintable(u"%1 > %2"_s.arg(text.size()).arg(maximum)));
    const QJsonArray answers = QJsonDocument::fromJson(text).array();
    QCOMPARE(answers.size(), paddings.size()); // every request answered, in order
    for (qsizetype i = 0; i < answers.size(); ++i) {
        const QJsonObject answer = answers.at(i).toObject();
        QCOMPARE(answer.value(u"id"_s).toInt(), int(i));
        QCOMPARE(answer.contains(u"result"_s), kept.at(i));
        if (kept.at(i))
            QCOMPARE(answer, responses.at(size_t(i)));
        else
            QCOMPARE(errorCode(answer), int(InternalError));
    }
}

void TestMcpReplyWriter::veryLongIdsFallBackToOneError()
{
    // Not even each request's error fits: one error with id null, never an over-long reply.
    const QString longId(20'000, u'i');
    const McpReplyWriter writer(16 * 1024, Setting);
    std::vector<McpReplyWriter::Entry> entries { writer.entry(200, result(longId, 1), {}),
        writer.entry(200, result(longId, 1), {}) };
    const QByteArray text = writer.batch(entries);
    QVERIFY(text.size() <= 16 * 1024);
    const QJsonObject error = QJsonDocument::fromJson(text).object();
    QCOMPARE(errorCode(error), int(InternalError));
    QVERIFY(error.value(u"id"_s).isNull());

    const McpReplyWriter::Entry single = writer.single(writer.entry(200, result(longId, 1), {}));
    QVERIFY(single.text.size() <= 16 * 1024);
    QVERIFY(QJsonDocument::fromJson(single.text).object().value(u"id"_s).isNull());
}

QTEST_APPLESS_MAIN(TestMcpReplyWriter)
#include "TestMcpReplyWriter.moc"
