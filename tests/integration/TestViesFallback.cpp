#include "FakeVies.h"
#include "StoreFixture.h"
#include "TestData.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/eu/EuSettings.h"
#include "ops/eu/vat/VatCheck.h"
#include "ops/eu/vat/ViesArchive.h"
#include "ops/eu/vat/ViesClient.h"
#include "ops/eu/vat/ViesSoap.h"
#include "store/Store.h"
#include "store/ViesObservations.h"
#include "upstream/UpstreamClient.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QTest>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using ades::Outcome;
using ades::eu::ViesClient;
using ades::eu::ViesSoap;
using ades::test::FakeVies;
using Endpoint = ades::test::FakeVies::Endpoint;

// The SOAP service as the fallback of the VIES REST API (loopback fakes of both): when it is asked, what
// the result says about it, and that every answer, from either, lands in the archive.
class TestViesFallback : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void restAnswersWithoutSoap();
    void restFailureFallsBackToSoap_data();
    void restFailureFallsBackToSoap();
    void memberStateFaultIsNotAServiceFailure();
    void soapFaultsWithEitherStatus_data();
    void soapFaultsWithEitherStatus();
    void bothDownIsUncharged503();
    void soapGivesConsultationNumber();
    void configuredSoapUrlWins();
    void soapFollowsRelocatedRest();
    void archivedAnswers();

private:
    void makeHandler(const QHash<QString, QString> &extra = {});
    std::shared_ptr<std::optional<Outcome>> call(const QString &vatId);

    std::unique_ptr<FakeVies> m_fake;
    ades::test::StoreFixture m_storeFixture;
    std::unique_ptr<ades::Store> m_store;
    std::unique_ptr<ades::Settings> m_settings;
    std::unique_ptr<ades::UpstreamClient> m_upstream;
    std::unique_ptr<ades::eu::ViesArchive> m_archive;
    ades::Handler m_handler;
};

namespace {

constexpr int WaitMs = 8000;

} // namespace

void TestViesFallback::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_fake = std::make_unique<FakeVies>();
    QVERIFY2(m_fake->isReady(), qPrintable(m_fake->errorString()));
    QVERIFY(m_storeFixture.reset());
    m_store = m_storeFixture.openStore();
    QVERIFY(m_store);
    makeHandler();
}

void TestViesFallback::cleanup()
{
    m_handler = nullptr;
    m_archive.reset();
    m_upstream.reset();
    m_settings.reset();
    m_store.reset();
    m_storeFixture.clear();
    m_fake.reset();
}

void TestViesFallback::makeHandler(const QHash<QString, QString> &extra)
{
    m_handler = nullptr;
    m_archive.reset();
    m_upstream.reset();
    // Only the REST URL is given: the SOAP service is found beside it, as on the official server.
    QHash<QString, QString> values { { u"upstream/vies/base_url"_s, m_fake->baseUrl() },
        { u"upstream/vies/timeout_ms"_s, u"2000"_s }, { u"upstream/vies-soap/timeout_ms"_s, u"2000"_s } };
    values.insert(extra);
    m_settings = std::make_unique<ades::Settings>(ades::Settings::fromValues(QString(), values));
    m_upstream = std::make_unique<ades::UpstreamClient>(*m_settings, m_storeFixture.clock());
    m_upstream->addSource(ViesClient::sourceDefaults());
    m_upstream->addSource(ViesSoap::sourceDefaults());
    m_archive
        = std::make_unique<ades::eu::ViesArchive>(&m_store->viesObservations(), m_storeFixture.clock(), true);
    m_handler = ades::eu::makeVatCheckHandler(*m_upstream, *m_settings, m_storeFixture.clock(),
        ades::eu::ViesServices { nullptr, m_archive.get() });
}

std::shared_ptr<std::optional<Outcome>> TestViesFallback::call(const QString &vatId)
{
    auto pending = std::make_shared<std::optional<Outcome>>();
    m_handler(QJsonObject { { u"vat_id"_s, vatId } }, {}, [pending](Outcome outcome) {
        Q_ASSERT(!pending->has_value());
        pending->emplace(std::move(outcome));
    });
    return pending;
}

void TestViesFallback::restAnswersWithoutSoap()
{
    auto r = call(u"IT00950501007"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    QCOMPARE((*r)->value().data.value(u"vies_endpoint"_s).toString(), u"rest"_s);
    QCOMPARE(m_fake->requestCount(Endpoint::Rest), 1);
    QCOMPARE(m_fake->requestCount(Endpoint::Soap), 0);
}

void TestViesFallback::restFailureFallsBackToSoap_data()
{
    QTest::addColumn<QString>("how");
    QTest::newRow("rest-down") << u"down"_s;
    QTest::newRow("rest-proxy-502") << u"html502"_s;
    QTest::newRow("rest-service-unavailable") << u"SERVICE_UNAVAILABLE"_s;
    QTest::newRow("rest-service-unavailable-http200") << u"SERVICE_UNAVAILABLE-200"_s;
}

void TestViesFallback::restFailureFallsBackToSoap()
{
    QFETCH(QString, how);
    if (how == u"down"_s)
        m_fake->setDown(Endpoint::Rest, true);
    else if (how == u"html502"_s)
        m_fake->setHtmlError(Endpoint::Rest, 502);
    else
        m_fake->setForcedFault(Endpoint::Rest, u"SERVICE_UNAVAILABLE"_s);
    m_fake->setFaultsWithHttp200(how.endsWith(u"-200"_s));

    auto r = call(u"IT 00950501007"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY2((*r)->ok(), qPrintable((*r)->ok() ? QString() : (*r)->error().message()));
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"vies_endpoint"_s).toString(), u"soap"_s);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), true);
    QCOMPARE(d.value(u"registered"_s), QJsonValue(true));
    QCOMPARE(d.value(u"name"_s).toString(), u"BANCA D'ITALIA"_s);
    QVERIFY(d.value(u"address"_s).toString().startsWith(u"VIA NAZIONALE 91"_s));
    QCOMPARE(d.value(u"source"_s).toString(), u"vies"_s);
    QVERIFY(d.value(u"hint"_s).toString().contains(u"SOAP"_s));
    const QJsonObject snapshot = d.value(u"source_snapshots"_s).toArray().first().toObject();
    QCOMPARE(snapshot.value(u"source"_s).toString(), ViesSoap::sourceId());
    QCOMPARE(snapshot.value(u"url"_s).toString(), m_fake->soapUrl());
    // SOAP gives a day, not a moment: checked_at is our time of the check.
    QCOMPARE(d.value(u"checked_at"_s).toString(), ades::isoUtc(m_storeFixture.clock().now()));
    QCOMPARE(m_fake->requestCount(Endpoint::Soap), 1);
    const QByteArray soapRequest = m_fake->lastRequestBody();
    QVERIFY(soapRequest.contains("checkVat"));
    QVERIFY(soapRequest.contains(">00950501007<"));
}

void TestViesFallback::memberStateFaultIsNotAServiceFailure()
{
    // VIES itself answered: the member state is down. SOAP would ask the same member state.
    m_fake->setForcedFault(Endpoint::Rest, u"MS_UNAVAILABLE"_s);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().code(), u"vies_ms_unavailable"_s);
    QCOMPARE((*r)->error().httpStatus(), 503);
    QCOMPARE(m_fake->requestCount(Endpoint::Soap), 0);
}

void TestViesFallback::soapFaultsWithEitherStatus_data()
{
    QTest::addColumn<bool>("http200");
    QTest::newRow("fault-http500") << false;
    QTest::newRow("fault-http200") << true;
}

void TestViesFallback::soapFaultsWithEitherStatus()
{
    QFETCH(bool, http200);
    m_fake->setDown(Endpoint::Rest, true);
    m_fake->setForcedFault(Endpoint::Soap, u"MS_MAX_CONCURRENT_REQ"_s);
    m_fake->setFaultsWithHttp200(http200);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    // VIES' own answer through SOAP is the answer: never "not registered", never a 200.
    QCOMPARE((*r)->error().code(), u"vies_ms_max_concurrent_req"_s);
    QCOMPARE((*r)->error().httpStatus(), 503);
    QVERIFY((*r)->error().isRetryable());
    QCOMPARE((*r)->error().missing(), QStringList { u"vies"_s });
}

void TestViesFallback::bothDownIsUncharged503()
{
    m_fake->setDown(true);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    const ades::ServiceError &e = (*r)->error();
    QCOMPARE(e.httpStatus(), 503);
    QCOMPARE(e.code(), u"vies_unreachable"_s);
    QCOMPARE(e.missing(), QStringList { u"vies"_s });
    QVERIFY(e.isRetryable());
    QVERIFY2(e.message().contains(u"VIES"_s) && e.message().contains(u"SOAP"_s), qPrintable(e.message()));
    QCOMPARE(e.toJson().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_store->viesObservations().count(u"IE"_s, u"6388047V"_s).value_or(-1), 0);
}

void TestViesFallback::soapGivesConsultationNumber()
{
    makeHandler({ { ades::eu::EuSettings::RequesterVatId.spec.key, u"DE 136695976"_s } });
    m_fake->setDown(Endpoint::Rest, true);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"vies_endpoint"_s).toString(), u"soap"_s);
    QVERIFY(!d.value(u"consultation_number"_s).toString().isEmpty());
    QVERIFY(d.value(u"consultation_number"_s).toString().startsWith(u"WAPI"_s));
    QCOMPARE(d.value(u"requester_vat_id"_s).toString(), u"DE136695976"_s);
    const QByteArray sent = m_fake->lastRequestBody();
    QVERIFY(sent.contains("checkVatApprox"));
    QVERIFY(sent.contains(">DE<") && sent.contains(">136695976<"));
}

void TestViesFallback::configuredSoapUrlWins()
{
    // An explicit SOAP URL that leads nowhere: no fallback answer, REST's error stands.
    makeHandler({ { u"upstream/vies-soap/base_url"_s, u"http://127.0.0.1:1/checkVatService"_s } });
    m_fake->setDown(Endpoint::Rest, true);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().code(), u"vies_unreachable"_s);
    QCOMPARE(m_fake->requestCount(Endpoint::Soap), 0);
}

void TestViesFallback::soapFollowsRelocatedRest()
{
    // Nothing configured for SOAP, REST moved: SOAP is looked for beside REST, never at the Commission.
    QUrl rest(m_fake->baseUrl());
    QCOMPARE(rest.path(), u"/taxation_customs/vies/rest-api"_s);
    m_fake->setDown(Endpoint::Rest, true);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    QCOMPARE(m_fake->lastRequestPath(), QUrl(m_fake->soapUrl()).path());
}

void TestViesFallback::archivedAnswers()
{
    auto rest = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(rest->has_value(), WaitMs);
    QVERIFY((*rest)->ok());
    m_storeFixture.clock().advanceSeconds(3600);
    m_fake->setDown(Endpoint::Rest, true);
    auto soap = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(soap->has_value(), WaitMs);
    QVERIFY((*soap)->ok());
    // A fault is not an observation.
    m_fake->setDown(true);
    auto failed = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(failed->has_value(), WaitMs);
    QVERIFY(!(*failed)->ok());

    const QList<ades::VatObservation> kept
        = m_store->viesObservations().atOrBefore(u"IE"_s, u"6388047V"_s, m_storeFixture.clock().now(), 10);
    QCOMPARE(kept.size(), 2);
    QCOMPARE(kept.at(0).endpoint, u"rest"_s);
    QCOMPARE(kept.at(1).endpoint, u"soap"_s);
    QCOMPARE(kept.at(1).observedAt, m_storeFixture.clock().now());
    for (const ades::VatObservation &o : kept) {
        QVERIFY(o.valid);
        QCOMPARE(o.name, u"GOOGLE IRELAND LIMITED"_s);
        QCOMPARE(o.responseSha256.size(), 64);
        QVERIFY(!o.viesRequestDate.isEmpty());
    }
    const QJsonObject restSnapshot
        = (*rest)->value().data.value(u"source_snapshots"_s).toArray().first().toObject();
    QCOMPARE(kept.at(0).responseSha256, restSnapshot.value(u"sha256"_s).toString());
    QCOMPARE(kept.at(0).sourceUrl, restSnapshot.value(u"url"_s).toString());
}

QTEST_GUILESS_MAIN(TestViesFallback)
#include "TestViesFallback.moc"
