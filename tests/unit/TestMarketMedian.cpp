// MedianPrice's rules on hand-made readings: the middle of three, the mean of two, stale quotes and
// outliers excluded and named, two disagreeing quotes refused, and which refusal is 422 and which 503.
#include "ops/market/price/MedianPrice.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

namespace {

const QDateTime Now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

TickerReading quote(const QString &exchange, const QString &price, qint64 ageSeconds = 1)
{
    ExchangeQuote q;
    q.exchange = exchange;
    q.pair = exchange + u"-BTC"_s;
    q.quoteCurrency = u"USD"_s;
    q.price = price;
    q.value = price.toDouble();
    q.quotedAt = Now.addSecs(-ageSeconds);
    TickerReading r = TickerReading::of(q);
    r.exchange = exchange;
    return r;
}

TickerReading missing(const QString &exchange, TickerReading::Problem problem)
{
    TickerReading r = problem == TickerReading::Problem::NotListed ? TickerReading::notListed(u"no pair"_s)
                                                                   : TickerReading::unavailable(u"down"_s);
    r.exchange = exchange;
    return r;
}

} // namespace

class TestMarketMedian : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void middleOfThree()
    {
        const auto m = MedianPrice::merge(u"BTC"_s,
            { quote(u"a"_s, u"100.5"_s), quote(u"b"_s, u"100"_s), quote(u"c"_s, u"101"_s) }, {}, Now);
        QVERIFY(m.ok());
        QCOMPARE(m.value().medianText, u"100.5"_s);
        QCOMPARE(m.value().used.size(), 3);
    }
    void meanOfTwo()
    {
        const auto m = MedianPrice::merge(u"BTC"_s,
            { quote(u"a"_s, u"100"_s), missing(u"b"_s, TickerReading::Problem::Unavailable),
                quote(u"c"_s, u"101"_s) },
            {}, Now);
        QVERIFY(m.ok());
        QCOMPARE(m.value().medianText, u"100.5"_s);
        QCOMPARE(m.value().excluded.size(), 1);
        QCOMPARE(m.value().excluded[0][u"exchange"_s].toString(), u"b"_s);
    }
    void staleAndOutlierNamed()
    {
        PriceRules rules;
        rules.maxQuoteAgeSeconds = 30;
        rules.maxDeviationPercent = 1;
        // d is stale; of a, b, c the middle is 100 and c deviates 5 %.
        const auto m = MedianPrice::merge(u"BTC"_s,
            { quote(u"a"_s, u"100"_s), quote(u"b"_s, u"100.2"_s), quote(u"c"_s, u"95"_s),
                quote(u"d"_s, u"100"_s, 31) },
            rules, Now);
        QVERIFY(m.ok());
        QCOMPARE(m.value().used.size(), 2);
        QStringList excluded;
        for (const QJsonValue &e : m.value().excluded)
            excluded.append(e[u"exchange"_s].toString());
        QCOMPARE(excluded, (QStringList { u"d"_s, u"c"_s }));
    }
    void futureStampIsExcluded()
    {
        // A quote stamped two minutes ahead of our clock cannot be judged by its age.
        const auto m = MedianPrice::merge(u"BTC"_s,
            { quote(u"a"_s, u"100"_s), quote(u"b"_s, u"100.1"_s), quote(u"c"_s, u"100.2"_s, -120) }, {}, Now);
        QVERIFY(m.ok());
        QCOMPARE(m.value().used.size(), 2);
        QVERIFY(m.value().excluded[0][u"reason"_s].toString().contains(u"ahead of this server's clock"_s));
    }
    void twoThatDisagreeGiveNoPrice()
    {
        PriceRules rules;
        rules.maxDeviationPercent = 1;
        // 3 % apart: more than twice the allowed deviation from their mean, and no third quote to tell.
        const auto m = MedianPrice::merge(u"BTC"_s,
            { quote(u"a"_s, u"100"_s), quote(u"b"_s, u"103"_s),
                missing(u"c"_s, TickerReading::Problem::Unavailable) },
            rules, Now);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().httpStatus(), 503);
        QCOMPARE(m.error().missing(), QStringList { u"c"_s });
        // 1.9 % apart: within it.
        QVERIFY(
            MedianPrice::merge(u"BTC"_s, { quote(u"a"_s, u"100"_s), quote(u"b"_s, u"101.9"_s) }, rules, Now)
                .ok());
    }
    void notListedTwiceIs422()
    {
        const auto m = MedianPrice::merge(u"FOO"_s,
            { missing(u"a"_s, TickerReading::Problem::NotListed),
                missing(u"b"_s, TickerReading::Problem::NotListed), quote(u"c"_s, u"1"_s) },
            {}, Now);
        QVERIFY(!m.ok());
        QCOMPARE(m.error().httpStatus(), 422);
        QCOMPARE(m.error().param(), u"symbol"_s);
    }
};

QTEST_GUILESS_MAIN(TestMarketMedian)
#include "TestMarketMedian.moc"
