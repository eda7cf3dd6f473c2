#include "FakeFacilitator.h"
#include "FakeJsonRpcNode.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestAreas.h"
#include "TestData.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "ops/eu/sanctions/SanctionsLists.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString PublicUrl = u"https://ades.example"_s;
const QString MicroPath = u"/api/v1/micro/chat/completions"_s;
const QString GuardPath = u"/free/x402-purchase-guard/check"_s;
// Addresses whose live bytecode the fake Base node answers (every other address has none: an EOA).
const QString ContractPayTo = u"0x5FbDB2315678afecb367f032d93F642f64180aa3"_s;
const QString Precompile = u"0x0000000000000000000000000000000000000001"_s;

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject authority(
    const QString &perCall, const QString &perDay, const QJsonArray &networks, const QString &spent = u"0"_s)
{
    return QJsonObject { { u"max_per_call_usdc"_s, perCall }, { u"max_per_day_usdc"_s, perDay },
        { u"spent_today_usdc"_s, spent }, { u"allowed_networks"_s, networks } };
}

// Changes member `key` of the offer on `network` in a decoded challenge.
QJsonObject withOffer(
    QJsonObject challenge, const QString &network, const QString &key, const QJsonValue &value)
{
    QJsonArray accepts = challenge.value(u"accepts"_s).toArray();
    for (qsizetype i = 0; i < accepts.size(); ++i) {
        QJsonObject offer = accepts.at(i).toObject();
        if (offer.value(u"network"_s).toString() != network)
            continue;
        if (key.startsWith(u"extra."_s)) {
            QJsonObject extra = offer.value(u"extra"_s).toObject();
            extra.insert(key.mid(6), value);
            offer.insert(u"extra"_s, extra);
        } else {
            offer.insert(key, value);
        }
        accepts.replace(i, offer);
    }
    challenge.insert(u"accepts"_s, accepts);
    return challenge;
}

} // namespace

// The purchase guard's decision table (docs/purchase-guard.md) on real challenges: the 402s ADES itself
// gives for its AgentLLM micro tier (0.003 USDC on Base, Arbitrum and a local test chain), as received and
// altered the ways a hostile or broken server would.
class TestPurchaseGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void decisionTable_data();
    void decisionTable();
    void rawHeaderAndDecodedObjectAgree();
    void unusableAuthorityIs422_data();
    void unusableAuthorityIs422();
    void paidGuardWithoutListsIsUncharged503();
    void paidGuardScreensPayTo_data();
    void paidGuardScreensPayTo();
    void paidGuardOnATestNetworkSaysKindNotRead();
    void paidGuardWithTheNodeDownIsUncharged503();

private:
    QJsonObject guard(const QJsonObject &input);
    void loadWalletLists(); // two UK designations whose free text names five EVM wallets
    // Pays POST /x402/purchase-guard for `input`; the answer to the paid request.
    HttpTestResponse paidGuard(const QJsonObject &input);
    PrivateKey m_payer = PrivateKey::generate();

    FakeFacilitator m_facilitator;
    FakeJsonRpcNode m_base { 8453 };
    RunningService m_service;
    QByteArray m_header; // PAYMENT-REQUIRED of the micro tier, as ADES sent it
    QJsonObject m_challenge; // the same, decoded
};

void TestPurchaseGuard::initTestCase()
{
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"x402/networks"_s, u"base,arbitrum,custom"_s);
    settings.insert(u"service/public_url"_s, PublicUrl);
    settings.insert(u"chain/base/endpoints"_s, m_base.url());
    settings.insert(u"upstream/evm-base/timeout_ms"_s, u"500"_s);
    m_base.route(u"eth_getCode"_s, { { u"result"_s, u"0x"_s } });
    m_base.route(u"eth_getCode"_s, { { u"result"_s, u"0x6080604052"_s } },
        QJsonArray { ContractPayTo.toLower(), u"latest"_s });
    m_base.route(u"eth_getBalance"_s, { { u"result"_s, u"0x0"_s } });
    m_base.route(u"eth_getTransactionCount"_s, { { u"result"_s, u"0x0"_s } });
    QVERIFY(m_service.start(settings));
    const QJsonObject body { { u"model"_s, u"agentllm/micro"_s },
        { u"messages"_s,
            QJsonArray { QJsonObject { { u"role"_s, u"user"_s }, { u"content"_s, u"hi"_s } } } } };
    const HttpTestResponse r = m_service.client->post(MicroPath, compact(body));
    QCOMPARE(r.status, 402);
    m_header = r.header("PAYMENT-REQUIRED");
    m_challenge = QJsonDocument::fromJson(QByteArray::fromBase64(m_header)).object();
    QCOMPARE(m_challenge.value(u"accepts"_s).toArray().size(), 3);
    QCOMPARE(m_challenge.value(u"resource"_s).toObject().value(u"url"_s).toString(), PublicUrl + MicroPath);
}

QJsonObject TestPurchaseGuard::guard(const QJsonObject &input)
{
    const HttpTestResponse r = m_service.client->post(GuardPath, compact(input));
    if (r.status != 200)
        qWarning("guard: %d %s", r.status, r.body.constData());
    return r.status == 200 ? r.json() : QJsonObject();
}

void TestPurchaseGuard::decisionTable_data()
{
    QTest::addColumn<QString>("resourceUrl");
    QTest::addColumn<QJsonObject>("challenge");
    QTest::addColumn<QJsonObject>("spending");
    QTest::addColumn<QString>("receivedAt");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("reason"); // a code among the decision's or the offers' reasons; empty: none
    QTest::addColumn<QString>("chosenNetwork");

    const QString url = PublicUrl + MicroPath;
    const QJsonObject c = m_challenge;
    const QJsonArray base { u"base"_s };
    const QJsonObject ok = authority(u"0.01"_s, u"1"_s, base);
    QTest::newRow("pay-on-base") << url << c << ok << QString() << u"pay"_s << QString() << u"eip155:8453"_s;
    QTest::newRow("pay-on-arbitrum-by-caip2")
        << url << c << authority(u"0.01"_s, u"1"_s, { u"eip155:42161"_s }) << QString() << u"pay"_s
        << QString() << u"eip155:42161"_s;
    QTest::newRow("per-call-cap-exactly") << url << c << authority(u"0.003"_s, u"1"_s, base) << QString()
                                          << u"pay"_s << QString() << u"eip155:8453"_s;
    QTest::newRow("per-call-cap-one-unit-under")
        << url << c << authority(u"0.002999"_s, u"1"_s, base) << QString() << u"do_not_pay"_s
        << u"over_per_call_cap"_s << QString();
    QTest::newRow("per-day-cap-exactly-left") << url << c << authority(u"0.01"_s, u"0.01"_s, base, u"0.007"_s)
                                              << QString() << u"pay"_s << QString() << u"eip155:8453"_s;
    QTest::newRow("per-day-cap-exceeded")
        << url << c << authority(u"0.01"_s, u"0.01"_s, base, u"0.008"_s) << QString() << u"do_not_pay"_s
        << u"over_per_day_cap"_s << QString();
    QTest::newRow("network-not-allowed")
        << url << c << authority(u"0.01"_s, u"1"_s, { u"polygon"_s }) << QString() << u"do_not_pay"_s
        << u"network_not_allowed"_s << QString();
    // The local test chain's token is not in the table of official USDC deployments.
    QTest::newRow("unknown-chain-token") << url << c << authority(u"0.01"_s, u"1"_s, { u"eip155:1337"_s })
                                         << QString() << u"do_not_pay"_s << u"network_unknown"_s << QString();
    QTest::newRow("fake-usdc-contract")
        << url << withOffer(c, u"eip155:8453"_s, u"asset"_s, u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02914"_s)
        << ok << QString() << u"do_not_pay"_s << u"asset_not_official_usdc"_s << QString();
    QTest::newRow("wrong-eip712-name")
        << url << withOffer(c, u"eip155:8453"_s, u"extra.name"_s, u"USDC"_s) << ok << QString()
        << u"do_not_pay"_s << u"eip712_domain_mismatch"_s << QString();
    QTest::newRow("fake-asset-but-arbitrum-allowed-too")
        << url << withOffer(c, u"eip155:8453"_s, u"asset"_s, u"0x0000000000000000000000000000000000000001"_s)
        << authority(u"0.01"_s, u"1"_s, { u"base"_s, u"arbitrum"_s }) << QString() << u"pay"_s << QString()
        << u"eip155:42161"_s;
    QTest::newRow("scheme-upto") << url << withOffer(c, u"eip155:8453"_s, u"scheme"_s, u"upto"_s) << ok
                                 << QString() << u"do_not_pay"_s << u"scheme_not_exact"_s << QString();
    QTest::newRow("amount-zero") << url << withOffer(c, u"eip155:8453"_s, u"amount"_s, u"0"_s) << ok
                                 << QString() << u"do_not_pay"_s << u"amount_zero"_s << QString();
    QTest::newRow("amount-decimal") << url << withOffer(c, u"eip155:8453"_s, u"amount"_s, u"0.003"_s) << ok
                                    << QString() << u"do_not_pay"_s << u"amount_malformed"_s << QString();
    QTest::newRow("payto-is-the-usdc-contract")
        << url << withOffer(c, u"eip155:8453"_s, u"payTo"_s, u"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"_s)
        << ok << QString() << u"do_not_pay"_s << u"payto_is_the_asset"_s << QString();
    QTest::newRow("payto-malformed") << url << withOffer(c, u"eip155:8453"_s, u"payTo"_s, u"0x1234"_s) << ok
                                     << QString() << u"do_not_pay"_s << u"payto_malformed"_s << QString();
    QJsonObject v1 = c;
    v1.insert(u"x402Version"_s, 1);
    QTest::newRow("x402-v1") << url << v1 << ok << QString() << u"do_not_pay"_s << u"challenge_not_v2"_s
                             << QString();
    QJsonObject noOffers = c;
    noOffers.insert(u"accepts"_s, QJsonArray());
    QTest::newRow("no-offers") << url << noOffers << ok << QString() << u"do_not_pay"_s
                               << u"challenge_without_offers"_s << QString();
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    const QString twoMinutesAgo = QDateTime::currentDateTimeUtc().addSecs(-120).toString(Qt::ISODate);
    QTest::newRow("received-just-now") << url << c << ok << now << u"pay"_s << QString() << u"eip155:8453"_s;
    QTest::newRow("expired") << url << c << ok << twoMinutesAgo << u"do_not_pay"_s << u"challenge_expired"_s
                             << QString();
    QTest::newRow("long-authorization")
        << url << withOffer(c, u"eip155:8453"_s, u"maxTimeoutSeconds"_s, 7200) << ok << QString()
        << u"review"_s << u"long_authorization"_s << u"eip155:8453"_s;
    QTest::newRow("resource-http") << u"http://ades.example"_s + MicroPath << c << ok << QString()
                                   << u"do_not_pay"_s << u"resource_not_https"_s << QString();
    QTest::newRow("resource-other-host") << u"https://shop.example"_s + MicroPath << c << ok << QString()
                                         << u"do_not_pay"_s << u"resource_host_differs"_s << QString();
    QTest::newRow("resource-other-path") << PublicUrl + u"/api/v1/chat/completions"_s << c << ok << QString()
                                         << u"review"_s << u"resource_path_differs"_s << u"eip155:8453"_s;
}

void TestPurchaseGuard::decisionTable()
{
    QFETCH(QString, resourceUrl);
    QFETCH(QJsonObject, challenge);
    QFETCH(QJsonObject, spending);
    QFETCH(QString, receivedAt);
    QFETCH(QString, decision);
    QFETCH(QString, reason);
    QFETCH(QString, chosenNetwork);
    QJsonObject input { { u"resource_url"_s, resourceUrl }, { u"payment_required"_s, challenge },
        { u"spending_authority"_s, spending } };
    if (!receivedAt.isEmpty())
        input.insert(u"challenge_received_at"_s, receivedAt);
    const QJsonObject answer = guard(input);
    QCOMPARE(answer.value(u"decision"_s).toString(), decision);
    QStringList codes;
    for (const QJsonValue &r : answer.value(u"reasons"_s).toArray())
        codes.append(r.toObject().value(u"code"_s).toString());
    for (const QJsonValue &offer : answer.value(u"offers"_s).toArray()) {
        for (const QJsonValue &r : offer.toObject().value(u"reasons"_s).toArray())
            codes.append(r.toObject().value(u"code"_s).toString());
    }
    if (!reason.isEmpty())
        QVERIFY2(codes.contains(reason), qPrintable(codes.join(u", "_s)));
    else if (decision == u"pay"_s)
        QVERIFY2(answer.value(u"reasons"_s).toArray().isEmpty(), qPrintable(codes.join(u", "_s)));
    QCOMPARE(answer.value(u"chosen_offer"_s).toObject().value(u"network"_s).toString(), chosenNetwork);
    if (!chosenNetwork.isEmpty())
        QCOMPARE(answer.value(u"chosen_offer"_s).toObject().value(u"amount_usdc"_s).toString(), u"0.003"_s);
    QCOMPARE(answer.value(u"contract"_s).toString(), u"x402-purchase-guard/1"_s);
    QCOMPARE(answer.value(u"charged"_s).toBool(true), false);
    QCOMPARE(
        answer.value(u"checks_not_run"_s).toArray(), (QJsonArray { u"payto_sanctions"_s, u"payto_kind"_s }));
}

void TestPurchaseGuard::rawHeaderAndDecodedObjectAgree()
{
    const QJsonObject spending = authority(u"0.01"_s, u"1"_s, { u"base"_s });
    const QString url = PublicUrl + MicroPath;
    const QJsonObject raw = guard({ { u"resource_url"_s, url },
        { u"payment_required"_s, QString::fromLatin1(m_header) }, { u"spending_authority"_s, spending } });
    const QJsonObject decoded = guard({ { u"resource_url"_s, url }, { u"payment_required"_s, m_challenge },
        { u"spending_authority"_s, spending } });
    QCOMPARE(raw.value(u"decision"_s).toString(), u"pay"_s);
    QCOMPARE(raw.value(u"offers"_s), decoded.value(u"offers"_s));
    // Unpadded base64 is still standard base64 (the official decoder accepts it); URL-safe is not.
    QByteArray unpadded = m_header;
    while (unpadded.endsWith('='))
        unpadded.chop(1);
    QCOMPARE(guard({ { u"resource_url"_s, url }, { u"payment_required"_s, QString::fromLatin1(unpadded) },
                       { u"spending_authority"_s, spending } })
                 .value(u"decision"_s)
                 .toString(),
        u"pay"_s);
    const QJsonObject garbage = guard({ { u"resource_url"_s, url },
        { u"payment_required"_s, u"%%not-base64%%"_s }, { u"spending_authority"_s, spending } });
    QCOMPARE(garbage.value(u"decision"_s).toString(), u"do_not_pay"_s);
    QCOMPARE(garbage.value(u"reasons"_s).toArray().at(0).toObject().value(u"code"_s).toString(),
        u"challenge_malformed"_s);
}

void TestPurchaseGuard::unusableAuthorityIs422_data()
{
    QTest::addColumn<QJsonObject>("spending");
    QTest::addColumn<QString>("param");
    QTest::newRow("seven-decimals") << authority(u"0.0000001"_s, u"1"_s, { u"base"_s })
                                    << u"spending_authority.max_per_call_usdc"_s;
    QTest::newRow("negative") << authority(u"0.01"_s, u"-1"_s, { u"base"_s })
                              << u"spending_authority.max_per_day_usdc"_s;
    QTest::newRow("unknown-network") << authority(u"0.01"_s, u"1"_s, { u"basechain"_s })
                                     << u"spending_authority.allowed_networks[0]"_s;
    QJsonObject missing = authority(u"0.01"_s, u"1"_s, { u"base"_s });
    missing.remove(u"allowed_networks"_s);
    QTest::newRow("no-networks") << missing << u"spending_authority.allowed_networks"_s;
}

void TestPurchaseGuard::unusableAuthorityIs422()
{
    QFETCH(QJsonObject, spending);
    QFETCH(QString, param);
    const HttpTestResponse r = m_service.client->post(GuardPath,
        compact(QJsonObject { { u"resource_url"_s, QString(PublicUrl + MicroPath) },
            { u"payment_required"_s, m_challenge }, { u"spending_authority"_s, spending } }));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
}

HttpTestResponse TestPurchaseGuard::paidGuard(const QJsonObject &input)
{
    const QByteArray body = compact(input);
    const HttpTestResponse challenge = m_service.client->post(u"/x402/purchase-guard"_s, body);
    if (challenge.status != 402)
        return challenge;
    const QJsonObject required
        = QJsonDocument::fromJson(QByteArray::fromBase64(challenge.header("PAYMENT-REQUIRED"))).object();
    const QJsonArray accepts = required.value(u"accepts"_s).toArray();
    QJsonObject offer;
    for (const QJsonValue &o : accepts) {
        if (o.toObject().value(u"network"_s).toString() == u"eip155:1337"_s)
            offer = o.toObject();
    }
    if (offer.value(u"amount"_s).toString() != u"2000"_s)
        qWarning("purchase guard price: %s", compact(offer).constData());
    return m_service.client->post(u"/x402/purchase-guard"_s, body,
        { { "PAYMENT-SIGNATURE", compact(signedPayment(m_payer, offer)).toBase64() } });
}

// Missing evidence is never approval: without lists the paid guard cannot screen payTo, so it answers an
// uncharged 503 and settles nothing.
void TestPurchaseGuard::paidGuardWithoutListsIsUncharged503()
{
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGuard(
        { { u"resource_url"_s, QString(PublicUrl + MicroPath) }, { u"payment_required"_s, m_challenge },
            { u"spending_authority"_s, authority(u"0.01"_s, u"1"_s, { u"base"_s }) } });
    QVERIFY2(r.status == 503, r.body.constData());
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"sanctions_lists"_s });
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestPurchaseGuard::paidGuardScreensPayTo_data()
{
    QTest::addColumn<QString>("payTo");
    QTest::addColumn<QString>("decision");
    QTest::addColumn<QString>("hitReference"); // empty: not listed
    QTest::addColumn<QString>("addressType"); // what the fake Base node's bytecode makes of payTo
    QTest::addColumn<QString>("reason"); // the payee reason expected last; empty: none
    const QString eoa = u"eoa_or_empty"_s;
    QTest::newRow("clean") << QString() << u"pay"_s << QString() << eoa << QString();
    // Named in GHR0174's OtherInformation (UK list), written with another capitalisation there.
    QTest::newRow("listed-wallet") << u"0xd599ac04a1c786972b81e0fef6fb0c3e7b52f8a7"_s << u"do_not_pay"_s
                                   << u"GHR0174"_s << eoa << u"payto_sanctioned"_s;
    QTest::newRow("listed-wallet-second-line")
        << u"0xAE05eB856CB28c156d9722094F5eEfD5693Bc181"_s << u"do_not_pay"_s << u"GHR0174"_s << eoa
        << u"payto_sanctioned"_s;
    QTest::newRow("listed-person-wallet") << u"0x21B8d56BDA776bbE68655A16895afd96F5534feD"_s
                                          << u"do_not_pay"_s << u"CTD0004"_s << eoa << u"payto_sanctioned"_s;
    QTest::newRow("contract") << ContractPayTo << u"review"_s << QString() << u"deployed_contract"_s
                              << u"payto_contract"_s;
    QTest::newRow("precompile") << Precompile << u"do_not_pay"_s << QString()
                                << u"precompile_or_system_address"_s << u"payto_system_address"_s;
}

void TestPurchaseGuard::paidGuardScreensPayTo()
{
    QFETCH(QString, payTo);
    QFETCH(QString, decision);
    QFETCH(QString, hitReference);
    QFETCH(QString, addressType);
    QFETCH(QString, reason);
    loadWalletLists();
    const QJsonObject challenge
        = payTo.isEmpty() ? m_challenge : withOffer(m_challenge, u"eip155:8453"_s, u"payTo"_s, payTo);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGuard(
        { { u"resource_url"_s, QString(PublicUrl + MicroPath) }, { u"payment_required"_s, challenge },
            { u"spending_authority"_s, authority(u"0.01"_s, u"1"_s, { u"base"_s }) } });
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    const QJsonObject answer = r.json();
    QCOMPARE(answer.value(u"decision"_s).toString(), decision);
    QCOMPARE(answer.value(u"checks_not_run"_s).toArray(), QJsonArray());
    QVERIFY(answer.value(u"checks_run"_s).toArray().contains(u"payto_sanctions"_s));
    QVERIFY(answer.value(u"checks_run"_s).toArray().contains(u"payto_kind"_s));
    const QJsonObject kind = answer.value(u"payto_kind"_s).toObject();
    QCOMPARE(kind.value(u"address_type"_s).toString(), addressType);
    QCOMPARE(kind.value(u"chain"_s).toString(), u"base"_s);
    QVERIFY(!kind.value(u"sources"_s).toArray().isEmpty());
    const QJsonArray reasons = answer.value(u"reasons"_s).toArray();
    if (reason.isEmpty())
        QVERIFY2(reasons.isEmpty(), compact(answer).constData());
    else
        QCOMPARE(reasons.last().toObject().value(u"code"_s).toString(), reason);
    QCOMPARE(answer.value(u"receipt"_s).toObject().value(u"standard"_s).toString(), u"service-receipt/2"_s);
    const QJsonObject screening = answer.value(u"payto_screening"_s).toObject();
    QCOMPARE(screening.value(u"addresses_named_by_lists"_s).toInt(), 5); // 3 of CTD0004, 2 of GHR0174
    QCOMPARE(screening.value(u"listed"_s).toBool(), !hitReference.isEmpty());
    if (!hitReference.isEmpty()) {
        QCOMPARE(screening.value(u"hits"_s).toArray().at(0).toObject().value(u"reference"_s).toString(),
            hitReference);
    }
}

// A test network is not a chain the chain area reads: the payTo kind is named as not checked, never assumed,
// and the decision rests on the checks that ran.
void TestPurchaseGuard::paidGuardOnATestNetworkSaysKindNotRead()
{
    loadWalletLists();
    QJsonObject challenge = withOffer(m_challenge, u"eip155:8453"_s, u"asset"_s,
        u"0x036CbD53842c5426634e7929541eC2318f3dCF7e"_s); // Base Sepolia's USDC
    challenge = withOffer(challenge, u"eip155:8453"_s, u"extra.name"_s, u"USDC"_s);
    challenge = withOffer(challenge, u"eip155:8453"_s, u"network"_s, u"eip155:84532"_s);
    const HttpTestResponse r = paidGuard(
        { { u"resource_url"_s, QString(PublicUrl + MicroPath) }, { u"payment_required"_s, challenge },
            { u"spending_authority"_s, authority(u"0.01"_s, u"1"_s, { u"base-sepolia"_s }) } });
    QVERIFY2(r.status == 200, r.body.constData());
    const QJsonObject answer = r.json();
    QCOMPARE(answer.value(u"decision"_s).toString(), u"pay"_s);
    QCOMPARE(
        answer.value(u"chosen_offer"_s).toObject().value(u"network_name"_s).toString(), u"base-sepolia"_s);
    QCOMPARE(answer.value(u"checks_not_run"_s).toArray(), QJsonArray { u"payto_kind"_s });
    QCOMPARE(answer.value(u"payto_kind"_s).toObject().value(u"checked"_s).toBool(true), false);
    QVERIFY(answer.value(u"payto_kind"_s).toObject().value(u"why"_s).toString().contains(u"base-sepolia"_s));
}

// The node not answering leaves the payTo kind unknown: an uncharged 503 naming the chain's source.
void TestPurchaseGuard::paidGuardWithTheNodeDownIsUncharged503()
{
    loadWalletLists();
    m_base.setForced(502, "bad gateway");
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = paidGuard(
        { { u"resource_url"_s, QString(PublicUrl + MicroPath) }, { u"payment_required"_s, m_challenge },
            { u"spending_authority"_s, authority(u"0.01"_s, u"1"_s, { u"base"_s }) } });
    m_base.clearForced();
    QVERIFY2(r.status == 503, r.body.constData());
    QCOMPARE(r.json().value(u"missing"_s).toArray(), QJsonArray { u"evm-base"_s });
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestPurchaseGuard::loadWalletLists()
{
    auto &lists = sanctionsOf(*m_service.context);
    if (lists.loadedIndex() && lists.loadedIndex()->entries().size() == 2)
        return;
    const Result<int> imported = lists.import({ sourceDir() + u"/tests/data/sanctions/uk-wallets.xml"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
}

QTEST_GUILESS_MAIN(TestPurchaseGuard)
#include "TestPurchaseGuard.moc"
