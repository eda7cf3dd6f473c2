#include "ops/purchaseguard/PurchaseDecision.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::guard;

namespace {

const QString Url = u"https://seller.example/report"_s;
const QString SolanaMainnet = u"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"_s;
const QString SolanaUsdc = u"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"_s;
const QString BaseUsdc = u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s;

QJsonObject offer(
    const QString &network, const QString &asset, const QString &payTo, const QJsonObject &extra)
{
    return QJsonObject { { u"scheme"_s, u"exact"_s }, { u"network"_s, network }, { u"amount"_s, u"10000"_s },
        { u"asset"_s, asset }, { u"payTo"_s, payTo }, { u"maxTimeoutSeconds"_s, 60 }, { u"extra"_s, extra } };
}

QJsonObject challenge(const QJsonArray &accepts)
{
    return QJsonObject { { u"x402Version"_s, 2 }, { u"resource"_s, QJsonObject { { u"url"_s, Url } } },
        { u"accepts"_s, accepts } };
}

// Through SpendingAuthority::read, as the handler reads it: names become CAIP-2 ids.
SpendingAuthority authority(const QStringList &networks, const QStringList &assets = { u"USDC"_s })
{
    return SpendingAuthority::read(
        QJsonObject { { u"max_per_call_usdc"_s, u"0.02"_s }, { u"max_per_day_usdc"_s, u"1"_s },
            { u"allowed_networks"_s, QJsonArray::fromStringList(networks) },
            { u"allowed_assets"_s, QJsonArray::fromStringList(assets) } })
        .value();
}

QString decide(const QJsonObject &c, const SpendingAuthority &a, QStringList *codes = nullptr)
{
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1'764'400'000, Qt::UTC);
    const PurchaseDecision d = PurchaseDecision::decide({ Url, c, a, std::nullopt, now });
    const QJsonObject json = d.toJson();
    if (codes) {
        for (const QJsonValue &o : json.value(u"offers"_s).toArray())
            for (const QJsonValue &r : o.toObject().value(u"reasons"_s).toArray())
                codes->append(r.toObject().value(u"code"_s).toString());
    }
    return json.value(u"decision"_s).toString();
}

} // namespace

// PurchaseDecision's rules that the integration test's ADES challenges (EVM only) do not reach: Solana
// offers, assets allowed by address, and the choice between offers.
class TestPurchaseDecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void solanaOfferIsJudgedByItsMint();
    void assetAllowedByAddressOnly();
    void firstCleanOfferWinsOverAnEarlierDoubtfulOne();
};

void TestPurchaseDecision::solanaOfferIsJudgedByItsMint()
{
    const QString payTo = u"9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"_s;
    const QJsonObject feePayer { { u"feePayer"_s, payTo } };
    QCOMPARE(decide(challenge({ offer(SolanaMainnet, SolanaUsdc, payTo, feePayer) }),
                 authority({ SolanaMainnet })),
        u"pay"_s);
    // Base58 is case-sensitive: another capitalisation is another mint.
    QStringList codes;
    QCOMPARE(decide(challenge({ offer(SolanaMainnet, SolanaUsdc.toLower(), payTo, feePayer) }),
                 authority({ u"solana"_s }), &codes),
        u"do_not_pay"_s);
    QVERIFY(codes.contains(u"asset_not_official_usdc"_s));
    codes.clear();
    QCOMPARE(decide(challenge({ offer(SolanaMainnet, SolanaUsdc, u"0x1234"_s, feePayer) }),
                 authority({ SolanaMainnet }), &codes),
        u"do_not_pay"_s);
    QVERIFY(codes.contains(u"payto_malformed"_s));
}

void TestPurchaseDecision::assetAllowedByAddressOnly()
{
    const QJsonObject domain { { u"name"_s, u"USD Coin"_s }, { u"version"_s, u"2"_s } };
    const QString payTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
    const QJsonObject c = challenge({ offer(u"eip155:8453"_s, BaseUsdc, payTo, domain) });
    QCOMPARE(decide(c, authority({ u"base"_s }, { BaseUsdc.toLower() })), u"pay"_s);
    QStringList codes;
    QCOMPARE(decide(c, authority({ u"base"_s }, { u"0x0000000000000000000000000000000000000001"_s }), &codes),
        u"do_not_pay"_s);
    QVERIFY(codes.contains(u"asset_not_allowed"_s));
}

void TestPurchaseDecision::firstCleanOfferWinsOverAnEarlierDoubtfulOne()
{
    const QJsonObject domain { { u"name"_s, u"USD Coin"_s }, { u"version"_s, u"2"_s } };
    const QString payTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
    QJsonObject doubtful = offer(u"eip155:8453"_s, BaseUsdc, payTo, domain);
    doubtful.insert(u"maxTimeoutSeconds"_s, 7200);
    const QJsonObject clean
        = offer(u"eip155:42161"_s, u"0xaf88d065e77c8cC2239327C5EDb3A432268e5831"_s, payTo, domain);
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1'764'400'000, Qt::UTC);
    const PurchaseDecision d = PurchaseDecision::decide(
        { Url, challenge({ doubtful, clean }), authority({ u"base"_s, u"arbitrum"_s }), std::nullopt, now });
    QCOMPARE(d.toJson().value(u"decision"_s).toString(), u"pay"_s);
    QCOMPARE(
        d.toJson().value(u"chosen_offer"_s).toObject().value(u"network"_s).toString(), u"eip155:42161"_s);
    // Alone, the doubtful one is a review.
    QCOMPARE(decide(challenge({ doubtful }), authority({ u"base"_s })), u"review"_s);
}

QTEST_APPLESS_MAIN(TestPurchaseDecision)
#include "TestPurchaseDecision.moc"
