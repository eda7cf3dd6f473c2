#include "ops/eu/vat/ViesGate.h"

#include <QStringList>
#include <QTest>
#include <QThread>
#include <vector>

using namespace Qt::StringLiterals;
using ades::eu::ViesGate;

// The service-wide bound on VIES requests: never more in flight than allowed, overall and per member state;
// interactive callers first; a waiter of a saturated member state lets the others pass.
class TestViesGate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void freeSlotStartsAtOnce();
    void limitsHold();
    void interactiveBeforeBulk();
    void saturatedStateLetsOthersPass();
    void waiterRunsOnItsOwnThread();
};

void TestViesGate::freeSlotStartsAtOnce()
{
    ViesGate gate({ 2, 1 });
    bool started = false;
    gate.acquire(u"DE"_s, ViesGate::Priority::Interactive, [&started](ViesGate::Slot) { started = true; });
    QVERIFY(started); // synchronously
    QCOMPARE(gate.inFlight(), 0); // the slot was dropped by the start
}

void TestViesGate::limitsHold()
{
    ViesGate gate({ 3, 2 });
    std::vector<ViesGate::Slot> held;
    int maxInFlight = 0;
    QStringList startedStates;
    const QStringList states { u"DE"_s, u"DE"_s, u"DE"_s, u"FR"_s, u"IT"_s, u"IT"_s, u"FR"_s };
    for (const QString &state : states) {
        gate.acquire(state, ViesGate::Priority::Bulk, [&, state](ViesGate::Slot slot) {
            held.push_back(std::move(slot));
            startedStates << state;
            maxInFlight = qMax(maxInFlight, gate.inFlight());
        });
    }
    // Overall 3, and DE at most 2: DE, DE, FR start; the third DE waits, as do the rest.
    QCOMPARE(startedStates, QStringList({ u"DE"_s, u"DE"_s, u"FR"_s }));
    QCOMPARE(gate.inFlight(), 3);
    QCOMPARE(gate.waiting(), 4);
    // Release one at a time, like answers arriving: never more than 3 in flight, every waiter served.
    while (!held.empty() || gate.waiting() > 0) {
        QVERIFY(!held.empty());
        held.erase(held.begin());
        QCoreApplication::processEvents(); // the next waiter starts through the event loop
        QVERIFY(gate.inFlight() <= 3);
    }
    QCOMPARE(startedStates.size(), states.size());
    QCOMPARE(maxInFlight, 3);
    QCOMPARE(gate.inFlight(), 0);
}

void TestViesGate::interactiveBeforeBulk()
{
    ViesGate gate({ 1, 1 });
    ViesGate::Slot first;
    QStringList order;
    gate.acquire(u"DE"_s, ViesGate::Priority::Bulk, [&first](ViesGate::Slot s) { first = std::move(s); });
    for (const QString &name : { u"bulk-1"_s, u"bulk-2"_s })
        gate.acquire(u"AT"_s, ViesGate::Priority::Bulk, [&order, name](ViesGate::Slot) { order << name; });
    gate.acquire(
        u"BE"_s, ViesGate::Priority::Interactive, [&order](ViesGate::Slot) { order << u"single"_s; });
    first.reset();
    QTRY_COMPARE(order.size(), 3);
    QCOMPARE(order, QStringList({ u"single"_s, u"bulk-1"_s, u"bulk-2"_s }));
}

void TestViesGate::saturatedStateLetsOthersPass()
{
    ViesGate gate({ 2, 1 });
    ViesGate::Slot de;
    ViesGate::Slot other;
    QStringList order;
    gate.acquire(u"DE"_s, ViesGate::Priority::Bulk, [&de](ViesGate::Slot s) { de = std::move(s); });
    gate.acquire(u"FR"_s, ViesGate::Priority::Bulk, [&other](ViesGate::Slot s) { other = std::move(s); });
    gate.acquire(u"DE"_s, ViesGate::Priority::Bulk, [&order](ViesGate::Slot) { order << u"DE"_s; });
    gate.acquire(u"IT"_s, ViesGate::Priority::Bulk, [&order](ViesGate::Slot) { order << u"IT"_s; });
    // FR's slot frees room overall, but DE is still at its limit: IT, queued later, goes first.
    other.reset();
    QTRY_COMPARE(order, QStringList({ u"IT"_s }));
    de.reset();
    QTRY_COMPARE(order, QStringList({ u"IT"_s, u"DE"_s }));
}

void TestViesGate::waiterRunsOnItsOwnThread()
{
    ViesGate gate({ 1, 1 });
    ViesGate::Slot held;
    gate.acquire(
        u"DE"_s, ViesGate::Priority::Interactive, [&held](ViesGate::Slot s) { held = std::move(s); });
    QThread *startedOn = nullptr;
    gate.acquire(u"DE"_s, ViesGate::Priority::Interactive,
        [&startedOn](ViesGate::Slot) { startedOn = QThread::currentThread(); });
    // Released from another thread, as an answer on another I/O thread would.
    std::unique_ptr<QThread> releaser(QThread::create([&held]() { held.reset(); }));
    releaser->start();
    QVERIFY(releaser->wait(5000));
    QTRY_VERIFY(startedOn != nullptr);
    QCOMPARE(startedOn, QThread::currentThread());
}

QTEST_GUILESS_MAIN(TestViesGate)
#include "TestViesGate.moc"
