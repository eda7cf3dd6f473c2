#include "FakeChatUpstream.h"
#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString MicroPath = u"/api/v1/micro/chat/completions"_s;
const QString BasicPath = u"/api/v1/chat/completions"_s;
const QString PlusPath = u"/x402/chat-plus"_s;
const QString ChatPath = u"/x402/chat"_s;
const QString UpstreamKey = u"sk-test-0123456789-wxyz"_s;

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject message(const QString &role, const QString &content)
{
    return QJsonObject { { u"role"_s, role }, { u"content"_s, content } };
}

QJsonObject request(const QString &model, const QJsonArray &messages)
{
    return QJsonObject { { u"model"_s, model }, { u"messages"_s, messages } };
}

// `bytes` UTF-8 bytes of text made of `unit` (1 to 4 bytes per character) with ASCII padding at the end.
QString textOfBytes(int bytes, const QString &unit)
{
    const int unitBytes = int(unit.toUtf8().size());
    QString text = unit.repeated(bytes / unitBytes);
    text += QString(bytes % unitBytes, u'a');
    return text;
}

QString modelOf(const QString &path)
{
    if (path == MicroPath)
        return u"agentllm/micro"_s;
    if (path == PlusPath)
        return u"agentllm/plus"_s;
    if (path == ChatPath)
        return u"agentllm/chat"_s;
    return u"auto"_s;
}

} // namespace

// AgentLLM's tiers (docs/agentllm.md) on x402 and MCP against a fake OpenAI-compatible upstream on loopback:
// SPEC §2.4 validation and §8 limits at their boundaries before any payment, the delivered chat.completion,
// what the upstream receives (no hidden system prompt), the retry after a 5xx, and upstream failures that
// never settle.
class TestAgentLlm : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void limitsAtTheBoundary_data();
    void limitsAtTheBoundary();
    void malformedRequestsAreUncharged_data();
    void malformedRequestsAreUncharged();
    void x402RoutesNameTheirTier();
    void paidMicroCallIsAStandardCompletion();
    void upstreamReceivesExactlyTheCallersMessages();
    void outputCapDefaultsToTheTierMaximum();
    void tiersUseTheirOwnUpstreamAndPrice_data();
    void tiersUseTheirOwnUpstreamAndPrice();
    void retryAfter5xxUsesTheRetryCap();
    void upstreamFailuresNeverSettle_data();
    void upstreamFailuresNeverSettle();
    void mcpMicroToolIsPaid();
    void modelsToolIsTheModelsDocument();
    void healthShowsOnlyTheKeysLastFour();
    void modelsCatalogHasEveryField();
    void freeCheckAnswersWithoutAModel_data();
    void freeCheckAnswersWithoutAModel();
    void prepareMicroToolGivesThePaidArguments();
    void quickstartAndSkillComeFromTheCatalog();

private:
    HttpTestResponse post(const QString &path, const QJsonObject &body, const QByteArray &payment = {});
    // Pays the challenge of `body` on `path` and returns the answer to the paid request.
    HttpTestResponse paid(const QString &path, const QJsonObject &body);

    FakeChatUpstream m_upstream;
    FakeChatUpstream m_plusUpstream;
    FakeFacilitator m_facilitator;
    RunningService m_service;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestAgentLlm::initTestCase()
{
    QVERIFY(m_upstream.isListening());
    QVERIFY(m_plusUpstream.isListening());
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    for (const QString &key : { u"micro"_s, u"basic"_s }) {
        settings.insert(u"upstream/agentllm-%1/base_url"_s.arg(key), m_upstream.baseUrl());
        settings.insert(u"upstream/agentllm-%1/api_key"_s.arg(key), UpstreamKey);
        settings.insert(u"upstream/agentllm-%1/timeout_ms"_s.arg(key), u"1500"_s);
    }
    settings.insert(u"upstream/agentllm-plus/base_url"_s, m_plusUpstream.baseUrl());
    settings.insert(u"agentllm/micro/model"_s, u"local-micro-q4"_s);
    settings.insert(u"agentllm/basic/model"_s, u"local-basic-q8"_s);
    settings.insert(u"agentllm/plus/model"_s, u"local-plus"_s);
    QVERIFY(m_service.start(settings));
}

void TestAgentLlm::init()
{
    m_upstream.clear();
    m_plusUpstream.clear();
}

HttpTestResponse TestAgentLlm::post(const QString &path, const QJsonObject &body, const QByteArray &payment)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!payment.isEmpty())
        headers.append({ "PAYMENT-SIGNATURE", payment });
    return m_service.client->post(path, compact(body), headers);
}

HttpTestResponse TestAgentLlm::paid(const QString &path, const QJsonObject &body)
{
    const HttpTestResponse challenge = post(path, body);
    if (challenge.status != 402)
        return challenge;
    return post(path, body, paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED")));
}

void TestAgentLlm::limitsAtTheBoundary_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("param"); // empty: accepted (answered with the 402 challenge)
    QTest::addColumn<QString>("mentions"); // the value the refusal names

    struct Tier
    {
        const char *name;
        QString path;
        int bytes;
        int messages;
        int tokens;
    };
    const QList<Tier> tiers { { "micro", MicroPath, 2400, 8, 300 }, { "basic", BasicPath, 6000, 16, 750 },
        { "chat", ChatPath, 6000, 16, 750 }, { "plus", PlusPath, 6000, 16, 1200 } };
    for (const Tier &t : tiers) {
        const QString model = modelOf(t.path);
        // Input bytes over all contents, counted in UTF-8: two messages, 2-, 3- and 4-byte characters.
        for (const QString &unit : { u"a"_s, u"é"_s, u"€"_s, u"😀"_s }) {
            const QString first = textOfBytes(t.bytes / 2, unit);
            const QString atLimit = textOfBytes(t.bytes - t.bytes / 2, unit);
            const QJsonArray at { message(u"system"_s, first), message(u"user"_s, atLimit) };
            const QJsonArray over { message(u"system"_s, first),
                message(u"user"_s, atLimit + u"é"_s.left(1)) };
            const int unitBytes = int(unit.toUtf8().size());
            QTest::addRow("%s-bytes-at-%d-byte-chars", t.name, unitBytes)
                << t.path << request(model, at) << QString() << QString();
            QTest::addRow("%s-bytes-over-%d-byte-chars", t.name, unitBytes)
                << t.path << request(model, over) << u"messages"_s << QString::number(t.bytes + 2);
        }
        QJsonArray many;
        for (int i = 0; i < t.messages; ++i)
            many.append(message(i % 2 ? u"assistant"_s : u"user"_s, u"m"_s));
        QTest::addRow("%s-messages-at", t.name) << t.path << request(model, many) << QString() << QString();
        many.append(message(u"user"_s, u"one more"_s));
        QTest::addRow("%s-messages-over", t.name)
            << t.path << request(model, many) << u"messages"_s << u"(got %1)"_s.arg(t.messages + 1);
        for (const QString &field : { u"max_tokens"_s, u"max_completion_tokens"_s }) {
            QJsonObject body = request(model, { message(u"user"_s, u"hi"_s) });
            body.insert(field, t.tokens);
            QTest::addRow("%s-%s-at", t.name, qPrintable(field)) << t.path << body << QString() << QString();
            body.insert(field, t.tokens + 1);
            QTest::addRow("%s-%s-over", t.name, qPrintable(field))
                << t.path << body << field << u"(got %1)"_s.arg(t.tokens + 1);
            body.insert(field, 0);
            QTest::addRow("%s-%s-zero", t.name, qPrintable(field)) << t.path << body << field << u"(got 0)"_s;
        }
    }
}

// SPEC §2.4, §8: at the limit the call goes on to the 402 challenge; one over is an uncharged 422 that names
// the limit and the value, without a challenge and without an upstream call.
void TestAgentLlm::limitsAtTheBoundary()
{
    QFETCH(QString, path);
    QFETCH(QJsonObject, body);
    QFETCH(QString, param);
    QFETCH(QString, mentions);
    const HttpTestResponse r = post(path, body);
    if (param.isEmpty()) {
        QVERIFY2(r.status == 402, r.body.constData());
        QVERIFY(!r.header("PAYMENT-REQUIRED").isEmpty());
    } else {
        QVERIFY2(r.status == 422, r.body.constData());
        QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
        const QJsonObject error = r.json();
        QCOMPARE(error.value(u"error"_s).toObject().value(u"param"_s).toString(), param);
        QCOMPARE(error.value(u"charged"_s).toBool(true), false);
        QVERIFY2(error.value(u"message"_s).toString().contains(mentions), r.body.constData());
    }
    QCOMPARE(m_upstream.requests().size(), 0);
    QCOMPARE(m_plusUpstream.requests().size(), 0);
}

void TestAgentLlm::malformedRequestsAreUncharged_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<QString>("param");
    const QJsonArray hi { message(u"user"_s, u"hi"_s) };
    QJsonObject b = request(u"agentllm/micro"_s, hi);
    b.insert(u"temperature"_s, 0.2);
    QTest::newRow("unknown-field") << b << u"temperature"_s;
    b = request(u"agentllm/micro"_s, hi);
    b.insert(u"stream"_s, true);
    QTest::newRow("stream-true") << b << u"stream"_s;
    QTest::newRow("wrong-model") << request(u"agentllm/basic"_s, hi) << u"model"_s;
    QTest::newRow("no-messages") << request(u"agentllm/micro"_s, {}) << u"messages"_s;
    QTest::newRow("tool-role") << request(u"agentllm/micro"_s, { message(u"tool"_s, u"x"_s) })
                               << u"messages[0].role"_s;
    QTest::newRow("empty-content") << request(u"agentllm/micro"_s, { message(u"user"_s, QString()) })
                                   << u"messages[0].content"_s;
    QJsonObject extra = message(u"user"_s, u"hi"_s);
    extra.insert(u"name"_s, u"bob"_s);
    QTest::newRow("message-extra-property")
        << request(u"agentllm/micro"_s, { extra }) << u"messages[0].name"_s;
    QTest::newRow("no-model") << QJsonObject { { u"messages"_s, hi } } << u"model"_s;
    b = request(u"agentllm/micro"_s, hi);
    b.insert(u"max_tokens"_s, 10);
    b.insert(u"max_completion_tokens"_s, 20);
    QTest::newRow("conflicting-caps") << b << u"max_completion_tokens"_s;
}

void TestAgentLlm::malformedRequestsAreUncharged()
{
    QFETCH(QJsonObject, body);
    QFETCH(QString, param);
    const HttpTestResponse r = post(MicroPath, body);
    QVERIFY2(r.status == 422 || r.status == 400, r.body.constData());
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    QCOMPARE(m_upstream.requests().size(), 0);
}

// SPEC §4.1 shows the /x402/ chat bodies as any JSON object: there the route names the tier, so a body
// without `model` goes on to the challenge at the tier's price; another tier's model is still refused.
void TestAgentLlm::x402RoutesNameTheirTier()
{
    const QJsonObject body { { u"messages"_s, QJsonArray { message(u"user"_s, u"hi"_s) } } };
    for (const auto &[path, amount] :
        { std::pair { PlusPath, u"20000"_s }, std::pair { ChatPath, u"5000"_s } }) {
        const HttpTestResponse r = post(path, body);
        QVERIFY2(r.status == 402, r.body.constData());
        const QJsonObject required
            = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
        QCOMPARE(
            required.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), amount);
    }
    QJsonObject other = body;
    other.insert(u"model"_s, u"agentllm/micro"_s);
    QCOMPARE(post(PlusPath, other).status, 422);
    QCOMPARE(m_upstream.requests().size(), 0);
}

void TestAgentLlm::paidMicroCallIsAStandardCompletion()
{
    const int settles = m_facilitator.settleCount();
    QJsonObject body = request(u"agentllm/micro"_s, { message(u"user"_s, u"Is 2+2 4? Answer yes or no."_s) });
    body.insert(u"max_tokens"_s, 50);
    body.insert(u"stream"_s, false);
    const HttpTestResponse challenge = post(MicroPath, body);
    QCOMPARE(challenge.status, 402);
    const QJsonObject required
        = QJsonDocument::fromJson(QByteArray::fromBase64(challenge.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(
        required.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"3000"_s);

    const HttpTestResponse r = paid(MicroPath, body);
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    QVERIFY(!r.header("PAYMENT-RESPONSE").isEmpty());
    const QJsonObject c = r.json();
    QVERIFY(c.value(u"id"_s).toString().startsWith(u"chatcmpl-"_s));
    QCOMPARE(c.value(u"object"_s).toString(), u"chat.completion"_s);
    QVERIFY(c.value(u"created"_s).toInteger() > 1'700'000'000);
    QCOMPARE(c.value(u"model"_s).toString(), u"agentllm/micro"_s);
    const QJsonObject choice = c.value(u"choices"_s).toArray().at(0).toObject();
    QCOMPARE(choice.value(u"message"_s).toObject().value(u"role"_s).toString(), u"assistant"_s);
    QVERIFY(choice.value(u"message"_s)
                .toObject()
                .value(u"content"_s)
                .toString()
                .startsWith(u"Answer to: Is 2+2"_s));
    QCOMPARE(choice.value(u"finish_reason"_s).toString(), u"stop"_s);
    QCOMPARE(c.value(u"usage"_s).toObject().value(u"completion_tokens"_s).toInt(), 7);
    QCOMPARE(c.value(u"usage"_s).toObject().value(u"total_tokens"_s).toInt(), 12);

    const QJsonObject service = c.value(u"x402_service"_s).toObject();
    QCOMPARE(service.value(u"tier"_s).toString(), u"micro"_s);
    QCOMPARE(service.value(u"price_usdc"_s).toString(), u"0.003"_s);
    QCOMPARE(service.value(u"output_contract"_s).toString(), u"agentllm-micro/1"_s);
    QCOMPARE(service.value(u"upstream_model"_s).toString(), u"fake-model-1"_s);
    QCOMPARE(service.value(u"accepted_max_output_tokens"_s).toInt(), 50);
    QCOMPARE(service.value(u"input_bytes"_s).toInt(), 27);
    QCOMPARE(service.value(u"system_prompt_added"_s).toBool(true), false);
    QCOMPARE(service.value(u"limits"_s).toObject(),
        (QJsonObject { { u"max_input_bytes"_s, 2400 }, { u"max_messages"_s, 8 },
            { u"max_output_tokens"_s, 300 }, { u"retry_max_output_tokens"_s, 80 } }));
    // The signed delivery receipt, in both places (SPEC §2.1).
    QCOMPARE(c.value(u"receipt"_s).toObject().value(u"standard"_s).toString(), u"service-receipt/2"_s);
    QCOMPARE(c.value(u"extensions"_s).toObject().value(u"delivery-receipt"_s), c.value(u"receipt"_s));
}

void TestAgentLlm::upstreamReceivesExactlyTheCallersMessages()
{
    const QJsonArray messages { message(u"developer"_s, u"Reply in one word."_s),
        message(u"user"_s, u"Grüße — colour?"_s), message(u"assistant"_s, u"Blue."_s),
        message(u"user"_s, u"And now?"_s) };
    QJsonObject body = request(u"agentllm/micro"_s, messages);
    body.insert(u"max_completion_tokens"_s, 40);
    QCOMPARE(paid(MicroPath, body).status, 200);
    QCOMPARE(m_upstream.requests().size(), 1);
    const LoopbackHttpServer::Request &sent = m_upstream.requests().first();
    QCOMPARE(sent.path, u"/v1/chat/completions"_s);
    QCOMPARE(sent.headers.value("authorization"), QByteArray("Bearer " + UpstreamKey.toUtf8()));
    const QJsonObject upstreamBody = m_upstream.lastRequestBody();
    // No hidden system prompt: the messages are the caller's, unchanged and in order.
    QCOMPARE(upstreamBody.value(u"messages"_s).toArray(), messages);
    QCOMPARE(upstreamBody.value(u"model"_s).toString(), u"local-micro-q4"_s);
    QCOMPARE(upstreamBody.value(u"max_tokens"_s).toInt(), 40);
    QCOMPARE(upstreamBody.value(u"stream"_s).toBool(true), false);
    QCOMPARE(upstreamBody.keys(), (QStringList { u"max_tokens"_s, u"messages"_s, u"model"_s, u"stream"_s }));
}

void TestAgentLlm::outputCapDefaultsToTheTierMaximum()
{
    QCOMPARE(paid(BasicPath, request(u"agentllm/basic"_s, { message(u"user"_s, u"hi"_s) })).status, 200);
    QCOMPARE(m_upstream.lastRequestBody().value(u"max_tokens"_s).toInt(), 750);
    QCOMPARE(m_upstream.lastRequestBody().value(u"model"_s).toString(), u"local-basic-q8"_s);
}

void TestAgentLlm::tiersUseTheirOwnUpstreamAndPrice_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("product");
    QTest::addColumn<QString>("upstreamModel");
    QTest::newRow("micro") << MicroPath << u"3000"_s << u"agentllm/micro"_s << u"local-micro-q4"_s;
    QTest::newRow("basic") << BasicPath << u"5000"_s << u"agentllm/basic"_s << u"local-basic-q8"_s;
    QTest::newRow("chat") << ChatPath << u"5000"_s << u"agentllm/chat"_s << u"local-basic-q8"_s;
    QTest::newRow("plus") << PlusPath << u"20000"_s << u"agentllm/plus"_s << u"local-plus"_s;
}

void TestAgentLlm::tiersUseTheirOwnUpstreamAndPrice()
{
    QFETCH(QString, path);
    QFETCH(QString, amount);
    QFETCH(QString, product);
    QFETCH(QString, upstreamModel);
    const QJsonObject body = request(modelOf(path), { message(u"user"_s, u"hi"_s) });
    const HttpTestResponse challenge = post(path, body);
    QCOMPARE(challenge.status, 402);
    QCOMPARE(QJsonDocument::fromJson(QByteArray::fromBase64(challenge.header("PAYMENT-REQUIRED")))
                 .object()
                 .value(u"accepts"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"amount"_s)
                 .toString(),
        amount);
    const HttpTestResponse r = paid(path, body);
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(r.json().value(u"model"_s).toString(), product);
    FakeChatUpstream &upstream = path == PlusPath ? m_plusUpstream : m_upstream;
    QCOMPARE(upstream.requests().size(), 1);
    QCOMPARE(upstream.lastRequestBody().value(u"model"_s).toString(), upstreamModel);
    // The plus upstream has no key configured: no Authorization header at all.
    if (path == PlusPath)
        QVERIFY(!upstream.requests().first().headers.contains("authorization"));
}

// docs/agentllm.md: one retry after an upstream 5xx, its output cap lowered to retry_max_output_tokens.
void TestAgentLlm::retryAfter5xxUsesTheRetryCap()
{
    const int settles = m_facilitator.settleCount();
    m_upstream.script({ LoopbackHttpServer::Reply { 502, R"({"error":"bad gateway"})" } });
    QJsonObject body = request(u"agentllm/micro"_s, { message(u"user"_s, u"hi"_s) });
    body.insert(u"max_tokens"_s, 200);
    const HttpTestResponse r = paid(MicroPath, body);
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    QCOMPARE(m_upstream.requests().size(), 2);
    QCOMPARE(
        QJsonDocument::fromJson(m_upstream.requests().at(0).body).object().value(u"max_tokens"_s).toInt(),
        200);
    QCOMPARE(
        QJsonDocument::fromJson(m_upstream.requests().at(1).body).object().value(u"max_tokens"_s).toInt(),
        80);
    const QJsonObject service = r.json().value(u"x402_service"_s).toObject();
    QCOMPARE(service.value(u"retried"_s).toBool(), true);
    QCOMPARE(service.value(u"asked_max_output_tokens"_s).toInt(), 80);
    QCOMPARE(service.value(u"accepted_max_output_tokens"_s).toInt(), 200);
}

void TestAgentLlm::upstreamFailuresNeverSettle_data()
{
    QTest::addColumn<QList<LoopbackHttpServer::Reply>>("script");
    QTest::addColumn<int>("delayMs");
    QTest::addColumn<bool>("down");
    QTest::addColumn<int>("requests");
    using Reply = LoopbackHttpServer::Reply;
    const Reply err500 { 500, R"({"error":{"message":"overloaded"}})" };
    QTest::newRow("5xx-twice") << QList<Reply> { err500, err500 } << 0 << false << 2;
    QTest::newRow("401-bad-key") << QList<Reply> {
        { 401, R"({"error":{"message":"Incorrect API key sk-...wxyz"}})" }
    } << 0 << false << 1;
    QTest::newRow("empty-content") << QList<Reply> { { 200, FakeChatUpstream::completion(QString(), 5, 0) } }
                                   << 0 << false << 1;
    QTest::newRow("blank-content") << QList<Reply> { { 200, FakeChatUpstream::completion(u" \n"_s, 5, 1) } }
                                   << 0 << false << 1;
    QTest::newRow("no-choices") << QList<Reply> {
        { 200, R"({"id":"x","object":"chat.completion","choices":[]})" }
    } << 0 << false << 1;
    QTest::newRow("not-json") << QList<Reply> { { 200, "<html>gateway</html>", "text/html" } } << 0 << false
                              << 1;
    QTest::newRow("too-many-tokens") << QList<Reply> {
        { 200, FakeChatUpstream::completion(u"long"_s, 5, 51) }
    } << 0 << false << 1;
    QTest::newRow("timeout") << QList<Reply>() << 2500 << false << 1;
    QTest::newRow("down") << QList<Reply>() << 0 << true << 0;
}

// SPEC §3, §7: an upstream error, timeout or empty answer is an uncharged 503 naming the source; the
// payment is never settled.
void TestAgentLlm::upstreamFailuresNeverSettle()
{
    QFETCH(QList<LoopbackHttpServer::Reply>, script);
    QFETCH(int, delayMs);
    QFETCH(bool, down);
    QFETCH(int, requests);
    m_upstream.script(script);
    m_upstream.setDelayMs(delayMs);
    m_upstream.setDown(down);
    const int settles = m_facilitator.settleCount();
    QJsonObject body = request(u"agentllm/micro"_s, { message(u"user"_s, u"hi"_s) });
    body.insert(u"max_tokens"_s, 50);
    const HttpTestResponse r = paid(MicroPath, body);
    QVERIFY2(r.status == 503, r.body.constData());
    QCOMPARE(m_facilitator.settleCount(), settles);
    QVERIFY(r.header("PAYMENT-RESPONSE").isEmpty());
    const QJsonObject error = r.json();
    QCOMPARE(error.value(u"charged"_s).toBool(true), false);
    QCOMPARE(error.value(u"settled"_s).toBool(true), false);
    QCOMPARE(error.value(u"retryable"_s).toBool(), true);
    QCOMPARE(error.value(u"missing"_s).toArray(), QJsonArray { u"agentllm-micro"_s });
    QVERIFY(!r.body.contains("wxyz")); // nothing of the upstream's body, which may quote the key
    QVERIFY(!r.body.contains(UpstreamKey.toUtf8()));
    if (!down)
        QCOMPARE(m_upstream.requests().size(), requests);
}

void TestAgentLlm::modelsToolIsTheModelsDocument()
{
    // SPEC §4.5: list_agentllm_models is free and answers with what GET /api/v1/models serves, built from
    // the same catalog with the same served address and payment networks.
    const int settledBefore = m_facilitator.settleCount();
    const HttpTestResponse document = m_service.client->get(u"/api/v1/models"_s);
    QCOMPARE(document.status, 200);
    const QJsonObject called = m_service.client->callMcpTool(u"list_agentllm_models"_s, QJsonObject {});
    QVERIFY2(!called.value(u"isError"_s).toBool(), compact(called).constData());
    QJsonObject models = called.value(u"structuredContent"_s).toObject();
    QVERIFY(models.contains(u"receipt"_s) || !models.isEmpty());
    models.remove(u"receipt"_s);
    QCOMPARE(models.value(u"data"_s).toArray(), document.json().value(u"data"_s).toArray());
    QCOMPARE(models.value(u"purchase_safety"_s).toObject(),
        document.json().value(u"purchase_safety"_s).toObject());
    const QString microUrl
        = models.value(u"data"_s).toArray().at(0).toObject().value(u"endpoint"_s).toString();
    QVERIFY2(microUrl.startsWith(u"http://127.0.0.1:"_s), qPrintable(microUrl));
    QCOMPARE(m_facilitator.settleCount(), settledBefore); // free: nothing settled
}

void TestAgentLlm::mcpMicroToolIsPaid()
{
    const int settles = m_facilitator.settleCount();
    const QJsonObject args = request(u"agentllm/micro"_s, { message(u"user"_s, u"hello"_s) });
    const QJsonObject offer = m_service.client->mcpToolOffer(u"agentllm_micro"_s, args);
    QCOMPARE(offer.value(u"amount"_s).toString(), u"3000"_s);
    QCOMPARE(m_upstream.requests().size(), 0);
    const QJsonObject result = m_service.client->callMcpTool(
        u"agentllm_micro"_s, args, QJsonObject { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY2(!result.value(u"isError"_s).toBool(), compact(result).constData());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    const QJsonObject completion = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(completion.value(u"object"_s).toString(), u"chat.completion"_s);
    QCOMPARE(
        m_upstream.lastRequestBody().value(u"messages"_s).toArray(), args.value(u"messages"_s).toArray());
}

void TestAgentLlm::healthShowsOnlyTheKeysLastFour()
{
    const QJsonObject upstreams
        = m_service.context->healthDetails().value(u"agentllm_upstreams"_s).toObject();
    const QJsonObject micro = upstreams.value(u"micro"_s).toObject();
    QCOMPARE(micro.value(u"api_key"_s).toString(), u"…wxyz"_s);
    QCOMPARE(micro.value(u"model"_s).toString(), u"local-micro-q4"_s);
    QVERIFY(upstreams.value(u"plus"_s).toObject().value(u"api_key"_s).isNull());
    QVERIFY(!QJsonDocument(upstreams).toJson().contains(UpstreamKey.toUtf8()));
}

void TestAgentLlm::modelsCatalogHasEveryField()
{
    const HttpTestResponse r = m_service.client->get(u"/api/v1/models"_s);
    QCOMPARE(r.status, 200);
    const QJsonObject models = r.json();
    QCOMPARE(models.value(u"name"_s).toString(), u"AgentLLM"_s);
    QVERIFY(!models.value(u"purpose"_s).toString().isEmpty());
    QVERIFY(models.value(u"steps"_s).toArray().size() >= 3);
    const QJsonObject safety = models.value(u"purchase_safety"_s).toObject();
    for (const QString &flag : { u"require_spending_authority"_s, u"pay_only_exact_402_amount"_s,
             u"retry_identical_request_at_most_once"_s, u"never_send_private_key_to_server"_s })
        QVERIFY2(safety.value(flag).toBool(), qPrintable(flag));
    const QJsonArray data = models.value(u"data"_s).toArray();
    QCOMPARE(data.size(), 4);
    // SPEC §2.4's product entry, every field.
    const QStringList fields { u"id"_s, u"object"_s, u"created"_s, u"owned_by"_s, u"name"_s, u"description"_s,
        u"endpoint"_s, u"base_url"_s, u"billing_mode"_s, u"price_usdc"_s, u"max_input_bytes"_s,
        u"max_messages"_s, u"max_output_tokens"_s, u"retry_max_output_tokens"_s, u"streaming"_s, u"input"_s,
        u"capabilities"_s, u"supported_parameters"_s, u"requires_x402_transport"_s, u"payment_networks"_s,
        u"output_contract"_s };
    for (const QJsonValue &value : data) {
        const QJsonObject entry = value.toObject();
        for (const QString &field : fields)
            QVERIFY2(entry.contains(field), qPrintable(entry.value(u"id"_s).toString() + u": "_s + field));
        QCOMPARE(entry.value(u"object"_s).toString(), u"model"_s);
        QCOMPARE(entry.value(u"billing_mode"_s).toString(), u"fixed_per_call"_s);
        QCOMPARE(entry.value(u"streaming"_s).toBool(true), false);
        QCOMPARE(entry.value(u"requires_x402_transport"_s).toBool(), true);
        QCOMPARE(entry.value(u"input"_s).toArray(), QJsonArray { u"text"_s });
        QCOMPARE(entry.value(u"supported_parameters"_s).toArray(),
            (QJsonArray {
                u"model"_s, u"messages"_s, u"max_tokens"_s, u"max_completion_tokens"_s, u"stream"_s }));
        QVERIFY(!entry.value(u"payment_networks"_s).toArray().isEmpty());
    }
    const QJsonObject micro = data.at(0).toObject();
    QCOMPARE(micro.value(u"id"_s).toString(), u"agentllm/micro"_s);
    QCOMPARE(micro.value(u"price_usdc"_s).toString(), u"0.003"_s);
    QCOMPARE(micro.value(u"max_input_bytes"_s).toInt(), 2400);
    QCOMPARE(micro.value(u"retry_max_output_tokens"_s).toInt(), 80);
    QCOMPARE(micro.value(u"output_contract"_s).toString(), u"agentllm-micro/1"_s);
    QVERIFY(micro.value(u"endpoint"_s).toString().endsWith(MicroPath));
    QVERIFY(micro.value(u"base_url"_s).toString().endsWith(u"/api/v1/micro"_s));
    const QJsonObject basic = data.at(1).toObject();
    QCOMPARE(basic.value(u"price_usdc"_s).toString(), u"0.005"_s);
    QCOMPARE(basic.value(u"retry_max_output_tokens"_s).toInt(), 250);
    QCOMPARE(basic.value(u"output_contract"_s).toString(), u"agentllm-fixed/1"_s);
    QCOMPARE(data.at(3).toObject().value(u"price_usdc"_s).toString(), u"0.02"_s);
    QCOMPARE(data.at(3).toObject().value(u"max_output_tokens"_s).toInt(), 1200);
}

void TestAgentLlm::freeCheckAnswersWithoutAModel_data()
{
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<bool>("ready");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("price");
    QTest::addColumn<QString>("cap");
    QTest::addColumn<QString>("problemParam");
    const QJsonArray hi { message(u"user"_s, u"hi"_s) };
    QTest::newRow("micro") << request(u"agentllm/micro"_s, hi) << true << MicroPath << u"0.003"_s << u"3000"_s
                           << QString();
    QTest::newRow("auto") << request(u"auto"_s, hi) << true << BasicPath << u"0.005"_s << u"5000"_s
                          << QString();
    QTest::newRow("plus") << request(u"agentllm/plus"_s, hi) << true << PlusPath << u"0.02"_s << u"20000"_s
                          << QString();
    QTest::newRow("micro-too-large") << request(
        u"agentllm/micro"_s, { message(u"user"_s, textOfBytes(2401, u"a"_s)) })
                                     << false << MicroPath << u"0.003"_s << u"3000"_s << u"messages"_s;
    QJsonObject streaming = request(u"agentllm/micro"_s, hi);
    streaming.insert(u"stream"_s, true);
    QTest::newRow("stream") << streaming << false << MicroPath << u"0.003"_s << u"3000"_s << u"stream"_s;
    QTest::newRow("unknown-model") << request(u"gpt-4"_s, hi) << false << QString() << QString() << QString()
                                   << u"model"_s;
}

// SPEC §2.4, §4.2: the free check runs the paid call's checks and names what to pay, and never calls a model.
void TestAgentLlm::freeCheckAnswersWithoutAModel()
{
    QFETCH(QJsonObject, body);
    QFETCH(bool, ready);
    QFETCH(QString, url);
    QFETCH(QString, price);
    QFETCH(QString, cap);
    QFETCH(QString, problemParam);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = m_service.client->post(u"/free/agentllm/check"_s, compact(body));
    QVERIFY2(r.status == 200, r.body.constData());
    const QJsonObject check = r.json();
    QCOMPARE(check.value(u"ready_to_buy"_s).toBool(!ready), ready);
    QCOMPARE(check.value(u"charged"_s).toBool(true), false);
    QCOMPARE(check.value(u"upstream_called"_s).toBool(true), false);
    QCOMPARE(check.value(u"paid_request"_s).toObject().value(u"url"_s).toString(), url);
    QCOMPARE(check.value(u"fixed_price_usdc"_s).toString(), price);
    QCOMPARE(check.value(u"max_amount_atomic_units"_s).toString(), cap);
    const QJsonArray problems = check.value(u"problems"_s).toArray();
    QCOMPARE(problems.isEmpty(), problemParam.isEmpty());
    if (!problemParam.isEmpty())
        QCOMPARE(problems.at(0).toObject().value(u"param"_s).toString(), problemParam);
    QCOMPARE(m_upstream.requests().size(), 0);
    QCOMPARE(m_plusUpstream.requests().size(), 0);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestAgentLlm::prepareMicroToolGivesThePaidArguments()
{
    const QJsonObject prepared = m_service.client->callMcpTool(u"prepare_agentllm_micro"_s,
        QJsonObject { { u"prompt"_s, u"Summarise: ok"_s }, { u"system"_s, u"Be brief."_s } });
    QVERIFY2(!prepared.value(u"isError"_s).toBool(), compact(prepared).constData());
    const QJsonObject check = prepared.value(u"structuredContent"_s).toObject();
    // SPEC §2.4: the MCP form's fields.
    for (const QString &field : { u"ok"_s, u"tier"_s, u"model"_s, u"input_bytes"_s, u"message_count"_s,
             u"accepted_max_output_tokens"_s, u"limits"_s, u"fixed_price_usdc"_s, u"contract"_s, u"charged"_s,
             u"upstream_called"_s, u"paid_tool"_s, u"paid_arguments"_s, u"payment"_s, u"ready_to_buy"_s,
             u"max_amount_atomic_units"_s, u"paid_request"_s })
        QVERIFY2(check.contains(field), qPrintable(field));
    QCOMPARE(check.value(u"ok"_s).toBool(), true);
    QCOMPARE(check.value(u"tier"_s).toString(), u"micro"_s);
    QCOMPARE(check.value(u"paid_tool"_s).toString(), u"agentllm_micro"_s);
    QCOMPARE(check.value(u"accepted_max_output_tokens"_s).toInt(), 80); // the tool's default
    QCOMPARE(check.value(u"input_bytes"_s).toInt(), 22);
    QCOMPARE(check.value(u"message_count"_s).toInt(), 2);
    QCOMPARE(m_upstream.requests().size(), 0);

    // The paid arguments are what the paid tool takes, unchanged.
    const QJsonObject arguments = check.value(u"paid_arguments"_s).toObject();
    const QJsonObject offer = m_service.client->mcpToolOffer(u"agentllm_micro"_s, arguments);
    QCOMPARE(offer.value(u"amount"_s).toString(), check.value(u"max_amount_atomic_units"_s).toString());
    const QJsonObject result = m_service.client->callMcpTool(
        u"agentllm_micro"_s, arguments, QJsonObject { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY2(!result.value(u"isError"_s).toBool(), compact(result).constData());
    QCOMPARE(m_upstream.lastRequestBody().value(u"messages"_s).toArray(),
        (QJsonArray { message(u"system"_s, u"Be brief."_s), message(u"user"_s, u"Summarise: ok"_s) }));
}

void TestAgentLlm::quickstartAndSkillComeFromTheCatalog()
{
    const HttpTestResponse quick = m_service.client->get(u"/agentllm/quickstart.json"_s);
    QCOMPARE(quick.status, 200);
    const QJsonObject q = quick.json();
    QVERIFY(q.value(u"models_url"_s).toString().endsWith(u"/api/v1/models"_s));
    QVERIFY(q.value(u"free_check_url"_s).toString().endsWith(u"/free/agentllm/check"_s));
    const QJsonArray tiers = q.value(u"tiers"_s).toArray();
    QCOMPARE(tiers.size(), 4);
    QCOMPARE(tiers.at(0).toObject().value(u"max_amount_atomic_units"_s).toString(), u"3000"_s);
    // Each example body passes the free check as it stands.
    for (const QJsonValue &tier : tiers) {
        const QJsonObject example = tier.toObject().value(u"example_body"_s).toObject();
        const QJsonObject check = m_service.client->post(u"/free/agentllm/check"_s, compact(example)).json();
        QVERIFY2(check.value(u"ready_to_buy"_s).toBool(), compact(check).constData());
    }

    const HttpTestResponse skill = m_service.client->get(u"/agentllm/SKILL.md"_s);
    QCOMPARE(skill.status, 200);
    QVERIFY(skill.header("Content-Type").startsWith("text/markdown"));
    QVERIFY(skill.body.startsWith("---\nname: agentllm\n"));
    for (const QString &path : { MicroPath, BasicPath, ChatPath, PlusPath })
        QVERIFY2(skill.body.contains(path.toUtf8()), qPrintable(path));

    // Listed among the discovery documents of /openapi.json.
    const QJsonObject paths = m_service.client->get(u"/openapi.json"_s).json().value(u"paths"_s).toObject();
    for (const QString &path : { u"/api/v1/models"_s, u"/agentllm/quickstart.json"_s, u"/agentllm/SKILL.md"_s,
             u"/free/agentllm/check"_s, MicroPath, BasicPath, ChatPath, PlusPath })
        QVERIFY2(paths.contains(path), qPrintable(path));
}

QTEST_GUILESS_MAIN(TestAgentLlm)
#include "TestAgentLlm.moc"
