#include "HttpTestClient.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "payments/Eip712.h"
#include "payments/NetworkGate.h"

#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString PayTo = u"0x22d491Bde2303f2f43325b2108D26f1eAbA1e32b"_s;
const QString Asset = u"0xe78A0F7E598Cc8b0Bb87894B0F60dD2a88d6a8Ab"_s;
const QString Local = u"eip155:1337"_s;

} // namespace

class TestDomainSeparatorCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void matchingDomainIsOffered();
    void mismatchingDomainIsRefused();
    void unreachableRpcStillOffers();

private:
    // Starts a service whose custom network's RPC is `rpcUrl`; returns the networks of its 402 challenge.
    QStringList offeredNetworks(const QString &rpcUrl, x402::NetworkGate::State expected);

    QHttpServer m_rpc;
    quint16 m_rpcPort = 0;
    QString m_answer; // what the fake token answers to DOMAIN_SEPARATOR()
    int m_calls = 0;
};

void TestDomainSeparatorCheck::initTestCase()
{
    m_rpc.route(u"/"_s, QHttpServerRequest::Method::Post, [this](const QHttpServerRequest &request) {
        ++m_calls;
        const QJsonObject call = QJsonDocument::fromJson(request.body()).object();
        const QJsonObject tx = call.value(u"params"_s).toArray().at(0).toObject();
        // 0x3644e515 = DOMAIN_SEPARATOR(); the token address must be ours.
        const bool asked = call.value(u"method"_s).toString() == u"eth_call"_s
            && tx.value(u"data"_s).toString() == u"0x3644e515"_s
            && tx.value(u"to"_s).toString().compare(Asset, Qt::CaseInsensitive) == 0;
        return QHttpServerResponse(QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, call.value(u"id"_s) },
            { u"result"_s, asked ? m_answer : u"0x"_s } });
    });
    m_rpcPort = m_rpc.listen(QHostAddress::LocalHost, 0);
    QVERIFY(m_rpcPort != 0);
}

QStringList TestDomainSeparatorCheck::offeredNetworks(
    const QString &rpcUrl, x402::NetworkGate::State expected)
{
    QTemporaryDir dir;
    auto context = ServiceContext::createForTests(dir.path(),
        { { u"x402/payto_evm"_s, PayTo }, { u"x402/networks"_s, u"base,custom"_s },
            { u"x402/custom/caip2"_s, Local }, { u"x402/custom/asset"_s, Asset },
            { u"x402/rpc/custom"_s, rpcUrl }, { u"upstream/x402-rpc-custom/timeout_ms"_s, u"2000"_s } });
    ServiceHost host(*context);
    QSignalSpy started(&host, &ServiceHost::started);
    host.start(QHostAddress::LocalHost, 0);
    if (!started.wait(5000))
        return { u"not started"_s };
    if (!QTest::qWaitFor([&]() { return context->networkGate().state(Local) == expected; }, 5000))
        return { u"gate stayed %1"_s.arg(context->networkGate().report().join(u"; "_s)) };
    HttpTestClient client(host.port());
    const HttpTestResponse r = client.get(u"/x402/iban/DE89370400440532013000"_s);
    QStringList networks;
    const QJsonArray accepts = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED")))
                                   .object()
                                   .value(u"accepts"_s)
                                   .toArray();
    for (const QJsonValue &a : accepts)
        networks.append(a.toObject().value(u"network"_s).toString());
    return networks;
}

void TestDomainSeparatorCheck::matchingDomainIsOffered()
{
    const auto domain = x402::Eip712::domainSeparator(u"USD Coin"_s, u"2"_s, u"1337"_s, Asset);
    m_answer = u"0x"_s + QString::fromLatin1(domain->toHex());
    const int calls = m_calls;
    QCOMPARE(offeredNetworks(u"http://127.0.0.1:%1"_s.arg(m_rpcPort), x402::NetworkGate::State::Verified),
        (QStringList { u"eip155:8453"_s, Local }));
    QCOMPARE(m_calls, calls + 1); // only the network with an RPC is asked
}

void TestDomainSeparatorCheck::mismatchingDomainIsRefused()
{
    // The token's domain as if its name were "USDC": payments signed for "USD Coin" would all fail.
    const auto other = x402::Eip712::domainSeparator(u"USDC"_s, u"2"_s, u"1337"_s, Asset);
    m_answer = u"0x"_s + QString::fromLatin1(other->toHex());
    QCOMPARE(offeredNetworks(u"http://127.0.0.1:%1"_s.arg(m_rpcPort), x402::NetworkGate::State::Refused),
        QStringList { u"eip155:8453"_s });
}

void TestDomainSeparatorCheck::unreachableRpcStillOffers()
{
    QCOMPARE(offeredNetworks(u"http://127.0.0.1:1"_s, x402::NetworkGate::State::Unreachable),
        (QStringList { u"eip155:8453"_s, Local }));
}

QTEST_GUILESS_MAIN(TestDomainSeparatorCheck)
#include "TestDomainSeparatorCheck.moc"
