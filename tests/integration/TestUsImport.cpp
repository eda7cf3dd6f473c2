#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "RunningService.h"
#include "TestData.h"
#include "TestPayments.h"
#include "UsImportSamples.h"
#include "crypto/Secp256k1Key.h"
#include "store/CallLog.h"
#include "store/Jobs.h"
#include "store/Store.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

// Text of the request that no stored byte may hold (the raw body is never stored, the description only
// as its hash).
const QString DistinctiveDescription
    = u"Hand-stitched okapi-leather camera strap with brass quokka buckles, lined with felt."_s;

QJsonObject body()
{
    return QJsonObject {
        { u"dispatch_country"_s, u"DE"_s },
        { u"destination_country"_s, u"US"_s },
        { u"country_of_origin"_s, u"DE"_s },
        { u"hts_code"_s, u"6109.10.00.04"_s },
        { u"product_name"_s, u"Cotton T-shirt"_s },
        { u"product_description"_s, DistinctiveDescription },
        { u"material_or_composition"_s, u"100% cotton, knitted"_s },
        { u"intended_use"_s, u"Clothing for personal wear"_s },
        { u"brand"_s, u"Nordwind"_s },
        { u"model"_s, u"NW-100"_s },
        { u"gtin"_s, u"4006381333931"_s },
        { u"customs_value_usd"_s, u"200.00"_s },
        { u"quantity"_s, 10 },
        { u"importer_use"_s, u"personal"_s },
        { u"merchant_forwarding_policy"_s, u"allowed"_s },
        { u"risk_answers"_s, usImportRiskAnswers() },
    };
}

QByteArray recorded(const QString &relative)
{
    QFile f(sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The recorded heading 6109 without its Chapter 99 endnote: a tariff line nothing but its rate applies to.
QByteArray headingWithoutChapter99()
{
    QJsonArray rows
        = QJsonDocument::fromJson(recorded(u"usitc-hts/exportList-6109.constructed.json"_s)).array();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QJsonObject row = rows.at(i).toObject();
        row.insert(u"footnotes"_s, QJsonArray());
        rows.replace(i, row);
    }
    return QJsonDocument(rows).toJson(QJsonDocument::Compact);
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QStringList keysOf(const QJsonObject &o)
{
    QStringList keys = o.keys();
    keys.removeAll(u"receipt"_s);
    keys.removeAll(u"extensions"_s);
    keys.sort();
    return keys;
}

QJsonObject changed(QJsonObject b, const QString &path, const QJsonValue &value)
{
    const qsizetype dot = path.indexOf(u'.');
    if (dot > 0) {
        const QString outer = path.left(dot);
        b.insert(outer, changed(b.value(outer).toObject(), path.mid(dot + 1), value));
        return b;
    }
    if (value.isUndefined())
        b.remove(path);
    else
        b.insert(path, value);
    return b;
}

} // namespace

// us.import.check (docs/us-import.md, "Free check") on the free channel and MCP: strict input validation
// as docs/interface.md §2.2, every result field, the job kept with its secret hashed.
class TestUsImport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void freeCheckReturnsEveryField();
    void freeCheckKeepsTheSecretHashed();
    void inputIsValidatedExactly_data();
    void inputIsValidatedExactly();
    void freeCheckListsWhatTheDossierHoldsOn();
    void mcpFillsInTheDestination();
    void init();
    void dossierOverX402HasEveryField();
    void cleanInputProceeds();
    void unknownAnswerNeverProceeds();
    void unavailableRecallsAreAMissingCheck_data();
    void unavailableRecallsAreAMissingCheck();
    void bothSourcesDownIsUncharged503();
    void doNotForward_data();
    void doNotForward();
    void candidatesWhenNoCodeIsDeclared();
    void undeclaredCodeLineIsReviewed();
    void jobIsCheckedBeforeTheChallenge();
    void settledJobIsNotSoldTwice();
    void mcpToolsPrepareAndPay();
    void recoveryReturnsTheSettledResult();
    void wrongSecretLooksLikeAnUnknownJob();
    void expiredJobIsNeitherServedNorKept();
    void rawBodyIsNotStored();
    void freeToolsShareTheDailyQuota();

private:
    // The free check's job for `b`: {job_id, recovery_secret}.
    QJsonObject jobFor(const QJsonObject &b);
    QJsonObject paidBody(const QJsonObject &b);
    HttpTestResponse postPaid(const QJsonObject &b, const QByteArray &payment = {});
    QByteArray paymentFor(const HttpTestResponse &challenge) const;
    // Pays for `paid` (a body with its job) and returns the delivered dossier; empty when it failed.
    QJsonObject dossier(const QJsonObject &paid);
    HttpTestResponse recover(const QString &jobId, const QString &secret);

    FakeFacilitator m_facilitator;
    ReplayServer m_hts;
    ReplayServer m_cpsc;
    QHash<QString, QString> m_settings;
    // A new service for every test: the tariff cache of one test must not answer another's.
    std::unique_ptr<RunningService> m_service;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestUsImport::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_hts.route("GET", u"/releaseList"_s, { 200, QByteArray("[\"2026HTSRev19\"]") });
    m_hts.route("GET", u"/exportList"_s, { 200, recorded(u"usitc-hts/exportList-6109.constructed.json"_s) },
        { { u"from"_s, u"6109"_s } });
    m_hts.route("GET", u"/exportList"_s, { 200, recorded(u"usitc-hts/search-empty.json"_s) });
    m_hts.route(
        "GET", u"/search"_s, { 200, recorded(u"usitc-hts/search-keyword-coffee.constructed.json"_s) });
    m_cpsc.route("GET", u"/Recall"_s, { 200, recorded(u"cpsc-recalls/Recall-format-json-26645.json"_s) });
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"free/daily_input_checks"_s, u"1000"_s);
    settings.insert(u"upstream/usitc-hts/base_url"_s, m_hts.baseUrl());
    settings.insert(u"upstream/usitc-hts/timeout_ms"_s, u"1500"_s);
    settings.insert(u"upstream/cpsc-recalls/base_url"_s, m_cpsc.baseUrl());
    settings.insert(u"upstream/cpsc-recalls/timeout_ms"_s, u"1500"_s);
    m_settings = settings;
}

void TestUsImport::init()
{
    m_service = std::make_unique<RunningService>();
    QVERIFY(m_service->start(m_settings));
    m_hts.setForced(std::nullopt);
    m_cpsc.setForced(std::nullopt);
}

QJsonObject TestUsImport::jobFor(const QJsonObject &b)
{
    const HttpTestResponse r = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(b));
    return r.json().value(u"job"_s).toObject();
}

QJsonObject TestUsImport::paidBody(const QJsonObject &b)
{
    const QJsonObject job = jobFor(b);
    QJsonObject paid = b;
    paid.insert(u"job_id"_s, job.value(u"job_id"_s));
    paid.insert(u"recovery_secret"_s, job.value(u"recovery_secret"_s));
    return paid;
}

HttpTestResponse TestUsImport::postPaid(const QJsonObject &b, const QByteArray &payment)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!payment.isEmpty())
        headers.append({ "PAYMENT-SIGNATURE", payment });
    return m_service->client->post(u"/x402/us-import-readiness"_s, compact(b), headers);
}

QByteArray TestUsImport::paymentFor(const HttpTestResponse &challenge) const
{
    return ades::test::paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED"));
}

QJsonObject TestUsImport::dossier(const QJsonObject &paid)
{
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse challenge = postPaid(paid);
    if (challenge.status != 402) {
        qWarning("challenge: %d %s", challenge.status, challenge.body.constData());
        return {};
    }
    const HttpTestResponse r = postPaid(paid, paymentFor(challenge));
    if (r.status != 200) {
        qWarning("dossier: %d %s", r.status, r.body.constData());
        return {};
    }
    if (m_facilitator.settleCount() != settles + 1)
        return {};
    return r.json();
}

static QStringList reasonCodes(const QJsonObject &dossier)
{
    QStringList codes;
    for (const QJsonValue &r : dossier.value(u"decision"_s).toObject().value(u"reasons"_s).toArray())
        codes.append(r.toObject().value(u"code"_s).toString());
    return codes;
}

void TestUsImport::freeCheckReturnsEveryField()
{
    const HttpTestResponse r = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(body()));
    QCOMPARE(r.status, 200);
    const QJsonObject result = r.json();
    QCOMPARE(keysOf(result),
        QStringList({ u"chargeable"_s, u"contract"_s, u"coverage"_s, u"eligible_for_paid_dossier"_s,
            u"input_fingerprint"_s, u"issues"_s, u"job"_s, u"price"_s, u"privacy"_s, u"purchase"_s }));
    QCOMPARE(result.value(u"contract"_s).toString(), u"eu-to-us-import-readiness/1"_s);
    QCOMPARE(result.value(u"price"_s).toString(), u"free"_s);
    QCOMPARE(result.value(u"chargeable"_s).toBool(true), false);
    QCOMPARE(result.value(u"eligible_for_paid_dossier"_s).toBool(), true);
    QVERIFY(result.value(u"input_fingerprint"_s).toString().startsWith(u"sha256:"_s));
    const QJsonObject job = result.value(u"job"_s).toObject();
    QVERIFY(
        QRegularExpression(u"^[A-Za-z0-9_-]{20,64}$"_s).match(job.value(u"job_id"_s).toString()).hasMatch());
    QVERIFY(job.value(u"recovery_secret"_s).toString().size() >= 32);
    const QJsonObject purchase = result.value(u"purchase"_s).toObject();
    QCOMPARE(purchase.value(u"url"_s).toString(), u"/x402/us-import-readiness"_s);
    QCOMPARE(purchase.value(u"amount_atomic_units"_s).toString(), u"250000"_s);
    QCOMPARE(purchase.value(u"mcp_tool"_s).toString(), u"us_import_readiness_guard"_s);
    QCOMPARE(purchase.value(u"mcp_arguments"_s).toObject().value(u"job_id"_s), job.value(u"job_id"_s));
    const QJsonObject privacy = result.value(u"privacy"_s).toObject();
    QCOMPARE(privacy.value(u"product_url_accepted"_s).toBool(true), false);
    QCOMPARE(privacy.value(u"raw_request_body_stored"_s).toBool(true), false);

    // The same input gives the same fingerprint; whitespace and dots in the code are not part of it.
    QJsonObject again = body();
    again.insert(u"product_name"_s, u"  Cotton   T-shirt "_s);
    again.insert(u"hts_code"_s, u"6109100004"_s);
    const HttpTestResponse second
        = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(again));
    QCOMPARE(second.json().value(u"input_fingerprint"_s), result.value(u"input_fingerprint"_s));
    QVERIFY(second.json().value(u"job"_s).toObject().value(u"job_id"_s) != job.value(u"job_id"_s));
}

void TestUsImport::freeCheckKeepsTheSecretHashed()
{
    const QJsonObject job = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(body()))
                                .json()
                                .value(u"job"_s)
                                .toObject();
    const QString id = job.value(u"job_id"_s).toString();
    const QString secret = job.value(u"recovery_secret"_s).toString();
    const std::optional<JobRecord> stored = m_service->context->store().jobs().find(id);
    QVERIFY(stored);
    QCOMPARE(stored->kind, u"us.import"_s);
    QCOMPARE(stored->secretHash, Jobs::hashSecret(secret));
    QVERIFY(stored->inputFingerprint.startsWith(u"sha256:"_s));
    QVERIFY(stored->expiresAt > QDateTime::currentDateTimeUtc().addSecs(23 * 3600));
    QVERIFY(m_service->context->store().flush());
    QDirIterator it(m_service->dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains(secret.toUtf8()), qPrintable(f.fileName()));
    }
}

void TestUsImport::inputIsValidatedExactly_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonValue>("value"); // undefined: the member is removed
    QTest::addColumn<QString>("param");
    const QJsonValue absent(QJsonValue::Undefined);
    QTest::newRow("dispatch-fr") << u"dispatch_country"_s << QJsonValue(u"FR"_s) << u"dispatch_country"_s;
    QTest::newRow("dispatch-absent") << u"dispatch_country"_s << absent << u"dispatch_country"_s;
    QTest::newRow("destination-ca") << u"destination_country"_s << QJsonValue(u"CA"_s)
                                    << u"destination_country"_s;
    QTest::newRow("destination-absent-http")
        << u"destination_country"_s << absent << u"destination_country"_s;
    QTest::newRow("origin-lower") << u"country_of_origin"_s << QJsonValue(u"cn"_s) << u"country_of_origin"_s;
    QTest::newRow("origin-not-iso") << u"country_of_origin"_s << QJsonValue(u"XX"_s)
                                    << u"country_of_origin"_s;
    QTest::newRow("origin-en16931-only")
        << u"country_of_origin"_s << QJsonValue(u"XI"_s) << u"country_of_origin"_s;
    QTest::newRow("hts-7-digits") << u"hts_code"_s << QJsonValue(u"6109100"_s) << u"hts_code"_s;
    QTest::newRow("hts-letters") << u"hts_code"_s << QJsonValue(u"6109.1O.00"_s) << u"hts_code"_s;
    QTest::newRow("name-short") << u"product_name"_s << QJsonValue(u"Ab"_s) << u"product_name"_s;
    QTest::newRow("name-long") << u"product_name"_s << QJsonValue(QString(161, u'x')) << u"product_name"_s;
    QTest::newRow("description-short")
        << u"product_description"_s << QJsonValue(u"too short"_s) << u"product_description"_s;
    QTest::newRow("description-long")
        << u"product_description"_s << QJsonValue(QString(2001, u'x')) << u"product_description"_s;
    QTest::newRow("material-short") << u"material_or_composition"_s << QJsonValue(u"ab"_s)
                                    << u"material_or_composition"_s;
    QTest::newRow("use-long") << u"intended_use"_s << QJsonValue(QString(501, u'x')) << u"intended_use"_s;
    QTest::newRow("brand-long") << u"brand"_s << QJsonValue(QString(121, u'x')) << u"brand"_s;
    QTest::newRow("model-long") << u"model"_s << QJsonValue(QString(121, u'x')) << u"model"_s;
    QTest::newRow("gtin-letters") << u"gtin"_s << QJsonValue(u"40063813339X"_s) << u"gtin"_s;
    QTest::newRow("gtin-check-digit") << u"gtin"_s << QJsonValue(u"4006381333932"_s) << u"gtin"_s;
    QTest::newRow("value-comma") << u"customs_value_usd"_s << QJsonValue(u"200,00"_s)
                                 << u"customs_value_usd"_s;
    QTest::newRow("value-3-decimals")
        << u"customs_value_usd"_s << QJsonValue(u"200.005"_s) << u"customs_value_usd"_s;
    QTest::newRow("value-number") << u"customs_value_usd"_s << QJsonValue(200) << u"customs_value_usd"_s;
    QTest::newRow("quantity-0") << u"quantity"_s << QJsonValue(0) << u"quantity"_s;
    QTest::newRow("quantity-10001") << u"quantity"_s << QJsonValue(10001) << u"quantity"_s;
    QTest::newRow("quantity-fraction") << u"quantity"_s << QJsonValue(1.5) << u"quantity"_s;
    QTest::newRow("use-resale") << u"importer_use"_s << QJsonValue(u"resale"_s) << u"importer_use"_s;
    QTest::newRow("policy-maybe") << u"merchant_forwarding_policy"_s << QJsonValue(u"maybe"_s)
                                  << u"merchant_forwarding_policy"_s;
    QTest::newRow("risk-member-absent") << u"risk_answers.battery"_s << absent << u"risk_answers.battery"_s;
    QTest::newRow("risk-member-extra")
        << u"risk_answers.lasers"_s << QJsonValue(u"no"_s) << u"risk_answers.lasers"_s;
    QTest::newRow("risk-value") << u"risk_answers.cosmetic"_s << QJsonValue(u"maybe"_s)
                                << u"risk_answers.cosmetic"_s;
    QTest::newRow("risk-absent") << u"risk_answers"_s << absent << u"risk_answers"_s;
    QTest::newRow("product-url") << u"product_url"_s << QJsonValue(u"https://shop.example/item/1"_s)
                                 << u"product_url"_s;
    QTest::newRow("address") << u"delivery_address"_s << QJsonValue(u"1 Main St"_s) << u"delivery_address"_s;
    QTest::newRow("job-fields-on-free-check")
        << u"job_id"_s << QJsonValue(u"usi_0123456789abcdef0123"_s) << u"job_id"_s;
}

void TestUsImport::inputIsValidatedExactly()
{
    QFETCH(QString, path);
    QFETCH(QJsonValue, value);
    QFETCH(QString, param);
    const HttpTestResponse r = m_service->client->post(
        u"/free/us-import-readiness/check"_s, compact(changed(body(), path, value)));
    QVERIFY2(r.status == 422 || r.status == 400, r.body.constData());
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
}

void TestUsImport::freeCheckListsWhatTheDossierHoldsOn()
{
    QJsonObject b = body();
    b.remove(u"hts_code"_s);
    b.insert(u"merchant_forwarding_policy"_s, u"prohibited"_s);
    b.insert(u"risk_answers"_s, changed(usImportRiskAnswers(), u"battery"_s, u"unknown"_s));
    b.insert(
        u"risk_answers"_s, changed(b.value(u"risk_answers"_s).toObject(), u"radio_transmitter"_s, u"yes"_s));
    const QJsonObject result
        = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(b)).json();
    QStringList codes;
    for (const QJsonValue &issue : result.value(u"issues"_s).toArray())
        codes.append(issue.toObject().value(u"code"_s).toString() + u"@"_s
            + issue.toObject().value(u"field"_s).toString());
    QVERIFY2(codes.contains(u"hts_code_absent@hts_code"_s), qPrintable(codes.join(u", "_s)));
    QVERIFY(codes.contains(u"forwarding_prohibited@merchant_forwarding_policy"_s));
    QVERIFY(codes.contains(u"risk_answer_unknown@risk_answers.battery"_s));
    QVERIFY(codes.contains(u"regulated_attribute@risk_answers.radio_transmitter"_s));
    QCOMPARE(result.value(u"eligible_for_paid_dossier"_s).toBool(), true);

    b.insert(u"customs_value_usd"_s, u"0.00"_s);
    const QJsonObject zero = m_service->client->post(u"/free/us-import-readiness/check"_s, compact(b)).json();
    QCOMPARE(zero.value(u"eligible_for_paid_dossier"_s).toBool(true), false);
    QVERIFY(zero.value(u"purchase"_s).isNull());
}

void TestUsImport::mcpFillsInTheDestination()
{
    QJsonObject args = body();
    args.remove(u"destination_country"_s);
    args.remove(u"hts_code"_s);
    const QJsonObject free = m_service->client->callMcpTool(u"prepare_us_import_readiness"_s, args);
    QVERIFY2(!free.value(u"isError"_s).toBool(), QJsonDocument(free).toJson().constData());
    const QJsonObject content = free.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"eligible_for_paid_dossier"_s).toBool(), true);
    // The same facts over HTTP (destination given) have the same fingerprint.
    QJsonObject http = body();
    http.remove(u"hts_code"_s);
    QCOMPARE(m_service->client->post(u"/free/us-import-readiness/check"_s, compact(http))
                 .json()
                 .value(u"input_fingerprint"_s),
        content.value(u"input_fingerprint"_s));
    args.insert(u"destination_country"_s, u"CA"_s);
    const QJsonObject refused = m_service->client->callMcpTool(u"prepare_us_import_readiness"_s, args);
    QVERIFY(refused.value(u"isError"_s).toBool());
}

void TestUsImport::dossierOverX402HasEveryField()
{
    const QJsonObject paid = paidBody(body());
    const QJsonObject d = dossier(paid);
    QVERIFY(!d.isEmpty());
    QCOMPARE(keysOf(d),
        QStringList({ u"contract"_s, u"cost_view"_s, u"decision"_s, u"entry_policy"_s, u"forwarding"_s,
            u"input_fingerprint"_s, u"limitations"_s, u"next_actions"_s, u"ordinary_duty_component"_s,
            u"policy_version"_s, u"pricing"_s, u"privacy"_s, u"product"_s, u"recalls"_s,
            u"regulatory_routing"_s, u"route"_s, u"source_snapshots"_s, u"tariff"_s, u"validity"_s }));
    QVERIFY(d.value(u"receipt"_s).toObject().value(u"signature"_s).isString());
    QCOMPARE(d.value(u"contract"_s).toString(), u"eu-to-us-import-readiness/1"_s);
    // The recorded line 6109.10.00 refers to Chapter 99: reviewed, never proceed.
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    QVERIFY(reasonCodes(d).contains(u"additional_duties_possible"_s));
    const QJsonObject tariff = d.value(u"tariff"_s).toObject();
    QCOMPARE(tariff.value(u"status"_s).toString(), u"valid"_s);
    QCOMPARE(tariff.value(u"revision"_s).toString(), u"2026HTSRev19"_s);
    QCOMPARE(tariff.value(u"rate_line"_s).toObject().value(u"hts_code"_s).toString(), u"6109.10.00"_s);
    // 16.5 % of USD 200.00, the 10-digit line inheriting its 8-digit line's rate.
    const QJsonObject duty = d.value(u"ordinary_duty_component"_s).toObject();
    QCOMPARE(duty.value(u"computed"_s).toBool(), true);
    QCOMPARE(duty.value(u"duty_usd"_s).toString(), u"33.00"_s);
    QCOMPARE(d.value(u"cost_view"_s).toObject().value(u"known_subtotal_usd"_s).toString(), u"233.00"_s);
    // The recorded recall names another brand (EnHomee): counted, not a candidate.
    const QJsonObject recalls = d.value(u"recalls"_s).toObject();
    QCOMPARE(recalls.value(u"status"_s).toString(), u"no_matching_candidates"_s);
    QCOMPARE(recalls.value(u"records_for_other_products"_s).toInt(), 1);
    QVERIFY(m_cpsc.requests().last().target.contains("RecallDateStart="));
    const QString limitations
        = QString::fromUtf8(QJsonDocument(d.value(u"limitations"_s).toArray()).toJson());
    for (const QString &words : { u"not a binding classification"_s, u"not an exact landed cost"_s,
             u"not a complete restrictions screening"_s, u"not a guarantee of importability"_s,
             u"not merchant or forwarder acceptance"_s,
             u"not a purchase, not carrier acceptance and not customs "
             "clearance"_s,
             u"never fetches a product page"_s })
        QVERIFY2(limitations.contains(words), qPrintable(words));
    QVERIFY(d.value(u"input_fingerprint"_s).toString().startsWith(u"sha256:"_s));
    QCOMPARE(d.value(u"source_snapshots"_s).toArray().size(), 3);
    QCOMPARE(d.value(u"privacy"_s).toObject().value(u"raw_request_body_stored"_s).toBool(true), false);
}

void TestUsImport::cleanInputProceeds()
{
    m_hts.setForced(ReplayServer::Reply { 200, headingWithoutChapter99() });
    const QJsonObject d = dossier(paidBody(body()));
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"PROCEED_TO_CARRIER_QUOTE"_s);
    QVERIFY(d.value(u"decision"_s).toObject().value(u"missing_checks"_s).toArray().isEmpty());
}

void TestUsImport::unknownAnswerNeverProceeds()
{
    m_hts.setForced(ReplayServer::Reply { 200, headingWithoutChapter99() });
    for (const QString &member : { u"battery"_s, u"childrens_product"_s, u"weapon_or_weapon_part"_s }) {
        const QJsonObject d = dossier(paidBody(changed(body(), u"risk_answers."_s + member, u"unknown"_s)));
        QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
        QVERIFY(reasonCodes(d).contains(u"risk_answer_unknown"_s));
    }
    const QJsonObject unknownPolicy
        = dossier(paidBody(changed(body(), u"merchant_forwarding_policy"_s, u"unknown"_s)));
    QCOMPARE(
        unknownPolicy.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    // A regulated attribute is routed to its agency.
    const QJsonObject battery = dossier(paidBody(changed(body(), u"risk_answers.battery"_s, u"yes"_s)));
    QCOMPARE(battery.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    const QJsonObject route
        = battery.value(u"regulatory_routing"_s).toObject().value(u"routed"_s).toArray().at(0).toObject();
    QCOMPARE(route.value(u"agency"_s).toString(), u"DOT/PHMSA"_s);
}

void TestUsImport::unavailableRecallsAreAMissingCheck_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("cpscBody");
    QTest::newRow("empty-array") << 200 << recorded(u"cpsc-recalls/Recall-empty.json"_s);
    QTest::newRow("error-record-200") << 200 << recorded(u"cpsc-recalls/Recall-error-returned-as-200.json"_s);
    QTest::newRow("http-500") << 500 << QByteArray();
}

void TestUsImport::unavailableRecallsAreAMissingCheck()
{
    QFETCH(int, status);
    QFETCH(QByteArray, cpscBody);
    m_hts.setForced(ReplayServer::Reply { 200, headingWithoutChapter99() });
    m_cpsc.setForced(ReplayServer::Reply { status, cpscBody });
    const QJsonObject d = dossier(paidBody(body()));
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    QCOMPARE(
        d.value(u"decision"_s).toObject().value(u"missing_checks"_s).toArray(), QJsonArray { u"recalls"_s });
    QCOMPARE(d.value(u"recalls"_s).toObject().value(u"status"_s).toString(), u"unavailable"_s);
}

void TestUsImport::bothSourcesDownIsUncharged503()
{
    m_hts.setForced(ReplayServer::Reply { 500, QByteArray() });
    m_cpsc.setForced(ReplayServer::Reply { 200, recorded(u"cpsc-recalls/Recall-empty.json"_s) });
    const QJsonObject paid = paidBody(body());
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = postPaid(paid, paymentFor(postPaid(paid)));
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray({ u"usitc-hts"_s, u"cpsc-recalls"_s }));
    QCOMPARE(m_facilitator.settleCount(), settles);
    // Nothing settled, so the job keeps waiting for a dossier.
    const auto job = m_service->context->store().jobs().find(paid.value(u"job_id"_s).toString());
    QVERIFY(job && job->state == JobRecord::State::Pending);
}

void TestUsImport::doNotForward_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("code");
    QTest::newRow("forwarding-prohibited")
        << u"merchant_forwarding_policy"_s << u"prohibited"_s << u"forwarding_prohibited"_s;
    QTest::newRow("weapon") << u"risk_answers.weapon_or_weapon_part"_s << u"yes"_s
                            << u"prohibited_for_forwarding"_s;
    QTest::newRow("counterfeit") << u"risk_answers.counterfeit_or_unlicensed_replica"_s << u"yes"_s
                                 << u"prohibited_for_forwarding"_s;
}

void TestUsImport::doNotForward()
{
    QFETCH(QString, path);
    QFETCH(QString, value);
    QFETCH(QString, code);
    const QJsonObject d = dossier(paidBody(changed(body(), path, value)));
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"DO_NOT_FORWARD"_s);
    QCOMPARE(reasonCodes(d).value(0), code); // the stopping reason leads
}

void TestUsImport::candidatesWhenNoCodeIsDeclared()
{
    QJsonObject b = body();
    b.remove(u"hts_code"_s);
    b.insert(u"product_name"_s, u"Roasted coffee"_s);
    const QJsonObject d = dossier(paidBody(b));
    const QJsonObject tariff = d.value(u"tariff"_s).toObject();
    QCOMPARE(tariff.value(u"mode"_s).toString(), u"candidates"_s);
    QCOMPARE(tariff.value(u"non_binding"_s).toBool(), true);
    const QJsonArray candidates = tariff.value(u"candidates"_s).toArray();
    QCOMPARE(candidates.size(), 6); // the 8- and 10-digit rows of the recorded search
    QCOMPARE(candidates.at(1).toObject().value(u"applicable_general_rate"_s).toString(), u"Free"_s);
    QCOMPARE(d.value(u"ordinary_duty_component"_s).toObject().value(u"computed"_s).toBool(true), false);
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    QVERIFY(reasonCodes(d).contains(u"hts_code_not_declared"_s));
    QVERIFY(m_hts.requests().last().target.contains("keyword=Roasted%20coffee"));
}

void TestUsImport::undeclaredCodeLineIsReviewed()
{
    const QJsonObject d = dossier(paidBody(changed(body(), u"hts_code"_s, u"6109.90.10"_s)));
    QCOMPARE(d.value(u"tariff"_s).toObject().value(u"status"_s).toString(), u"not_in_current_revision"_s);
    QCOMPARE(d.value(u"decision"_s).toObject().value(u"value"_s).toString(), u"REVIEW_REQUIRED"_s);
    QVERIFY(reasonCodes(d).contains(u"hts_code_not_in_schedule"_s));
}

void TestUsImport::jobIsCheckedBeforeTheChallenge()
{
    const QJsonObject paid = paidBody(body());
    QCOMPARE(postPaid(paid).status, 402);
    QCOMPARE(QJsonDocument::fromJson(QByteArray::fromBase64(postPaid(paid).header("PAYMENT-REQUIRED")))
                 .object()
                 .value(u"accepts"_s)
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(u"amount"_s)
                 .toString(),
        u"250000"_s);

    // A wrong secret and an unknown job get the same answer: nothing tells whether the job exists.
    QJsonObject wrongSecret = paid;
    wrongSecret.insert(u"recovery_secret"_s, u"not-the-secret-0123456789"_s);
    QJsonObject unknownJob = paid;
    unknownJob.insert(u"job_id"_s, u"usi_00000000000000000000000000000000"_s);
    const HttpTestResponse a = postPaid(wrongSecret);
    const HttpTestResponse b = postPaid(unknownJob);
    QCOMPARE(a.status, 422);
    QCOMPARE(b.status, 422);
    QCOMPARE(a.body, b.body);
    QVERIFY(a.header("PAYMENT-REQUIRED").isEmpty());

    const HttpTestResponse other = postPaid(changed(paid, u"quantity"_s, 11));
    QCOMPARE(other.status, 422);
    QCOMPARE(other.json().value(u"error_code"_s).toString(), u"input_mismatch"_s);
    const HttpTestResponse noJob = postPaid(changed(paid, u"job_id"_s, QJsonValue(QJsonValue::Undefined)));
    QCOMPARE(noJob.status, 422);
    QCOMPARE(noJob.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"job_id"_s);
}

void TestUsImport::settledJobIsNotSoldTwice()
{
    const QJsonObject paid = paidBody(body());
    QVERIFY(!dossier(paid).isEmpty());
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse again = postPaid(paid, paymentFor(postPaid(paid)));
    QCOMPARE(again.status, 422);
    QCOMPARE(again.json().value(u"error_code"_s).toString(), u"job_already_settled"_s);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestUsImport::mcpToolsPrepareAndPay()
{
    QJsonObject args = body();
    args.remove(u"destination_country"_s);
    const QJsonObject prepared = m_service->client->callMcpTool(u"prepare_us_import_readiness"_s, args);
    const QJsonObject purchase
        = prepared.value(u"structuredContent"_s).toObject().value(u"purchase"_s).toObject();
    const QJsonObject paidArgs = purchase.value(u"mcp_arguments"_s).toObject();
    QCOMPARE(purchase.value(u"mcp_tool"_s).toString(), u"us_import_readiness_guard"_s);
    const QJsonObject offer = m_service->client->mcpToolOffer(u"us_import_readiness_guard"_s, paidArgs);
    QCOMPARE(offer.value(u"amount"_s).toString(), u"250000"_s);
    const int settles = m_facilitator.settleCount();
    const QJsonObject paid = m_service->client->callMcpTool(
        u"us_import_readiness_guard"_s, paidArgs, { { u"x402/payment"_s, signedPayment(m_payer, offer) } });
    QVERIFY2(!paid.value(u"isError"_s).toBool(), QJsonDocument(paid).toJson().constData());
    QCOMPARE(paid.value(u"structuredContent"_s).toObject().value(u"contract"_s).toString(),
        u"eu-to-us-import-readiness/1"_s);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    const auto job = m_service->context->store().jobs().find(paidArgs.value(u"job_id"_s).toString());
    QVERIFY(job && job->state == JobRecord::State::Completed);
}

HttpTestResponse TestUsImport::recover(const QString &jobId, const QString &secret)
{
    return m_service->client->post(u"/free/us-import-readiness/recover/"_s + jobId,
        compact(QJsonObject { { u"recovery_secret"_s, secret } }));
}

void TestUsImport::recoveryReturnsTheSettledResult()
{
    const QJsonObject paid = paidBody(body());
    const QJsonObject delivered = dossier(paid);
    QVERIFY(!delivered.isEmpty());
    const int upstreamCalls = m_hts.requestCount() + m_cpsc.requestCount();
    const int settles = m_facilitator.settleCount();

    const HttpTestResponse r
        = recover(paid.value(u"job_id"_s).toString(), paid.value(u"recovery_secret"_s).toString());
    QCOMPARE(r.status, 200);
    const QJsonObject recovered = r.json();
    QCOMPARE(recovered.value(u"recovered"_s).toBool(), true);
    QCOMPARE(recovered.value(u"charged"_s).toBool(true), false);
    // The dossier exactly as delivered, its own receipt included.
    QCOMPARE(recovered.value(u"result"_s).toObject(), delivered);
    QVERIFY(recovered.value(u"receipt"_s).isObject()); // the recovery's own receipt beside it

    const QJsonObject viaMcp = m_service->client->callMcpTool(u"recover_us_import_readiness"_s,
        { { u"job_id"_s, paid.value(u"job_id"_s) },
            { u"recovery_secret"_s, paid.value(u"recovery_secret"_s) } });
    QVERIFY2(!viaMcp.value(u"isError"_s).toBool(), QJsonDocument(viaMcp).toJson().constData());
    QCOMPARE(viaMcp.value(u"structuredContent"_s).toObject().value(u"result"_s).toObject(), delivered);

    // No new lookup, no new charge.
    QCOMPARE(m_hts.requestCount() + m_cpsc.requestCount(), upstreamCalls);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestUsImport::wrongSecretLooksLikeAnUnknownJob()
{
    const QJsonObject paid = paidBody(body());
    QVERIFY(!dossier(paid).isEmpty());
    const HttpTestResponse wrong
        = recover(paid.value(u"job_id"_s).toString(), u"not-the-secret-0123456789"_s);
    const HttpTestResponse unknown
        = recover(u"usi_00000000000000000000000000000000"_s, paid.value(u"recovery_secret"_s).toString());
    QCOMPARE(wrong.status, 422);
    QCOMPARE(unknown.status, 422);
    QCOMPARE(wrong.body, unknown.body);
    QCOMPARE(wrong.json().value(u"error_code"_s).toString(), u"job_not_available"_s);
    QVERIFY(!wrong.body.contains("result"));

    const QJsonObject pending = jobFor(body());
    const HttpTestResponse notSettled
        = recover(pending.value(u"job_id"_s).toString(), pending.value(u"recovery_secret"_s).toString());
    QCOMPARE(notSettled.status, 422);
    QCOMPARE(notSettled.json().value(u"error_code"_s).toString(), u"job_not_settled"_s);
}

void TestUsImport::expiredJobIsNeitherServedNorKept()
{
    const QJsonObject paid = paidBody(body());
    QVERIFY(!dossier(paid).isEmpty());
    const QString id = paid.value(u"job_id"_s).toString();
    Store &store = m_service->context->store();
    // The retention purge as it runs 25 hours later removes the job, result and all.
    QVERIFY(store.jobs().purgeExpired(QDateTime::currentDateTimeUtc().addSecs(25 * 3600)) >= 1);
    QVERIFY(!store.jobs().find(id));
    const HttpTestResponse r = recover(id, paid.value(u"recovery_secret"_s).toString());
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"job_not_available"_s);

    // A job past its expiry that the hourly purge has not reached yet is not served either.
    const QJsonObject other = jobFor(body());
    QVERIFY(store.jobs().complete(other.value(u"job_id"_s).toString(), QByteArray("{\"contract\":\"x\"}"),
        QDateTime::currentDateTimeUtc().addSecs(-1)));
    QCOMPARE(
        recover(other.value(u"job_id"_s).toString(), other.value(u"recovery_secret"_s).toString()).status,
        422);
    QCOMPARE(store.purgeExpired().jobs, 1);
}

void TestUsImport::rawBodyIsNotStored()
{
    const QJsonObject paid = paidBody(body());
    const QJsonObject delivered = dossier(paid);
    QVERIFY(!delivered.isEmpty());
    QCOMPARE(
        recover(paid.value(u"job_id"_s).toString(), paid.value(u"recovery_secret"_s).toString()).status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(m_service->context->store().calls().recentCalls(50).size() >= 3, 5000);
    QVERIFY(m_service->context->store().flush());

    QList<QByteArray> needles { compact(paid), compact(body()), DistinctiveDescription.toUtf8(),
        QByteArray(reinterpret_cast<const char *>(DistinctiveDescription.utf16()),
            DistinctiveDescription.size() * 2),
        paid.value(u"recovery_secret"_s).toString().toUtf8() };
    bool sawResult = false;
    QDirIterator it(m_service->dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        for (const QByteArray &needle : std::as_const(needles))
            QVERIFY2(!bytes.contains(needle),
                qPrintable(f.fileName() + u": "_s + QString::fromUtf8(needle.left(40))));
        sawResult = sawResult
            || bytes.contains(
                delivered.value(u"product"_s).toObject().value(u"description_sha256"_s).toString().toUtf8());
    }
    // Control: the signed result (normalized facts, the description as a hash) is what is kept.
    QVERIFY(sawResult);
}

// The free MCP tools spend the same per-address counter as their /free/ paths (the input-check quota):
// switching channels never doubles it, and a spent quota is an error, never a check that ran.
void TestUsImport::freeToolsShareTheDailyQuota()
{
    RunningService small;
    QHash<QString, QString> settings = m_settings;
    settings.insert(u"free/daily_input_checks"_s, u"2"_s);
    QVERIFY(small.start(settings));
    const HttpTestResponse first = small.client->post(u"/free/us-import-readiness/check"_s, compact(body()));
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("X-Free-Quota-Remaining"), QByteArray("1"));
    const QJsonObject second = small.client->callMcpTool(u"prepare_us_import_readiness"_s, body());
    QVERIFY2(!second.value(u"isError"_s).toBool(), QJsonDocument(second).toJson().constData());
    const QJsonObject third = small.client->callMcpTool(u"recover_us_import_readiness"_s,
        { { u"job_id"_s, u"usi_00000000000000000000000000000000"_s },
            { u"recovery_secret"_s, u"0123456789abcdef"_s } });
    QCOMPARE(third.value(u"structuredContent"_s).toObject().value(u"error_code"_s).toString(),
        u"free_quota_exhausted"_s);
    QCOMPARE(small.client->post(u"/free/us-import-readiness/check"_s, compact(body())).status, 429);
    // Input refused by the checks costs no slot.
    QCOMPARE(
        small.client->post(u"/free/us-import-readiness/check"_s, compact(changed(body(), u"quantity"_s, 0)))
            .status,
        422);
}

QTEST_GUILESS_MAIN(TestUsImport)
#include "TestUsImport.moc"
