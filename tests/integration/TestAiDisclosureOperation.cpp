#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString PaidPath = u"/x402/ai-disclosure"_s;
const QString TrialPath = u"/free/ai-disclosure"_s;
const QString Text = u"Die Stadt eröffnet am Montag die neue Stadtbibliothek am Marktplatz."_s;

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString sha256(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString fingerprintQuery(const QString &extra = {})
{
    return PaidPath + u"?content_sha256="_s + sha256(Text) + u"&model=m-1&model_provider=Acme"_s + extra;
}

} // namespace

// The AI-disclosure record over HTTP and MCP (docs/ai-disclosure.md): both paid forms at 0.01 USDC
// (10,000 atomic units) with the challenge only after the input passed, the content hashed and never echoed,
// a signed receipt on every delivery, the free trial on the free channel's daily counter, and the three
// tools.
class TestAiDisclosureOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void paidFormsAsk10000AtomicUnits();
    void invalidInputIs422BeforeAnyChallenge_data();
    void invalidInputIs422BeforeAnyChallenge();
    void paidContentRecordIsHashedAndSigned();
    void paidFingerprintRecord();
    void largeContentRecordedOnThePool();
    void freeTrialCountsFiveADay();
    void mcpToolsListedAtTheirPrice();

private:
    HttpTestResponse pay(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body);

    FakeFacilitator m_facilitator;
    RunningService m_service;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestAiDisclosureOperation::initTestCase()
{
    QVERIFY(m_service.start(localX402Settings(m_facilitator.baseUrl())));
}

HttpTestResponse TestAiDisclosureOperation::pay(
    const QByteArray &method, const QString &pathAndQuery, const QByteArray &body)
{
    const HttpTestResponse challenge
        = m_service.client->send(method, pathAndQuery, body, { { "Content-Type", "application/json" } });
    if (challenge.status != 402)
        return challenge;
    return m_service.client->send(method, pathAndQuery, body,
        { { "Content-Type", "application/json" },
            { "PAYMENT-SIGNATURE", paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED")) } });
}

void TestAiDisclosureOperation::paidFormsAsk10000AtomicUnits()
{
    const HttpTestResponse post = m_service.client->post(
        PaidPath, compact({ { u"content"_s, Text }, { u"public_interest"_s, true } }));
    QCOMPARE(post.status, 402);
    QCOMPARE(firstOffer(post.header("PAYMENT-REQUIRED")).value(u"amount"_s).toString(), u"10000"_s);
    const HttpTestResponse get = m_service.client->get(fingerprintQuery());
    QCOMPARE(get.status, 402);
    QCOMPARE(firstOffer(get.header("PAYMENT-REQUIRED")).value(u"amount"_s).toString(), u"10000"_s);
    // Same path, two methods: nothing else is allowed.
    QCOMPARE(m_service.client->send("PUT", PaidPath, "{}", {}).status, 405);
}

void TestAiDisclosureOperation::invalidInputIs422BeforeAnyChallenge_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("pathAndQuery");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("param");
    QTest::newRow("get-kind-unknown")
        << QByteArray("GET") << fingerprintQuery(u"&kind=hologram"_s) << QByteArray() << u"kind"_s;
    QTest::newRow("get-sha-short") << QByteArray("GET") << QString(PaidPath + u"?content_sha256=abc"_s)
                                   << QByteArray() << u"content_sha256"_s;
    QTest::newRow("get-sha-missing") << QByteArray("GET") << QString(PaidPath + u"?model=m"_s) << QByteArray()
                                     << u"content_sha256"_s;
    QTest::newRow("get-language-unknown")
        << QByteArray("GET") << fingerprintQuery(u"&language=zz"_s) << QByteArray() << u"language"_s;
    QTest::newRow("get-boolean-word")
        << QByteArray("GET") << fingerprintQuery(u"&eu_users=maybe"_s) << QByteArray() << u"eu_users"_s;
    QTest::newRow("get-deep-fake-text")
        << QByteArray("GET") << fingerprintQuery(u"&deep_fake=true"_s) << QByteArray() << u"deep_fake"_s;
    QTest::newRow("post-no-content") << QByteArray("POST") << PaidPath << compact({ { u"model"_s, u"m"_s } })
                                     << u"content"_s;
    QTest::newRow("post-hash-instead")
        << QByteArray("POST") << PaidPath << compact({ { u"content_sha256"_s, sha256(Text) } })
        << u"content_sha256"_s;
}

void TestAiDisclosureOperation::invalidInputIs422BeforeAnyChallenge()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, pathAndQuery);
    QFETCH(QByteArray, body);
    QFETCH(QString, param);
    const HttpTestResponse r
        = m_service.client->send(method, pathAndQuery, body, { { "Content-Type", "application/json" } });
    QVERIFY2(r.status == 422, r.body.constData());
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
}

void TestAiDisclosureOperation::paidContentRecordIsHashedAndSigned()
{
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = pay("POST", PaidPath,
        compact({ { u"content"_s, Text }, { u"model"_s, u"m-1"_s }, { u"model_provider"_s, u"Acme"_s },
            { u"deployer"_s, u"Stadtanzeiger"_s }, { u"public_interest"_s, true } }));
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    QVERIFY(!r.body.contains(Text.toUtf8()));
    const QJsonObject record = r.json();
    QCOMPARE(record.value(u"contract"_s).toString(), u"ai-disclosure-record/1"_s);
    QCOMPARE(record.value(u"trial"_s).toBool(true), false);
    const QJsonObject content = record.value(u"content"_s).toObject();
    QCOMPARE(content.value(u"sha256"_s).toString(), sha256(Text));
    QCOMPARE(content.value(u"hashed_by"_s).toString(), u"service"_s);
    QCOMPARE(content.value(u"length_bytes"_s).toInteger(), Text.toUtf8().size());
    const QJsonArray obligations = record.value(u"obligations"_s).toArray();
    QCOMPARE(obligations.at(4).toObject().value(u"status"_s).toString(), u"applies"_s);
    QCOMPARE(obligations.at(4).toObject().value(u"party"_s).toString(), u"Stadtanzeiger"_s);
    QVERIFY(
        record.value(u"disclosure"_s).toObject().value(u"de"_s).toString().contains(u"künstlich erzeugt"_s));
    const QJsonObject receipt = record.value(u"receipt"_s).toObject();
    QCOMPARE(receipt.value(u"standard"_s).toString(), u"service-receipt/2"_s);
    QCOMPARE(receipt.value(u"subject"_s).toString(), QString(u"ai-disclosure sha256:"_s + sha256(Text)));
    QVERIFY(!r.header("PAYMENT-RESPONSE").isEmpty());
    // The delivered record verifies with the service's own verifier.
    const HttpTestResponse verdict = m_service.client->post(u"/verify"_s, r.body);
    QCOMPARE(verdict.json().value(u"valid"_s).toBool(), true);
}

void TestAiDisclosureOperation::paidFingerprintRecord()
{
    const HttpTestResponse r = pay("GET",
        fingerprintQuery(u"&kind=video&deep_fake=true&artistic_work=true"
                         "&deployer_in_eu=false&content_length=12345"_s),
        QByteArray());
    QVERIFY2(r.status == 200, r.body.constData());
    const QJsonObject record = r.json();
    QCOMPARE(record.value(u"content"_s).toObject().value(u"hashed_by"_s).toString(), u"caller"_s);
    QCOMPARE(record.value(u"content"_s).toObject().value(u"length_bytes"_s).toInteger(), 12345);
    QCOMPARE(record.value(u"scope"_s).toObject().value(u"basis"_s).toString(), u"Art. 2(1)(c)"_s);
    QCOMPARE(record.value(u"obligations"_s).toArray().at(3).toObject().value(u"status"_s).toString(),
        u"limited"_s);
    QVERIFY(record.contains(u"receipt"_s));
}

// From 64 KiB the content is hashed on the thread pool and the record completes back on the I/O thread.
void TestAiDisclosureOperation::largeContentRecordedOnThePool()
{
    QByteArray bytes(300 * 1024, '\0');
    for (qsizetype i = 0; i < bytes.size(); ++i)
        bytes[i] = char(i * 7 % 251);
    const HttpTestResponse r = pay("POST", PaidPath,
        compact({ { u"content_base64"_s, QString::fromLatin1(bytes.toBase64()) }, { u"kind"_s, u"image"_s },
            { u"deep_fake"_s, true } }));
    QVERIFY2(r.status == 200, r.body.left(400).constData());
    const QJsonObject content = r.json().value(u"content"_s).toObject();
    QCOMPARE(content.value(u"sha256"_s).toString(),
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()));
    QCOMPARE(content.value(u"length_bytes"_s).toInteger(), bytes.size());
    QCOMPARE(r.json().value(u"obligations"_s).toArray().at(3).toObject().value(u"status"_s).toString(),
        u"applies"_s);
}

void TestAiDisclosureOperation::freeTrialCountsFiveADay()
{
    const QByteArray body = compact({ { u"content"_s, Text }, { u"kind"_s, u"text"_s } });
    for (int i = 1; i <= 5; ++i) {
        const HttpTestResponse r = m_service.client->post(TrialPath, body);
        QVERIFY2(r.status == 200, r.body.constData());
        QCOMPARE(r.header("X-Free-Quota-Limit"), QByteArray("5"));
        QCOMPARE(r.header("X-Free-Quota-Remaining"), QByteArray::number(5 - i));
        const QJsonObject record = r.json();
        QCOMPARE(record.value(u"trial"_s).toBool(), true);
        QCOMPARE(record.value(u"content"_s).toObject().value(u"sha256"_s).toString(), sha256(Text));
        // The free channel delivers with its receipt, as the key channel does (docs/interface.md §4.2).
        QCOMPARE(
            record.value(u"receipt"_s).toObject().value(u"standard"_s).toString(), u"service-receipt/2"_s);
    }
    // An unusable input costs no slot even when none is left: 422 before the counter.
    const HttpTestResponse bad = m_service.client->post(TrialPath, compact({ { u"kind"_s, u"text"_s } }));
    QCOMPARE(bad.status, 422);
    const HttpTestResponse sixth = m_service.client->post(TrialPath, body);
    QCOMPARE(sixth.status, 429);
    QCOMPARE(sixth.json().value(u"error_code"_s).toString(), u"free_quota_exhausted"_s);
    QCOMPARE(sixth.header("X-Free-Quota-Remaining"), QByteArray("0"));
    QVERIFY(!sixth.header("Retry-After").isEmpty());
}

void TestAiDisclosureOperation::mcpToolsListedAtTheirPrice()
{
    const QJsonObject message { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, 1 },
        { u"method"_s, u"tools/list"_s } };
    QHash<QString, QJsonObject> tools;
    QJsonObject page
        = m_service.client->post(u"/mcp"_s, compact(message)).json().value(u"result"_s).toObject();
    for (int guard = 0; guard < 10; ++guard) {
        for (const QJsonValue &t : page.value(u"tools"_s).toArray())
            tools.insert(t.toObject().value(u"name"_s).toString(), t.toObject());
        const QString cursor = page.value(u"nextCursor"_s).toString();
        if (cursor.isEmpty())
            break;
        QJsonObject next = message;
        next.insert(u"params"_s, QJsonObject { { u"cursor"_s, cursor } });
        page = m_service.client->post(u"/mcp"_s, compact(next)).json().value(u"result"_s).toObject();
    }
    const auto price = [&tools](const QString &name) {
        return tools.value(name).value(u"_meta"_s).toObject().value(u"example.ades/price_usdc"_s).toString();
    };
    QVERIFY(tools.contains(u"ai_disclosure"_s));
    QVERIFY(tools.contains(u"ai_disclosure_fingerprint"_s));
    QVERIFY(tools.contains(u"ai_disclosure_trial"_s));
    QCOMPARE(price(u"ai_disclosure"_s), u"0.01"_s);
    QCOMPARE(price(u"ai_disclosure_fingerprint"_s), u"0.01"_s);
    QCOMPARE(tools.value(u"ai_disclosure_trial"_s)
                 .value(u"_meta"_s)
                 .toObject()
                 .value(u"example.ades/paid"_s)
                 .toBool(true),
        false);

    const QJsonObject arguments { { u"content_sha256"_s, sha256(Text) }, { u"kind"_s, u"image"_s } };
    const QJsonObject offer = m_service.client->mcpToolOffer(u"ai_disclosure_fingerprint"_s, arguments);
    QCOMPARE(offer.value(u"amount"_s).toString(), u"10000"_s);
    const QJsonObject paid = m_service.client->callMcpTool(
        u"ai_disclosure_fingerprint"_s, arguments, { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY(!paid.value(u"isError"_s).toBool());
    QCOMPARE(paid.value(u"structuredContent"_s)
                 .toObject()
                 .value(u"content"_s)
                 .toObject()
                 .value(u"kind"_s)
                 .toString(),
        u"image"_s);
    // The MCP endpoint takes bodies far above the HTTP limit; the operation bounds its content at 1 MiB of
    // UTF-8 (here 1.4 MB in 700,000 two-byte characters) before any payment is asked.
    const QJsonObject tooLarge = m_service.client->callMcpTool(
        u"ai_disclosure"_s, { { u"content"_s, QString(700'000, QChar(0xE4)) } });
    QVERIFY(tooLarge.value(u"isError"_s).toBool());
    const QJsonObject refusal = tooLarge.value(u"structuredContent"_s).toObject();
    QCOMPARE(refusal.value(u"status_code"_s).toInt(), 422);
    QCOMPARE(refusal.value(u"error"_s).toObject().value(u"param"_s).toString(), u"content"_s);
    QVERIFY(!refusal.contains(u"accepts"_s));
    // The free tool shares the trial's daily counter, spent above.
    const QJsonObject trial = m_service.client->callMcpTool(u"ai_disclosure_trial"_s, arguments);
    QVERIFY(trial.value(u"isError"_s).toBool());
    QCOMPARE(trial.value(u"structuredContent"_s).toObject().value(u"status_code"_s).toInt(), 429);
}

QTEST_GUILESS_MAIN(TestAiDisclosureOperation)
#include "TestAiDisclosureOperation.moc"
