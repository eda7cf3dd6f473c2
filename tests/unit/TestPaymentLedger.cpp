#include "StoreFixture.h"
#include "store/PaymentLedger.h"
#include "store/Store.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <thread>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

PaymentRecord claim(const QString &nonce, const QString &requestHash = u"req-1"_s)
{
    PaymentRecord r;
    r.payer = u"0xFFcf8FDEE72ac11b5c542428B35EEF5769C409f0"_s;
    r.nonce = nonce;
    r.network = u"eip155:8453"_s;
    r.operationId = u"eu.iban.check"_s;
    r.requestHash = requestHash;
    r.amountUnits = 2000;
    r.payTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
    return r;
}

const QString NonceA = u"0xECF856407C14EF441E8FDAE0D8A998A1717CBC3F580E1AAC73A7BF50B878F6AA"_s;

} // namespace

class TestPaymentLedger : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void reserveSettleAndFind();
    void duplicateClaimReturnsTheHolder();
    void releasedPaymentCanPayAgain();
    void settledOnceOnly();
    void concurrentClaimsHaveOneWinner();
    void settlementSurvivesReopen();
    void onlyOldReservationsAreAbandoned();
    void revenuePerNetwork();

private:
    test::StoreFixture m_fixture;
    std::unique_ptr<Store> m_store;
};

void TestPaymentLedger::init()
{
    QVERIFY(m_fixture.reset());
    // The system clock: revenueSince() is asked about the real last hour.
    Result<std::unique_ptr<Store>> store = Store::open(m_fixture.location());
    QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message()));
    m_store = std::move(store.value());
}

void TestPaymentLedger::cleanup()
{
    m_store.reset();
    m_fixture.clear();
}

void TestPaymentLedger::reserveSettleAndFind()
{
    const Result<PaymentRecord> reserved = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(reserved.ok());
    QVERIFY(!reserved.value().id.isEmpty());
    QCOMPARE(reserved.value().nonce, NonceA.toLower()); // stored canonical: lower case
    QVERIFY(m_store->payments().settlePayment(
        reserved.value().id, u"0xtx"_s, u"0xhash"_s, R"({"valid":true})", R"({"success":true})"));
    const auto found
        = m_store->payments().payment(claim(NonceA).payer.toUpper().replace(u"0X"_s, u"0x"_s), NonceA);
    QVERIFY(found);
    QCOMPARE(found->state, PaymentRecord::State::Settled);
    QCOMPARE(found->transaction, u"0xtx"_s);
    QCOMPARE(found->resultJson, QByteArray(R"({"valid":true})"));
    QCOMPARE(found->paymentResponse, QByteArray(R"({"success":true})"));
    QCOMPARE(found->requestHash, u"req-1"_s);
}

void TestPaymentLedger::duplicateClaimReturnsTheHolder()
{
    const Result<PaymentRecord> first = m_store->payments().reservePayment(claim(NonceA));
    const Result<PaymentRecord> second = m_store->payments().reservePayment(claim(NonceA, u"req-2"_s));
    QVERIFY(first.ok() && second.ok());
    QCOMPARE(second.value().id, first.value().id);
    QCOMPARE(second.value().requestHash, u"req-1"_s);
    QCOMPARE(second.value().state, PaymentRecord::State::Reserved);
}

void TestPaymentLedger::releasedPaymentCanPayAgain()
{
    const Result<PaymentRecord> first = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(m_store->payments().releasePayment(first.value().id));
    QVERIFY(!m_store->payments().payment(claim(NonceA).payer, NonceA));
    const Result<PaymentRecord> again = m_store->payments().reservePayment(claim(NonceA, u"req-2"_s));
    QVERIFY(again.ok());
    QVERIFY(again.value().id != first.value().id);
}

void TestPaymentLedger::settledOnceOnly()
{
    const Result<PaymentRecord> reserved = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(m_store->payments().settlePayment(reserved.value().id, u"0x1"_s, u"h"_s, "{}", "{}"));
    QVERIFY(!m_store->payments().settlePayment(reserved.value().id, u"0x2"_s, u"h"_s, "{}", "{}"));
    QVERIFY(!m_store->payments().releasePayment(reserved.value().id)); // a settled payment is never released
    QCOMPARE(m_store->payments().payment(claim(NonceA).payer, NonceA)->transaction, u"0x1"_s);
}

void TestPaymentLedger::concurrentClaimsHaveOneWinner()
{
    // Two threads claim the same 50 authorizations; each (payer, nonce) must be won exactly once.
    std::atomic<int> wins { 0 };
    auto worker = [this, &wins](int thread) {
        for (int i = 0; i < 50; ++i) {
            const QString nonce = u"0x"_s + QString::number(i).rightJustified(64, u'0');
            const Result<PaymentRecord> r
                = m_store->payments().reservePayment(claim(nonce, u"t%1"_s.arg(thread)));
            if (r.ok() && r.value().requestHash == u"t%1"_s.arg(thread))
                ++wins;
        }
    };
    std::thread a(worker, 1);
    std::thread b(worker, 2);
    a.join();
    b.join();
    QCOMPARE(wins.load(), 50);
}

void TestPaymentLedger::settlementSurvivesReopen()
{
    const Result<PaymentRecord> reserved = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(m_store->payments().settlePayment(
        reserved.value().id, u"0xtx"_s, u"0xh"_s, R"({"a":1})", R"({"success":true})"));
    m_store.reset(); // no flush involved: the ledger is written synchronously
    Result<std::unique_ptr<Store>> reopened = Store::open(m_fixture.location());
    QVERIFY(reopened.ok());
    const auto found = reopened.value()->payments().payment(claim(NonceA).payer, NonceA);
    QVERIFY(found);
    QCOMPARE(found->resultJson, QByteArray(R"({"a":1})"));
    m_store = std::move(reopened.value());
}

void TestPaymentLedger::onlyOldReservationsAreAbandoned()
{
    const Result<PaymentRecord> reserved = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(reserved.ok());
    QVERIFY(!m_store->payments().releaseAbandoned(reserved.value().id, 60 * 60 * 1000));
    QTest::qWait(5); // created_at has millisecond precision
    QVERIFY(m_store->payments().releaseAbandoned(reserved.value().id, 1));
    QVERIFY(!m_store->payments().payment(claim(NonceA).payer, NonceA));

    // A settled payment is never abandoned, however old.
    const Result<PaymentRecord> again = m_store->payments().reservePayment(claim(NonceA));
    QVERIFY(m_store->payments().settlePayment(
        again.value().id, u"0xtx"_s, u"0xh"_s, R"({"a":1})", R"({"success":true})"));
    QTest::qWait(5);
    QVERIFY(!m_store->payments().releaseAbandoned(again.value().id, 1));
    QVERIFY(m_store->payments().payment(claim(NonceA).payer, NonceA));
}

void TestPaymentLedger::revenuePerNetwork()
{
    for (int i = 0; i < 3; ++i) {
        PaymentRecord c = claim(u"0x"_s + QString::number(i + 7).rightJustified(64, u'0'));
        if (i == 2)
            c.network = u"eip155:137"_s;
        const Result<PaymentRecord> r = m_store->payments().reservePayment(c);
        QVERIFY(m_store->payments().settlePayment(r.value().id, u"0xt"_s, u"h"_s, "{}", "{}"));
    }
    QVERIFY(m_store->payments()
                .reservePayment(claim(u"0x"_s + QString(64, u'9')))
                .ok()); // reserved only: not revenue
    const QMap<QString, qint64> revenue = m_store->payments().revenueByNetwork();
    QCOMPARE(revenue.value(u"eip155:8453"_s), 4000);
    QCOMPARE(revenue.value(u"eip155:137"_s), 2000);
    QCOMPARE(revenue.size(), 2);
    // What settled since a moment: all three an hour back, none from an hour ahead; reserved never counts.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QCOMPARE(m_store->payments().revenueSince(now.addSecs(-3600)), 6000);
    QCOMPARE(m_store->payments().revenueSince(now.addSecs(3600)), 0);
}

QTEST_GUILESS_MAIN(TestPaymentLedger)
#include "TestPaymentLedger.moc"
