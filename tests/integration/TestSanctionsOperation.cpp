#include "HttpTestClient.h"
#include "TestAreas.h"
#include "TestData.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

class TestSanctionsOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void noListIsUncharged503();
    void screensAfterImport();
    void keptListsServeAfterRestart();
    void x402AndMcpExposures();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
    QString m_key;
};

void TestSanctionsOperation::initTestCase()
{
    m_context = ServiceContext::createForTests(
        m_dir.path(), { { u"x402/payto_evm"_s, u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s } });
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());
    const auto key = m_context->store().keys().create(u"t"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    m_key = key.value().key;
}

void TestSanctionsOperation::noListIsUncharged503()
{
    const auto r
        = m_client->get(u"/v1/sanctions?name=Vladimir%20Putin"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), (QJsonArray { u"eu"_s, u"un"_s, u"uk"_s }));
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QVERIFY(!r.json().contains(u"hits"_s)); // never "no hits"
    const QJsonObject health = m_client->get(u"/v1/health"_s).json().value(u"details"_s).toObject();
    QCOMPARE(health.value(u"sanctions_lists"_s)
                 .toObject()
                 .value(u"eu"_s)
                 .toObject()
                 .value(u"loaded"_s)
                 .toBool(true),
        false);
}

void TestSanctionsOperation::screensAfterImport()
{
    ADES_REQUIRE_SHARED_DATA();
    const Result<int> imported
        = ades::test::sanctionsOf(*m_context)
              .import({ sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
    QVERIFY(imported.value() > 10000);

    auto r = m_client->get(
        u"/v1/sanctions?name=Vladimir%20Putin&lists=uk,eu"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"result"_s).toString(), u"potential_match"_s);
    const QJsonObject top = r.json().value(u"hits"_s).toArray().at(0).toObject();
    QVERIFY(top.value(u"score"_s).toDouble() >= 0.7);
    QVERIFY(!top.value(u"reference"_s).toString().isEmpty());
    QVERIFY(!top.value(u"list_generation_date"_s).toString().isEmpty());
    QCOMPARE(r.json().value(u"lists_screened"_s).toArray().size(), 2);
    QVERIFY(r.json().contains(u"receipt"_s));

    const QJsonObject lists = m_client->get(u"/v1/health"_s)
                                  .json()
                                  .value(u"details"_s)
                                  .toObject()
                                  .value(u"sanctions_lists"_s)
                                  .toObject();
    QCOMPARE(lists.value(u"eu"_s).toObject().value(u"loaded"_s).toBool(), true);
    QVERIFY(!lists.value(u"un"_s).toObject().value(u"generation_date"_s).toString().isEmpty());

    r = m_client->get(u"/v1/sanctions?name=Acme%20Bakery%20GmbH"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"result"_s).toString(), u"no_match"_s);
    QCOMPARE(r.json().value(u"hit_count"_s).toInt(), 0);

    r = m_client->get(u"/v1/sanctions?name=x&lists=us"_s, { { "X-API-Key", m_key.toUtf8() } });
    QCOMPARE(r.status, 422);
}

void TestSanctionsOperation::keptListsServeAfterRestart()
{
    ADES_REQUIRE_SHARED_DATA();
    // A second context on the same data folder loads the kept lists without the network.
    auto again = ServiceContext::createForTests(m_dir.path());
    QVERIFY(ades::test::sanctionsOf(*again).index());
    QVERIFY(ades::test::sanctionsOf(*again).index()->entries().size() > 10000);
}

void TestSanctionsOperation::x402AndMcpExposures()
{
    const auto r = m_client->get(u"/x402/sanctions?name=Vladimir%20Putin"_s);
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    QCOMPARE(
        challenge.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"10000"_s);
    const auto tools = m_client->get(u"/mcp-tools.json"_s).json().value(u"tools"_s).toArray();
    bool listed = false;
    for (const QJsonValue &t : tools)
        listed = listed || t.toObject().value(u"name"_s).toString() == u"screen_sanctions_eu"_s;
    QVERIFY(listed);
}

QTEST_GUILESS_MAIN(TestSanctionsOperation)
#include "TestSanctionsOperation.moc"
