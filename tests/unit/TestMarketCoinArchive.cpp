// The coin archive over a real store: 6-hour slots, one reading per coin and slot even across two archives
// sharing one database (two instances), the purge, the trend over readings, the open-interest change of 24 h
// and the positioning score's worked examples.
#include "StoreFixture.h"
#include "ops/market/coin/ArchiveTrend.h"
#include "ops/market/coin/CoinArchive.h"
#include "ops/market/coin/PositioningScore.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;
using ades::test::StoreFixture;

namespace {

QJsonObject figures(const QString &price, const QString &interest, const QString &funding = u"10"_s)
{
    return { { u"price"_s, price }, { u"open_interest_usd"_s, interest },
        { u"funding_annualised_percent"_s, funding } };
}

} // namespace

class TestMarketCoinArchive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QVERIFY(m_fixture.reset()); }
    void cleanup() { m_fixture.clear(); }

    void slotsStartEverySixHours()
    {
        const QDateTime at(QDate(2026, 11, 29), QTime(17, 59, 59), Qt::UTC);
        QCOMPARE(CoinArchive::slotOf(at), QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC));
        QCOMPARE(CoinArchive::slotOf(at.addSecs(1)), QDateTime(QDate(2026, 11, 29), QTime(18, 0), Qt::UTC));
    }

    void oneReadingPerSlotAcrossInstances()
    {
        auto store = m_fixture.openStore();
        QVERIFY(store);
        CoinArchive first(store->marketSnapshots(), m_fixture.clock());
        CoinArchive second(store->marketSnapshots(), m_fixture.clock()); // another instance, same database
        QVERIFY(!first.hasCurrentSlot(u"BTC"_s));
        QCOMPARE(first.record(u"BTC"_s, figures(u"100"_s, u"1000"_s)).value(), true);
        QVERIFY(first.hasCurrentSlot(u"BTC"_s));
        QCOMPARE(first.record(u"BTC"_s, figures(u"101"_s, u"1000"_s)).value(), false);
        // The second instance loads the slot from the store and writes nothing over it.
        QVERIFY(second.hasCurrentSlot(u"BTC"_s));
        QCOMPARE(second.record(u"BTC"_s, figures(u"102"_s, u"1000"_s)).value(), false);
        m_fixture.clock().advanceSeconds(6 * 3600);
        QVERIFY(!second.hasCurrentSlot(u"BTC"_s));
        QCOMPARE(second.record(u"BTC"_s, figures(u"110"_s, u"1200"_s)).value(), true);
        const auto readings = store->marketSnapshots().recent(u"BTC"_s, 10);
        QCOMPARE(readings.size(), 2);
        QCOMPARE(readings[0].figures[u"price"_s].toString(), u"110"_s);
        QCOMPARE(readings[1].figures[u"price"_s].toString(), u"100"_s);
    }

    void purgeDropsOldReadings()
    {
        auto store = m_fixture.openStore();
        CoinArchive archive(store->marketSnapshots(), m_fixture.clock());
        QVERIFY(archive.record(u"ETH"_s, figures(u"1"_s, u"1"_s)).value());
        m_fixture.clock().advanceSeconds(10 * 24 * 3600);
        QVERIFY(archive.record(u"ETH"_s, figures(u"2"_s, u"1"_s)).value());
        QCOMPARE(archive.purgeOlderThan(7), 1);
        QCOMPARE(archive.recent(u"ETH"_s, 10).size(), 1);
        QCOMPARE(store->marketSnapshots().recent(u"ETH"_s, 10).size(), 1);
    }

    void trendAndInterestChange()
    {
        auto store = m_fixture.openStore();
        CoinArchive archive(store->marketSnapshots(), m_fixture.clock());
        QVERIFY(archive.record(u"BTC"_s, figures(u"100"_s, u"1000"_s, u"5"_s)).value());
        QJsonObject trend = ArchiveTrend::of(archive.recent(u"BTC"_s, 28), 1);
        QVERIFY(trend[u"trend"_s].isNull());
        QVERIFY(trend[u"note"_s].toString().contains(u"1 reading(s)"_s));
        for (int i = 1; i <= 4; ++i) {
            m_fixture.clock().advanceSeconds(6 * 3600);
            QVERIFY(archive.record(u"BTC"_s, figures(QString::number(100 + i * 5), u"1000"_s, u"12.5"_s))
                        .value());
        }
        trend = ArchiveTrend::of(archive.recent(u"BTC"_s, 28), 5);
        QCOMPARE(trend[u"snapshots_kept"_s].toInt(), 5);
        QCOMPARE(trend[u"readings"_s].toArray().size(), 5);
        QCOMPARE(trend[u"trend"_s][u"price_change_percent"_s].toString(), u"20"_s); // 100 -> 120
        QCOMPARE(trend[u"trend"_s][u"funding_change_points"_s].toString(), u"7.5"_s);
        // Now is 24 h after the first reading: open interest 1250 against its 1000.
        const auto change = ArchiveTrend::openInterestChange24h(
            archive.recent(u"BTC"_s, 28), 1250, m_fixture.clock().now());
        QVERIFY(change);
        QCOMPARE(*change, 25.0);
        // Nothing 18 to 30 hours old: no change.
        QVERIFY(!ArchiveTrend::openInterestChange24h(
            archive.recent(u"BTC"_s, 28), 1250, m_fixture.clock().now().addDays(3)));
    }

    void positioningWorkedExamples()
    {
        // 50 + 25 x (20 / 40) + 15 x (0.06 / 0.3) + 10 x (10 / 20) = 50 + 12.5 + 3 + 5 = 70.5 -> 71
        QJsonObject p = PositioningScore::of(20, 0.06, 10.0);
        QCOMPARE(p[u"score"_s].toInt(), 71);
        QCOMPARE(p[u"label"_s].toString(), u"crowded_long"_s);
        // Clamped parts and no open-interest reading: 50 - 25 - 15 = 10.
        p = PositioningScore::of(-200, -1, std::nullopt);
        QCOMPARE(p[u"score"_s].toInt(), 10);
        QCOMPARE(p[u"label"_s].toString(), u"crowded_short"_s);
        QVERIFY(p[u"parts"_s][u"open_interest_change"_s].isNull());
        QCOMPARE(PositioningScore::of(0, 0, 0.0)[u"label"_s].toString(), u"balanced"_s);
    }

private:
    StoreFixture m_fixture;
};

QTEST_GUILESS_MAIN(TestMarketCoinArchive)
#include "TestMarketCoinArchive.moc"
