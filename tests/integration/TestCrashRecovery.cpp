#include "core/Clock.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// Requests kept in flight: QNetworkAccessManager opens at most six connections per host, one request each.
constexpr int InFlight = 6;
constexpr int Rounds = 5;
constexpr int MinDeliveredPerRound = 20;

struct Account
{
    QString id;
    QString key;
    qint64 delivered = 0; // 200s the client received
};

struct Delivered
{
    QString signature;
    QString resultHash;
};

} // namespace

// docs/reliability.md: a result the client received keeps its receipt and its count through kill -9. The
// built `ades serve` (beside this test: build/app/ades) is driven with an unlimited and a limited key,
// killed with SIGKILL in the middle of the load, restarted, five times; then every 200 the client got must
// have its receipt archived and be counted, and the per-operation usage must add up to calls_used.
class TestCrashRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void deliveredWorkSurvivesKill9();

private:
    // Starts `ades serve` on a free loopback port; 0 when it did not come up.
    quint16 startService(QProcess &process);
    // Drives /v1/iban with both keys for `loadMs` (longer until MinDeliveredPerRound results arrived),
    // then kills the service with SIGKILL and waits for every request in flight to end. Returns the 200s
    // received in this round, or -1 when requests were still in flight 30 s after the kill; `failure`
    // then describes the round (a rare failure under load must say which of the two it was).
    int loadThenKill(QProcess &process, quint16 port, int loadMs, QString *failure);

    QString m_binary;
    QTemporaryDir m_dir;
    QList<Account> m_accounts;
    QList<Delivered> m_delivered;
};

void TestCrashRecovery::initTestCase()
{
#ifndef Q_OS_UNIX
    QSKIP("SIGKILL is POSIX");
#endif
    m_binary = QCoreApplication::applicationDirPath() + u"/../app/ades"_s;
    if (!QFileInfo(m_binary).isExecutable())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    QVERIFY(m_dir.isValid());
    const Result<std::unique_ptr<Store>> store = Store::open(m_dir.filePath(u"ades.sqlite"_s));
    QVERIFY(store.ok());
    // Unlimited: counted only through the journal and the write-behind batch. Limited: counted by its
    // conditional UPDATE, together with its usage row.
    const Result<NewApiKey> unlimited = store.value()->keys().create(u"full"_s, u"full"_s, std::nullopt);
    const Result<NewApiKey> limited = store.value()->keys().create(u"limited"_s, u"free"_s, 1'000'000);
    QVERIFY(unlimited.ok() && limited.ok());
    m_accounts
        = { { unlimited.value().id, unlimited.value().key }, { limited.value().id, limited.value().key } };
}

quint16 TestCrashRecovery::startService(QProcess &process)
{
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(m_binary, { u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s, u"--data-dir"_s, m_dir.path() });
    if (!process.waitForStarted(10000))
        return 0;
    static const QRegularExpression listening(u"listening on http://127\\.0\\.0\\.1:(\\d+)"_s);
    QByteArray out;
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 30000 && process.state() == QProcess::Running) {
        process.waitForReadyRead(200);
        out += process.readAllStandardOutput();
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(out));
        if (match.hasMatch())
            return quint16(match.captured(1).toUInt());
    }
    qWarning("ades serve did not start: %s %s", out.constData(), process.readAllStandardError().constData());
    return 0;
}

int TestCrashRecovery::loadThenKill(QProcess &process, quint16 port, int loadMs, QString *failure)
{
    QString lastRefusal; // the last answer that was not a 200, for the failure message
    QNetworkAccessManager manager;
    int outstanding = 0;
    int delivered = 0;
    int issued = 0;
    bool killed = false;
    std::function<void()> issue;
    issue = [&] {
        Account &account = m_accounts[issued % m_accounts.size()];
        // Two IBANs, so the same result is delivered again and again: every delivery is its own receipt.
        const QString iban = issued % 3 == 0 ? u"DE89370400440532013000"_s : u"GB82WEST12345698765432"_s;
        ++issued;
        QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/v1/iban?value=%2"_s.arg(port).arg(iban)));
        request.setRawHeader("X-API-Key", account.key.toLatin1());
        QNetworkReply *reply = manager.get(request);
        ++outstanding;
        QObject::connect(reply, &QNetworkReply::finished, &manager, [&, reply, &account = account] {
            reply->deleteLater();
            --outstanding;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const QByteArray body = reply->readAll();
            if (reply->error() == QNetworkReply::NoError && status == 200) {
                const QJsonObject receipt
                    = QJsonDocument::fromJson(body).object().value(u"receipt"_s).toObject();
                m_delivered.append(
                    { receipt.value(u"signature"_s).toString(), receipt.value(u"result_hash"_s).toString() });
                ++account.delivered;
                ++delivered;
            } else if (!killed) {
                lastRefusal = u"HTTP %1, %2: %3"_s.arg(status).arg(
                    reply->errorString(), QString::fromUtf8(body.left(200)));
            }
            if (!killed)
                issue();
        });
    };
    for (int i = 0; i < InFlight; ++i)
        issue();
    // Loaded for `loadMs`, and at least until some results were delivered: on a busy machine the first
    // answers of a fresh process can take a while.
    QElapsedTimer load;
    load.start();
    while ((load.elapsed() < loadMs || delivered < MinDeliveredPerRound) && load.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    killed = true;
    process.kill(); // SIGKILL: no destructor, no flush
    process.waitForFinished(10000);
    QElapsedTimer drain;
    drain.start();
    while (outstanding > 0 && drain.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    *failure = u"%1 delivered, %2 issued, %3 still in flight after the kill, %4 ms in all; last refusal: %5"_s
                   .arg(delivered)
                   .arg(issued)
                   .arg(outstanding)
                   .arg(load.elapsed())
                   .arg(lastRefusal.isEmpty() ? u"none"_s : lastRefusal);
    return outstanding == 0 ? delivered : -1;
}

void TestCrashRecovery::deliveredWorkSurvivesKill9()
{
    for (int round = 0; round < Rounds; ++round) {
        QProcess process;
        const quint16 port = startService(process);
        QVERIFY2(port != 0, qPrintable(u"round %1"_s.arg(round)));
        // Killed at a different moment of the write-behind cycle (~200 ms) each round.
        QString failure;
        const int delivered = loadThenKill(process, port, 700 + 170 * round, &failure);
        QVERIFY2(delivered > 0, qPrintable(u"round %1: %2"_s.arg(round).arg(failure)));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
    }

    // Opening the store replays what the last instance journaled (the others were replayed by the next
    // `ades serve` at its start).
    const Result<std::unique_ptr<Store>> store = Store::open(m_dir.filePath(u"ades.sqlite"_s));
    QVERIFY(store.ok());
    ReceiptArchive &receipts = store.value()->receipts();
    int missing = 0;
    for (const Delivered &delivered : std::as_const(m_delivered)) {
        const std::optional<StoredReceipt> kept = receipts.receiptBySignature(delivered.signature);
        if (!kept || kept->resultHash != delivered.resultHash)
            ++missing;
    }
    QVERIFY2(missing == 0,
        qPrintable(u"%1 of %2 delivered receipts are not archived"_s.arg(missing).arg(m_delivered.size())));

    for (const Account &account : std::as_const(m_accounts)) {
        const QuotaUsage usage = store.value()->quotas().usage(account.id);
        qint64 byOperation = 0;
        for (const qint64 calls : usage.callsByOperation)
            byOperation += calls;
        const QString what = u"key %1: %2 delivered, calls_used %3, usage %4"_s.arg(account.id)
                                 .arg(account.delivered)
                                 .arg(usage.used)
                                 .arg(byOperation);
        // Every result the client received is counted. A kill can count a result the client never got
        // (counted, then killed before the response left): at most the requests in flight at each kill.
        QVERIFY2(usage.used >= account.delivered, qPrintable(what));
        QVERIFY2(usage.used - account.delivered <= qint64(Rounds) * InFlight, qPrintable(what));
        QVERIFY2(byOperation == usage.used, qPrintable(what));
        QCOMPARE(usage.callsByOperation.value(u"eu.iban.check"_s), usage.used);
    }
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "TestCrashRecovery.moc"
