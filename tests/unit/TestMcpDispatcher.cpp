#include "catalog/Catalog.h"
#include "channels/mcp/EditDistance.h"
#include "channels/mcp/McpArgumentHints.h"
#include "channels/mcp/McpDispatcher.h"
#include "channels/mcp/McpEraDetector.h"
#include "channels/mcp/McpHeaders.h"
#include "channels/mcp/McpSettings.h"
#include "channels/mcp/McpToolCatalog.h"
#include "channels/mcp/McpToolResult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::mcp;

namespace {

QJsonObject object(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

const char *const CheckSchema = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://ades.example/schemas/test/check.in.json",
  "type": "object",
  "properties": {"iban": {"type": "string", "minLength": 2}, "destination_country": {"type": "string"}},
  "required": ["iban", "destination_country"],
  "additionalProperties": false
})";

const char *const ResultSchema = "{\"type\": \"object\", \"properties\": {\"ok\": {\"type\": \"boolean\"}}}";

// Operations that echo their arguments: the protocol is under test, not an engine.
Operation echoOperation(const QString &id, const QString &tool, Usdc price, QJsonObject defaults = {})
{
    Exposure mcp { Channel::Mcp, tool, price, {} };
    mcp.argumentDefaults = std::move(defaults);
    return Operation {
        .id = id,
        .title = u"Echo "_s + tool,
        .summary = u"Echoes its arguments."_s,
        .area = u"test"_s,
        .outputContract = u"test-echo/1"_s,
        .inputSchema = object(CheckSchema),
        .outputSchema = object(ResultSchema),
        .exposures = { mcp },
        .handler =
            [](const QJsonObject &args, const CallContext &, Completion done) {
                done(OperationResult { args, QString() });
            },
    };
}

Catalog makeCatalog()
{
    Catalog catalog;
    catalog.add(echoOperation(
        u"test.check"_s, u"check_tool"_s, Usdc::free(), { { u"destination_country"_s, u"US"_s } }));
    catalog.add(echoOperation(u"test.paid"_s, u"paid_tool"_s, Usdc::atomicUnits(10'000)));
    catalog.add(echoOperation(u"test.broken"_s, u"broken_tool"_s, Usdc::free()));
    catalog.add(echoOperation(u"test.fourth"_s, u"fourth_tool"_s, Usdc::free()));
    catalog.add(echoOperation(u"test.fifth"_s, u"fifth_tool"_s, Usdc::free()));
    Operation unrunnable = echoOperation(u"test.unrunnable"_s, u"bad name!"_s, Usdc::free());
    catalog.add(std::move(unrunnable));
    return catalog;
}

QJsonObject modernMeta()
{
    return QJsonObject { { u"io.modelcontextprotocol/protocolVersion"_s, u"2026-07-28"_s },
        { u"io.modelcontextprotocol/clientCapabilities"_s, QJsonObject {} } };
}

struct Answer
{
    int status = 0;
    QJsonDocument body;
    bool answered = false;
    QByteArray raw; // the bytes sent
    QList<McpCallNote> calls; // what the reply said the tool calls ran and were paid
};

} // namespace

class TestMcpDispatcher : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void errorCodes_data();
    void errorCodes();
    void versionNegotiation_data();
    void versionNegotiation();
    void eraDetection_data();
    void eraDetection();
    void headerDecoding_data();
    void headerDecoding();
    void notificationsAndBatches();
    void batchLimits();
    void idsAreEchoedExactly_data();
    void idsAreEchoedExactly();
    void responseSizeIsBounded();
    void pagination();
    void cursorOfAnotherToolList();
    void modernResultsCarryEraMembers();
    void legacyResultsStayPlain();
    void toolCallPassesArgumentsAndMeta();
    void callNotesReachTheReply();
    void duplicateMembersAreNeverRun();
    void toolDefinitions();
    void outputDefinitionsMoveToTheRoot();
    void unrunnableToolsAreNotListed();
    void channelDefaults();
    void editDistance_data();
    void editDistance();
    void didYouMean_data();
    void didYouMean();

private:
    Answer post(const QByteArray &body, const McpHeaders &headers = {}, int pageSize = 50,
        McpLimits limits = McpLimits::defaults());
    static QByteArray request(const QString &method, const QJsonValue &id, const QJsonObject &params = {});

    Catalog m_catalog = makeCatalog();
    QList<QJsonObject> m_calls; // arguments and meta the runner received
};

void TestMcpDispatcher::initTestCase()
{
    QCOMPARE(McpToolCatalog(m_catalog).tools().size(), 5);
}

QByteArray TestMcpDispatcher::request(const QString &method, const QJsonValue &id, const QJsonObject &params)
{
    QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"method"_s, method } };
    if (!id.isUndefined())
        message.insert(u"id"_s, id);
    if (!params.isEmpty())
        message.insert(u"params"_s, params);
    return QJsonDocument(message).toJson(QJsonDocument::Compact);
}

Answer TestMcpDispatcher::post(
    const QByteArray &body, const McpHeaders &headers, int pageSize, McpLimits limits)
{
    const McpToolCatalog tools(m_catalog, pageSize);
    const McpDispatcher dispatcher(
        tools,
        [this](const McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &meta,
            const QString &, McpDispatcher::ToolDone done) {
            m_calls.append(QJsonObject { { u"arguments"_s, arguments }, { u"meta"_s, meta } });
            // The note a paid call would carry: its operation and, when the arguments name one, a price.
            const McpCallNote note { tool.operation->id, qint64(arguments.value(u"units"_s).toInteger()),
                u"0xpayer"_s, u"eip155:8453"_s, u"0xtx"_s };
            if (tool.name == u"broken_tool"_s)
                return done(QJsonObject {}, note);
            done(McpToolResult::success(arguments, QJsonObject { { u"example.ades/receipt"_s, 1 } }), note);
        },
        McpServerInfo { u"ades"_s, u"ADES"_s, u"9.9"_s, u"hints"_s }, limits);
    Answer answer;
    dispatcher.handle(
        headers, body, [&answer](int status, const QByteArray &text, const QList<McpCallNote> &calls) {
            answer = Answer { status, QJsonDocument::fromJson(text), true, text, calls };
        });
    return answer;
}

void TestMcpDispatcher::errorCodes_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("versionHeader"); // empty: absent
    QTest::addColumn<QString>("methodHeader");
    QTest::addColumn<QString>("nameHeader");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("code"); // 0: a result
    QTest::addColumn<QJsonValue>("id");

    const QJsonObject meta = modernMeta();
    const QJsonObject call { { u"name"_s, u"check_tool"_s },
        { u"arguments"_s, QJsonObject { { u"iban"_s, u"DE89"_s } } }, { u"_meta"_s, meta } };
    const QString modern = u"2026-07-28"_s;

    QTest::newRow("parse-error") << QByteArray("{\"jsonrpc\": \"2.0\",") << QString() << QString()
                                 << QString() << 400 << int(ParseError) << QJsonValue(QJsonValue::Null);
    QTest::newRow("invalid-request-jsonrpc-version")
        << QByteArray(R"({"jsonrpc":"1.0","id":1,"method":"ping"})") << QString() << QString() << QString()
        << 400 << int(InvalidRequest) << QJsonValue(1);
    QTest::newRow("invalid-request-null-id")
        << QByteArray(R"({"jsonrpc":"2.0","id":null,"method":"ping"})") << QString() << QString() << QString()
        << 400 << int(InvalidRequest) << QJsonValue(QJsonValue::Null);
    QTest::newRow("invalid-request-not-an-object")
        << QByteArray("\"ping\"") << QString() << QString() << QString() << 400 << int(ParseError)
        << QJsonValue(QJsonValue::Null);
    QTest::newRow("invalid-request-batch-after-2025-03-26")
        << QByteArray("[" + request(u"ping"_s, 1) + "]") << u"2025-06-18"_s << QString() << QString() << 400
        << int(InvalidRequest) << QJsonValue(QJsonValue::Null);
    QTest::newRow("method-not-found-legacy") << request(u"resources/list"_s, 2) << QString() << QString()
                                             << QString() << 200 << int(MethodNotFound) << QJsonValue(2);
    QTest::newRow("unknown-tool") << request(u"tools/call"_s, u"s"_s, { { u"name"_s, u"no_such_tool"_s } })
                                  << u"2025-11-25"_s << QString() << QString() << 200 << int(InvalidParams)
                                  << QJsonValue(u"s"_s);
    QTest::newRow("tools-call-without-name")
        << request(u"tools/call"_s, 3, { { u"arguments"_s, QJsonObject {} } }) << QString() << QString()
        << QString() << 200 << int(InvalidParams) << QJsonValue(3);
    QTest::newRow("arguments-not-an-object")
        << request(u"tools/call"_s, 4, { { u"name"_s, u"check_tool"_s }, { u"arguments"_s, 5 } }) << QString()
        << QString() << QString() << 200 << int(InvalidParams) << QJsonValue(4);
    QTest::newRow("invalid-cursor") << request(u"tools/list"_s, 5, { { u"cursor"_s, u"bm9wZQ"_s } })
                                    << QString() << QString() << QString() << 200 << int(InvalidParams)
                                    << QJsonValue(5);
    QTest::newRow("internal-error") << request(u"tools/call"_s, 6, { { u"name"_s, u"broken_tool"_s } })
                                    << QString() << QString() << QString() << 200 << int(InternalError)
                                    << QJsonValue(6);
    QTest::newRow("legacy-unsupported-version-header")
        << request(u"ping"_s, 7) << u"2099-01-01"_s << QString() << QString() << 400 << int(TransportError)
        << QJsonValue(QJsonValue::Null);
    QTest::newRow("legacy-ping") << request(u"ping"_s, 0) << u"2025-11-25"_s << QString() << QString() << 200
                                 << 0 << QJsonValue(0);
    // Issue 12: parsers disagree on which of two equal member names counts, so the message is not run.
    QTest::newRow("invalid-request-duplicate-id")
        << QByteArray(R"({"jsonrpc":"2.0","id":1,"method":"ping","id":2})") << QString() << QString()
        << QString() << 400 << int(InvalidRequest) << QJsonValue(QJsonValue::Null);

    QTest::newRow("modern-missing-meta") << request(u"tools/list"_s, 8) << modern << u"tools/list"_s
                                         << QString() << 400 << int(InvalidParams) << QJsonValue(8);
    QJsonObject noCapabilities = meta;
    noCapabilities.remove(u"io.modelcontextprotocol/clientCapabilities"_s);
    QTest::newRow("modern-missing-client-capabilities")
        << request(u"tools/list"_s, 9, { { u"_meta"_s, noCapabilities } }) << modern << u"tools/list"_s
        << QString() << 400 << int(InvalidParams) << QJsonValue(9);
    QJsonObject future = meta;
    future.insert(u"io.modelcontextprotocol/protocolVersion"_s, u"2099-01-01"_s);
    QTest::newRow("modern-unsupported-version")
        << request(u"tools/list"_s, 10, { { u"_meta"_s, future } }) << u"2099-01-01"_s << u"tools/list"_s
        << QString() << 400 << int(UnsupportedProtocolVersion) << QJsonValue(10);
    QTest::newRow("modern-version-header-disagrees")
        << request(u"server/discover"_s, 20, { { u"_meta"_s, future } }) << modern << u"server/discover"_s
        << QString() << 400 << int(HeaderMismatch) << QJsonValue(20);
    QTest::newRow("modern-removed-ping")
        << request(u"ping"_s, 11, { { u"_meta"_s, meta } }) << modern << u"ping"_s << QString() << 404
        << int(MethodNotFound) << QJsonValue(11);
    QTest::newRow("modern-removed-initialize")
        << request(u"initialize"_s, 12, { { u"_meta"_s, meta } }) << modern << u"initialize"_s << QString()
        << 404 << int(MethodNotFound) << QJsonValue(12);
    QTest::newRow("modern-missing-method-header")
        << request(u"tools/list"_s, 13, { { u"_meta"_s, meta } }) << modern << QString() << QString() << 400
        << int(HeaderMismatch) << QJsonValue(13);
    QTest::newRow("modern-method-header-case")
        << request(u"tools/list"_s, 14, { { u"_meta"_s, meta } }) << modern << u"TOOLS/LIST"_s << QString()
        << 400 << int(HeaderMismatch) << QJsonValue(14);
    QTest::newRow("modern-name-header-mismatch")
        << request(u"tools/call"_s, 15, call) << modern << u"tools/call"_s << u"paid_tool"_s << 400
        << int(HeaderMismatch) << QJsonValue(15);
    QTest::newRow("modern-name-header-missing")
        << request(u"tools/call"_s, 16, call) << modern << u"tools/call"_s << QString() << 400
        << int(HeaderMismatch) << QJsonValue(16);
    QTest::newRow("modern-version-header-missing")
        << request(u"tools/list"_s, 17, { { u"_meta"_s, meta } }) << QString() << u"tools/list"_s << QString()
        << 400 << int(HeaderMismatch) << QJsonValue(17);
    QTest::newRow("modern-unknown-tool")
        << request(u"tools/call"_s, 18, { { u"name"_s, u"no_such_tool"_s }, { u"_meta"_s, meta } }) << modern
        << u"tools/call"_s << u"no_such_tool"_s << 200 << int(InvalidParams) << QJsonValue(18);
    QTest::newRow("modern-call") << request(u"tools/call"_s, 19, call) << modern << u"tools/call"_s
                                 << u"check_tool"_s << 200 << 0 << QJsonValue(19);
    QTest::newRow("modern-discover") << request(u"server/discover"_s, u"d1"_s, { { u"_meta"_s, meta } })
                                     << modern << u"server/discover"_s << QString() << 200 << 0
                                     << QJsonValue(u"d1"_s);
}

void TestMcpDispatcher::errorCodes()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, versionHeader);
    QFETCH(QString, methodHeader);
    QFETCH(QString, nameHeader);
    QFETCH(int, status);
    QFETCH(int, code);
    QFETCH(QJsonValue, id);
    auto header = [](const QString &value) {
        return value.isEmpty() ? std::optional<QString>() : std::optional<QString>(value);
    };
    const Answer answer
        = post(body, McpHeaders { header(versionHeader), header(methodHeader), header(nameHeader) });
    QVERIFY(answer.answered);
    QCOMPARE(answer.status, status);
    const QJsonObject response = answer.body.object();
    QCOMPARE(response.value(u"jsonrpc"_s).toString(), u"2.0"_s);
    QCOMPARE(response.value(u"id"_s), id);
    if (code == 0) {
        QVERIFY(response.contains(u"result"_s));
        QVERIFY(!response.contains(u"error"_s));
        return;
    }
    QVERIFY(!response.contains(u"result"_s));
    QCOMPARE(response.value(u"error"_s).toObject().value(u"code"_s).toInt(), code);
    QVERIFY(!response.value(u"error"_s).toObject().value(u"message"_s).toString().isEmpty());
}

void TestMcpDispatcher::versionNegotiation_data()
{
    QTest::addColumn<QString>("requested");
    QTest::addColumn<QString>("answered");
    QTest::newRow("latest") << u"2025-11-25"_s << u"2025-11-25"_s;
    QTest::newRow("older-echoed") << u"2025-06-18"_s << u"2025-06-18"_s;
    QTest::newRow("oldest-echoed") << u"2025-03-26"_s << u"2025-03-26"_s;
    QTest::newRow("unknown-gets-latest") << u"2099-01-01"_s << u"2025-11-25"_s;
    QTest::newRow("modern-never-via-initialize") << u"2026-07-28"_s << u"2025-11-25"_s;
    QTest::newRow("pre-streamable-http") << u"2024-11-05"_s << u"2025-11-25"_s;
}

void TestMcpDispatcher::versionNegotiation()
{
    QFETCH(QString, requested);
    QFETCH(QString, answered);
    const Answer answer = post(request(u"initialize"_s, 1,
        { { u"protocolVersion"_s, requested }, { u"capabilities"_s, QJsonObject {} },
            { u"clientInfo"_s, QJsonObject { { u"name"_s, u"t"_s }, { u"version"_s, u"1"_s } } } }));
    QCOMPARE(answer.status, 200);
    const QJsonObject result = answer.body.object().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"protocolVersion"_s).toString(), answered);
    // Tools only, and no listChanged: it would oblige subscriptions/listen streams (MCP 2026-07-28).
    QCOMPARE(result.value(u"capabilities"_s).toObject(), object(R"({"tools": {}})"));
    QCOMPARE(result.value(u"serverInfo"_s).toObject().value(u"version"_s).toString(), u"9.9"_s);
}

void TestMcpDispatcher::eraDetection_data()
{
    QTest::addColumn<QString>("versionHeader");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("modern");
    const QJsonObject meta = modernMeta();
    QTest::newRow("no-header-no-meta") << QString() << request(u"tools/list"_s, 1) << false;
    QTest::newRow("legacy-header") << u"2025-11-25"_s << request(u"tools/list"_s, 1) << false;
    QTest::newRow("modern-header-only") << u"2026-07-28"_s << request(u"tools/list"_s, 1) << true;
    QTest::newRow("meta-only") << QString() << request(u"tools/list"_s, 1, { { u"_meta"_s, meta } }) << true;
    QTest::newRow("meta-with-unknown-version")
        << QString()
        << request(u"tools/list"_s, 1,
               { { u"_meta"_s,
                   QJsonObject { { u"io.modelcontextprotocol/protocolVersion"_s, u"2099-01-01"_s } } } })
        << true;
    QTest::newRow("initialize") << QString()
                                << request(u"initialize"_s, 1, { { u"protocolVersion"_s, u"2025-11-25"_s } })
                                << false;
    QTest::newRow("batch") << QString() << QByteArray("[" + request(u"ping"_s, 1) + "]") << false;
    QTest::newRow("payment-meta-only")
        << u"2025-11-25"_s
        << request(u"tools/call"_s, 1, { { u"_meta"_s, object(R"({"x402/payment": {}})") } }) << false;
}

void TestMcpDispatcher::eraDetection()
{
    QFETCH(QString, versionHeader);
    QFETCH(QByteArray, body);
    QFETCH(bool, modern);
    McpHeaders headers;
    if (!versionHeader.isEmpty())
        headers.protocolVersion = versionHeader;
    const QJsonDocument document = QJsonDocument::fromJson(body);
    const QJsonValue root = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
    QCOMPARE(McpEraDetector::detect(headers, root) == Era::Modern, modern);
}

void TestMcpDispatcher::headerDecoding_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QString>("decoded"); // empty: treated as absent
    QTest::newRow("plain") << QByteArray("tools/list") << u"tools/list"_s;
    QTest::newRow("whitespace-trimmed") << QByteArray("  tools/list\t") << u"tools/list"_s;
    QTest::newRow("case-kept") << QByteArray("TOOLS/LIST") << u"TOOLS/LIST"_s;
    QTest::newRow("base64") << QByteArray("=?base64?IGNoZWNrX3Rvb2wg?=") << u" check_tool "_s;
    QTest::newRow("base64-utf8") << QByteArray("=?base64?w7xiZXI=?=") << u"\u00fcber"_s;
    QTest::newRow("broken-base64") << QByteArray("=?base64?***?=") << QString();
    QTest::newRow("blank") << QByteArray("   ") << QString();
}

void TestMcpDispatcher::headerDecoding()
{
    QFETCH(QByteArray, raw);
    QFETCH(QString, decoded);
    QCOMPARE(McpHeaders::decode(raw).value_or(QString()), decoded);
}

void TestMcpDispatcher::notificationsAndBatches()
{
    Answer answer = post(request(u"notifications/initialized"_s, QJsonValue::Undefined));
    QCOMPARE(answer.status, 202);
    QVERIFY(answer.body.isNull());
    answer = post(QByteArray(R"({"jsonrpc":"2.0","id":5,"result":{}})"));
    QCOMPARE(answer.status, 202);

    const QByteArray batch = "[" + request(u"ping"_s, 1) + ","
        + request(u"notifications/cancelled"_s, QJsonValue::Undefined) + "," + request(u"tools/list"_s, 2)
        + "]";
    answer = post(batch);
    QCOMPARE(answer.status, 200);
    const QJsonArray responses = answer.body.array();
    QCOMPARE(responses.size(), 2);
    QCOMPARE(responses.at(0).toObject().value(u"id"_s).toInt(), 1);
    QCOMPARE(responses.at(1).toObject().value(u"id"_s).toInt(), 2);
    QVERIFY(responses.at(1).toObject().value(u"result"_s).toObject().contains(u"tools"_s));
    // 2025-03-26 named explicitly batches as well.
    answer = post(batch, McpHeaders { u"2025-03-26"_s, {}, {} });
    QCOMPARE(answer.status, 200);

    answer = post("[" + request(u"notifications/initialized"_s, QJsonValue::Undefined) + "]");
    QCOMPARE(answer.status, 202);
    answer = post("[]");
    QCOMPARE(answer.status, 400);
    QCOMPARE(answer.body.object().value(u"error"_s).toObject().value(u"code"_s).toInt(), int(InvalidRequest));
}

// docs/mcp.md, Limits: a batch too long, or with too many tool calls, is refused whole before any of it runs.
void TestMcpDispatcher::batchLimits()
{
    const McpLimits limits { 3, 2, McpLimits::defaults().maxResponseBytes };
    const QByteArray call = request(u"tools/call"_s, 1, { { u"name"_s, u"check_tool"_s } });
    const QByteArray ping = request(u"ping"_s, 2);
    auto refusal = [](const Answer &answer) { return answer.body.object().value(u"error"_s).toObject(); };
    const qsizetype callsBefore = m_calls.size();

    Answer answer = post("[" + ping + "," + ping + "," + ping + "," + ping + "]", {}, 50, limits);
    QCOMPARE(answer.status, 400);
    QCOMPARE(refusal(answer).value(u"code"_s).toInt(), int(InvalidRequest));
    QCOMPARE(refusal(answer).value(u"data"_s).toObject().value(u"limit"_s).toString(),
        McpSettings::MaxBatch.spec.key);
    QCOMPARE(refusal(answer).value(u"data"_s).toObject().value(u"maximum"_s).toInt(), 3);
    QVERIFY(answer.body.object().value(u"id"_s).isNull());
    // Refused from the count alone: what follows the cap is never parsed, so this is not a parse error.
    answer = post("[" + call + "," + call + "," + ping + "," + call + ", this is not JSON", {}, 50, limits);
    QCOMPARE(answer.status, 400);
    QCOMPARE(refusal(answer).value(u"data"_s).toObject().value(u"limit"_s).toString(),
        McpSettings::MaxBatch.spec.key);
    QCOMPARE(m_calls.size(), callsBefore);

    // At both caps: answered.
    answer = post("[" + call + "," + ping + "," + call + "]", {}, 50, limits);
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.body.array().size(), 3);
    QCOMPARE(m_calls.size(), callsBefore + 2);
    // A tools/call notification runs nothing and does not count.
    const QByteArray notification
        = request(u"tools/call"_s, QJsonValue::Undefined, { { u"name"_s, u"check_tool"_s } });
    answer = post("[" + call + "," + notification + "," + call + "]", {}, 50, limits);
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.body.array().size(), 2);
    QCOMPARE(m_calls.size(), callsBefore + 4);

    answer = post("[" + call + "," + call + "," + call + "]", {}, 50, limits);
    QCOMPARE(answer.status, 400);
    QCOMPARE(refusal(answer).value(u"code"_s).toInt(), int(InvalidRequest));
    const QJsonObject data = refusal(answer).value(u"data"_s).toObject();
    QCOMPARE(data.value(u"limit"_s).toString(), McpSettings::MaxToolCalls.spec.key);
    QCOMPARE(data.value(u"maximum"_s).toInt(), 2);
    QCOMPARE(data.value(u"count"_s).toInt(), 3);
    QCOMPARE(m_calls.size(), callsBefore + 4);

    // 2026-07-28 has no batches: a modern request inside one refuses the batch, even without the header.
    const QByteArray modern
        = request(u"tools/call"_s, 3, { { u"name"_s, u"check_tool"_s }, { u"_meta"_s, modernMeta() } });
    answer = post("[" + ping + "," + modern + "]", {}, 50, limits);
    QCOMPARE(answer.status, 400);
    QCOMPARE(refusal(answer).value(u"code"_s).toInt(), int(InvalidRequest));
    answer = post("[" + ping + "]", McpHeaders { u"2026-07-28"_s, u"ping"_s, {} }, 50, limits);
    QCOMPARE(answer.status, 400);
    QCOMPARE(refusal(answer).value(u"code"_s).toInt(), int(InvalidRequest));
    QCOMPARE(m_calls.size(), callsBefore + 4);
}

// The endpoint logs one record per POST from these notes (operation, USDC settled), so every tool call of
// a request must come back with the reply, a batch's as well, and a request without tool calls has none.
void TestMcpDispatcher::callNotesReachTheReply()
{
    const QByteArray paid = request(u"tools/call"_s, 1,
        { { u"name"_s, u"check_tool"_s }, { u"arguments"_s, QJsonObject { { u"units"_s, 20'000 } } } });
    Answer answer = post(paid);
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.calls.size(), 1);
    QVERIFY(!answer.calls.first().operationId.isEmpty());
    QCOMPARE(answer.calls.first().priceUnits, 20'000);
    QCOMPARE(answer.calls.first().transaction, u"0xtx"_s);

    const QByteArray free = request(u"tools/call"_s, 2, { { u"name"_s, u"check_tool"_s } });
    answer = post("[" + paid + "," + request(u"ping"_s, 3) + "," + free + "]");
    QCOMPARE(answer.status, 200);
    QCOMPARE(answer.calls.size(), 2);
    QCOMPARE(answer.calls.at(0).priceUnits + answer.calls.at(1).priceUnits, 20'000);

    answer = post(request(u"ping"_s, 4));
    QVERIFY(answer.answered);
    QVERIFY(answer.calls.isEmpty());
    // A tool that produced nothing still ran: its note is kept.
    answer = post(request(u"tools/call"_s, 5, { { u"name"_s, u"broken_tool"_s } }));
    QCOMPARE(answer.calls.size(), 1);
}

void TestMcpDispatcher::idsAreEchoedExactly_data()
{
    QTest::addColumn<QByteArray>("id"); // the id's text in the request
    QTest::addColumn<int>("code"); // 0: answered with this id, byte for byte

    QTest::newRow("above-2^53") << QByteArray("9007199254740993") << 0;
    QTest::newRow("below-minus-2^53") << QByteArray("-9007199254740993") << 0;
    QTest::newRow("above-int64") << QByteArray("12345678901234567890") << 0;
    QTest::newRow("zero") << QByteArray("0") << 0;
    QTest::newRow("minus-zero") << QByteArray("-0") << 0;
    QTest::newRow("integer-with-zero-fraction") << QByteArray("1.0") << 0;
    QTest::newRow("integer-with-exponent") << QByteArray("1E2") << 0;
    QTest::newRow("fraction-moved-by-exponent") << QByteArray("2.5e1") << 0;
    QTest::newRow("string") << QByteArray(R"("req-1")") << 0;
    // Not integers: refused naming id, with id null (JSON-RPC 2.0 §5: the id could not be used).
    QTest::newRow("fraction") << QByteArray("1.5") << int(InvalidRequest);
    QTest::newRow("fraction-a-double-would-hide") << QByteArray("9007199254740993.5") << int(InvalidRequest);
    QTest::newRow("exponent-leaves-a-fraction") << QByteArray("15e-1") << int(InvalidRequest);
    // Beyond a double's range: QJsonDocument refuses the number, so the body is a parse error.
    QTest::newRow("beyond-double") << QByteArray("1e400") << int(ParseError);
}

void TestMcpDispatcher::idsAreEchoedExactly()
{
    QFETCH(QByteArray, id);
    QFETCH(int, code);
    const QByteArray ping = R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"ping"})";
    const QByteArray call = R"({"id": )" + id
        + R"( ,"jsonrpc":"2.0","method":"tools/call","params":{"name":"check_tool","arguments":{"iban":"x"}}})";
    const QByteArray echoed = "\"id\":" + id + ",";
    for (const QByteArray &body : QByteArrayList { ping, call, "[" + ping + "," + call + "]" }) {
        const Answer answer = post(body);
        QVERIFY(answer.answered);
        const QJsonArray responses
            = answer.body.isArray() ? answer.body.array() : QJsonArray { answer.body.object() };
        if (code == 0) {
            QCOMPARE(answer.raw.count(echoed), responses.size());
            for (const QJsonValue &response : responses)
                QVERIFY(response.toObject().contains(u"result"_s));
            continue;
        }
        for (const QJsonValue &response : responses) {
            QCOMPARE(response.toObject().value(u"error"_s).toObject().value(u"code"_s).toInt(), code);
            QVERIFY(response.toObject().value(u"id"_s).isNull());
        }
        if (code == InvalidRequest)
            QVERIFY(answer.raw.contains("id must be"));
    }
}

// docs/mcp.md, Limits: no reply is larger than mcp/max_response_bytes; a response that would make it larger
// is -32603 naming the setting, with its request's id.
void TestMcpDispatcher::responseSizeIsBounded()
{
    const QByteArray list = request(u"tools/list"_s, 2);
    const qsizetype listSize = post(list).raw.size();
    const McpLimits defaults = McpLimits::defaults();
    auto isTooLarge = [](const QJsonObject &response) {
        const QJsonObject error = response.value(u"error"_s).toObject();
        return error.value(u"code"_s).toInt() == InternalError
            && error.value(u"data"_s).toObject().value(u"limit"_s).toString()
            == McpSettings::MaxResponseBytes.spec.key;
    };

    const McpLimits tight { defaults.maxBatch, defaults.maxToolCalls, listSize - 1 };
    Answer answer = post(list, {}, 50, tight);
    QCOMPARE(answer.status, 200);
    QVERIFY(answer.raw.size() <= tight.maxResponseBytes);
    QVERIFY(isTooLarge(answer.body.object()));
    QCOMPARE(answer.body.object().value(u"id"_s).toInt(), 2);

    // Two lists where one fits: the first is answered, the second replaced, the array within the maximum.
    const McpLimits one { defaults.maxBatch, defaults.maxToolCalls, 2 * listSize };
    answer = post("[" + list + "," + request(u"tools/list"_s, 3) + "]", {}, 50, one);
    QCOMPARE(answer.status, 200);
    QVERIFY(answer.raw.size() <= one.maxResponseBytes);
    const QJsonArray responses = answer.body.array();
    QCOMPARE(responses.size(), 2);
    QVERIFY(responses.at(0).toObject().value(u"result"_s).toObject().contains(u"tools"_s));
    QVERIFY(isTooLarge(responses.at(1).toObject()));
    QCOMPARE(responses.at(1).toObject().value(u"id"_s).toInt(), 3);
}

void TestMcpDispatcher::pagination()
{
    QStringList names;
    QString cursor;
    int pages = 0;
    do {
        QJsonObject params;
        if (!cursor.isEmpty())
            params.insert(u"cursor"_s, cursor);
        const Answer answer = post(request(u"tools/list"_s, pages, params), {}, 2);
        QCOMPARE(answer.status, 200);
        const QJsonObject result = answer.body.object().value(u"result"_s).toObject();
        const QJsonArray tools = result.value(u"tools"_s).toArray();
        QVERIFY(tools.size() <= 2);
        for (const QJsonValue &tool : tools)
            names.append(tool.toObject().value(u"name"_s).toString());
        cursor = result.value(u"nextCursor"_s).toString();
        QVERIFY(++pages < 10);
    } while (!cursor.isEmpty());
    QCOMPARE(pages, 3);
    QStringList expected;
    const McpToolCatalog all(m_catalog);
    for (const McpToolCatalog::Tool &tool : all.tools())
        expected.append(tool.name);
    QCOMPARE(names, expected); // every tool once, in catalog order

    // Cursors are opaque: one this server never issued (an edited offset off a page boundary) is refused.
    const QString second = post(request(u"tools/list"_s, 1), {}, 2)
                               .body.object()
                               .value(u"result"_s)
                               .toObject()
                               .value(u"nextCursor"_s)
                               .toString();
    QVERIFY(!second.isEmpty());
    QByteArray raw = QByteArray::fromBase64(second.toLatin1(), QByteArray::Base64UrlEncoding);
    raw.replace(":2", ":1");
    const QString forged = QString::fromLatin1(raw.toBase64(QByteArray::Base64UrlEncoding));
    Answer answer = post(request(u"tools/list"_s, 1, { { u"cursor"_s, forged } }), {}, 2);
    QCOMPARE(answer.body.object().value(u"error"_s).toObject().value(u"code"_s).toInt(), int(InvalidParams));
    answer = post(request(u"tools/list"_s, 1, { { u"cursor"_s, 7 } }), {}, 2);
    QCOMPARE(answer.body.object().value(u"error"_s).toObject().value(u"code"_s).toInt(), int(InvalidParams));
    // One page when everything fits: no nextCursor at all.
    answer = post(request(u"tools/list"_s, 1));
    QVERIFY(!answer.body.object().value(u"result"_s).toObject().contains(u"nextCursor"_s));
}

void TestMcpDispatcher::cursorOfAnotherToolList()
{
    Catalog other;
    other.add(echoOperation(u"other.a"_s, u"a_tool"_s, Usdc::free()));
    other.add(echoOperation(u"other.b"_s, u"b_tool"_s, Usdc::free()));
    other.add(echoOperation(u"other.c"_s, u"c_tool"_s, Usdc::free()));
    const McpToolCatalog otherTools(other, 2);
    const QString foreign = otherTools.page(QString())->nextCursor;
    QVERIFY(!foreign.isEmpty());
    QVERIFY(otherTools.page(foreign));
    QVERIFY(!McpToolCatalog(m_catalog, 2).page(foreign));
}

void TestMcpDispatcher::modernResultsCarryEraMembers()
{
    const McpHeaders headers { u"2026-07-28"_s, u"tools/list"_s, {} };
    Answer answer = post(request(u"tools/list"_s, 1, { { u"_meta"_s, modernMeta() } }), headers);
    QCOMPARE(answer.status, 200);
    QJsonObject result = answer.body.object().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"resultType"_s).toString(), u"complete"_s);
    QCOMPARE(result.value(u"ttlMs"_s).toInt(), McpDispatcher::ListTtlMs);
    QCOMPARE(result.value(u"cacheScope"_s).toString(), u"public"_s);
    QCOMPARE(result.value(u"_meta"_s)
                 .toObject()
                 .value(u"io.modelcontextprotocol/serverInfo"_s)
                 .toObject()
                 .value(u"name"_s)
                 .toString(),
        u"ades"_s);

    answer = post(request(u"server/discover"_s, 2, { { u"_meta"_s, modernMeta() } }),
        McpHeaders { u"2026-07-28"_s, u"server/discover"_s, {} });
    result = answer.body.object().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"supportedVersions"_s).toArray(), QJsonArray { u"2026-07-28"_s });
    QCOMPARE(result.value(u"capabilities"_s).toObject(), object(R"({"tools": {}})"));
    QCOMPARE(result.value(u"resultType"_s).toString(), u"complete"_s);
    QVERIFY(result.contains(u"ttlMs"_s));
    QVERIFY(result.contains(u"cacheScope"_s));

    // Tool results merge serverInfo with the tool's own _meta keys (receipt, payment response).
    answer = post(request(u"tools/call"_s, 3,
                      { { u"name"_s, u"check_tool"_s }, { u"arguments"_s, QJsonObject {} },
                          { u"_meta"_s, modernMeta() } }),
        McpHeaders { u"2026-07-28"_s, u"tools/call"_s, u"check_tool"_s });
    result = answer.body.object().value(u"result"_s).toObject();
    QCOMPARE(result.value(u"resultType"_s).toString(), u"complete"_s);
    const QJsonObject meta = result.value(u"_meta"_s).toObject();
    QVERIFY(meta.contains(u"io.modelcontextprotocol/serverInfo"_s));
    QVERIFY(meta.contains(u"example.ades/receipt"_s));
}

void TestMcpDispatcher::legacyResultsStayPlain()
{
    const Answer answer = post(request(u"tools/list"_s, 1), McpHeaders { u"2025-11-25"_s, {}, {} });
    const QJsonObject result = answer.body.object().value(u"result"_s).toObject();
    QVERIFY(result.contains(u"tools"_s));
    QVERIFY(!result.contains(u"resultType"_s));
    QVERIFY(!result.contains(u"ttlMs"_s));
    QVERIFY(!result.contains(u"_meta"_s));
}

void TestMcpDispatcher::toolCallPassesArgumentsAndMeta()
{
    m_calls.clear();
    const QJsonObject payment = object(R"({"x402Version": 2, "payload": {}})");
    const Answer answer = post(request(u"tools/call"_s, 1,
        { { u"name"_s, u"paid_tool"_s }, { u"arguments"_s, QJsonObject { { u"iban"_s, u"DE"_s } } },
            { u"_meta"_s, QJsonObject { { u"x402/payment"_s, payment } } } }));
    QCOMPARE(answer.status, 200);
    QCOMPARE(m_calls.size(), 1);
    QCOMPARE(m_calls.at(0).value(u"arguments"_s).toObject().value(u"iban"_s).toString(), u"DE"_s);
    QCOMPARE(m_calls.at(0).value(u"meta"_s).toObject().value(u"x402/payment"_s).toObject(), payment);
    const QJsonObject result = answer.body.object().value(u"result"_s).toObject();
    const QString text = result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    QCOMPARE(
        QJsonDocument::fromJson(text.toUtf8()).object(), result.value(u"structuredContent"_s).toObject());
}

void TestMcpDispatcher::duplicateMembersAreNeverRun()
{
    // QJsonDocument keeps the last "iban"; a proxy or log reading the first would see another call.
    m_calls.clear();
    const Answer answer
        = post(R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"check_tool",)"
               R"("arguments":{"iban":"DE02120300000000202051","\u0069ban":"DE89370400440532013000"}}})",
            McpHeaders {});
    QVERIFY(answer.answered);
    QCOMPARE(answer.status, 400);
    const QJsonObject error = answer.body.object().value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toInt(), int(InvalidRequest));
    QVERIFY2(error.value(u"message"_s).toString().contains(u"/params/arguments/iban"_s),
        qPrintable(error.value(u"message"_s).toString()));
    QVERIFY(m_calls.isEmpty());
    // The same call without the repetition runs.
    QCOMPARE(post(R"({"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"check_tool",)"
                  R"("arguments":{"iban":"DE89370400440532013000"}}})",
                 McpHeaders {})
                 .status,
        200);
    QCOMPARE(m_calls.size(), 1);
}

void TestMcpDispatcher::toolDefinitions()
{
    const McpToolCatalog tools(m_catalog);
    const McpToolCatalog::Tool *paid = tools.find(u"paid_tool"_s);
    QVERIFY(paid);
    const QJsonObject definition = paid->definition;
    QCOMPARE(definition.value(u"title"_s).toString(), u"Echo paid_tool"_s);
    QVERIFY(definition.value(u"description"_s).toString().contains(u"0.01 USDC"_s));
    const QJsonObject input = definition.value(u"inputSchema"_s).toObject();
    QCOMPARE(input.value(u"$schema"_s).toString(), u"https://json-schema.org/draft/2020-12/schema"_s);
    QCOMPARE(input.value(u"type"_s).toString(), u"object"_s);
    const QJsonObject annotations = definition.value(u"annotations"_s).toObject();
    QCOMPARE(annotations.value(u"readOnlyHint"_s).toBool(), true);
    QCOMPARE(annotations.value(u"destructiveHint"_s).toBool(), false);
    QCOMPARE(annotations.value(u"openWorldHint"_s).toBool(), false); // no upstream sources declared
    const QJsonObject meta = definition.value(u"_meta"_s).toObject();
    QCOMPARE(meta.value(u"example.ades/price_usdc"_s).toString(), u"0.01"_s);
    QCOMPARE(meta.value(u"example.ades/paid"_s).toBool(), true);
    // Paid tools also describe the PaymentRequired a first call returns (SDK clients validate it).
    QCOMPARE(definition.value(u"outputSchema"_s).toObject().value(u"anyOf"_s).toArray().size(), 3);
    QCOMPARE(tools.find(u"check_tool"_s)
                 ->definition.value(u"outputSchema"_s)
                 .toObject()
                 .value(u"anyOf"_s)
                 .toArray()
                 .size(),
        2);

    Operation upstream = echoOperation(u"test.upstream"_s, u"upstream_tool"_s, Usdc::free());
    upstream.sources = QStringList { u"vies"_s };
    const QJsonObject open = McpToolCatalog::definition(upstream, upstream.exposures.at(0));
    QCOMPARE(open.value(u"annotations"_s).toObject().value(u"openWorldHint"_s).toBool(), true);
}

void TestMcpDispatcher::outputDefinitionsMoveToTheRoot()
{
    // A result schema with "#/$defs/..." references must still compile once wrapped in anyOf (SDK v1
    // compiles every outputSchema in listTools and rejects the whole list otherwise).
    Operation op = echoOperation(u"test.defs"_s, u"defs_tool"_s, Usdc::free());
    op.outputSchema = object(R"({
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://ades.example/schemas/test/defs.out.json",
      "type": "object",
      "properties": {"findings": {"type": "array", "items": {"$ref": "#/$defs/finding"}}},
      "$defs": {"finding": {"type": "object", "properties": {"rule": {"type": "string"}}}}
    })");
    const QJsonObject schema = McpToolCatalog::outputSchema(op, op.exposures.at(0));
    QCOMPARE(schema.value(u"$defs"_s).toObject().keys(), QStringList { u"finding"_s });
    const QJsonObject result = schema.value(u"anyOf"_s).toArray().at(0).toObject();
    QVERIFY(!result.contains(u"$defs"_s));
    QVERIFY(!result.contains(u"$id"_s));
    QVERIFY(!result.contains(u"$schema"_s));
    QVERIFY(result.value(u"properties"_s).toObject().contains(u"receipt"_s));
}

void TestMcpDispatcher::unrunnableToolsAreNotListed()
{
    const McpToolCatalog tools(m_catalog);
    QVERIFY(!tools.find(u"bad name!"_s));
    const QJsonObject document = tools.document(u"http://127.0.0.1/mcp"_s);
    QCOMPARE(document.value(u"tools"_s).toArray().size(), tools.tools().size());
    const QJsonArray refused = document.value(u"refused"_s).toArray();
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused.at(0).toObject().value(u"operation"_s).toString(), u"test.unrunnable"_s);
    QCOMPARE(document.value(u"tools"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"provenance"_s)
                 .toObject()
                 .value(u"operation"_s)
                 .toString(),
        u"test.check"_s);
    const Answer answer = post(request(u"tools/call"_s, 1, { { u"name"_s, u"bad name!"_s } }));
    QCOMPARE(answer.body.object().value(u"error"_s).toObject().value(u"code"_s).toInt(), int(InvalidParams));
}

void TestMcpDispatcher::channelDefaults()
{
    const McpToolCatalog tools(m_catalog);
    const McpToolCatalog::Tool *tool = tools.find(u"check_tool"_s);
    const QJsonObject input = tool->definition.value(u"inputSchema"_s).toObject();
    // The default is published and the argument becomes optional for the caller.
    QCOMPARE(input.value(u"properties"_s)
                 .toObject()
                 .value(u"destination_country"_s)
                 .toObject()
                 .value(u"default"_s)
                 .toString(),
        u"US"_s);
    QCOMPARE(input.value(u"required"_s).toArray(), QJsonArray { u"iban"_s });
    QCOMPARE(McpToolCatalog::withChannelDefaults(*tool->exposure, { { u"iban"_s, u"X"_s } })
                 .value(u"destination_country"_s)
                 .toString(),
        u"US"_s);
    // A caller's value wins over the channel default.
    QCOMPARE(McpToolCatalog::withChannelDefaults(*tool->exposure, { { u"destination_country"_s, u"DE"_s } })
                 .value(u"destination_country"_s)
                 .toString(),
        u"DE"_s);
    // The engine's schema is untouched: the default belongs to the exposure.
    QVERIFY(!tool->operation->inputSchema.value(u"properties"_s)
                 .toObject()
                 .value(u"destination_country"_s)
                 .toObject()
                 .contains(u"default"_s));
}

void TestMcpDispatcher::editDistance_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("distance");
    QTest::newRow("equal") << u"iban"_s << u"iban"_s << 0;
    QTest::newRow("transposition") << u"ibna"_s << u"iban"_s << 1;
    QTest::newRow("deletion") << u"vatid"_s << u"vat_id"_s << 1;
    QTest::newRow("substitution") << u"nane"_s << u"name"_s << 1;
    QTest::newRow("empty") << QString() << u"abc"_s << 3;
    QTest::newRow("unrelated") << u"kitten"_s << u"sitting"_s << 3;
}

void TestMcpDispatcher::editDistance()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, distance);
    QCOMPARE(EditDistance::between(a, b), distance);
    QCOMPARE(EditDistance::between(b, a), distance);
}

void TestMcpDispatcher::didYouMean_data()
{
    QTest::addColumn<QJsonObject>("arguments");
    QTest::addColumn<QJsonValue>("didYouMean");
    QTest::addColumn<QStringList>("missing");
    QTest::addColumn<QStringList>("unknown");
    QTest::newRow("transposed") << object(R"({"ibna": "DE89"})") << QJsonValue(object(R"({"ibna": "iban"})"))
                                << QStringList { u"destination_country"_s, u"iban"_s }
                                << QStringList { u"ibna"_s };
    QTest::newRow("upper-case") << object(R"({"IBAN": "DE89", "destination_country": "US"})")
                                << QJsonValue(object(R"({"IBAN": "iban"})")) << QStringList { u"iban"_s }
                                << QStringList { u"IBAN"_s };
    QTest::newRow("far-off") << object(R"({"iban": "DE89", "destination_country": "US", "colour": 1})")
                             << QJsonValue(QJsonValue::Null) << QStringList() << QStringList { u"colour"_s };
}

void TestMcpDispatcher::didYouMean()
{
    QFETCH(QJsonObject, arguments);
    QFETCH(QJsonValue, didYouMean);
    QFETCH(QStringList, missing);
    QFETCH(QStringList, unknown);
    const ServiceError error = McpArgumentHints::annotate(
        ServiceError::unprocessable(u"unknown_field"_s, u"refused"_s), object(CheckSchema), arguments);
    const QJsonObject members = error.toJson();
    QCOMPARE(members.value(u"did_you_mean"_s), didYouMean);
    QStringList gotMissing;
    for (const QJsonValue &v : members.value(u"missing"_s).toArray())
        gotMissing.append(v.toString());
    gotMissing.sort();
    QCOMPARE(gotMissing, missing);
    QStringList gotUnknown;
    for (const QJsonValue &v : members.value(u"unknown"_s).toArray())
        gotUnknown.append(v.toString());
    QCOMPARE(gotUnknown, unknown);
    QCOMPARE(members.value(u"accepted"_s).toArray().size(), 2);
    QCOMPARE(members.value(u"charged"_s).toBool(true), false);
    QCOMPARE(members.value(u"settled"_s).toBool(true), false);

    // The same hint for a mistyped tool name, on the -32602 answer.
    const Answer answer = post(request(u"tools/call"_s, 1, { { u"name"_s, u"chekc_tool"_s } }));
    QCOMPARE(answer.body.object()
                 .value(u"error"_s)
                 .toObject()
                 .value(u"data"_s)
                 .toObject()
                 .value(u"did_you_mean"_s)
                 .toString(),
        u"check_tool"_s);
}

QTEST_APPLESS_MAIN(TestMcpDispatcher)
#include "TestMcpDispatcher.moc"
