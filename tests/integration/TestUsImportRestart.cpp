#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "ReplayServer.h"
#include "ServeProcess.h"
#include "TestData.h"
#include "TestPayments.h"
#include "UsImportSamples.h"
#include "crypto/Secp256k1Key.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

} // namespace

// docs/us-import.md, "Recovery": the built `ades serve` (build/app/ades) settles a dossier, is killed with
// SIGKILL, is started again on the same data folder, and hands the settled dossier back unchanged.
class TestUsImportRestart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void settledDossierSurvivesKill9();

private:
    QHash<QString, QString> m_settings; // the fakes and x402 on the local test chain
    QTemporaryDir m_dir;
    FakeFacilitator m_facilitator;
    ReplayServer m_hts;
    ReplayServer m_cpsc;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestUsImportRestart::initTestCase()
{
#ifndef Q_OS_UNIX
    QSKIP("SIGKILL is POSIX");
#endif
    ADES_REQUIRE_SHARED_DATA();
    if (ServeProcess::binary().isEmpty())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    QVERIFY(m_dir.isValid());
    m_hts.route("GET", u"/releaseList"_s, { 200, QByteArray("[\"2026HTSRev19\"]") });
    m_hts.route(
        "GET", u"/exportList"_s, { 200, recordedUpstream(u"usitc-hts/exportList-6109.constructed.json"_s) });
    m_cpsc.route(
        "GET", u"/Recall"_s, { 200, recordedUpstream(u"cpsc-recalls/Recall-format-json-26645.json"_s) });
    m_settings = localX402Settings(m_facilitator.baseUrl());
    m_settings.insert(u"upstream/usitc-hts/base_url"_s, m_hts.baseUrl());
    m_settings.insert(u"upstream/cpsc-recalls/base_url"_s, m_cpsc.baseUrl());
}

void TestUsImportRestart::settledDossierSurvivesKill9()
{
    ServeProcess first;
    QVERIFY2(first.start(m_dir.path(), m_settings), qPrintable(first.error()));
    const quint16 port = first.port();
    HttpTestClient client(port);
    const HttpTestResponse checked
        = client.post(u"/free/us-import-readiness/check"_s, compact(usImportRequest()));
    QCOMPARE(checked.status, 200);
    const QJsonObject job = checked.json().value(u"job"_s).toObject();
    QJsonObject paid = usImportRequest();
    paid.insert(u"job_id"_s, job.value(u"job_id"_s));
    paid.insert(u"recovery_secret"_s, job.value(u"recovery_secret"_s));
    const HttpTestResponse challenge = client.post(u"/x402/us-import-readiness"_s, compact(paid));
    QCOMPARE(challenge.status, 402);
    const QJsonObject offer
        = QJsonDocument::fromJson(QByteArray::fromBase64(challenge.header("PAYMENT-REQUIRED")))
              .object()
              .value(u"accepts"_s)
              .toArray()
              .at(0)
              .toObject();
    const HttpTestResponse delivered = client.post(u"/x402/us-import-readiness"_s, compact(paid),
        { { "PAYMENT-SIGNATURE",
            QJsonDocument(signedPayment(m_payer, offer)).toJson(QJsonDocument::Compact).toBase64() } });
    QCOMPARE(delivered.status, 200);
    QCOMPARE(m_facilitator.settleCount(), 1);

    // Killed right after the settlement: no clean shutdown, no flush.
    first.kill();
    const int upstreamCalls = m_hts.requestCount() + m_cpsc.requestCount();

    ServeProcess second;
    QVERIFY2(second.start(m_dir.path(), m_settings), qPrintable(second.error()));
    const quint16 again = second.port();
    HttpTestClient restarted(again);
    const QString recoverPath = u"/free/us-import-readiness/recover/"_s + job.value(u"job_id"_s).toString();
    const HttpTestResponse recovered = restarted.post(
        recoverPath, compact(QJsonObject { { u"recovery_secret"_s, job.value(u"recovery_secret"_s) } }));
    QCOMPARE(recovered.status, 200);
    QCOMPARE(recovered.json().value(u"result"_s).toObject(), delivered.json());
    QCOMPARE(m_hts.requestCount() + m_cpsc.requestCount(), upstreamCalls); // no new lookup
    QCOMPARE(m_facilitator.settleCount(), 1); // no new charge
    const HttpTestResponse wrong = restarted.post(
        recoverPath, compact(QJsonObject { { u"recovery_secret"_s, u"not-the-secret-0123456789"_s } }));
    QCOMPARE(wrong.status, 422);
    second.kill();
}

QTEST_GUILESS_MAIN(TestUsImportRestart)
#include "TestUsImportRestart.moc"
