#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestPayments.h"
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

QJsonObject riskAnswers(const QString &all = u"no"_s)
{
    QJsonObject answers;
    for (const QString &member : { u"battery"_s, u"food_or_supplement"_s, u"drug_or_medical_device"_s,
             u"cosmetic"_s, u"plant_seed_or_animal_product"_s, u"chemical_or_hazmat"_s,
             u"alcohol_or_tobacco"_s, u"weapon_or_weapon_part"_s, u"counterfeit_or_unlicensed_replica"_s,
             u"radio_transmitter"_s, u"childrens_product"_s })
        answers.insert(member, all);
    return answers;
}

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
        { u"risk_answers"_s, riskAnswers() },
    };
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

private:
    FakeFacilitator m_facilitator;
    RunningService m_service;
};

void TestUsImport::initTestCase()
{
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"free/daily_input_checks"_s, u"1000"_s);
    QVERIFY(m_service.start(settings));
}

void TestUsImport::freeCheckReturnsEveryField()
{
    const HttpTestResponse r = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(body()));
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
        = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(again));
    QCOMPARE(second.json().value(u"input_fingerprint"_s), result.value(u"input_fingerprint"_s));
    QVERIFY(second.json().value(u"job"_s).toObject().value(u"job_id"_s) != job.value(u"job_id"_s));
}

void TestUsImport::freeCheckKeepsTheSecretHashed()
{
    const QJsonObject job = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(body()))
                                .json()
                                .value(u"job"_s)
                                .toObject();
    const QString id = job.value(u"job_id"_s).toString();
    const QString secret = job.value(u"recovery_secret"_s).toString();
    const std::optional<JobRecord> stored = m_service.context->store().jobs().find(id);
    QVERIFY(stored);
    QCOMPARE(stored->kind, u"us.import"_s);
    QCOMPARE(stored->secretHash, Jobs::hashSecret(secret));
    QVERIFY(stored->inputFingerprint.startsWith(u"sha256:"_s));
    QVERIFY(stored->expiresAt > QDateTime::currentDateTimeUtc().addSecs(23 * 3600));
    QVERIFY(m_service.context->store().flush());
    QDirIterator it(m_service.dir.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
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
    const HttpTestResponse r
        = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(changed(body(), path, value)));
    QVERIFY2(r.status == 422 || r.status == 400, r.body.constData());
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
}

void TestUsImport::freeCheckListsWhatTheDossierHoldsOn()
{
    QJsonObject b = body();
    b.remove(u"hts_code"_s);
    b.insert(u"merchant_forwarding_policy"_s, u"prohibited"_s);
    b.insert(u"risk_answers"_s, changed(riskAnswers(), u"battery"_s, u"unknown"_s));
    b.insert(
        u"risk_answers"_s, changed(b.value(u"risk_answers"_s).toObject(), u"radio_transmitter"_s, u"yes"_s));
    const QJsonObject result
        = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(b)).json();
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
    const QJsonObject zero = m_service.client->post(u"/free/us-import-readiness/check"_s, compact(b)).json();
    QCOMPARE(zero.value(u"eligible_for_paid_dossier"_s).toBool(true), false);
    QVERIFY(zero.value(u"purchase"_s).isNull());
}

void TestUsImport::mcpFillsInTheDestination()
{
    QJsonObject args = body();
    args.remove(u"destination_country"_s);
    args.remove(u"hts_code"_s);
    const QJsonObject free = m_service.client->callMcpTool(u"prepare_us_import_readiness"_s, args);
    QVERIFY2(!free.value(u"isError"_s).toBool(), QJsonDocument(free).toJson().constData());
    const QJsonObject content = free.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"eligible_for_paid_dossier"_s).toBool(), true);
    // The same facts over HTTP (destination given) have the same fingerprint.
    QJsonObject http = body();
    http.remove(u"hts_code"_s);
    QCOMPARE(m_service.client->post(u"/free/us-import-readiness/check"_s, compact(http))
                 .json()
                 .value(u"input_fingerprint"_s),
        content.value(u"input_fingerprint"_s));
    args.insert(u"destination_country"_s, u"CA"_s);
    const QJsonObject refused = m_service.client->callMcpTool(u"prepare_us_import_readiness"_s, args);
    QVERIFY(refused.value(u"isError"_s).toBool());
}

QTEST_GUILESS_MAIN(TestUsImport)
#include "TestUsImport.moc"
