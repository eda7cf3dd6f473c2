#include "FakeFacilitator.h"
#include "HttpTestClient.h"
#include "NginxBalancer.h"
#include "PostgresCluster.h"
#include "ReplayServer.h"
#include "ServeProcess.h"
#include "TestData.h"
#include "TestPayments.h"
#include "UsImportSamples.h"
#include "crypto/Secp256k1Key.h"
#include "store/ApiKeys.h"
#include "store/Migrations.h"
#include "store/PaymentLedger.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

struct Answer
{
    int status = 0;
    QByteArray body;
};

struct Sent
{
    quint16 port = 0;
    QByteArray request;
};

// Raw HTTP/1.1 requests (Connection: close), all sent at once from their own sockets; the answers in the
// same order (status 0: no answer within 60 s). The event loop runs meanwhile, so the fakes of this thread
// answer.
QList<Answer> sendAtOnce(const QList<Sent> &requests)
{
    const int count = int(requests.size());
    QList<Answer> answers(count);
    std::vector<std::unique_ptr<QTcpSocket>> sockets;
    std::vector<QByteArray> received(static_cast<size_t>(count));
    std::vector<bool> ended(static_cast<size_t>(count), false);
    for (int i = 0; i < count; ++i) {
        auto socket = std::make_unique<QTcpSocket>();
        QTcpSocket *raw = socket.get();
        QObject::connect(raw, &QTcpSocket::connected, raw,
            [raw, request = requests.at(i).request] { raw->write(request); });
        QObject::connect(
            raw, &QTcpSocket::readyRead, raw, [raw, &received, i] { received[size_t(i)] += raw->readAll(); });
        QObject::connect(raw, &QTcpSocket::disconnected, raw, [&ended, i] { ended[size_t(i)] = true; });
        QObject::connect(raw, &QTcpSocket::errorOccurred, raw, [&ended, i] { ended[size_t(i)] = true; });
        raw->connectToHost(QHostAddress::LocalHost, requests.at(i).port);
        sockets.push_back(std::move(socket));
    }
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60000 && std::find(ended.begin(), ended.end(), false) != ended.end())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    for (int i = 0; i < count; ++i) {
        received[size_t(i)] += sockets[size_t(i)]->readAll();
        const QByteArray &bytes = received[size_t(i)];
        const qsizetype headEnd = bytes.indexOf("\r\n\r\n");
        if (!bytes.startsWith("HTTP/1.1 ") || headEnd < 0)
            continue;
        answers[i].status = bytes.mid(9, 3).toInt();
        answers[i].body = bytes.mid(headEnd + 4);
    }
    return answers;
}

QByteArray getRequest(const QString &pathAndQuery, const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    QByteArray request
        = "GET " + pathAndQuery.toUtf8() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    for (const auto &[name, value] : headers)
        request += name + ": " + value + "\r\n";
    return request + "\r\n";
}

} // namespace

// docs/deployment.md, "Several instances on PostgreSQL": two `ades serve` (build/app/ades) on one PostgreSQL
// cluster this test creates (PostgresCluster.h), behind nginx (NginxBalancer.h). Quotas stay exact across
// the instances under 200 concurrent calls, one payment sent to both at once settles once and both answer
// with the same result, a US import job issued by one is paid and recovered on the other, and two instances
// starting at once on an empty database migrate it once.
class TestSeveralInstances : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void quotaIsExactAcrossInstances();
    void onePaymentSettlesOnceAcrossInstances();
    void usImportJobMovesBetweenInstances();
    void twoInstancesMigrateAnEmptyDatabaseOnce();

private:
    std::unique_ptr<Store> openStore(const QString &database);

    PostgresCluster m_cluster;
    QTemporaryDir m_dir;
    FakeFacilitator m_facilitator;
    ReplayServer m_hts;
    ReplayServer m_cpsc;
    ServeProcess m_a;
    ServeProcess m_b;
    NginxBalancer m_nginx;
    QHash<QString, QString> m_settings;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestSeveralInstances::initTestCase()
{
    if (ServeProcess::binary().isEmpty())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    if (const QString reason = PostgresCluster::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    if (const QString reason = NginxBalancer::unavailableReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    QVERIFY2(m_cluster.start(), qPrintable(m_cluster.error()));
    QVERIFY2(m_cluster.createDatabase(u"ades"_s), qPrintable(m_cluster.error()));
    QVERIFY(m_dir.isValid());

    m_settings = localX402Settings(m_facilitator.baseUrl());
    m_settings.insert(u"store/url"_s, m_cluster.url(u"ades"_s));
    // nginx is the one client address the instances see: its X-Forwarded-For names the callers.
    m_settings.insert(u"http/trusted_proxies"_s, u"127.0.0.1"_s);
    // One issuer for both: a receipt verifies the same whichever instance signed it.
    m_settings.insert(u"issuer/key_file"_s, m_dir.filePath(u"issuer.key"_s));
    m_settings.insert(u"upstream/usitc-hts/base_url"_s, m_hts.baseUrl());
    m_settings.insert(u"upstream/cpsc-recalls/base_url"_s, m_cpsc.baseUrl());
    // The first start creates the issuer key and migrates; the second finds both.
    QVERIFY2(m_a.start(m_dir.filePath(u"a"_s), m_settings), qPrintable(m_a.error()));
    QVERIFY2(m_b.start(m_dir.filePath(u"b"_s), m_settings), qPrintable(m_b.error()));
    QVERIFY2(m_nginx.start({ m_a.port(), m_b.port() }), qPrintable(m_nginx.error()));
}

void TestSeveralInstances::cleanupTestCase()
{
    // SIGTERM: both drain and exit cleanly while PostgreSQL is still there.
    QVERIFY(m_a.stop());
    QVERIFY(m_b.stop());
}

std::unique_ptr<Store> TestSeveralInstances::openStore(const QString &database)
{
    Result<StoreLocation> location
        = StoreLocation::fromUrl(m_cluster.url(database), m_dir.filePath(u"test"_s));
    if (!location.ok())
        return {};
    Result<std::unique_ptr<Store>> store = Store::open(location.value());
    return store.ok() ? std::move(store.value()) : nullptr;
}

void TestSeveralInstances::quotaIsExactAcrossInstances()
{
    constexpr int Limit = 37;
    constexpr int Calls = 200;
    const std::unique_ptr<Store> store = openStore(u"ades"_s);
    QVERIFY(store);
    const Result<NewApiKey> key = store->keys().create(u"shared quota"_s, u"free"_s, Limit);
    QVERIFY(key.ok());

    QList<Sent> requests;
    for (int i = 0; i < Calls; ++i)
        requests.append({ m_nginx.port(),
            getRequest(u"/v1/iban?value=DE89370400440532013000"_s,
                { { "X-API-Key", key.value().key.toLatin1() } }) });
    const QList<Answer> answers = sendAtOnce(requests);
    // SPEC §5: a key whose calls are used up gets 402 (buy more), never its result.
    QMap<int, int> statuses;
    for (const Answer &answer : answers) {
        statuses[answer.status] += 1;
        if (answer.status != 200)
            QVERIFY2(!QJsonDocument::fromJson(answer.body).object().contains(u"receipt"_s),
                answer.body.constData());
    }
    QString seen;
    for (auto it = statuses.cbegin(); it != statuses.cend(); ++it)
        seen += u"%1 × %2; "_s.arg(it.value()).arg(it.key());
    QVERIFY2(statuses.value(200) == Limit && statuses.value(402) == Calls - Limit, qPrintable(seen));
    QCOMPARE(store->quotas().usage(key.value().id).used, Limit);
    // Both instances served: round robin over 200 calls.
    QVERIFY(m_a.process().state() == QProcess::Running && m_b.process().state() == QProcess::Running);
}

void TestSeveralInstances::onePaymentSettlesOnceAcrossInstances()
{
    const QString path = u"/x402/iban/GB82WEST12345698765432"_s;
    const HttpTestResponse challenge = HttpTestClient(m_a.port()).get(path);
    QCOMPARE(challenge.status, 402);
    const QByteArray payment = paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED"));
    QVERIFY(!payment.isEmpty());
    const int settlesBefore = m_facilitator.settleCount();
    const int verifiesBefore = m_facilitator.verifyCount();
    // The first holder's /verify takes a while: the other instance receives the same paid request meanwhile.
    m_facilitator.setVerifyDelayMs(500);
    const QByteArray request = getRequest(path, { { "PAYMENT-SIGNATURE", payment } });
    const QList<Answer> answers = sendAtOnce({ { m_a.port(), request }, { m_b.port(), request } });
    m_facilitator.setVerifyDelayMs(0);

    QCOMPARE(answers.at(0).status, 200);
    QCOMPARE(answers.at(1).status, 200);
    QCOMPARE(answers.at(0).body, answers.at(1).body);
    QVERIFY(QJsonDocument::fromJson(answers.at(0).body).object().contains(u"receipt"_s));
    QCOMPARE(m_facilitator.settleCount() - settlesBefore, 1);
    QCOMPARE(m_facilitator.verifyCount() - verifiesBefore, 1); // the second never ran the payment itself
    const std::unique_ptr<Store> store = openStore(u"ades"_s);
    QVERIFY(store);
    QCOMPARE(store->payments().revenueByNetwork().value(u"eip155:1337"_s),
        firstOffer(challenge.header("PAYMENT-REQUIRED")).value(u"amount"_s).toString().toLongLong());
}

void TestSeveralInstances::usImportJobMovesBetweenInstances()
{
    ADES_REQUIRE_SHARED_DATA();
    m_hts.route("GET", u"/releaseList"_s, { 200, QByteArray("[\"2026HTSRev19\"]") });
    m_hts.route(
        "GET", u"/exportList"_s, { 200, recordedUpstream(u"usitc-hts/exportList-6109.constructed.json"_s) });
    m_cpsc.route(
        "GET", u"/Recall"_s, { 200, recordedUpstream(u"cpsc-recalls/Recall-format-json-26645.json"_s) });

    // Issued by A ...
    const HttpTestResponse checked
        = HttpTestClient(m_a.port()).post(u"/free/us-import-readiness/check"_s, compact(usImportRequest()));
    QCOMPARE(checked.status, 200);
    const QJsonObject job = checked.json().value(u"job"_s).toObject();
    QJsonObject paid = usImportRequest();
    paid.insert(u"job_id"_s, job.value(u"job_id"_s));
    paid.insert(u"recovery_secret"_s, job.value(u"recovery_secret"_s));

    // ... paid on B ...
    HttpTestClient b(m_b.port());
    const HttpTestResponse challenge = b.post(u"/x402/us-import-readiness"_s, compact(paid));
    QCOMPARE(challenge.status, 402);
    const int settlesBefore = m_facilitator.settleCount();
    const HttpTestResponse delivered = b.post(u"/x402/us-import-readiness"_s, compact(paid),
        { { "PAYMENT-SIGNATURE", paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED")) } });
    QCOMPARE(delivered.status, 200);
    QCOMPARE(m_facilitator.settleCount() - settlesBefore, 1);

    // ... and B dies: A hands the settled dossier back, with no new lookup and no new charge.
    m_b.kill();
    const int upstreamCalls = m_hts.requestCount() + m_cpsc.requestCount();
    const QString recoverPath = u"/free/us-import-readiness/recover/"_s + job.value(u"job_id"_s).toString();
    const HttpTestResponse recovered
        = HttpTestClient(m_a.port())
              .post(recoverPath,
                  compact(QJsonObject { { u"recovery_secret"_s, job.value(u"recovery_secret"_s) } }));
    QCOMPARE(recovered.status, 200);
    QCOMPARE(recovered.json().value(u"result"_s).toObject(), delivered.json());
    QCOMPARE(m_hts.requestCount() + m_cpsc.requestCount(), upstreamCalls);
    QCOMPARE(m_facilitator.settleCount() - settlesBefore, 1);
    // B again, on the same store: it serves as before.
    QVERIFY2(m_b.start(m_dir.filePath(u"b"_s), m_settings), qPrintable(m_b.error()));
}

void TestSeveralInstances::twoInstancesMigrateAnEmptyDatabaseOnce()
{
    QVERIFY2(m_cluster.createDatabase(u"fresh"_s), qPrintable(m_cluster.error()));
    QHash<QString, QString> settings = m_settings;
    settings.insert(u"store/url"_s, m_cluster.url(u"fresh"_s));
    // Both processes are started before either is waited for: they reach the migrations together.
    ServeProcess first;
    ServeProcess second;
    QVERIFY(first.launch(m_dir.filePath(u"fresh-a"_s), settings));
    QVERIFY(second.launch(m_dir.filePath(u"fresh-b"_s), settings));
    QVERIFY2(first.waitListening(), qPrintable(first.error()));
    QVERIFY2(second.waitListening(), qPrintable(second.error()));
    const std::unique_ptr<Store> store = openStore(u"fresh"_s);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), Migrations::latestVersion());
    QCOMPARE(HttpTestClient(first.port()).get(u"/v1/health"_s).status, 200);
    QCOMPARE(HttpTestClient(second.port()).get(u"/v1/health"_s).status, 200);
}

QTEST_GUILESS_MAIN(TestSeveralInstances)
#include "TestSeveralInstances.moc"
