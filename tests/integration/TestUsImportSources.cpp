#include "ReplayServer.h"
#include "TestData.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/us/sources/HtsClient.h"
#include "ops/us/sources/RecallClient.h"
#include "upstream/UpstreamClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::us;
using ades::test::ReplayServer;
using ades::test::sharedDataDir;
using ades::test::sourceDir;

namespace {

QByteArray recorded(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray testData(const QString &name)
{
    QFile f(sourceDir() + u"/tests/data/usimport/"_s + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// More records than a product name can match: what the service sends when it ignores the filter.
QByteArray corpus(int records)
{
    const QJsonObject one = QJsonDocument::fromJson(recorded(u"cpsc-recalls/Recall-format-json-26645.json"_s))
                                .array()
                                .at(0)
                                .toObject();
    QJsonArray all;
    for (int i = 0; i < records; ++i) {
        QJsonObject r = one;
        r.insert(u"RecallID"_s, 10000 + i);
        all.append(r);
    }
    return QJsonDocument(all).toJson(QJsonDocument::Compact);
}

} // namespace

// HtsClient and RecallClient through the real UpstreamClient against a loopback fake replaying the recorded
// bodies of ../shared/data/upstreams/usitc-hts and cpsc-recalls, with the failure forms of both services.
class TestUsImportSources : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void tenDigitLineInheritsItsTariffLineRate();
    void headingIsKeptPerRevision();
    void searchGivesRows();
    void unknownHeadingIsAnEmptyAnswer();
    void tariffFaultsAreUnavailable_data();
    void tariffFaultsAreUnavailable();
    void recallsInABoundedWindow();
    void recallFailureFormsAreUnavailable_data();
    void recallFailureFormsAreUnavailable();

private:
    template <typename T>
    std::optional<Result<T>> wait(std::function<void(std::function<void(Result<T>)>)> call);
    Result<HtsAnswer> heading(const QString &digits);
    Result<RecallAnswer> recalls(const QString &name);

    std::unique_ptr<ReplayServer> m_fake;
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<FixedClock> m_clock;
    std::unique_ptr<UpstreamClient> m_upstream;
    std::unique_ptr<HtsClient> m_hts;
    std::unique_ptr<RecallClient> m_recalls;
};

void TestUsImportSources::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_fake = std::make_unique<ReplayServer>();
    QVERIFY(m_fake->isListening());
    m_fake->route("GET", u"/hts/releaseList"_s, { 200, testData(u"releaseList.constructed.json"_s) });
    m_fake->route("GET", u"/hts/exportList"_s,
        { 200, recorded(u"usitc-hts/exportList-6109.constructed.json"_s) },
        { { u"from"_s, u"6109"_s }, { u"to"_s, u"6110"_s }, { u"format"_s, u"JSON"_s } });
    m_fake->route("GET", u"/hts/exportList"_s, { 200, recorded(u"usitc-hts/search-empty.json"_s) });
    m_fake->route("GET", u"/hts/search"_s,
        { 200, recorded(u"usitc-hts/search-keyword-coffee.constructed.json"_s) },
        { { u"keyword"_s, u"coffee"_s } });
    m_fake->route("GET", u"/cpsc/Recall"_s,
        { 200, recorded(u"cpsc-recalls/Recall-format-json-26645.json"_s) },
        { { u"ProductName"_s, u"Dresser"_s }, { u"format"_s, u"json"_s } });
    m_fake->route("GET", u"/cpsc/Recall"_s, { 200, recorded(u"cpsc-recalls/Recall-empty.json"_s) });
    const QHash<QString, QString> values {
        { u"upstream/usitc-hts/base_url"_s, m_fake->baseUrl() + u"/hts"_s },
        { u"upstream/usitc-hts/timeout_ms"_s, u"1000"_s },
        { u"upstream/cpsc-recalls/base_url"_s, m_fake->baseUrl() + u"/cpsc"_s },
        { u"upstream/cpsc-recalls/timeout_ms"_s, u"1000"_s },
    };
    m_settings = std::make_unique<Settings>(Settings::fromValues(QString(), values));
    m_clock = std::make_unique<FixedClock>(QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC));
    m_upstream = std::make_unique<UpstreamClient>(*m_settings, *m_clock);
    m_upstream->addSource(HtsClient::sourceDefaults());
    m_upstream->addSource(RecallClient::sourceDefaults());
    m_hts = std::make_unique<HtsClient>(*m_upstream, *m_clock);
    m_recalls = std::make_unique<RecallClient>(*m_upstream, *m_clock);
}

void TestUsImportSources::cleanup()
{
    m_recalls.reset();
    m_hts.reset();
    m_upstream.reset();
    m_settings.reset();
    m_clock.reset();
    m_fake.reset();
}

template <typename T>
std::optional<Result<T>> TestUsImportSources::wait(std::function<void(std::function<void(Result<T>)>)> call)
{
    auto got = std::make_shared<std::optional<Result<T>>>();
    call([got](Result<T> r) { got->emplace(std::move(r)); });
    if (!QTest::qWaitFor([got]() { return got->has_value(); }, 5000))
        return std::nullopt;
    return *got;
}

Result<HtsAnswer> TestUsImportSources::heading(const QString &digits)
{
    const auto r = wait<HtsAnswer>([this, digits](auto done) { m_hts->heading(digits, done); });
    return r ? *r : Result<HtsAnswer>(ServiceError::internal(u"no answer"_s));
}

Result<RecallAnswer> TestUsImportSources::recalls(const QString &name)
{
    const auto r = wait<RecallAnswer>([this, name](auto done) { m_recalls->search(name, done); });
    return r ? *r : Result<RecallAnswer>(ServiceError::internal(u"no answer"_s));
}

void TestUsImportSources::tenDigitLineInheritsItsTariffLineRate()
{
    const Result<HtsAnswer> answer = heading(u"6109100004"_s);
    QVERIFY2(answer.ok(), answer.ok() ? "" : qPrintable(answer.error().message()));
    QCOMPARE(answer.value().revision, u"2026HTSRev19"_s);
    QCOMPARE(answer.value().rows.size(), 3);
    const HtsLine *line = HtsLines::find(answer.value().rows, u"6109100004"_s);
    QVERIFY(line);
    QCOMPARE(line->number, u"6109.10.00.04"_s);
    QCOMPARE(line->units, QStringList({ u"doz."_s, u"kg"_s }));
    const HtsLine *rate = HtsLines::rateLine(answer.value().rows, *line);
    QVERIFY(rate);
    QCOMPARE(rate->number, u"6109.10.00"_s);
    const HtsRate parsed = HtsRate::parse(rate->general);
    QCOMPARE(parsed.kind, HtsRate::Kind::AdValorem);
    QCOMPARE(parsed.percent, u"16.5"_s);
    QCOMPARE(rate->chapter99References(), QStringList { u"9903.88.15"_s });
    // 6 digits: the one tariff line under the subheading.
    QCOMPARE(HtsLines::tariffLinesUnder(answer.value().rows, u"610910"_s).size(), 1);
    QVERIFY(!HtsLines::find(answer.value().rows, u"6109900000"_s));
    QVERIFY(answer.value().snapshot.value(u"sha256"_s).isString());
}

void TestUsImportSources::headingIsKeptPerRevision()
{
    QVERIFY(heading(u"61091000"_s).ok());
    const int requests = m_fake->requestCount();
    const Result<HtsAnswer> again = heading(u"6109100004"_s);
    QVERIFY(again.ok());
    QVERIFY(again.value().fromCache);
    QCOMPARE(m_fake->requestCount(), requests); // no upstream call for a heading already read
    // An hour later the revision is asked again; still the same revision, so still no rows fetched.
    m_clock->advanceSeconds(3601);
    QVERIFY(heading(u"610910"_s).value().fromCache);
    QCOMPARE(m_fake->requestCount(), requests + 1);
}

void TestUsImportSources::searchGivesRows()
{
    const auto r = wait<HtsAnswer>([this](auto done) { m_hts->search(u"coffee"_s, done); });
    QVERIFY(r && r->ok());
    QCOMPARE(r->value().rows.size(), 9);
    const HtsLine *organic = HtsLines::find(r->value().rows, u"0901110015"_s);
    QVERIFY(organic);
    QCOMPARE(HtsLines::rateLine(r->value().rows, *organic)->general, u"Free"_s);
    QVERIFY(m_fake->requests().last().target.contains("keyword=coffee"));
}

void TestUsImportSources::unknownHeadingIsAnEmptyAnswer()
{
    const Result<HtsAnswer> answer = heading(u"9999999999"_s);
    QVERIFY(answer.ok());
    QVERIFY(answer.value().rows.isEmpty());
}

void TestUsImportSources::tariffFaultsAreUnavailable_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("delayMs");
    QTest::newRow("http-500") << 500 << QByteArray("{\"error\":\"internal\"}") << 0;
    QTest::newRow("http-429") << 429 << QByteArray() << 0;
    QTest::newRow("malformed") << 200 << QByteArray("[{\"htsno\":") << 0;
    QTest::newRow("object") << 200 << QByteArray("{\"message\":\"maintenance\"}") << 0;
    QTest::newRow("html") << 200 << QByteArray("<html>maintenance</html>") << 0;
    QTest::newRow("timeout") << 200 << recorded(u"usitc-hts/exportList-6109.constructed.json"_s) << 1500;
}

void TestUsImportSources::tariffFaultsAreUnavailable()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, delayMs);
    m_fake->setForced(ReplayServer::Reply { status, body });
    m_fake->setDelayMs(delayMs);
    const Result<HtsAnswer> answer = heading(u"61091000"_s);
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().httpStatus(), 503);
    QCOMPARE(answer.error().missing(), QStringList { u"usitc-hts"_s });
}

void TestUsImportSources::recallsInABoundedWindow()
{
    const Result<RecallAnswer> answer = recalls(u"Dresser"_s);
    QVERIFY2(answer.ok(), answer.ok() ? "" : qPrintable(answer.error().message()));
    QCOMPARE(answer.value().records.size(), 1);
    const RecallRecord &r = answer.value().records.first();
    QCOMPARE(r.recallNumber, u"26645"_s);
    QCOMPARE(r.recallDate, u"2026-07-30"_s);
    QCOMPARE(r.productNames, QStringList { u"EnHomee 15-Drawer 51\" Dressers"_s });
    QVERIFY(r.manufacturers.contains(u"Changzhou Jiaxuan Intelligence Furniture Co., Ltd., of China"_s));
    QCOMPARE(answer.value().windowEnd, u"2026-11-29"_s);
    QCOMPARE(answer.value().windowStart,
        QDate(2026, 11, 29).addDays(-RecallClient::WindowDays).toString(Qt::ISODate));
    const QByteArray target = m_fake->requests().last().target;
    QVERIFY2(target.contains(QByteArray("RecallDateStart=" + answer.value().windowStart.toLatin1())),
        target.constData());
    QVERIFY(target.contains("RecallDateEnd=2026-11-29"));
}

void TestUsImportSources::recallFailureFormsAreUnavailable_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("delayMs");
    QTest::newRow("empty-array") << 200 << recorded(u"cpsc-recalls/Recall-empty.json"_s) << 0;
    QTest::newRow("error-record-200")
        << 200 << recorded(u"cpsc-recalls/Recall-error-returned-as-200.json"_s) << 0;
    QTest::newRow("whole-corpus") << 200 << corpus(int(RecallClient::MaxRecords) + 1) << 0;
    QTest::newRow("timeout") << 200 << recorded(u"cpsc-recalls/Recall-format-json-26645.json"_s) << 1500;
    QTest::newRow("http-503") << 503 << QByteArray() << 0;
    QTest::newRow("xml-default-format") << 200 << QByteArray("<?xml version=\"1.0\"?><ArrayOfRecall/>") << 0;
    QTest::newRow("record-without-id") << 200 << QByteArray("[{\"Title\":\"x\"}]") << 0;
}

void TestUsImportSources::recallFailureFormsAreUnavailable()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, delayMs);
    m_fake->setForced(ReplayServer::Reply { status, body });
    m_fake->setDelayMs(delayMs);
    const Result<RecallAnswer> answer = recalls(u"Dresser"_s);
    QVERIFY(!answer.ok());
    QCOMPARE(answer.error().httpStatus(), 503);
    QCOMPARE(answer.error().missing(), QStringList { u"cpsc-recalls"_s });
}

QTEST_GUILESS_MAIN(TestUsImportSources)
#include "TestUsImportSources.moc"
