// What logging a call's detail adds on the I/O thread (host/CallCapture::fill, migration 11): a key call to
// /v1/iban (five headers, a 2 KB answer with a receipt), an MCP tool call with an x402 payment in its JSON
// body (parsed and masked), and an answer carrying upstream evidence (parsed for its sources).
#include "host/CallCapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class BenchCallCapture : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keyCall();
    void mcpCallWithPayment();
    void answerWithEvidence();

private:
    static HttpRequestData request(const QByteArray &body = {});
};

HttpRequestData BenchCallCapture::request(const QByteArray &body)
{
    HttpRequestData data;
    data.method = body.isEmpty() ? "GET" : "POST";
    data.path = u"/v1/iban"_s;
    data.query = QUrlQuery(u"iban=DE89370400440532013000"_s);
    data.headers = { { "Host", "127.0.0.1:8402" }, { "User-Agent", "curl/7.88.1" }, { "Accept", "*/*" },
        { "X-API-Key", "ades_jNGdQRGYdtKailp17U12FbyJnDIatO9tjc4R1o8L" },
        { "Content-Type", body.isEmpty() ? "" : "application/json" } };
    data.body = body;
    return data;
}

void BenchCallCapture::keyCall()
{
    const HttpRequestData data = request();
    CallNotes notes;
    notes.responseBody
        = R"({"valid":true,"padding":")" + QByteArray(1800, 'x') + R"(","receipt":{"signature":"0x1"}})";
    notes.responseType = "application/json";
    QBENCHMARK
    {
        CallRecord record;
        CallCapture::fill(record, data, notes, true);
    }
}

void BenchCallCapture::mcpCallWithPayment()
{
    const QJsonObject payment { { u"payload"_s,
        QJsonObject { { u"signature"_s, QString(u"0x"_s + QString(130, u'a')) },
            { u"authorization"_s, QJsonObject { { u"from"_s, QString(u"0x"_s + QString(40, u'b')) } } } } } };
    const QJsonObject call { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 1 }, { u"method"_s, u"tools/call"_s },
        { u"params"_s,
            QJsonObject { { u"name"_s, u"validate_iban"_s },
                { u"arguments"_s, QJsonObject { { u"iban"_s, u"DE89370400440532013000"_s } } },
                { u"_meta"_s, QJsonObject { { u"x402/payment"_s, payment } } } } } };
    const HttpRequestData data = request(QJsonDocument(call).toJson(QJsonDocument::Compact));
    CallNotes notes;
    notes.responseBody = R"({"jsonrpc":"2.0","id":1,"result":{"content":[]}})";
    notes.responseType = "application/json";
    QBENCHMARK
    {
        CallRecord record;
        CallCapture::fill(record, data, notes, true);
    }
}

void BenchCallCapture::answerWithEvidence()
{
    const HttpRequestData data = request();
    QJsonObject answer { { u"valid"_s, true }, { u"padding"_s, QString(1500, u'x') },
        { u"source_snapshots"_s,
            QJsonArray { QJsonObject { { u"source"_s, u"vies"_s },
                { u"fetched_at"_s, u"2026-01-01T00:00:00Z"_s }, { u"sha256"_s, QString(64, u'c') } } } } };
    CallNotes notes;
    notes.responseBody = QJsonDocument(answer).toJson(QJsonDocument::Compact);
    notes.responseType = "application/json";
    QBENCHMARK
    {
        CallRecord record;
        CallCapture::fill(record, data, notes, true);
    }
}

QTEST_GUILESS_MAIN(BenchCallCapture)

#include "BenchCallCapture.moc"
