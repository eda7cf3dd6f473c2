#include "http/ConnectionBudget.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestConnectionBudget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void limitsEachAddress_data();
    void limitsEachAddress();
    void trustedProxiesAreNotCounted();
    void uploadSlots();
};

void TestConnectionBudget::limitsEachAddress_data()
{
    QTest::addColumn<QString>("first");
    QTest::addColumn<QString>("second");
    QTest::addColumn<bool>("sameClient");

    QTest::newRow("same-ipv4") << u"192.0.2.1"_s << u"192.0.2.1"_s << true;
    QTest::newRow("other-ipv4") << u"192.0.2.1"_s << u"192.0.2.2"_s << false;
    QTest::newRow("mapped-ipv4") << u"192.0.2.1"_s << u"::ffff:192.0.2.1"_s << true;
    // One IPv6 subscriber holds a /64: a fresh address per connection is still one client.
    QTest::newRow("same-ipv6-64") << u"2001:db8:1:2::1"_s << u"2001:db8:1:2:ffff::9"_s << true;
    QTest::newRow("other-ipv6-64") << u"2001:db8:1:2::1"_s << u"2001:db8:1:3::1"_s << false;
}

void TestConnectionBudget::limitsEachAddress()
{
    QFETCH(QString, first);
    QFETCH(QString, second);
    QFETCH(bool, sameClient);

    ConnectionBudget budget(2, 1);
    QVERIFY(budget.admit(QHostAddress(first)));
    QVERIFY(budget.admit(QHostAddress(first)));
    QVERIFY(!budget.admit(QHostAddress(first)));
    QCOMPARE(budget.admit(QHostAddress(second)), !sameClient);
    QCOMPARE(budget.connectionsFrom(QHostAddress(first)), 2);
    budget.release(QHostAddress(first));
    QVERIFY(budget.admit(sameClient ? QHostAddress(second) : QHostAddress(first)));
    // A release without an admission is harmless.
    budget.release(QHostAddress(u"198.51.100.1"_s));
    QCOMPARE(budget.connectionsFrom(QHostAddress(u"198.51.100.1"_s)), 0);
}

void TestConnectionBudget::trustedProxiesAreNotCounted()
{
    ConnectionBudget budget(1, 1, u"10.0.0.0/8, 2001:db8::1"_s);
    for (int i = 0; i < 10; ++i) {
        QVERIFY(budget.admit(QHostAddress(u"10.1.2.3"_s)));
        QVERIFY(budget.admit(QHostAddress(u"2001:db8::1"_s)));
    }
    QCOMPARE(budget.connectionsFrom(QHostAddress(u"10.1.2.3"_s)), 0);
    QVERIFY(budget.admit(QHostAddress(u"192.0.2.1"_s)));
    QVERIFY(!budget.admit(QHostAddress(u"192.0.2.1"_s)));
    // Another address of the proxy's /64 is not the proxy.
    QVERIFY(budget.admit(QHostAddress(u"2001:db8::2"_s)));
    QVERIFY(!budget.admit(QHostAddress(u"2001:db8::3"_s)));
}

void TestConnectionBudget::uploadSlots()
{
    ConnectionBudget budget(1, 2);
    QVERIFY(budget.takeUploadSlot());
    QVERIFY(budget.takeUploadSlot());
    QVERIFY(!budget.takeUploadSlot());
    QCOMPARE(budget.uploadsInProgress(), 2);
    budget.returnUploadSlot();
    QVERIFY(budget.takeUploadSlot());
    budget.returnUploadSlot();
    budget.returnUploadSlot();
    budget.returnUploadSlot(); // one too many: never below zero
    QCOMPARE(budget.uploadsInProgress(), 0);
    QVERIFY(budget.takeUploadSlot());
    QVERIFY(budget.takeUploadSlot());
    QVERIFY(!budget.takeUploadSlot());
}

QTEST_APPLESS_MAIN(TestConnectionBudget)
#include "TestConnectionBudget.moc"
