#include "FakeVies.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestData.h"
#include "VatSamples.h"
#include "host/ServiceContext.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"
#include "store/ViesObservations.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;
using Endpoint = FakeVies::Endpoint;

namespace {

QByteArray batchBody(const QStringList &ids, std::optional<bool> vies = {})
{
    QJsonObject body { { u"vat_ids"_s, QJsonArray::fromStringList(ids) } };
    if (vies)
        body.insert(u"vies"_s, *vies);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QList<QPair<QByteArray, QByteArray>> withKey(const QString &key)
{
    return { { "X-API-Key", key.toUtf8() } };
}

} // namespace

// POST /v1/vat/batch over loopback HTTP against the fake VIES (REST and SOAP): the plan gate, per-item
// results and errors, one receipt, exact counting, bounded concurrency with back-off, the time bound.
class TestVatBatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void mixedBatch();
    void freePlanKeyGets402();
    void badRequests_data();
    void badRequests();
    void quotaCountsCheckedDistinctIds();
    void allFailedIsUncharged503();
    void formatOnlyBatch();
    void concurrencyIsBoundedAndRateLimitsRetried();
    void moreThanSixInFlight();
    void deadlineBoundsTheBatch();
    void restDownSoapAnswersBatch();

private:
    // A service against the fake with these extra settings, and a full-plan and a free key.
    void start(const QHash<QString, QString> &extra = {});
    HttpTestResponse postBatch(const QByteArray &body, const QString &key);
    qint64 batchUsage(const QString &keyId);

    std::unique_ptr<FakeVies> m_fake;
    std::unique_ptr<RunningService> m_service;
    NewApiKey m_full;
    NewApiKey m_free;
};

void TestVatBatch::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_fake = std::make_unique<FakeVies>();
    QVERIFY2(m_fake->isReady(), qPrintable(m_fake->errorString()));
    start();
}

void TestVatBatch::cleanup()
{
    m_service.reset();
    m_fake.reset();
}

void TestVatBatch::start(const QHash<QString, QString> &extra)
{
    m_service.reset();
    m_service = std::make_unique<RunningService>();
    QHash<QString, QString> settings { { u"upstream/vies/base_url"_s, m_fake->baseUrl() },
        { u"upstream/vies/timeout_ms"_s, u"3000"_s }, { u"upstream/vies-soap/timeout_ms"_s, u"3000"_s },
        { u"vies/retry_base_ms"_s, u"20"_s }, { u"vies/batch_deadline_ms"_s, u"10000"_s } };
    settings.insert(extra);
    QVERIFY(m_service->start(settings));
    const Result<NewApiKey> full
        = m_service->context->store().keys().create(u"full"_s, u"full"_s, std::nullopt);
    const Result<NewApiKey> free = m_service->context->store().keys().create(u"free"_s);
    QVERIFY(full.ok() && free.ok());
    m_full = full.value();
    m_free = free.value();
}

HttpTestResponse TestVatBatch::postBatch(const QByteArray &body, const QString &key)
{
    return m_service->client->post(u"/v1/vat/batch"_s, body, withKey(key));
}

qint64 TestVatBatch::batchUsage(const QString &keyId)
{
    return m_service->context->store().quotas().usage(keyId).callsByOperation.value(u"eu.vat.batch"_s);
}

void TestVatBatch::mixedBatch()
{
    m_fake->setFaultFor(u"PL5213017228"_s, u"MS_UNAVAILABLE"_s);
    const QStringList ids { u"IE6388047V"_s, u"DE246595415"_s, u"DE136695977"_s, u"ie 6388047v"_s, u"XY1"_s,
        u"PL 521-301-72-28"_s, u"BE0244142664"_s };
    const HttpTestResponse r = postBatch(batchBody(ids), m_full.key);
    QCOMPARE(r.status, 200);
    const QJsonObject body = r.json();
    QCOMPARE(body.value(u"count"_s).toInt(), 7);
    const QJsonArray items = body.value(u"items"_s).toArray();
    QCOMPARE(items.size(), 7);
    const auto item = [&items](int i) { return items.at(i).toObject(); };
    for (int i = 0; i < items.size(); ++i) {
        QCOMPARE(item(i).value(u"index"_s).toInt(), i);
        QCOMPARE(item(i).value(u"input"_s).toString(), ids.at(i));
    }
    // Registered, from VIES.
    QCOMPARE(item(0).value(u"ok"_s).toBool(), true);
    QCOMPARE(item(0).value(u"result"_s).toObject().value(u"registered"_s), QJsonValue(true));
    QCOMPARE(item(0).value(u"result"_s).toObject().value(u"name"_s).toString(), u"GOOGLE IRELAND LIMITED"_s);
    QVERIFY(item(0).value(u"error"_s).isNull());
    // Not registered: a result, not an error.
    QCOMPARE(item(1).value(u"result"_s).toObject().value(u"registered"_s), QJsonValue(false));
    // Bad check digit: answered from the format, VIES not asked.
    QCOMPARE(item(2).value(u"ok"_s).toBool(), true);
    QCOMPARE(item(2).value(u"result"_s).toObject().value(u"format_valid"_s).toBool(), false);
    QCOMPARE(item(2).value(u"result"_s).toObject().value(u"vies_checked"_s).toBool(), false);
    // The same VAT ID again, spelt differently: shares item 0's check, with its own input.
    QCOMPARE(item(3).value(u"duplicate_of"_s).toInt(), 0);
    QCOMPARE(item(3).value(u"result"_s).toObject().value(u"registered"_s), QJsonValue(true));
    QCOMPARE(item(3).value(u"result"_s).toObject().value(u"input"_s).toString(), u"ie 6388047v"_s);
    // Too short for a VAT ID: its own 422.
    QCOMPARE(item(4).value(u"ok"_s).toBool(), false);
    QCOMPARE(item(4).value(u"error"_s).toObject().value(u"error_code"_s).toString(), u"too_short"_s);
    QCOMPARE(item(4).value(u"error"_s).toObject().value(u"status_code"_s).toInt(), 422);
    QCOMPARE(item(4).value(u"error"_s).toObject().value(u"error"_s).toObject().value(u"param"_s).toString(),
        u"vat_ids[4]"_s);
    // Member state down: its own uncharged 503, never "not registered".
    const QJsonObject down = item(5).value(u"error"_s).toObject();
    QCOMPARE(item(5).value(u"ok"_s).toBool(), false);
    QVERIFY(item(5).value(u"result"_s).isNull());
    QCOMPARE(down.value(u"error_code"_s).toString(), u"vies_ms_unavailable"_s);
    QCOMPARE(down.value(u"status_code"_s).toInt(), 503);
    QCOMPARE(down.value(u"charged"_s).toBool(true), false);
    QCOMPARE(down.value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });
    QCOMPARE(item(6).value(u"result"_s).toObject().value(u"registered"_s), QJsonValue(true));

    QCOMPARE(body.value(u"distinct"_s).toInt(), 6);
    QCOMPARE(body.value(u"checked"_s).toInt(), 5);
    QCOMPARE(body.value(u"failed"_s).toInt(), 2);
    // Distinct VAT IDs with a result: IE, DE246595415, DE136695977, BE; the duplicate and the errors are
    // free.
    QCOMPARE(body.value(u"charged_calls"_s).toInt(), 4);
    QCOMPARE(r.header("X-Quota-Used"), QByteArray("4"));

    // One receipt for the whole batch, and it verifies.
    QVERIFY(body.value(u"receipt"_s).isObject());
    QVERIFY(m_service->context->verifier().verify(body).valid);
    QCOMPARE(batchUsage(m_full.id), 4);
    // Each live VIES answer is archived: IE, DE246595415, BE (not the format-only one, not the fault).
    auto &archive = m_service->context->store().viesObservations();
    QCOMPARE(archive.count(u"IE"_s, u"6388047V"_s).value_or(-1), 1);
    QCOMPARE(archive.count(u"DE"_s, u"246595415"_s).value_or(-1), 1);
    QCOMPARE(archive.count(u"BE"_s, u"0244142664"_s).value_or(-1), 1);
    QCOMPARE(archive.count(u"PL"_s, u"5213017228"_s).value_or(-1), 0);
}

void TestVatBatch::freePlanKeyGets402()
{
    const int before = m_fake->requestCount();
    const HttpTestResponse r = postBatch(batchBody({ u"IE6388047V"_s }), m_free.key);
    QCOMPARE(r.status, 402);
    const QJsonObject e = r.json();
    QCOMPARE(e.value(u"error_code"_s).toString(), u"plan_required"_s);
    QVERIFY2(e.value(u"message"_s).toString().contains(u"full plan"_s),
        qPrintable(e.value(u"message"_s).toString()));
    QCOMPARE(e.value(u"plan"_s).toString(), u"free"_s);
    QCOMPARE(e.value(u"required_plan"_s).toString(), u"full"_s);
    QCOMPARE(e.value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_fake->requestCount(), before); // nothing ran
    QCOMPARE(m_service->context->store().quotas().usage(m_free.id).used, 0);
    // Without a key: 401 as everywhere on the key channel.
    QCOMPARE(m_service->client->post(u"/v1/vat/batch"_s, batchBody({ u"IE6388047V"_s })).status, 401);
    // The single check still works on the free plan.
    QCOMPARE(m_service->client->get(u"/v1/vat?value=IE6388047V"_s, withKey(m_free.key)).status, 200);
}

void TestVatBatch::badRequests_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    QStringList hundredAndOne;
    for (int i = 0; i < 101; ++i)
        hundredAndOne << u"DE136695976"_s;
    QTest::newRow("101-items") << batchBody(hundredAndOne) << 422 << u"too_many_items"_s << u"vat_ids"_s;
    QTest::newRow("no-items") << batchBody({}) << 422 << u"too_few_items"_s << u"vat_ids"_s;
    QTest::newRow("missing") << QByteArray("{}") << 422 << u"missing_field"_s << u"vat_ids"_s;
    QTest::newRow("number-item") << QByteArray("{\"vat_ids\": [\"IE6388047V\", 42]}") << 422
                                 << u"invalid_type"_s << u"vat_ids[1]"_s;
    QTest::newRow("unknown-field") << QByteArray("{\"vat_ids\": [\"IE6388047V\"], \"vat\": 1}") << 422
                                   << u"unknown_field"_s << u"vat"_s;
    QTest::newRow("not-json") << QByteArray("vat_ids=IE6388047V") << 400 << u"invalid_json"_s << u"body"_s;
}

void TestVatBatch::badRequests()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, param);
    const int before = m_fake->requestCount();
    const HttpTestResponse r = postBatch(body, m_full.key);
    QCOMPARE(r.status, status);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), code);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_fake->requestCount(), before);
    QCOMPARE(batchUsage(m_full.id), 0);
}

void TestVatBatch::quotaCountsCheckedDistinctIds()
{
    // A full-plan key with a limit (the store allows one): a batch is counted all or nothing.
    const Result<NewApiKey> limited
        = m_service->context->store().keys().create(u"limited"_s, u"full"_s, qint64(3));
    QVERIFY(limited.ok());
    const QStringList three { u"IE6388047V"_s, u"BE0244142664"_s, u"IT00950501007"_s };
    const HttpTestResponse first = postBatch(batchBody({ three.at(0), three.at(1) }), limited.value().key);
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("X-Quota-Used"), QByteArray("2"));
    QCOMPARE(first.header("X-Quota-Limit"), QByteArray("3"));
    // Two more would pass the limit: refused after the work, uncharged, nothing counted.
    const HttpTestResponse second = postBatch(batchBody({ three.at(1), three.at(2) }), limited.value().key);
    QCOMPARE(second.status, 402);
    QCOMPARE(second.json().value(u"error_code"_s).toString(), u"free_tier_exhausted"_s);
    QCOMPARE(m_service->context->store().quotas().usage(limited.value().id).used, 2);
    const HttpTestResponse third = postBatch(batchBody({ three.at(2) }), limited.value().key);
    QCOMPARE(third.status, 200);
    QCOMPARE(third.header("X-Quota-Used"), QByteArray("3"));
    QCOMPARE(batchUsage(limited.value().id), 3);
}

void TestVatBatch::allFailedIsUncharged503()
{
    m_fake->setDown(true);
    const HttpTestResponse r = postBatch(batchBody({ u"IE6388047V"_s, u"BE0244142664"_s }), m_full.key);
    QCOMPARE(r.status, 503);
    const QJsonObject e = r.json();
    QCOMPARE(e.value(u"charged"_s).toBool(true), false);
    QCOMPARE(e.value(u"missing"_s).toArray(), QJsonArray { u"vies"_s });
    QVERIFY(e.value(u"message"_s).toString().contains(u"VIES"_s));
    QVERIFY(e.value(u"retryable"_s).toBool());
    QCOMPARE(e.value(u"items"_s).toArray().size(), 2);
    QVERIFY(!e.contains(u"receipt"_s));
    QCOMPARE(batchUsage(m_full.id), 0);
}

void TestVatBatch::formatOnlyBatch()
{
    const HttpTestResponse r
        = postBatch(batchBody({ u"DE136695976"_s, u"DE136695977"_s, u"GB980780684"_s }, false), m_full.key);
    QCOMPARE(r.status, 200);
    QCOMPARE(m_fake->requestCount(), 0);
    QCOMPARE(r.json().value(u"vies"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"charged_calls"_s).toInt(), 3);
    for (const QJsonValue &item : r.json().value(u"items"_s).toArray())
        QVERIFY(item.toObject().value(u"result"_s).toObject().value(u"registered"_s).isNull());
}

void TestVatBatch::concurrencyIsBoundedAndRateLimitsRetried()
{
    // The service allows 6 in flight, VIES only 3: VIES turns some away with GLOBAL_MAX_CONCURRENT_REQ,
    // and the back-off brings every one of them through in the end.
    start({ { u"vies/max_concurrent"_s, u"6"_s }, { u"vies/max_concurrent_per_state"_s, u"2"_s } });
    m_fake->setDelayMs(60);
    m_fake->setConcurrencyLimits(3);
    const QStringList ids = viesCheckableVatIds(30);
    QCOMPARE(ids.size(), 30);
    const HttpTestResponse r = postBatch(batchBody(ids), m_full.key);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"checked"_s).toInt(), 30);
    QCOMPARE(r.json().value(u"charged_calls"_s).toInt(), 30);
    QVERIFY(m_fake->rejectedCount() > 0);
    QVERIFY2(m_fake->peakInFlight() <= 3, qPrintable(QString::number(m_fake->peakInFlight())));

    // Within the VIES limit: nothing is turned away, and never more than the gate allows at once.
    start({ { u"vies/max_concurrent"_s, u"3"_s }, { u"vies/max_concurrent_per_state"_s, u"1"_s } });
    m_fake->resetCounters();
    const HttpTestResponse again = postBatch(batchBody(ids), m_full.key);
    QCOMPARE(again.status, 200);
    QCOMPARE(again.json().value(u"checked"_s).toInt(), 30);
    QCOMPARE(m_fake->rejectedCount(), 0);
    QCOMPARE(m_fake->peakInFlight(), 3);
    QCOMPARE(m_fake->requestCount(Endpoint::Rest), 30);
}

// QNetworkAccessManager alone opens 6 connections to a host; the gate's 10 must be 10 on the wire.
void TestVatBatch::moreThanSixInFlight()
{
    start({ { u"vies/max_concurrent"_s, u"10"_s }, { u"vies/max_concurrent_per_state"_s, u"10"_s } });
    m_fake->setDelayMs(200);
    const QStringList ids = viesCheckableVatIds(20);
    QCOMPARE(ids.size(), 20);
    const HttpTestResponse r = postBatch(batchBody(ids), m_full.key);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"checked"_s).toInt(), 20);
    QCOMPARE(m_fake->peakInFlight(), 10);
}

void TestVatBatch::deadlineBoundsTheBatch()
{
    start({ { u"vies/batch_deadline_ms"_s, u"1000"_s }, { u"vies/max_concurrent"_s, u"1"_s } });
    // One answers at once, the rest wait behind a slow VIES: the batch answers at its deadline.
    m_fake->setDelayMs(700);
    QElapsedTimer timer;
    timer.start();
    const HttpTestResponse r
        = postBatch(batchBody({ u"IE6388047V"_s, u"BE0244142664"_s, u"IT00950501007"_s }), m_full.key);
    QVERIFY2(timer.elapsed() < 2500, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(r.status, 200);
    const QJsonArray items = r.json().value(u"items"_s).toArray();
    QCOMPARE(items.at(0).toObject().value(u"ok"_s).toBool(), true);
    int late = 0;
    for (const QJsonValue &v : items) {
        const QJsonObject error = v.toObject().value(u"error"_s).toObject();
        if (error.value(u"error_code"_s).toString() == u"vies_batch_deadline"_s) {
            ++late;
            QCOMPARE(error.value(u"status_code"_s).toInt(), 503);
            QVERIFY(error.value(u"retryable"_s).toBool());
        }
    }
    QCOMPARE(late, 2);
    QCOMPARE(r.json().value(u"charged_calls"_s).toInt(), 1);
    QCOMPARE(r.json().value(u"deadline_ms"_s).toInt(), 1000);
}

void TestVatBatch::restDownSoapAnswersBatch()
{
    m_fake->setDown(Endpoint::Rest, true);
    const HttpTestResponse r = postBatch(batchBody({ u"IE6388047V"_s, u"IT00950501007"_s }), m_full.key);
    QCOMPARE(r.status, 200);
    for (const QJsonValue &v : r.json().value(u"items"_s).toArray())
        QCOMPARE(v.toObject().value(u"result"_s).toObject().value(u"vies_endpoint"_s).toString(), u"soap"_s);
    QCOMPARE(m_fake->requestCount(Endpoint::Soap), 2);
}

QTEST_GUILESS_MAIN(TestVatBatch)
#include "TestVatBatch.moc"
