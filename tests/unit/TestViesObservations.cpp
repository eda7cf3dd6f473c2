#include "RawDatabase.h"
#include "StoreFixture.h"
#include "StoreSamples.h"
#include "core/Clock.h"
#include "store/Store.h"
#include "store/ViesObservations.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QDateTime T0 = storeTestTime();

VatObservation sample(const QDateTime &at, bool valid)
{
    VatObservation o;
    o.observedAt = at;
    o.country = u"IE"_s;
    o.number = u"6388047V"_s;
    o.valid = valid;
    o.name = u"GOOGLE IRELAND LIMITED"_s;
    o.address = QString(); // not disclosed
    o.consultationNumber = u"WAPIAAAAZ9cWmQXG"_s;
    o.requesterVatId = u"DE136695976"_s;
    o.endpoint = u"soap"_s;
    o.sourceUrl = u"https://ec.europa.eu/taxation_customs/vies/services/checkVatService"_s;
    o.viesRequestDate = u"2026-11-20+01:00"_s;
    o.responseSha256 = QString(64, u'a');
    return o;
}

} // namespace

// The archive of VIES answers: every field kept (NULL stays NULL), ordered reads, and nothing lost on a
// normal shutdown although it is written behind.
class TestViesObservations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void roundTrip();
    void incompleteIsRefused();
    void ordersAndBounds();
    void keptAcrossShutdown();

private:
    StoreFixture m_fixture;
};

void TestViesObservations::init()
{
    QVERIFY(m_fixture.reset());
}

void TestViesObservations::cleanup()
{
    m_fixture.clear();
}

void TestViesObservations::roundTrip()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    const VatObservation written = sample(T0, true);
    QVERIFY(store->viesObservations().record(written));
    const QList<VatObservation> read
        = store->viesObservations().atOrBefore(u"IE"_s, u"6388047V"_s, T0, 10); // flushes first
    QCOMPARE(read.size(), 1);
    const VatObservation &o = read.first();
    QVERIFY(o.id > 0);
    QCOMPARE(o.observedAt, T0);
    QCOMPARE(o.valid, true);
    QCOMPARE(o.name, written.name);
    QVERIFY(o.address.isNull());
    QCOMPARE(o.consultationNumber, written.consultationNumber);
    QCOMPARE(o.requesterVatId, written.requesterVatId);
    QCOMPARE(o.endpoint, u"soap"_s);
    QCOMPARE(o.sourceUrl, written.sourceUrl);
    QCOMPARE(o.viesRequestDate, written.viesRequestDate);
    QCOMPARE(o.responseSha256, written.responseSha256);
    RawDatabase raw(m_fixture.location());
    QVERIFY(raw.scalar(u"SELECT address FROM vies_observations"_s).isNull());
    QCOMPARE(store->viesObservations().count(u"IE"_s, u"6388047V"_s).value_or(-1), 1);
    QCOMPARE(store->viesObservations().count(u"IE"_s, u"6388047X"_s).value_or(-1), 0);
}

void TestViesObservations::incompleteIsRefused()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    VatObservation noTime = sample(T0, true);
    noTime.observedAt = QDateTime();
    QVERIFY(!store->viesObservations().record(noTime));
    VatObservation noNumber = sample(T0, true);
    noNumber.number.clear();
    QVERIFY(!store->viesObservations().record(noNumber));
    QCOMPARE(store->viesObservations().count(u"IE"_s, u"6388047V"_s).value_or(-1), 0);
}

void TestViesObservations::ordersAndBounds()
{
    const std::unique_ptr<Store> store = m_fixture.openStore();
    QVERIFY(store);
    // Recorded out of order; another number in between must never show.
    for (int hour : { 5, 1, 3, 2, 4 })
        QVERIFY(store->viesObservations().record(sample(T0.addSecs(hour * 3600), hour % 2 == 1)));
    VatObservation other = sample(T0.addSecs(3 * 3600), true);
    other.number = u"9999999X"_s;
    QVERIFY(store->viesObservations().record(other));

    auto hours = [](const QList<VatObservation> &list) {
        QList<int> out;
        for (const VatObservation &o : list)
            out << int(T0.secsTo(o.observedAt) / 3600);
        return out;
    };
    const QDateTime three = T0.addSecs(3 * 3600);
    QCOMPARE(hours(store->viesObservations().atOrBefore(u"IE"_s, u"6388047V"_s, three, 10)),
        QList<int>({ 1, 2, 3 }));
    QCOMPARE(
        hours(store->viesObservations().atOrBefore(u"IE"_s, u"6388047V"_s, three, 2)), QList<int>({ 2, 3 }));
    QCOMPARE(hours(store->viesObservations().after(u"IE"_s, u"6388047V"_s, three, 10)), QList<int>({ 4, 5 }));
    QCOMPARE(hours(store->viesObservations().after(u"IE"_s, u"6388047V"_s, three, 1)), QList<int>({ 4 }));
    QCOMPARE(hours(store->viesObservations().between(
                 u"IE"_s, u"6388047V"_s, T0.addSecs(2 * 3600), T0.addSecs(4 * 3600), 10)),
        QList<int>({ 2, 3 }));
    QCOMPARE(store->viesObservations().count(u"IE"_s, u"6388047V"_s).value_or(-1), 5);
}

void TestViesObservations::keptAcrossShutdown()
{
    {
        const std::unique_ptr<Store> store = m_fixture.openStore();
        QVERIFY(store);
        for (int i = 0; i < 3; ++i)
            QVERIFY(store->viesObservations().record(sample(T0.addSecs(i), true)));
        // Closed at once, before the writer's ~200 ms: the destructor writes what is queued.
    }
    RawDatabase raw(m_fixture.location());
    QCOMPARE(raw.scalar(u"SELECT COUNT(*) FROM vies_observations"_s).toInt(), 3);
}

QTEST_GUILESS_MAIN(TestViesObservations)
#include "TestViesObservations.moc"
