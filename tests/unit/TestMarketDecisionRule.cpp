// DecisionRule (daily-pack/1) pinned on hand-made inputs: the score, posture, confidence and invalidation of
// a worked example, ENTER_RISK held at WAIT for disagreeing exchanges or a missing input, too few inputs
// refused, and the same inputs giving the same pack.
#include "ops/market/daily/DecisionRule.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

namespace {

const QDateTime Now(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC);

DecisionInputs risingMarket()
{
    DecisionInputs in;
    in.btcPrice = 100000;
    in.btcSpreadPercent = 0.1;
    in.btcChangePercent = 4; // 4 / 5 x 15 = 12
    in.ethChangePercent = 6; // 6 / 6 x 10 = 10
    in.marketsUp = 15; // (15 / 20 - 0.5) / 0.5 x 10 = 5
    in.marketsCounted = 20;
    in.btcFundingAnnualPercent = 10; // -(10 / 40) x 10 = -2.5
    in.ethFundingAnnualPercent = 10;
    in.btcPremiumPercent = 0.03; // -(0.03 / 0.3) x 5 = -0.5
    return in;
}

QStringList strings(const QJsonValue &array)
{
    QStringList list;
    for (const QJsonValue &v : array.toArray())
        list.append(v.toString());
    return list;
}

} // namespace

class TestMarketDecisionRule : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void workedExample()
    {
        const auto pack = DecisionRule::decide(risingMarket(), Now);
        QVERIFY(pack.ok());
        const QJsonObject p = pack.value();
        QCOMPARE(p[u"score"_s].toInt(), 74); // 50 + 12 + 10 + 5 - 2.5 - 0.5
        QCOMPARE(p[u"posture"_s].toString(), u"ENTER_RISK"_s);
        // coverage 1 x (0.5 + 0.5 x 24 / 30)
        QCOMPARE(p[u"confidence"_s].toDouble(), 0.9);
        QCOMPARE(p[u"confidence_label"_s].toString(), u"high"_s);
        QCOMPARE(strings(p[u"risk_flags"_s]), QStringList());
        QCOMPARE(strings(p[u"invalidation_conditions"_s]).first(),
            u"BTC median below 97000 USD (3 % under 100000)"_s);
        QCOMPARE(p[u"expires_at"_s].toString(), u"2026-11-29T12:15:00.000Z"_s);
        QCOMPARE(p[u"components"_s][3][u"contribution"_s].toDouble(), -2.5);
        QCOMPARE(p[u"rule"_s][u"version"_s].toString(), u"daily-pack/1"_s);
        QCOMPARE(p[u"reasons"_s].toArray().size(), 5);
    }
    void disagreeingExchangesHoldEntering()
    {
        DecisionInputs in = risingMarket();
        in.btcSpreadPercent = 0.8;
        const QJsonObject p = DecisionRule::decide(in, Now).value();
        QCOMPARE(p[u"score"_s].toInt(), 74);
        QCOMPARE(p[u"posture"_s].toString(), u"WAIT"_s);
        QCOMPARE(strings(p[u"risk_flags"_s]), QStringList { u"exchange_disagreement"_s });
        QVERIFY(strings(p[u"reasons"_s])
                    .last()
                    .contains(u"held at WAIT because the exchanges disagree by 0.8 %"_s));
    }
    void missingInputNeverCountsForEntering()
    {
        DecisionInputs in = risingMarket();
        in.ethChangePercent.reset();
        in.btcChangePercent = 5; // 15 points: 50 + 15 + 5 - 2.5 - 0.5 = 67 without ETH
        in.missing = { u"ETH perp: Hyperliquid lists none"_s };
        const QJsonObject p = DecisionRule::decide(in, Now).value();
        QCOMPARE(p[u"score"_s].toInt(), 67);
        QCOMPARE(p[u"posture"_s].toString(), u"WAIT"_s);
        QVERIFY(strings(p[u"risk_flags"_s]).contains(u"inputs_missing"_s));
        QVERIFY(p[u"components"_s][1][u"contribution"_s].isNull());
        // coverage 40 / 50 x (0.5 + 0.5 x 17 / 23) = 0.6957
        QCOMPARE(p[u"confidence"_s].toDouble(), 0.7);
    }
    void fallingMarketReduces()
    {
        DecisionInputs in = risingMarket();
        in.btcChangePercent = -6;
        in.ethChangePercent = -7;
        in.marketsUp = 3;
        in.btcFundingAnnualPercent = 45;
        in.ethFundingAnnualPercent = 35;
        const QJsonObject p = DecisionRule::decide(in, Now).value();
        // 50 - 15 - 10 - 7 - 10 - 0.5 = 7.5, rounded half away from zero
        QCOMPARE(p[u"score"_s].toInt(), 8);
        QCOMPARE(p[u"posture"_s].toString(), u"REDUCE_RISK"_s);
        QCOMPARE(strings(p[u"risk_flags"_s]), QStringList { u"funding_crowded_long"_s });
        QCOMPARE(strings(p[u"invalidation_conditions"_s]).first(),
            u"BTC median above 103000 USD (3 % over 100000)"_s);
    }
    void tooFewInputsIsNoPack()
    {
        DecisionInputs in;
        in.btcPrice = 100000;
        in.btcPremiumPercent = 0.1;
        in.missing = { u"perps (hyperliquid): down"_s };
        in.missingSources = { u"hyperliquid"_s };
        const auto pack = DecisionRule::decide(in, Now);
        QVERIFY(!pack.ok());
        QCOMPARE(pack.error().httpStatus(), 503);
        QCOMPARE(pack.error().missing(), QStringList { u"hyperliquid"_s });
    }
    void sameInputsSamePack()
    {
        const QByteArray first = QJsonDocument(DecisionRule::decide(risingMarket(), Now).value()).toJson();
        for (int i = 0; i < 3; ++i)
            QCOMPARE(QJsonDocument(DecisionRule::decide(risingMarket(), Now).value()).toJson(), first);
    }
};

QTEST_GUILESS_MAIN(TestMarketDecisionRule)
#include "TestMarketDecisionRule.moc"
