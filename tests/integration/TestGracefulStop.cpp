#include "FakeVies.h"
#include "TestData.h"
#include "core/Result.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
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
    quint16 startService(QProcess &process, const QString &dataDir);

    QString m_binary;
    std::unique_ptr<test::FakeVies> m_vies;
};

void TestGracefulStop::initTestCase()
{
#ifndef Q_OS_UNIX
    QSKIP("signals are POSIX");
#endif
    ADES_REQUIRE_SHARED_DATA();
    m_binary = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    if (!QFileInfo(m_binary).isExecutable())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    m_vies = std::make_unique<test::FakeVies>();
    QVERIFY(m_vies->isReady());
    m_vies->setDelayMs(1500); // every VIES answer takes 1.5 s: a call stays in flight that long
}

quint16 TestGracefulStop::startService(QProcess &process, const QString &dataDir)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"ADES_UPSTREAM_VIES_BASE_URL"_s, m_vies->baseUrl());
    env.insert(u"ADES_SERVICE_DRAIN_TIMEOUT_MS"_s, u"20000"_s);
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(m_binary, { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, dataDir });
    if (!process.waitForStarted(10000))
        return 0;
    static const QRegularExpression listening(u"listening on http://127\\.0\\.0\\.1:(\\d+)"_s);
    QByteArray out;
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 30000 && process.state() == QProcess::Running) {
        QTest::qWait(50); // the fake VIES answers on this thread's loop
        out += process.readAllStandardOutput();
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(out));
        if (match.hasMatch())
            return quint16(match.captured(1).toUInt());
    }
    return 0;
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
    QProcess process;
    const quint16 port = startService(process, dir.path());
    QVERIFY2(port != 0, process.readAllStandardError().constData());

    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/vat?value=DE811907980"_s.arg(port)));
    request.setRawHeader("X-API-Key", key.toUtf8());
    QNetworkReply *inFlight = manager.get(request);
    QTest::qWait(400); // the call has reached VIES and waits for it
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
    QProcess process;
    const quint16 port = startService(process, dir.path());
    QVERIFY(port != 0);
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/vat?value=DE811907980"_s.arg(port)));
    request.setRawHeader("X-API-Key", key.toUtf8());
    QNetworkReply *inFlight = manager.get(request);
    QTest::qWait(400);
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
