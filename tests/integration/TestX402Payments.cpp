#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "TestAreas.h"
#include "TestData.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "receipts/ReceiptVerifier.h"
#include "store/CallLog.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString PayTo = test::testPayTo();
const QString Iban = u"DE89370400440532013000"_s;

QJsonObject decodeHeader(const QByteArray &header)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
}

} // namespace

class TestX402Payments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void paidCallDeliversAndSettlesOnce();
    void identicalRetryReturnsTheStoredResult();
    void samePaymentOnAnotherRequestIsRefused();
    void invalidVerdictIsA402WithItsCode();
    void handlerErrorIsNeverSettled();
    void failedSettlementDeliversNothing();
    void pendingSettlementIsRetriedOnce();
    void concurrentDuplicatesSettleOnce();
    void facilitatorUnreachableIsUncharged503();
    void mcpUnpaidCallAnswersPaymentRequired();
    void mcpHandlerErrorIsNeverSettled();
    void mcpPaidCallSettles();

private:
    // A PAYMENT-SIGNATURE for the first offer of the 402 that `path` answers, signed by m_payer.
    QByteArray pay(const QString &path, const QString &value = {});
    HttpTestResponse paidGet(const QString &path, const QByteArray &payment);

    QTemporaryDir m_dir;
    FakeFacilitator m_facilitator;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestX402Payments::initTestCase()
{
    QVERIFY(m_facilitator.port() != 0);
    QHash<QString, QString> settings = test::localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"upstream/vies/base_url"_s, u"http://127.0.0.1:1"_s);
    settings.insert(u"upstream/vies/timeout_ms"_s, u"2000"_s);
    m_context = ServiceContext::createForTests(m_dir.path(), settings);
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());
}

QByteArray TestX402Payments::pay(const QString &path, const QString &value)
{
    const HttpTestResponse challenge = m_client->get(path);
    const QJsonObject offer
        = decodeHeader(challenge.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
    return QJsonDocument(test::signedPayment(m_payer, offer, value))
        .toJson(QJsonDocument::Compact)
        .toBase64();
}

HttpTestResponse TestX402Payments::paidGet(const QString &path, const QByteArray &payment)
{
    return m_client->get(path, { { "PAYMENT-SIGNATURE", payment } });
}

void TestX402Payments::paidCallDeliversAndSettlesOnce()
{
    const int settles = m_facilitator.settleCount();
    const QByteArray payment = pay(u"/x402/iban/"_s + Iban);
    const HttpTestResponse r = paidGet(u"/x402/iban/"_s + Iban, payment);
    QCOMPARE(r.status, 200);
    const QJsonObject settlement = decodeHeader(r.header("PAYMENT-RESPONSE"));
    QCOMPARE(settlement.value(u"success"_s).toBool(), true);
    QVERIFY(settlement.value(u"transaction"_s).toString().startsWith(u"0x"_s));
    QCOMPARE(settlement.value(u"network"_s).toString(), u"eip155:1337"_s);
    QCOMPARE(r.json().value(u"valid"_s).toBool(), true);
    QVERIFY(m_context->verifier().verify(r.json()).valid);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    // The facilitator got OUR requirement at OUR price, not the client's copy.
    const QJsonObject sent = m_facilitator.lastSettleRequest().value(u"paymentRequirements"_s).toObject();
    QCOMPARE(sent.value(u"amount"_s).toString(), u"2000"_s);
    QCOMPARE(sent.value(u"payTo"_s).toString(), PayTo);
    QCOMPARE(m_context->store().payments().revenueByNetwork().value(u"eip155:1337"_s) >= 2000, true);
}

void TestX402Payments::identicalRetryReturnsTheStoredResult()
{
    const QByteArray payment = pay(u"/x402/iban/"_s + Iban);
    const HttpTestResponse first = paidGet(u"/x402/iban/"_s + Iban, payment);
    QCOMPARE(first.status, 200);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse retry = paidGet(u"/x402/iban/"_s + Iban, payment);
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.body, first.body); // the same delivered result and receipt
    QCOMPARE(retry.header("PAYMENT-RESPONSE"), first.header("PAYMENT-RESPONSE"));
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestX402Payments::samePaymentOnAnotherRequestIsRefused()
{
    const QByteArray payment = pay(u"/x402/iban/"_s + Iban);
    QCOMPARE(paidGet(u"/x402/iban/"_s + Iban, payment).status, 200);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse other = paidGet(u"/x402/iban/GB82WEST12345698765432"_s, payment);
    QCOMPARE(other.status, 402);
    QCOMPARE(other.json().value(u"error"_s).toString(), u"payment_already_used"_s);
    QVERIFY(!other.header("PAYMENT-REQUIRED").isEmpty());
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestX402Payments::invalidVerdictIsA402WithItsCode()
{
    m_facilitator.setVerifyInvalid(u"invalid_exact_evm_insufficient_balance"_s);
    const QByteArray payment = pay(u"/x402/iban/"_s + Iban);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGet(u"/x402/iban/"_s + Iban, payment);
    m_facilitator.setVerifyInvalid({});
    QCOMPARE(r.status, 402);
    QCOMPARE(r.json().value(u"error"_s).toString(), u"invalid_exact_evm_insufficient_balance"_s);
    QVERIFY(!r.body.contains("rpc.internal")); // facilitator free text never reaches the client
    QCOMPARE(m_facilitator.settleCount(), settles);
    // Nothing was charged: the same authorization can pay once the balance is there.
    QCOMPARE(paidGet(u"/x402/iban/"_s + Iban, payment).status, 200);
}

void TestX402Payments::handlerErrorIsNeverSettled()
{
    const QString path = u"/x402/vat/IE6388047V"_s; // VIES unreachable in this service
    const QByteArray payment = pay(path);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGet(path, payment);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestX402Payments::failedSettlementDeliversNothing()
{
    m_facilitator.setSettleFailure(u"invalid_exact_evm_transaction_failed"_s);
    const QByteArray payment = pay(u"/x402/iban/"_s + Iban);
    const HttpTestResponse r = paidGet(u"/x402/iban/"_s + Iban, payment);
    m_facilitator.setSettleFailure({});
    QCOMPARE(r.status, 402);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    const QJsonObject settlement = decodeHeader(r.header("PAYMENT-RESPONSE"));
    QCOMPARE(settlement.value(u"success"_s).toBool(true), false);
    QCOMPARE(settlement.value(u"errorReason"_s).toString(), u"invalid_exact_evm_transaction_failed"_s);
    QVERIFY(!settlement.contains(u"errorMessage"_s));
    QVERIFY(!r.json().contains(u"valid"_s)); // no result
    QVERIFY(!r.body.contains("rpc.internal"));
}

void TestX402Payments::pendingSettlementIsRetriedOnce()
{
    m_facilitator.setSettlePendingOnce(true);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGet(u"/x402/iban/"_s + Iban, pay(u"/x402/iban/"_s + Iban));
    QCOMPARE(r.status, 200);
    QCOMPARE(m_facilitator.settleCount(), settles + 2);
}

void TestX402Payments::concurrentDuplicatesSettleOnce()
{
    const QString path = u"/x402/iban/"_s + Iban;
    const QByteArray payment = pay(path);
    const int settles = m_facilitator.settleCount();
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1%2"_s.arg(m_host->port()).arg(path)));
    request.setRawHeader("PAYMENT-SIGNATURE", payment);
    QList<QNetworkReply *> replies;
    for (int i = 0; i < 2; ++i)
        replies.append(manager.get(request));
    QTRY_VERIFY_WITH_TIMEOUT(replies.at(0)->isFinished() && replies.at(1)->isFinished(), 10000);
    int delivered = 0;
    for (QNetworkReply *reply : std::as_const(replies)) {
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QVERIFY2(status == 200 || status == 402, qPrintable(QString::number(status)));
        delivered += status == 200;
        reply->deleteLater();
    }
    QVERIFY(delivered >= 1);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
}

void TestX402Payments::facilitatorUnreachableIsUncharged503()
{
    QTemporaryDir dir;
    auto context
        = ServiceContext::createForTests(dir.path(), test::localX402Settings(u"http://127.0.0.1:1"_s));
    ServiceHost host(*context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    const QString path = u"/x402/iban/"_s + Iban;
    // pay() and paidGet() talk to m_client: point it at this service for the moment.
    std::unique_ptr<HttpTestClient> main
        = std::exchange(m_client, std::make_unique<HttpTestClient>(host.port()));
    const QByteArray payment = pay(path);
    const HttpTestResponse r = paidGet(path, payment);
    m_client = std::move(main);
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"facilitator"_s });
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(context->store().payments().revenueByNetwork().value(u"eip155:1337"_s), 0);
}

void TestX402Payments::mcpUnpaidCallAnswersPaymentRequired()
{
    const QJsonObject result
        = m_client->callMcpTool(u"screen_sanctions_eu"_s, { { u"name"_s, u"Vladimir Putin"_s } });
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    const QJsonObject required = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(required.value(u"x402Version"_s).toInt(), 2);
    QCOMPARE(required.value(u"resource"_s).toObject().value(u"url"_s).toString(),
        u"mcp://tool/screen_sanctions_eu"_s);
    QCOMPARE(
        required.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"10000"_s);
    // content[0].text is exactly that object, as the reference client parses it.
    const QString text = result.value(u"content"_s).toArray().at(0).toObject().value(u"text"_s).toString();
    QCOMPARE(QJsonDocument::fromJson(text.toUtf8()).object(), required);
}

void TestX402Payments::mcpHandlerErrorIsNeverSettled()
{
    // No sanctions list is loaded yet: the tool fails after verify and must not be settled.
    const QJsonObject offer
        = m_client->mcpToolOffer(u"screen_sanctions_eu"_s, { { u"name"_s, u"Vladimir Putin"_s } });
    const int settles = m_facilitator.settleCount();
    const QJsonObject result
        = m_client->callMcpTool(u"screen_sanctions_eu"_s, { { u"name"_s, u"Vladimir Putin"_s } },
            { { u"x402/payment"_s, test::signedPayment(m_payer, offer) } });
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QCOMPARE(result.value(u"structuredContent"_s).toObject().value(u"status_code"_s).toInt(), 503);
    QVERIFY(!result.value(u"_meta"_s).toObject().contains(u"x402/payment-response"_s));
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestX402Payments::mcpPaidCallSettles()
{
    ADES_REQUIRE_SHARED_DATA();
    QVERIFY(ades::test::sanctionsOf(*m_context)
                .import({ sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s })
                .ok());
    const QJsonObject offer
        = m_client->mcpToolOffer(u"screen_sanctions_eu"_s, { { u"name"_s, u"Vladimir Putin"_s } });
    const int settles = m_facilitator.settleCount();
    const QJsonObject result
        = m_client->callMcpTool(u"screen_sanctions_eu"_s, { { u"name"_s, u"Vladimir Putin"_s } },
            { { u"x402/payment"_s, test::signedPayment(m_payer, offer) } });
    QVERIFY(!result.value(u"isError"_s).toBool());
    const QJsonObject settlement
        = result.value(u"_meta"_s).toObject().value(u"x402/payment-response"_s).toObject();
    QCOMPARE(settlement.value(u"success"_s).toBool(), true);
    const QJsonObject content = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"result"_s).toString(), u"potential_match"_s);
    QVERIFY(m_context->verifier().verify(content).valid);
    QCOMPARE(result.value(u"_meta"_s).toObject().value(u"example.ades/receipt"_s).toObject(),
        content.value(u"receipt"_s).toObject());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    // The console's live calls view reads the call log: the POST is there with its operation, the USDC
    // settled, the payer and the settlement.
    const QString transaction = settlement.value(u"transaction"_s).toString();
    const qint64 price = offer.value(u"amount"_s).toString().toLongLong();
    QVERIFY(price > 0);
    const auto logged = [this, &transaction, price]() {
        for (const CallRecord &call : m_context->store().calls().recentCalls(50)) {
            if (call.channel == u"mcp"_s && call.transaction == transaction)
                return call.operationId == u"eu.sanctions.screen"_s && call.priceUnits == price
                    && !call.principal.isEmpty() && !call.network.isEmpty();
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(logged(), 5000);
}

QTEST_GUILESS_MAIN(TestX402Payments)
#include "TestX402Payments.moc"
