#include "TestData.h"
#include "core/CanonicalJson.h"
#include "ops/us/dossier/ImportDossier.h"
#include "ops/us/dossier/RegulatoryRouting.h"
#include "ops/us/readiness/ImportInput.h"
#include "ops/us/sources/HtsClient.h"
#include "ops/us/sources/RecallClient.h"

#include <QFile>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::us;

namespace {

QByteArray recorded(const QString &relative)
{
    QFile f(test::sharedDataDir() + u"/upstreams/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject arguments(const QString &htsCode, const QString &battery)
{
    QJsonObject answers;
    for (const QString &member : ImportInput::riskMembers())
        answers.insert(member, u"no"_s);
    answers.insert(u"battery"_s, battery);
    QJsonObject a {
        { u"dispatch_country"_s, u"DE"_s },
        { u"destination_country"_s, u"US"_s },
        { u"country_of_origin"_s, u"PT"_s },
        { u"product_name"_s, u"Cotton T-shirt"_s },
        { u"product_description"_s, u"A plain knitted cotton T-shirt with short sleeves, for adults."_s },
        { u"material_or_composition"_s, u"100% cotton"_s },
        { u"intended_use"_s, u"Personal wear"_s },
        { u"brand"_s, u"Nordwind"_s },
        { u"model"_s, u"NW-100"_s },
        { u"gtin"_s, u"4006381333931"_s },
        { u"customs_value_usd"_s, u"200.00"_s },
        { u"quantity"_s, 10 },
        { u"importer_use"_s, u"personal"_s },
        { u"merchant_forwarding_policy"_s, u"allowed"_s },
        { u"risk_answers"_s, answers },
    };
    if (!htsCode.isEmpty())
        a.insert(u"hts_code"_s, htsCode);
    return a;
}

} // namespace

// The US import dossier's own CPU time per call, upstream waits excluded (issue 17: target <= 1 ms): from
// the two upstream bodies as they arrive (parsing included) and the checked arguments to the result object
// and its canonical bytes — input normalization and fingerprint, tariff and duty, recall candidates,
// regulatory routing, forwarding, decision, result. Signing is the channel's and measured in BenchReceipts.
class BenchUsImportDossier : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dossier_data();
    void dossier();
};

void BenchUsImportDossier::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    // Loads the routing table outside the timed block.
    QVERIFY(!RegulatoryRouting::tableVersion().isEmpty());
}

void BenchUsImportDossier::dossier_data()
{
    QTest::addColumn<QJsonObject>("args");
    QTest::addColumn<QByteArray>("tariffBody");
    QTest::addColumn<QString>("decision"); // checked after the timed block
    const QByteArray heading = recorded(u"usitc-hts/exportList-6109.constructed.json"_s);
    const QByteArray search = recorded(u"usitc-hts/search-keyword-coffee.constructed.json"_s);
    QTest::newRow("declared-10-digit")
        << arguments(u"6109.10.00.04"_s, u"no"_s) << heading << u"REVIEW_REQUIRED"_s;
    QTest::newRow("candidates") << arguments(QString(), u"no"_s) << search << u"REVIEW_REQUIRED"_s;
    QTest::newRow("routed-battery") << arguments(u"61091000"_s, u"yes"_s) << heading << u"REVIEW_REQUIRED"_s;
}

void BenchUsImportDossier::dossier()
{
    QFETCH(QJsonObject, args);
    QFETCH(QByteArray, tariffBody);
    QFETCH(QString, decision);
    UpstreamResponse tariffResponse { 200, tariffBody, {}, QJsonObject { { u"source"_s, u"usitc-hts"_s } } };
    UpstreamResponse recallResponse { 200, recorded(u"cpsc-recalls/Recall-format-json-26645.json"_s), {},
        QJsonObject { { u"source"_s, u"cpsc-recalls"_s } } };
    const QDateTime now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);
    QJsonObject result;
    QByteArray bytes;
    QBENCHMARK
    {
        const ImportInput in = ImportInput::read(args);
        const Result<QList<HtsLine>> rows = HtsClient::parseRows(tariffResponse);
        const Result<QList<RecallRecord>> records = RecallClient::parseBody(recallResponse);
        result = ImportDossier::compose(in, u"usi_0123456789abcdef0123456789abcdef"_s,
            HtsAnswer { rows.value(), u"2026HTSRev19"_s, tariffResponse.snapshot, false },
            RecallAnswer { records.value(), u"2021-11-30"_s, u"2026-11-29"_s, recallResponse.snapshot }, now)
                     .value();
        bytes = CanonicalJson::serialise(result);
    }
    QCOMPARE(result.value(u"decision"_s).toObject().value(u"value"_s).toString(), decision);
    QVERIFY(bytes.size() > 2000);
}

QTEST_GUILESS_MAIN(BenchUsImportDossier)
#include "BenchUsImportDossier.moc"
