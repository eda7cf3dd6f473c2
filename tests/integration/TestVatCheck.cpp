#include "FakeVies.h"
#include "TestData.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/eu/EuSettings.h"
#include "ops/eu/vat/VatCheck.h"
#include "ops/eu/vat/ViesClient.h"
#include "upstream/UpstreamClient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using ades::Outcome;
using ades::eu::ViesAnswer;
using ades::eu::ViesClient;
using ades::test::FakeVies;

// eu.vat.check against a loopback VIES (tests/support/FakeVies) through the real UpstreamClient.
class TestVatCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void registeredWithNameAndAddress();
    void maskedNameIsNull_data();
    void maskedNameIsNull();
    void notRegistered();
    void greekNumberIsSentAsEl();
    void faultIsNeverNotRegistered_data();
    void faultIsNeverNotRegistered();
    void testServiceNumbers_data();
    void testServiceNumbers();
    void delayBeyondTimeoutIs503();
    void viesDownIs503();
    void requesterGetsConsultationNumber();
    void malformedRequesterIsOperatorError();
    void viesFalseMakesNoRequest();
    void formatInvalidMakesNoRequest_data();
    void formatInvalidMakesNoRequest();
    void outsideViesMakesNoRequest_data();
    void outsideViesMakesNoRequest();
    void parseBody_data();
    void parseBody();
    void resultMatchesOutputSchema();

private:
    using Pending = std::shared_ptr<std::optional<Outcome>>;
    // Builds settings, upstream client and handler against the fake; extra settings override.
    void makeHandler(const QHash<QString, QString> &extra = {});
    Pending call(const QString &vatId, std::optional<bool> vies = {});
    int countAfterOneMoreRequest();

    std::unique_ptr<FakeVies> m_fake;
    std::unique_ptr<ades::Settings> m_settings;
    std::unique_ptr<ades::FixedClock> m_clock;
    std::unique_ptr<ades::UpstreamClient> m_upstream;
    ades::Handler m_handler;
};

namespace {

constexpr int WaitMs = 5000;

QJsonObject loadJson(const QString &relative)
{
    QFile file(ades::test::sharedDataDir() + relative);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonObject registryEntry(const QString &country, const QString &number)
{
    const QJsonArray registry = loadJson(u"/vies/scenarios.json"_s).value(u"registry"_s).toArray();
    for (const QJsonValue &v : registry) {
        const QJsonObject e = v.toObject();
        if (e.value(u"countryCode"_s).toString() == country && e.value(u"vatNumber"_s).toString() == number)
            return e;
    }
    return {};
}

} // namespace

void TestVatCheck::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_fake = std::make_unique<FakeVies>();
    QVERIFY2(m_fake->isReady(), qPrintable(m_fake->errorString()));
    makeHandler();
}

void TestVatCheck::cleanup()
{
    m_handler = nullptr;
    m_upstream.reset();
    m_settings.reset();
    m_clock.reset();
    m_fake.reset();
}

void TestVatCheck::makeHandler(const QHash<QString, QString> &extra)
{
    m_handler = nullptr;
    m_upstream.reset();
    QHash<QString, QString> values { { u"upstream/vies/base_url"_s, m_fake->baseUrl() },
        { u"upstream/vies/timeout_ms"_s, u"3000"_s } };
    values.insert(extra);
    m_settings = std::make_unique<ades::Settings>(ades::Settings::fromValues(QString(), values));
    m_clock = std::make_unique<ades::FixedClock>(QDateTime(QDate(2026, 11, 21), QTime(8, 0), Qt::UTC));
    m_upstream = std::make_unique<ades::UpstreamClient>(*m_settings, *m_clock);
    m_upstream->addSource(ViesClient::sourceDefaults());
    m_handler = ades::eu::makeVatCheckHandler(*m_upstream, *m_settings, *m_clock);
}

TestVatCheck::Pending TestVatCheck::call(const QString &vatId, std::optional<bool> vies)
{
    QJsonObject args { { u"vat_id"_s, vatId } };
    if (vies)
        args.insert(u"vies"_s, *vies);
    auto pending = std::make_shared<std::optional<Outcome>>();
    m_handler(args, {}, [pending](Outcome outcome) {
        Q_ASSERT(!pending->has_value()); // called exactly once
        pending->emplace(std::move(outcome));
    });
    return pending;
}

// A request that certainly reaches the fake: if an earlier call had sent one, the count would grow by two.
int TestVatCheck::countAfterOneMoreRequest()
{
    auto probe = call(u"DE136695976"_s);
    if (!QTest::qWaitFor([&probe]() { return probe->has_value(); }, WaitMs))
        return -1;
    return m_fake->requestCount();
}

void TestVatCheck::registeredWithNameAndAddress()
{
    const QJsonObject expected = registryEntry(u"BE"_s, u"0244142664"_s);
    QVERIFY(!expected.isEmpty());
    auto r = call(u"be 0244.142.664"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY2((*r)->ok(), qPrintable((*r)->ok() ? QString() : (*r)->error().message()));
    const ades::OperationResult &result = (*r)->value();
    const QJsonObject d = result.data;
    QCOMPARE(result.subject, u"BE0244142664"_s);
    QCOMPARE(d.value(u"input"_s).toString(), u"be 0244.142.664"_s);
    QCOMPARE(d.value(u"normalized"_s).toString(), u"BE0244142664"_s);
    QCOMPARE(d.value(u"suggested_vat_id"_s).toString(), u"BE0244142664"_s);
    QCOMPARE(d.value(u"country"_s).toString(), u"BE"_s);
    QCOMPARE(d.value(u"format_valid"_s).toBool(), true);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), true);
    QCOMPARE(d.value(u"registered"_s), QJsonValue(true));
    QCOMPARE(d.value(u"name"_s).toString(), expected.value(u"name"_s).toString());
    QCOMPARE(d.value(u"address"_s).toString(), expected.value(u"address"_s).toString().trimmed());
    QCOMPARE(d.value(u"source"_s).toString(), u"vies"_s);
    // The VIES requestDate, not our clock.
    const QString requestDate
        = loadJson(u"/vies/rest/check-vat-number.response.valid.json"_s).value(u"requestDate"_s).toString();
    QCOMPARE(d.value(u"checked_at"_s).toString(), requestDate);
    QVERIFY(d.value(u"consultation_number"_s).isNull());
    QVERIFY(d.value(u"requester_vat_id"_s).isNull());
    QVERIFY(d.value(u"hint"_s).toString().startsWith(u"registered"_s));
    QVERIFY(d.value(u"vies_terms"_s).toString().contains(u"European Commission"_s));
    const QJsonArray snapshots = d.value(u"source_snapshots"_s).toArray();
    QCOMPARE(snapshots.size(), 1);
    const QJsonObject snapshot = snapshots.first().toObject();
    QCOMPARE(snapshot.value(u"source"_s).toString(), u"vies"_s);
    QCOMPARE(snapshot.value(u"http_status"_s).toInt(), 200);
    QCOMPARE(snapshot.value(u"url"_s).toString(), m_fake->baseUrl() + u"/check-vat-number"_s);
    QCOMPARE(snapshot.value(u"sha256"_s).toString().size(), 64);

    const QJsonObject sent = QJsonDocument::fromJson(m_fake->lastRequestBody()).object();
    QCOMPARE(sent.value(u"countryCode"_s).toString(), u"BE"_s);
    QCOMPARE(sent.value(u"vatNumber"_s).toString(), u"0244142664"_s);
    QVERIFY(!sent.contains(u"requesterMemberStateCode"_s));
    QVERIFY(!sent.contains(u"requesterNumber"_s));
}

void TestVatCheck::maskedNameIsNull_data()
{
    QTest::addColumn<QString>("vatId");
    QTest::newRow("es-masks") << u"ESB85905495"_s;
    QTest::newRow("de-never-discloses") << u"DE136695976"_s;
}

void TestVatCheck::maskedNameIsNull()
{
    QFETCH(QString, vatId);
    auto r = call(vatId);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"registered"_s), QJsonValue(true));
    QVERIFY(d.value(u"name"_s).isNull());
    QVERIFY(d.value(u"address"_s).isNull());
    QVERIFY(d.value(u"hint"_s).toString().contains(u"does not disclose"_s));
}

void TestVatCheck::notRegistered()
{
    // Format-valid, but not in the fake's registry: VIES answers valid=false.
    auto r = call(u"DE246595415"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"format_valid"_s).toBool(), true);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), true);
    QCOMPARE(d.value(u"registered"_s), QJsonValue(false));
    QCOMPARE(d.value(u"source"_s).toString(), u"vies"_s);
    QVERIFY(d.value(u"name"_s).isNull());
    QVERIFY(d.value(u"hint"_s).toString().startsWith(u"not registered"_s));
}

void TestVatCheck::greekNumberIsSentAsEl()
{
    auto r = call(u"GR 094259216"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"normalized"_s).toString(), u"EL094259216"_s);
    QCOMPARE(d.value(u"country"_s).toString(), u"GR"_s);
    const QJsonObject sent = QJsonDocument::fromJson(m_fake->lastRequestBody()).object();
    QCOMPARE(sent.value(u"countryCode"_s).toString(), u"EL"_s);
    QCOMPARE(sent.value(u"vatNumber"_s).toString(), u"094259216"_s);
}

void TestVatCheck::faultIsNeverNotRegistered_data()
{
    QTest::addColumn<QString>("code");
    QTest::addColumn<bool>("http200");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("retryable");

    struct Row
    {
        const char *code;
        int status;
        bool retryable;
    };
    // VIES fault codes: outages and rate limits are retryable; blocks and the requester are the operator's.
    const Row rows[] = {
        { "SERVICE_UNAVAILABLE", 503, true },
        { "MS_UNAVAILABLE", 503, true },
        { "TIMEOUT", 503, true },
        { "GLOBAL_MAX_CONCURRENT_REQ", 503, true },
        { "GLOBAL_MAX_CONCURRENT_REQ_TIME", 503, true },
        { "MS_MAX_CONCURRENT_REQ", 503, true },
        { "MS_MAX_CONCURRENT_REQ_TIME", 503, true },
        { "SERVER_BUSY", 503, true },
        { "IP_BLOCKED", 503, false },
        { "VAT_BLOCKED", 503, false },
        { "INVALID_REQUESTER_INFO", 503, false },
        { "INVALID_INPUT", 422, false },
    };
    for (const Row &row : rows) {
        for (bool http200 : { false, true }) {
            QTest::addRow("%s-%s", row.code, http200 ? "http200" : "http-error-status")
                << QString::fromLatin1(row.code) << http200 << row.status << row.retryable;
        }
    }
}

void TestVatCheck::faultIsNeverNotRegistered()
{
    QFETCH(QString, code);
    QFETCH(bool, http200);
    QFETCH(int, status);
    QFETCH(bool, retryable);
    m_fake->setForcedFault(code);
    m_fake->setFaultsWithHttp200(http200);

    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    const ades::ServiceError &e = (*r)->error();
    QCOMPARE(e.httpStatus(), status);
    QCOMPARE(e.isRetryable(), retryable);
    QCOMPARE(e.code(), u"vies_"_s + code.toLower());
    QVERIFY2(e.message().contains(code) && e.message().contains(u"VIES"_s), qPrintable(e.message()));
    QVERIFY(!e.message().contains(u"not registered"_s));
    if (status == 503)
        QCOMPARE(e.missing(), QStringList { u"vies"_s });
    else
        QCOMPARE(e.param(), u"vat_id"_s);
}

void TestVatCheck::testServiceNumbers_data()
{
    QTest::addColumn<QString>("number");
    QTest::addColumn<QString>("outcome"); // "valid", "invalid" or a fault code
    QTest::addColumn<QString>("faultClass");
    if (ades::test::sharedDataDir().isEmpty())
        return;
    const QJsonObject scenarios = loadJson(u"/vies/scenarios.json"_s);
    const QJsonObject classes = scenarios.value(u"fault_codes"_s).toObject();
    const QJsonArray numbers = scenarios.value(u"test_service_numbers"_s).toArray();
    for (const QJsonValue &v : numbers) {
        const QJsonObject n = v.toObject();
        const QString fault = n.value(u"fault"_s).toString();
        const QString outcome = fault.isEmpty() ? n.value(u"outcome"_s).toString() : fault;
        QTest::newRow(qPrintable(n.value(u"vatNumber"_s).toString() + u'-' + outcome))
            << n.value(u"vatNumber"_s).toString() << outcome
            << classes.value(fault).toObject().value(u"class"_s).toString();
    }
}

// The ViesClient itself, with the official test-service numbers (not format-valid VAT IDs, so the
// handler would never send them).
void TestVatCheck::testServiceNumbers()
{
    QFETCH(QString, number);
    QFETCH(QString, outcome);
    QFETCH(QString, faultClass);
    const ViesClient client(*m_upstream, *m_settings);
    auto result = std::make_shared<std::optional<ades::Result<ViesAnswer>>>();
    client.check(u"DE"_s, number, [result](ades::Result<ViesAnswer> r) { result->emplace(std::move(r)); });
    QTRY_VERIFY_WITH_TIMEOUT(result->has_value(), WaitMs);
    const ades::Result<ViesAnswer> &r = **result;
    if (outcome == u"valid"_s || outcome == u"invalid"_s) {
        QVERIFY(r.ok());
        QCOMPARE(r.value().valid, outcome == u"valid"_s);
        QCOMPARE(r.value().vatNumber, number);
        QVERIFY(r.value().requestDate.isValid());
        QCOMPARE(r.value().snapshot.value(u"source"_s).toString(), u"vies"_s);
        return;
    }
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"vies_"_s + outcome.toLower());
    if (outcome == u"INVALID_INPUT"_s) {
        QCOMPARE(r.error().httpStatus(), 422);
        return;
    }
    QCOMPARE(r.error().httpStatus(), 503);
    // scenarios.json: transient and rate_limit codes are worth a retry, permanent ones are not.
    QCOMPARE(r.error().isRetryable(), faultClass != u"permanent"_s);
}

void TestVatCheck::delayBeyondTimeoutIs503()
{
    makeHandler({ { u"upstream/vies/timeout_ms"_s, u"300"_s } });
    m_fake->setDelayMs(4000);
    QElapsedTimer timer;
    timer.start();
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(timer.elapsed() < 3000); // our timeout, not the fake's delay, ended the call
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 503);
    QVERIFY((*r)->error().isRetryable());
    QCOMPARE((*r)->error().missing(), QStringList { u"vies"_s });
}

void TestVatCheck::viesDownIs503()
{
    m_fake->setDown(true);
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 503);
    QCOMPARE((*r)->error().code(), u"vies_unreachable"_s);
    QVERIFY((*r)->error().isRetryable());
    QCOMPARE((*r)->error().missing(), QStringList { u"vies"_s });
    QVERIFY((*r)->error().message().contains(u"VIES"_s));

    m_fake->setDown(false);
    auto again = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(again->has_value(), WaitMs);
    QVERIFY((*again)->ok());
}

void TestVatCheck::requesterGetsConsultationNumber()
{
    makeHandler({ { ades::eu::EuSettings::RequesterVatId.spec.key, u"de 136 695 976"_s } });
    auto r = call(u"IE 6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QVERIFY(!m_fake->consultationNumber().isEmpty());
    QCOMPARE(d.value(u"consultation_number"_s).toString(), m_fake->consultationNumber());
    QCOMPARE(d.value(u"requester_vat_id"_s).toString(), u"DE136695976"_s);
    QCOMPARE(d.value(u"registered"_s), QJsonValue(true));

    const QJsonObject sent = QJsonDocument::fromJson(m_fake->lastRequestBody()).object();
    QCOMPARE(sent.value(u"requesterMemberStateCode"_s).toString(), u"DE"_s);
    QCOMPARE(sent.value(u"requesterNumber"_s).toString(), u"136695976"_s);
    QCOMPARE(sent.value(u"countryCode"_s).toString(), u"IE"_s);
    QCOMPARE(sent.value(u"vatNumber"_s).toString(), u"6388047V"_s);
}

void TestVatCheck::malformedRequesterIsOperatorError()
{
    // The fake (like VIES) rejects a requester number outside [0-9A-Za-z+*.]{2,12}.
    makeHandler({ { ades::eu::EuSettings::RequesterVatId.spec.key, u"DE1234567890123"_s } });
    auto r = call(u"IE6388047V"_s);
    QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
    QVERIFY(!(*r)->ok());
    QCOMPARE((*r)->error().httpStatus(), 503);
    QCOMPARE((*r)->error().code(), u"vies_invalid_requester_info"_s);
    QVERIFY(!(*r)->error().isRetryable());
    QVERIFY((*r)->error().message().contains(ades::eu::EuSettings::RequesterVatId.spec.key));
}

void TestVatCheck::viesFalseMakesNoRequest()
{
    const int before = m_fake->requestCount();
    auto r = call(u"DE136695976"_s, false);
    QVERIFY(r->has_value()); // answered synchronously: nothing to wait for
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"format_valid"_s).toBool(), true);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), false);
    QVERIFY(d.value(u"registered"_s).isNull());
    QCOMPARE(d.value(u"source"_s).toString(), u"format"_s);
    QCOMPARE(d.value(u"hint"_s).toString(), u"format valid; registration not checked (vies=false)"_s);
    QCOMPARE(d.value(u"checked_at"_s).toString(), ades::isoUtc(m_clock->now()));
    QVERIFY(d.value(u"source_snapshots"_s).toArray().isEmpty());
    QCOMPARE(countAfterOneMoreRequest(), before + 1);
}

void TestVatCheck::formatInvalidMakesNoRequest_data()
{
    QTest::addColumn<QString>("vatId");
    QTest::addColumn<QString>("formatError");
    QTest::addColumn<QString>("suggestion");
    QTest::newRow("checksum") << u"DE136695977"_s << u"checksum"_s << QString();
    QTest::newRow("duplicated-prefix") << u"DE DE 136695976"_s << u"format"_s << QString();
    QTest::newRow("foreign-separator") << u"BE 0220,764.971"_s << u"format"_s << u"BE0220764971"_s;
    QTest::newRow("no-prefix") << u"136695976"_s << u"country"_s << QString();
}

void TestVatCheck::formatInvalidMakesNoRequest()
{
    QFETCH(QString, vatId);
    QFETCH(QString, formatError);
    QFETCH(QString, suggestion);
    const int before = m_fake->requestCount();
    auto r = call(vatId, true);
    QVERIFY(r->has_value());
    QVERIFY((*r)->ok()); // a 200 result: the format verdict is the answer
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"format_valid"_s).toBool(), false);
    QCOMPARE(d.value(u"format_error"_s).toString(), formatError);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), false);
    QVERIFY(d.value(u"registered"_s).isNull());
    QCOMPARE(d.value(u"source"_s).toString(), u"format"_s);
    QCOMPARE(d.value(u"suggested_vat_id"_s).toString(), suggestion);
    QVERIFY(d.value(u"hint"_s).toString().startsWith(u"vat_id"_s));
    if (!suggestion.isEmpty())
        QVERIFY(d.value(u"hint"_s).toString().contains(suggestion));
    QCOMPARE(countAfterOneMoreRequest(), before + 1);
}

void TestVatCheck::outsideViesMakesNoRequest_data()
{
    QTest::addColumn<QString>("vatId");
    QTest::addColumn<QString>("hintFragment");
    QTest::newRow("gb") << u"GB980780684"_s << u"VIES does not cover GB"_s;
    QTest::newRow("ch") << u"CHE-107.787.577 IVA"_s << u"VIES does not cover Swiss"_s;
    QTest::newRow("no") << u"NO 995 525 828 MVA"_s << u"VIES does not cover Norwegian"_s;
    QTest::newRow("eu-oss") << u"EU372000041"_s << u"VIES cannot check"_s;
    QTest::newRow("ro-cnp") << u"RO1630615123457"_s << u"VIES cannot check"_s;
}

void TestVatCheck::outsideViesMakesNoRequest()
{
    QFETCH(QString, vatId);
    QFETCH(QString, hintFragment);
    const int before = m_fake->requestCount();
    auto r = call(vatId);
    QVERIFY(r->has_value());
    QVERIFY((*r)->ok());
    const QJsonObject d = (*r)->value().data;
    QCOMPARE(d.value(u"format_valid"_s).toBool(), true);
    QCOMPARE(d.value(u"vies_checked"_s).toBool(), false);
    QVERIFY(d.value(u"registered"_s).isNull());
    QVERIFY2(d.value(u"hint"_s).toString().contains(hintFragment), qPrintable(d.value(u"hint"_s).toString()));
    QCOMPARE(countAfterOneMoreRequest(), before + 1);
}

void TestVatCheck::parseBody_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("httpStatus");
    QTest::addColumn<QString>("errorCode"); // empty: an answer
    QTest::addColumn<bool>("valid");

    auto file = [](const QString &name) {
        QFile f(ades::test::sharedDataDir() + u"/vies/rest/"_s + name);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QTest::newRow("valid") << file(u"check-vat-number.response.valid.json"_s) << 200 << QString() << true;
    QTest::newRow("invalid") << file(u"check-vat-number.response.invalid.json"_s) << 200 << QString()
                             << false;
    QTest::newRow("fault-with-200") << file(u"check-vat-number.error.MS_UNAVAILABLE.json"_s) << 200
                                    << u"vies_ms_unavailable"_s << false;
    QTest::newRow("fault-with-500") << file(u"check-vat-number.error.TIMEOUT.json"_s) << 500
                                    << u"vies_timeout"_s << false;
    QTest::newRow("html-error-page") << QByteArray("<html><body>502 Bad Gateway</body></html>") << 502
                                     << u"vies_bad_response"_s << false;
    QTest::newRow("json-without-valid")
        << QByteArray("{\"countryCode\":\"DE\"}") << 200 << u"vies_bad_response"_s << false;
    QTest::newRow("empty-error-list")
        << QByteArray("{\"actionSucceed\":false,\"errorWrappers\":[]}") << 500 << u"vies_error"_s << false;
    QTest::newRow("unknown-code") << QByteArray("{\"errorWrappers\":[{\"error\":\"NEW_CODE\"}]}") << 500
                                  << u"vies_new_code"_s << false;
}

void TestVatCheck::parseBody()
{
    QFETCH(QByteArray, body);
    QFETCH(int, httpStatus);
    QFETCH(QString, errorCode);
    QFETCH(bool, valid);
    QVERIFY(!body.isEmpty());
    ades::UpstreamResponse response;
    response.httpStatus = httpStatus;
    response.body = body;
    const auto r = ViesClient::parseCheckResponse(response);
    QCOMPARE(r.ok() ? QString() : r.error().code(), errorCode);
    if (r.ok()) {
        QCOMPARE(r.value().valid, valid);
        QCOMPARE(r.value().httpStatus, httpStatus);
    } else {
        QCOMPARE(r.error().httpStatus(), 503);
        QVERIFY(r.error().isRetryable());
    }
}

void TestVatCheck::resultMatchesOutputSchema()
{
    QFile file(ades::test::sourceDir() + u"/service/ops/eu/schemas/vat.check.out.json"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject schema = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonObject properties = schema.value(u"properties"_s).toObject();
    QStringList required;
    for (const QJsonValue &v : schema.value(u"required"_s).toArray())
        required << v.toString();
    // docs/interface.md §2.5 fields are all required.
    for (const QString &field :
        { u"input"_s, u"normalized"_s, u"country"_s, u"format_valid"_s, u"vies_checked"_s, u"registered"_s,
            u"name"_s, u"address"_s, u"checked_at"_s, u"source"_s, u"hint"_s, u"suggested_vat_id"_s })
        QVERIFY2(required.contains(field), qPrintable(field));

    const QStringList inputs { u"IE6388047V"_s, u"DE136695977"_s, u"GB980780684"_s };
    for (const QString &input : inputs) {
        auto r = call(input);
        QTRY_VERIFY_WITH_TIMEOUT(r->has_value(), WaitMs);
        QVERIFY((*r)->ok());
        const QJsonObject d = (*r)->value().data;
        QCOMPARE(QStringList(d.keys()).size(), required.size());
        for (const QString &key : d.keys())
            QVERIFY2(properties.contains(key) && required.contains(key), qPrintable(key));
    }
}

QTEST_GUILESS_MAIN(TestVatCheck)
#include "TestVatCheck.moc"
