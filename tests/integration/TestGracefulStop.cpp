#include "FakeVies.h"
#include "ServeProcess.h"
#include "TestData.h"
#include "core/Result.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// docs/deployment.md: SIGTERM stops `ades serve` gracefully — it stops accepting at once, answers the calls
// already in flight, and exits 0 once none is left (or after service/drain_timeout_ms).
class TestGracefulStop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sigtermAnswersCallsInFlight();
    void secondSignalQuitsAtOnce();

private:
    // The fake VIES and a 20 s drain, as the started services' settings.
    QHash<QString, QString> settings() const;

    std::unique_ptr<test::FakeVies> m_vies;
};

void TestGracefulStop::initTestCase()
{
#ifndef Q_OS_UNIX
    QSKIP("signals are POSIX");
#endif
    ADES_REQUIRE_SHARED_DATA();
    if (test::ServeProcess::binary().isEmpty())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    m_vies = std::make_unique<test::FakeVies>();
    QVERIFY(m_vies->isReady());
    m_vies->setDelayMs(1500); // every VIES answer takes 1.5 s: a call stays in flight that long
}

QHash<QString, QString> TestGracefulStop::settings() const
{
    return { { u"upstream/vies/base_url"_s, m_vies->baseUrl() },
        { u"service/drain_timeout_ms"_s, u"20000"_s } };
}

void TestGracefulStop::sigtermAnswersCallsInFlight()
{
    QTemporaryDir dir;
    QString key;
    {
        const Result<std::unique_ptr<Store>> store = Store::open(dir.filePath(u"ades.sqlite"_s));
        QVERIFY(store.ok());
        const Result<NewApiKey> created = store.value()->keys().create(u"drain"_s, u"full"_s, std::nullopt);
        QVERIFY(created.ok());
        key = created.value().key;
    }
    test::ServeProcess service;
    QVERIFY2(service.start(dir.path(), settings()), qPrintable(service.error()));
    const quint16 port = service.port();
    QProcess &process = service.process();

    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/vat?value=DE811907980"_s.arg(port)));
    request.setRawHeader("X-API-Key", key.toUtf8());
    const int asked = m_vies->requestCount();
    QNetworkReply *inFlight = manager.get(request);
    // In flight once the service asks VIES (a fixed wait let SIGTERM come first on a busy machine, and a
    // connection not yet accepted is rightly refused).
    QTRY_VERIFY_WITH_TIMEOUT(m_vies->requestCount() > asked, 10000);
    QVERIFY(!inFlight->isFinished());

    process.terminate(); // SIGTERM
    QByteArray err;
    QTRY_VERIFY2_WITH_TIMEOUT(
        (err += process.readAllStandardError()).contains("stopping"), err.constData(), 5000);
    // No new connection is accepted while the call in flight finishes.
    QTcpSocket late;
    late.connectToHost(QHostAddress::LocalHost, port);
    QVERIFY(!late.waitForConnected(1000));

    QTRY_VERIFY_WITH_TIMEOUT(inFlight->isFinished(), 10000);
    QCOMPARE(inFlight->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QVERIFY(!inFlight->rawHeader("X-Request-Id").isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(process.state(), QProcess::NotRunning, 10000);
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QCOMPARE(process.exitCode(), 0);
    inFlight->deleteLater();
}

void TestGracefulStop::secondSignalQuitsAtOnce()
{
    QTemporaryDir dir;
    QString key;
    {
        const Result<std::unique_ptr<Store>> store = Store::open(dir.filePath(u"ades.sqlite"_s));
        QVERIFY(store.ok());
        const Result<NewApiKey> created = store.value()->keys().create(u"drain"_s, u"full"_s, std::nullopt);
        QVERIFY(created.ok());
        key = created.value().key;
    }
    m_vies->setDelayMs(8000);
    test::ServeProcess service;
    QVERIFY2(service.start(dir.path(), settings()), qPrintable(service.error()));
    const quint16 port = service.port();
    QProcess &process = service.process();
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/vat?value=DE811907980"_s.arg(port)));
    request.setRawHeader("X-API-Key", key.toUtf8());
    const int asked = m_vies->requestCount();
    QNetworkReply *inFlight = manager.get(request);
    QTRY_VERIFY_WITH_TIMEOUT(m_vies->requestCount() > asked, 10000);
    process.terminate();
    QTest::qWait(300);
    QVERIFY(process.state() == QProcess::Running); // draining: the call has 7 s to go
    QElapsedTimer clock;
    clock.start();
    process.terminate(); // the operator insists
    QTRY_COMPARE_WITH_TIMEOUT(process.state(), QProcess::NotRunning, 5000);
    QVERIFY2(clock.elapsed() < 4000, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(process.exitCode(), 0);
    m_vies->setDelayMs(1500);
    inFlight->deleteLater();
}

QTEST_MAIN(TestGracefulStop)
#include "TestGracefulStop.moc"
