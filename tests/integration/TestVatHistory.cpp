#include "FakeVies.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestData.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Store.h"
#include "store/ViesObservations.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

// The service's clock: fixed, so that the days of the observations are known.
const QDateTime Now(QDate(2026, 11, 21), QTime(8, 0), Qt::UTC);

QList<QPair<QByteArray, QByteArray>> withKey(const QString &key)
{
    return { { "X-API-Key", key.toUtf8() } };
}

} // namespace

// GET /v1/vat/history and the MCP tool vat_history_eu over loopback: what live checks leave in the archive,
// and that a day nobody observed is unknown.
class TestVatHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void liveCheckIsObservedThatDay();
    void gapDaysAreUnknown();
    void badArguments_data();
    void badArguments();
    void mcpToolIsFree();
    void archiveCanBeTurnedOff();
    void keptAcrossRestart();

private:
    // A service over the data folder of this test function (made in init(), kept across a restart).
    void start(const QHash<QString, QString> &extra = {});
    QJsonObject history(const QString &query, int expectedStatus = 200);
    void checkVat(const QString &vatId);

    std::unique_ptr<FakeVies> m_fake;
    std::unique_ptr<RunningService> m_service;
    QString m_key;
};

void TestVatHistory::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_fake = std::make_unique<FakeVies>();
    QVERIFY2(m_fake->isReady(), qPrintable(m_fake->errorString()));
    m_service = std::make_unique<RunningService>();
    start();
}

void TestVatHistory::cleanup()
{
    m_service.reset();
    m_fake.reset();
}

void TestVatHistory::start(const QHash<QString, QString> &extra)
{
    m_service->client.reset();
    m_service->host.reset();
    m_service->context.reset();
    QHash<QString, QString> settings { { u"upstream/vies/base_url"_s, m_fake->baseUrl() } };
    settings.insert(extra);
    m_service->context
        = ServiceContext::createForTests(m_service->dir.path(), settings, std::make_unique<FixedClock>(Now));
    m_service->host = std::make_unique<ServiceHost>(*m_service->context);
    QSignalSpy started(m_service->host.get(), &ServiceHost::started);
    m_service->host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_service->client = std::make_unique<HttpTestClient>(m_service->host->port());
    const Result<NewApiKey> key = m_service->context->store().keys().create(u"history"_s);
    QVERIFY(key.ok());
    m_key = key.value().key;
}

QJsonObject TestVatHistory::history(const QString &query, int expectedStatus)
{
    const HttpTestResponse r = m_service->client->get(u"/v1/vat/history?"_s + query, withKey(m_key));
    if (r.status != expectedStatus)
        qWarning("%s", r.body.constData());
    return r.status == expectedStatus ? r.json() : QJsonObject();
}

void TestVatHistory::checkVat(const QString &vatId)
{
    const HttpTestResponse r = m_service->client->get(u"/v1/vat?value="_s + vatId, withKey(m_key));
    QCOMPARE(r.status, 200);
}

void TestVatHistory::liveCheckIsObservedThatDay()
{
    checkVat(u"IE6388047V"_s);
    const QJsonObject today = history(u"value=IE6388047V"_s);
    QCOMPARE(today.value(u"status_at"_s).toString(), u"valid"_s);
    QCOMPARE(today.value(u"at"_s).toString(), isoUtc(Now));
    QCOMPARE(today.value(u"normalized"_s).toString(), u"IE6388047V"_s);
    const QJsonObject basis = today.value(u"status_basis"_s).toObject();
    QCOMPARE(basis.value(u"observed_at"_s).toString(), isoUtc(Now));
    QCOMPARE(basis.value(u"name"_s).toString(), u"GOOGLE IRELAND LIMITED"_s);
    QCOMPARE(basis.value(u"endpoint"_s).toString(), u"rest"_s);
    QCOMPARE(basis.value(u"response_sha256"_s).toString().size(), 64);
    QCOMPARE(today.value(u"observations_total"_s).toInt(), 1);
    QVERIFY(m_service->context->verifier().verify(today).valid);

    // The day before was not observed: unknown, with the observation as the next one.
    const QJsonObject before = history(u"value=IE6388047V&at=2026-11-20"_s);
    QCOMPARE(before.value(u"status_at"_s).toString(), u"unknown"_s);
    QVERIFY(before.value(u"previous"_s).isNull());
    QCOMPARE(before.value(u"next"_s).toObject().value(u"observed_at"_s).toString(), isoUtc(Now));
    // Later the same day (the check was at 08:00): that day's answer.
    QCOMPARE(
        history(u"value=IE6388047V&at=2026-11-21T23:00:00Z"_s).value(u"status_at"_s).toString(), u"valid"_s);
}

void TestVatHistory::gapDaysAreUnknown()
{
    // Observations on the 10th (valid) and the 14th (valid), none between: put in the archive directly, as
    // checks on those days would have.
    for (int day : { 10, 14 }) {
        VatObservation o;
        o.observedAt = QDateTime(QDate(2026, 11, day), QTime(9, 0), Qt::UTC);
        o.country = u"BE"_s;
        o.number = u"0244142664"_s;
        o.valid = true;
        o.endpoint = u"rest"_s;
        QVERIFY(m_service->context->store().viesObservations().record(o));
    }
    const QJsonObject gap = history(u"value=BE%200244.142.664&at=2026-11-12T12:00:00Z"_s);
    QCOMPARE(gap.value(u"status_at"_s).toString(), u"unknown"_s);
    QVERIFY(gap.value(u"hint"_s).toString().contains(u"never inferred"_s));
    QCOMPARE(gap.value(u"previous"_s).toObject().value(u"day"_s).toString(), u"2026-11-10"_s);
    QCOMPARE(gap.value(u"next"_s).toObject().value(u"day"_s).toString(), u"2026-11-14"_s);
    QHash<QString, QString> days;
    for (const QJsonValue &d : gap.value(u"days"_s).toArray())
        days.insert(d.toObject().value(u"date"_s).toString(), d.toObject().value(u"status"_s).toString());
    QCOMPARE(days.value(u"2026-11-10"_s), u"valid"_s);
    QCOMPARE(days.value(u"2026-11-11"_s), u"unknown"_s);
    QCOMPARE(days.value(u"2026-11-12"_s), u"unknown"_s);
    QCOMPARE(days.value(u"2026-11-13"_s), u"unknown"_s);
    QCOMPARE(days.value(u"2026-11-14"_s), u"valid"_s);
    QVERIFY(!days.contains(u"2026-11-22"_s)); // not beyond today
    QCOMPARE(history(u"value=BE0244142664&at=2026-11-14"_s).value(u"status_at"_s).toString(), u"valid"_s);
}

void TestVatHistory::badArguments_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    QTest::newRow("missing-value") << u"at=2026-11-20"_s << u"missing_field"_s << u"value"_s;
    QTest::newRow("bad-check-digit") << u"value=DE136695977"_s << u"invalid_vat_id"_s << u"vat_id"_s;
    QTest::newRow("outside-vies") << u"value=GB980780684"_s << u"not_in_vies"_s << u"vat_id"_s;
    QTest::newRow("bad-at") << u"value=IE6388047V&at=last%20week"_s << u"invalid_value"_s << u"at"_s;
}

void TestVatHistory::badArguments()
{
    QFETCH(QString, query);
    QFETCH(QString, code);
    QFETCH(QString, param);
    const QJsonObject e = history(query, 422);
    QCOMPARE(e.value(u"error_code"_s).toString(), code);
    QCOMPARE(e.value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(e.value(u"charged"_s).toBool(true), false);
}

void TestVatHistory::mcpToolIsFree()
{
    checkVat(u"IE6388047V"_s);
    const QJsonObject result = m_service->client->callMcpTool(
        u"vat_history_eu"_s, QJsonObject { { u"vat_id"_s, u"IE6388047V"_s }, { u"at"_s, u"2026-11-21"_s } });
    QVERIFY(!result.value(u"isError"_s).toBool());
    const QJsonObject content = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"status_at"_s).toString(), u"valid"_s);
    QVERIFY(content.value(u"receipt"_s).isObject());
}

void TestVatHistory::archiveCanBeTurnedOff()
{
    start({ { u"vies/archive_answers"_s, u"false"_s } });
    checkVat(u"IE6388047V"_s);
    const QJsonObject h = history(u"value=IE6388047V"_s);
    QCOMPARE(h.value(u"archive_enabled"_s).toBool(true), false);
    QCOMPARE(h.value(u"status_at"_s).toString(), u"unknown"_s);
    QCOMPARE(h.value(u"observations_total"_s).toInt(), 0);
}

void TestVatHistory::keptAcrossRestart()
{
    checkVat(u"IT00950501007"_s);
    // A normal stop right after the check, before the write-behind batch is due.
    start();
    QCOMPARE(history(u"value=IT00950501007"_s).value(u"observations_total"_s).toInt(), 1);
}

QTEST_GUILESS_MAIN(TestVatHistory)
#include "TestVatHistory.moc"
