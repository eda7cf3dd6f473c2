#include "TestData.h"
#include "ops/eu/lei/GleifClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using ades::ServiceError;
using ades::UpstreamResponse;
using ades::eu::GleifClient;
using ades::eu::GleifRecord;

// GleifClient's parsers over the recorded GLEIF answers (../shared/data/gleif/, data/upstreams/gleif/) and
// their error forms, and the status mapping of ../shared/reference/eu-vat.md §7.2.
class TestGleifParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordedRecord_data();
    void recordedRecord();
    void recordedCollection();
    void recordedNotFound();
    void errorForms_data();
    void errorForms();
    void standing_data();
    void standing();
};

namespace {

QByteArray readShared(const QString &relative)
{
    QFile file(ades::test::sharedDataDir() + relative);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

UpstreamResponse response(int status, const QByteArray &body)
{
    UpstreamResponse r;
    r.httpStatus = status;
    r.body = body;
    r.snapshot
        = QJsonObject { { u"source"_s, u"gleif"_s }, { u"fetched_at"_s, u"2026-11-21T08:00:00.000Z"_s } };
    return r;
}

} // namespace

void TestGleifParser::recordedRecord_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("fraport") << u"/gleif/lei-record.5299001ERX0K10IZUL40.json"_s;
    QTest::newRow("apple") << u"/upstreams/gleif/lei-records-HWUPKR0MPOU8FGXBT394.json"_s;
}

void TestGleifParser::recordedRecord()
{
    ADES_REQUIRE_SHARED_DATA();
    QFETCH(QString, file);
    const QByteArray body = readShared(file);
    QVERIFY(!body.isEmpty());
    const QJsonObject doc = QJsonDocument::fromJson(body).object();
    const QJsonObject attributes = doc.value(u"data"_s).toObject().value(u"attributes"_s).toObject();
    const QJsonObject entity = attributes.value(u"entity"_s).toObject();

    const auto parsed = GleifClient::parseLookupResponse(response(200, body));
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message()));
    QVERIFY(parsed.value().found);
    QCOMPARE(parsed.value().records.size(), 1);
    const GleifRecord &r = parsed.value().records.first();
    QCOMPARE(r.lei, doc.value(u"data"_s).toObject().value(u"id"_s).toString());
    QCOMPARE(r.legalName, entity.value(u"legalName"_s).toObject().value(u"name"_s).toString());
    QCOMPARE(r.legalCountry, entity.value(u"legalAddress"_s).toObject().value(u"country"_s).toString());
    QCOMPARE(r.entityStatus, entity.value(u"status"_s).toString());
    QCOMPARE(
        r.registrationStatus, attributes.value(u"registration"_s).toObject().value(u"status"_s).toString());
    QCOMPARE(r.registeredAs, entity.value(u"registeredAs"_s).toString());
    QCOMPARE(r.legalFormId, entity.value(u"legalForm"_s).toObject().value(u"id"_s).toString());
    QCOMPARE(parsed.value().publishDate,
        doc.value(u"meta"_s).toObject().value(u"goldenCopy"_s).toObject().value(u"publishDate"_s).toString());
    QCOMPARE(parsed.value().snapshot.value(u"source"_s).toString(), u"gleif"_s);
    const QJsonObject json = r.toJson();
    QCOMPARE(json.value(u"lei"_s).toString(), r.lei);
    QCOMPARE(json.value(u"standing"_s).toString(), GleifRecord::standingName(r.standing()));
}

void TestGleifParser::recordedCollection()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray body = readShared(u"/gleif/lei-records.filter-lei.response.json"_s);
    const QJsonArray data = QJsonDocument::fromJson(body).object().value(u"data"_s).toArray();
    QVERIFY(data.size() >= 12);
    const auto parsed = GleifClient::parseSearchResponse(response(200, body));
    QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message()));
    QCOMPARE(parsed.value().records.size(), data.size());
    for (qsizetype i = 0; i < data.size(); ++i) {
        const QJsonObject registration
            = data.at(i).toObject().value(u"attributes"_s).toObject().value(u"registration"_s).toObject();
        const GleifRecord &r = parsed.value().records.at(i);
        QCOMPARE(r.lei, data.at(i).toObject().value(u"id"_s).toString());
        QCOMPARE(r.registrationStatus, registration.value(u"status"_s).toString());
        if (r.registrationStatus == u"LAPSED"_s)
            QCOMPARE(r.standing(), GleifRecord::Standing::Lapsed);
    }
    // The same body as a lookup answer is not one record: unusable, never "not found".
    const auto asLookup = GleifClient::parseLookupResponse(response(200, body));
    QVERIFY(!asLookup.ok());
    QCOMPARE(asLookup.error().kind(), ServiceError::Kind::Unavailable);

    const auto empty = GleifClient::parseSearchResponse(response(200, R"({"data": []})"));
    QVERIFY(empty.ok());
    QVERIFY(!empty.value().found);
}

void TestGleifParser::recordedNotFound()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray body = readShared(u"/upstreams/gleif/error-404.json"_s);
    QVERIFY(!body.isEmpty());
    const auto parsed = GleifClient::parseLookupResponse(response(404, body));
    QVERIFY(parsed.ok());
    QVERIFY(!parsed.value().found);
    QVERIFY(parsed.value().records.isEmpty());
}

void TestGleifParser::errorForms_data()
{
    QTest::addColumn<bool>("lookup");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    const QByteArray good = readShared(u"/upstreams/gleif/lei-records-HWUPKR0MPOU8FGXBT394.json"_s);
    QTest::newRow("404-html-page") << true << 404 << QByteArray("<html><body>Not Found</body></html>");
    QTest::newRow("404-json-without-errors") << true << 404 << QByteArray(R"({"message": "no route"})");
    QTest::newRow("429") << true << 429 << QByteArray(R"({"errors": [{"status": "429"}]})");
    QTest::newRow("500") << true << 500 << QByteArray("Internal Server Error");
    QTest::newRow("503-search") << false << 503 << QByteArray();
    QTest::newRow("302") << true << 302 << QByteArray();
    QTest::newRow("truncated") << true << 200 << good.left(good.size() / 2);
    QTest::newRow("empty-200") << true << 200 << QByteArray();
    QTest::newRow("array-200") << true << 200 << QByteArray("[]");
    QTest::newRow("data-null") << true << 200 << QByteArray(R"({"data": null})");
    QTest::newRow("wrong-type") << true << 200
                                << QByteArray(R"({"data": {"type": "fuzzycompletions", "attributes": {}}})");
    QTest::newRow("no-legal-name")
        << true << 200
        << QByteArray(R"({"data": {"type": "lei-records", "attributes": {"lei": "HWUPKR0MPOU8FGXBT394",
           "entity": {"status": "ACTIVE"}, "registration": {"status": "ISSUED"}}}})");
    QTest::newRow("bad-lei")
        << true << 200
        << QByteArray(R"({"data": {"type": "lei-records", "attributes": {"lei": "HWUPKR0MPOU8FGXBT395",
           "entity": {"legalName": {"name": "X"}, "status": "ACTIVE"}, "registration": {"status": "ISSUED"}}}})");
    QTest::newRow("no-registration-status")
        << true << 200
        << QByteArray(R"({"data": {"type": "lei-records", "attributes": {"lei": "HWUPKR0MPOU8FGXBT394",
           "entity": {"legalName": {"name": "X"}, "status": "ACTIVE"}, "registration": {}}}})");
    QTest::newRow("search-data-object") << false << 200 << QByteArray(R"({"data": {}})");
    QTest::newRow("search-item-not-object") << false << 200 << QByteArray(R"({"data": [1]})");
}

void TestGleifParser::errorForms()
{
    QFETCH(bool, lookup);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    const auto parsed = lookup ? GleifClient::parseLookupResponse(response(status, body))
                               : GleifClient::parseSearchResponse(response(status, body));
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().kind(), ServiceError::Kind::Unavailable);
    QCOMPARE(parsed.error().missing(), QStringList { u"gleif"_s });
    QVERIFY(parsed.error().message().contains(u"GLEIF"_s));
}

void TestGleifParser::standing_data()
{
    QTest::addColumn<QString>("registration");
    QTest::addColumn<QString>("entity");
    QTest::addColumn<int>("standing");
    using S = GleifRecord::Standing;
    QTest::newRow("issued-active") << u"ISSUED"_s << u"ACTIVE"_s << int(S::Good);
    QTest::newRow("lapsed-active") << u"LAPSED"_s << u"ACTIVE"_s << int(S::Lapsed);
    QTest::newRow("retired") << u"RETIRED"_s << u"ACTIVE"_s << int(S::Ended);
    QTest::newRow("annulled") << u"ANNULLED"_s << u"ACTIVE"_s << int(S::Ended);
    QTest::newRow("merged") << u"MERGED"_s << u"INACTIVE"_s << int(S::Ended);
    QTest::newRow("duplicate") << u"DUPLICATE"_s << u"ACTIVE"_s << int(S::Ended);
    QTest::newRow("issued-inactive") << u"ISSUED"_s << u"INACTIVE"_s << int(S::Ended);
    QTest::newRow("lapsed-inactive") << u"LAPSED"_s << u"INACTIVE"_s << int(S::Ended);
    QTest::newRow("pending-transfer") << u"PENDING_TRANSFER"_s << u"ACTIVE"_s << int(S::Pending);
    QTest::newRow("pending-archival") << u"PENDING_ARCHIVAL"_s << u"ACTIVE"_s << int(S::Pending);
    QTest::newRow("issued-no-entity-status") << u"ISSUED"_s << QString() << int(S::Unknown);
    QTest::newRow("new-status") << u"CANCELLED"_s << u"ACTIVE"_s << int(S::Unknown);
}

void TestGleifParser::standing()
{
    QFETCH(QString, registration);
    QFETCH(QString, entity);
    QFETCH(int, standing);
    GleifRecord r;
    r.registrationStatus = registration;
    r.entityStatus = entity;
    QCOMPARE(int(r.standing()), standing);
}

QTEST_APPLESS_MAIN(TestGleifParser)
#include "TestGleifParser.moc"
