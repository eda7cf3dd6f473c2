#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptVerifier.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString Devnet = u"solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"_s;
const QString PayTo = u"7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"_s;
const QString FeePayer = u"CKPKJWNdJEqa81x7CkZ14BVPiY6y16Sxs7owznqtWYp5"_s;
const QString Iban = u"DE89370400440532013000"_s;

QJsonObject decodeHeader(const QByteArray &header)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
}

// A stand-in for a wallet's partially signed transaction: random bytes of a plausible size. Only the
// facilitator reads a Solana transaction; the service checks its envelope and uses it as the replay key.
QString transaction(int bytes = 400)
{
    QByteArray raw(bytes, Qt::Uninitialized);
    for (char &c : raw)
        c = char(QRandomGenerator::global()->bounded(256));
    return QString::fromLatin1(raw.toBase64());
}

QByteArray paymentHeader(const QJsonObject &offer, const QString &tx)
{
    const QJsonObject payment { { u"x402Version"_s, 2 }, { u"accepted"_s, offer },
        { u"payload"_s, QJsonObject { { u"transaction"_s, tx } } } };
    return QJsonDocument(payment).toJson(QJsonDocument::Compact).toBase64();
}

} // namespace

// Solana is offered only because a payment on it can be taken: the gate checks the envelope, the
// facilitator verifies and settles, the ledger keys the payment by its transaction.
class TestSolanaPayments : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void challengeOffersSolanaWithFeePayer();
    void paidCallIsVerifiedAndSettledByTheFacilitator();
    void identicalRetryReturnsTheStoredResult();
    void sameTransactionOnAnotherRequestIsRefused();
    void malformedTransactionNeverReachesTheFacilitator_data();
    void malformedTransactionNeverReachesTheFacilitator();
    void refusedVerdictIsNeverSettled();
    void mcpPaidCallSettlesOnSolana();

private:
    QJsonObject offer(const QString &path);

    QTemporaryDir m_dir;
    FakeFacilitator m_facilitator;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
};

void TestSolanaPayments::initTestCase()
{
    QVERIFY(m_facilitator.port() != 0);
    m_context = ServiceContext::createForTests(m_dir.path(),
        { { u"x402/payto_solana"_s, PayTo }, { u"x402/solana_fee_payer"_s, FeePayer },
            { u"x402/networks"_s, u"solana-devnet"_s },
            { u"upstream/facilitator/base_url"_s, m_facilitator.baseUrl() } });
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());
}

QJsonObject TestSolanaPayments::offer(const QString &path)
{
    const HttpTestResponse challenge = m_client->get(path);
    return decodeHeader(challenge.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
}

void TestSolanaPayments::challengeOffersSolanaWithFeePayer()
{
    const HttpTestResponse r = m_client->get(u"/x402/iban/"_s + Iban);
    QCOMPARE(r.status, 402);
    const QJsonArray accepts = decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray();
    QCOMPARE(accepts.size(), 1);
    const QJsonObject o = accepts.at(0).toObject();
    QCOMPARE(o.value(u"network"_s).toString(), Devnet);
    QCOMPARE(o.value(u"payTo"_s).toString(), PayTo);
    QCOMPARE(o.value(u"extra"_s).toObject().value(u"feePayer"_s).toString(), FeePayer);
}

void TestSolanaPayments::paidCallIsVerifiedAndSettledByTheFacilitator()
{
    const int verifies = m_facilitator.verifyCount();
    const int settles = m_facilitator.settleCount();
    const QString path = u"/x402/iban/"_s + Iban;
    const HttpTestResponse r
        = m_client->get(path, { { "PAYMENT-SIGNATURE", paymentHeader(offer(path), transaction()) } });
    QCOMPARE(r.status, 200);
    const QJsonObject settlement = decodeHeader(r.header("PAYMENT-RESPONSE"));
    QCOMPARE(settlement.value(u"success"_s).toBool(), true);
    QCOMPARE(settlement.value(u"network"_s).toString(), Devnet);
    QVERIFY(!settlement.value(u"transaction"_s).toString().startsWith(u"0x"_s));
    QVERIFY(m_context->verifier().verify(r.json()).valid);
    QCOMPARE(m_facilitator.verifyCount(), verifies + 1);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    // OUR requirement went to the facilitator.
    const QJsonObject sent = m_facilitator.lastSettleRequest().value(u"paymentRequirements"_s).toObject();
    QCOMPARE(sent.value(u"payTo"_s).toString(), PayTo);
    QCOMPARE(sent.value(u"amount"_s).toString(), u"2000"_s);
    QVERIFY(m_context->store().payments().revenueByNetwork().value(Devnet) >= 2000);
}

void TestSolanaPayments::identicalRetryReturnsTheStoredResult()
{
    const QString path = u"/x402/iban/"_s + Iban;
    const QByteArray payment = paymentHeader(offer(path), transaction());
    const HttpTestResponse first = m_client->get(path, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(first.status, 200);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse retry = m_client->get(path, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.body, first.body);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestSolanaPayments::sameTransactionOnAnotherRequestIsRefused()
{
    const QString path = u"/x402/iban/"_s + Iban;
    const QJsonObject o = offer(path);
    const QString tx = transaction();
    QCOMPARE(m_client->get(path, { { "PAYMENT-SIGNATURE", paymentHeader(o, tx) } }).status, 200);
    const int settles = m_facilitator.settleCount();
    const QString other = u"/x402/iban/GB82WEST12345698765432"_s;
    const HttpTestResponse r = m_client->get(other, { { "PAYMENT-SIGNATURE", paymentHeader(o, tx) } });
    QCOMPARE(r.status, 402);
    QCOMPARE(
        decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"error"_s).toString(), u"payment_already_used"_s);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestSolanaPayments::malformedTransactionNeverReachesTheFacilitator_data()
{
    QTest::addColumn<QString>("tx");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not-base64") << u"%%% not base64 %%%"_s << u"invalid_exact_svm_payload_transaction"_s;
    QTest::newRow("too-long") << transaction(1233) << u"invalid_exact_svm_payload_transaction"_s;
    QTest::newRow("missing") << QString() << u"invalid_payload"_s;
}

void TestSolanaPayments::malformedTransactionNeverReachesTheFacilitator()
{
    QFETCH(QString, tx);
    QFETCH(QString, reason);
    const QString path = u"/x402/iban/"_s + Iban;
    const int verifies = m_facilitator.verifyCount();
    const HttpTestResponse r
        = m_client->get(path, { { "PAYMENT-SIGNATURE", paymentHeader(offer(path), tx) } });
    QCOMPARE(r.status, 402);
    QCOMPARE(decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"error"_s).toString(), reason);
    QCOMPARE(m_facilitator.verifyCount(), verifies);
}

void TestSolanaPayments::refusedVerdictIsNeverSettled()
{
    const QString path = u"/x402/iban/"_s + Iban;
    const int settles = m_facilitator.settleCount();
    m_facilitator.setVerifyInvalid(u"invalid_exact_svm_payload_transaction_amount_mismatch"_s);
    const HttpTestResponse r
        = m_client->get(path, { { "PAYMENT-SIGNATURE", paymentHeader(offer(path), transaction()) } });
    m_facilitator.setVerifyInvalid({});
    QCOMPARE(r.status, 402);
    QCOMPARE(decodeHeader(r.header("PAYMENT-REQUIRED")).value(u"error"_s).toString(),
        u"invalid_exact_svm_payload_transaction_amount_mismatch"_s);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestSolanaPayments::mcpPaidCallSettlesOnSolana()
{
    // An empty UBL invoice still gets a delivered validation result: its findings.
    const QByteArray ubl = R"(<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>)";
    const QJsonObject arguments { { u"document"_s, QString::fromLatin1(ubl.toBase64()) } };
    const QJsonObject offered = m_client->mcpToolOffer(u"validate_einvoice_eu"_s, arguments);
    QCOMPARE(offered.value(u"network"_s).toString(), Devnet);
    const QJsonObject payment { { u"x402Version"_s, 2 }, { u"accepted"_s, offered },
        { u"payload"_s, QJsonObject { { u"transaction"_s, transaction() } } } };
    const int settles = m_facilitator.settleCount();
    const QJsonObject result = m_client->callMcpTool(
        u"validate_einvoice_eu"_s, arguments, QJsonObject { { u"x402/payment"_s, payment } });
    QVERIFY2(!result.value(u"isError"_s).toBool(), QJsonDocument(result).toJson().constData());
    const QJsonObject settlement
        = result.value(u"_meta"_s).toObject().value(u"x402/payment-response"_s).toObject();
    QCOMPARE(settlement.value(u"network"_s).toString(), Devnet);
    QCOMPARE(settlement.value(u"success"_s).toBool(), true);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
}

QTEST_GUILESS_MAIN(TestSolanaPayments)
#include "TestSolanaPayments.moc"
