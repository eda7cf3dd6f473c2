#include "FakeFacilitator.h"
#include "RawDatabase.h"
#include "ServeProcess.h"
#include "TestPayments.h"
#include "core/Clock.h"
#include "crypto/Secp256k1Key.h"
#include "store/ApiKeys.h"
#include "store/PaymentLedger.h"
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
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// Requests kept in flight: QNetworkAccessManager opens at most six connections per host, one request each.
constexpr int InFlight = 6;
constexpr int TransferTimeoutMs = 10000; // well below the 30 s drain after each kill
constexpr int Rounds = 20;
constexpr int MinDeliveredPerRound = 20;
// Every third request is paid through x402 instead of a key.
constexpr int PaidEvery = 3;

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
    QString payer; // paid through x402: the ledger's key
    QString nonce;
};

} // namespace

// docs/reliability.md: a result the client received keeps its receipt, its count and its settlement through
// kill -9. The built `ades serve` (beside this test: build/app/ades) is driven with an unlimited and a
// limited key and with x402 payments (through a FakeFacilitator), killed with SIGKILL in the middle of the
// load, restarted on the same store, twenty times; then every 200 the client got must have its receipt
// archived and be counted or settled, the per-operation usage must add up to calls_used, the ledger must
// hold no settlement without its delivered result, and the database must pass its integrity check.
class TestCrashRecovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void deliveredWorkSurvivesKill9();

private:
    // Drives /v1/iban with both keys for `loadMs` (longer until MinDeliveredPerRound results arrived),
    // then kills the service with SIGKILL and waits for every request in flight to end. Returns the 200s
    // received in this round, or -1 when requests were still in flight 30 s after the kill; `failure`
    // then describes the round (a rare failure under load must say which of the two it was).
    int loadThenKill(test::ServeProcess &service, int loadMs, QString *failure);

    QTemporaryDir m_dir;
    test::FakeFacilitator m_facilitator;
    PrivateKey m_payer = PrivateKey::generate();
    QJsonObject m_offer; // the x402 offer of /x402/iban/{iban}, read in the first round
    QList<Account> m_accounts;
    QList<Delivered> m_delivered;
    int m_paidDelivered = 0;
};

void TestCrashRecovery::initTestCase()
{
#ifndef Q_OS_UNIX
    QSKIP("SIGKILL is POSIX");
#endif
    if (test::ServeProcess::binary().isEmpty())
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

int TestCrashRecovery::loadThenKill(test::ServeProcess &service, int loadMs, QString *failure)
{
    const quint16 port = service.port();
    QString lastRefusal; // the last answer that was not a 200, for the failure message
    QNetworkAccessManager manager;
    int outstanding = 0;
    int delivered = 0;
    int issued = 0;
    bool killed = false;
    std::function<void()> issue;
    issue = [&] {
        const bool paid = issued % PaidEvery == 0;
        Account &account = m_accounts[(issued / PaidEvery) % m_accounts.size()];
        // Two IBANs, so the same result is delivered again and again: every delivery is its own receipt.
        const QString iban = issued % 2 == 0 ? u"DE89370400440532013000"_s : u"GB82WEST12345698765432"_s;
        ++issued;
        Delivered expected;
        QNetworkRequest request;
        if (paid) {
            // A fresh authorization (random nonce) for every paid call.
            const QJsonObject payment = test::signedPayment(m_payer, m_offer);
            const QJsonObject authorization
                = payment.value(u"payload"_s).toObject().value(u"authorization"_s).toObject();
            expected.payer = authorization.value(u"from"_s).toString();
            expected.nonce = authorization.value(u"nonce"_s).toString();
            request.setUrl(QUrl(u"http://127.0.0.1:%1/x402/iban/%2"_s.arg(port).arg(iban)));
            request.setRawHeader(
                "PAYMENT-SIGNATURE", QJsonDocument(payment).toJson(QJsonDocument::Compact).toBase64());
        } else {
            request.setUrl(QUrl(u"http://127.0.0.1:%1/v1/iban?value=%2"_s.arg(port).arg(iban)));
            request.setRawHeader("X-API-Key", account.key.toLatin1());
        }
        // In one CI run a reply was still open 30 s after the SIGKILL, though the kernel closes a killed
        // server's sockets; the hang is in the client's connection handling (Qt resends an unanswered GET on
        // a new connection), not in anything the server can do. A client gives up on silence like any real
        // one: such a reply ends as not delivered, which the accounting below already allows for.
        request.setTransferTimeout(TransferTimeoutMs);
        QNetworkReply *reply = manager.get(request);
        ++outstanding;
        QObject::connect(
            reply, &QNetworkReply::finished, &manager, [&, reply, paid, expected, &account = account] {
                reply->deleteLater();
                --outstanding;
                const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                const QByteArray body = reply->readAll();
                if (reply->error() == QNetworkReply::NoError && status == 200) {
                    const QJsonObject receipt
                        = QJsonDocument::fromJson(body).object().value(u"receipt"_s).toObject();
                    Delivered got = expected;
                    got.signature = receipt.value(u"signature"_s).toString();
                    got.resultHash = receipt.value(u"result_hash"_s).toString();
                    m_delivered.append(got);
                    if (paid)
                        ++m_paidDelivered;
                    else
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
    service.kill(); // SIGKILL: no destructor, no flush
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
    const QHash<QString, QString> settings = test::localX402Settings(m_facilitator.baseUrl());
    for (int round = 0; round < Rounds; ++round) {
        test::ServeProcess service;
        QVERIFY2(service.start(m_dir.path(), settings),
            qPrintable(u"round %1: %2"_s.arg(round).arg(service.error())));
        if (m_offer.isEmpty()) {
            QNetworkAccessManager manager;
            QNetworkReply *challenge = manager.get(QNetworkRequest(
                QUrl(u"http://127.0.0.1:%1/x402/iban/DE89370400440532013000"_s.arg(service.port()))));
            QTRY_VERIFY_WITH_TIMEOUT(challenge->isFinished(), 10000);
            m_offer = test::firstOffer(challenge->rawHeader("PAYMENT-REQUIRED"));
            delete challenge;
            QVERIFY(!m_offer.isEmpty());
        }
        // Killed at a different moment of the write-behind cycle (~200 ms) each round.
        QString failure;
        const int delivered = loadThenKill(service, 500 + 37 * round, &failure);
        QVERIFY2(delivered > 0, qPrintable(u"round %1: %2"_s.arg(round).arg(failure)));
        QCOMPARE(service.process().exitStatus(), QProcess::CrashExit);
    }
    QVERIFY(m_paidDelivered > 0);

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

    // Every paid result the client received has its settlement in the ledger, with that very result.
    PaymentLedger &ledger = store.value()->payments();
    int unsettled = 0;
    for (const Delivered &delivered : std::as_const(m_delivered)) {
        if (delivered.nonce.isEmpty())
            continue;
        const std::optional<PaymentRecord> payment = ledger.payment(delivered.payer, delivered.nonce);
        const QJsonObject stored
            = payment ? QJsonDocument::fromJson(payment->resultJson).object() : QJsonObject();
        if (!payment || payment->state != PaymentRecord::State::Settled
            || stored.value(u"receipt"_s).toObject().value(u"signature"_s).toString() != delivered.signature)
            ++unsettled;
    }
    QVERIFY2(unsettled == 0,
        qPrintable(u"%1 of %2 paid results have no settlement record"_s.arg(unsettled).arg(m_paidDelivered)));

    // No settlement without its delivered result: each settled row holds a result whose receipt is archived.
    // A kill between the ledger's write and the response leaves a settled result the client never got: at
    // most the requests in flight at each kill.
    test::RawDatabase raw(m_dir.filePath(u"ades.sqlite"_s));
    QSqlQuery settled(raw.db());
    QVERIFY(settled.exec(u"SELECT result_json FROM payments WHERE state = 'settled'"_s));
    int settledRows = 0;
    int withoutReceipt = 0;
    while (settled.next()) {
        ++settledRows;
        const QString signature = QJsonDocument::fromJson(settled.value(0).toString().toUtf8())
                                      .object()
                                      .value(u"receipt"_s)
                                      .toObject()
                                      .value(u"signature"_s)
                                      .toString();
        if (signature.isEmpty() || !receipts.receiptBySignature(signature))
            ++withoutReceipt;
    }
    QCOMPARE(withoutReceipt, 0);
    QVERIFY2(settledRows >= m_paidDelivered && settledRows - m_paidDelivered <= Rounds * InFlight,
        qPrintable(u"%1 settled, %2 paid results received"_s.arg(settledRows).arg(m_paidDelivered)));
    // The facilitator settled each of them; one it settled and the kill kept from the ledger is money taken
    // for nothing delivered (docs/reliability.md says how many and why): at most one per kill in flight.
    QVERIFY2(m_facilitator.settleCount() >= settledRows
            && m_facilitator.settleCount() - settledRows <= Rounds * InFlight,
        qPrintable(u"facilitator settled %1, ledger %2"_s.arg(m_facilitator.settleCount()).arg(settledRows)));

    QCOMPARE(raw.scalar(u"PRAGMA integrity_check"_s).toString(), u"ok"_s);
    qInfo("%d kills; %d results delivered (%d paid), %d settlements recorded, %d settled at the facilitator",
        Rounds, int(m_delivered.size()), m_paidDelivered, settledRows, m_facilitator.settleCount());
}

QTEST_GUILESS_MAIN(TestCrashRecovery)
#include "TestCrashRecovery.moc"
