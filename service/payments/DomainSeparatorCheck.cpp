#include "DomainSeparatorCheck.h"

#include "core/Settings.h"
#include "crypto/Keccak256.h"
#include "payments/Eip712.h"
#include "payments/NetworkGate.h"
#include "payments/PaymentSettings.h"
#include "upstream/UpstreamClient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::x402 {

QString DomainSeparatorCheck::sourceId(const QString &networkKey)
{
    return u"x402-rpc-"_s + networkKey;
}

QList<UpstreamSource> DomainSeparatorCheck::rpcSources(const Settings &settings)
{
    QList<UpstreamSource> sources;
    QList<QString> keys;
    for (const X402Network &n : knownNetworks())
        keys.append(n.key);
    keys.append(u"custom"_s);
    for (const QString &key : std::as_const(keys)) {
        const QString url = settings.value(PaymentSettings::RpcFamily.spec.key + key);
        if (!url.isEmpty())
            sources.append(UpstreamSource { sourceId(key), u"EVM RPC for "_s + key, QUrl(url), 10000, {} });
    }
    return sources;
}

DomainSeparatorCheck::DomainSeparatorCheck(const UpstreamClient &upstream, NetworkGate &gate)
    : m_upstream(upstream)
    , m_gate(gate)
{ }

void DomainSeparatorCheck::run(const QList<X402Network> &networks) const
{
    static const QByteArray Selector = keccak256("DOMAIN_SEPARATOR()").left(4);
    for (const X402Network &network : networks) {
        if (!network.isEvm || !m_upstream.source(sourceId(network.key)))
            continue;
        const auto expected = Eip712::domainSeparator(
            network.eip712Name, network.eip712Version, network.caip2.mid(7), network.asset);
        if (!expected) {
            m_gate.set(network.caip2, NetworkGate::State::Refused, u"malformed chain id or asset"_s);
            continue;
        }
        m_gate.set(network.caip2, NetworkGate::State::Pending);
        UpstreamRequest request;
        request.source = sourceId(network.key);
        request.method = "POST";
        request.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
        request.body = QJsonDocument(
            QJsonObject {
                { u"jsonrpc"_s, u"2.0"_s },
                { u"id"_s, 1 },
                { u"method"_s, u"eth_call"_s },
                { u"params"_s,
                    QJsonArray {
                        QJsonObject { { u"to"_s, network.asset },
                            { u"data"_s, QString(u"0x"_s + QString::fromLatin1(Selector.toHex())) } },
                        u"latest"_s } },
            })
                           .toJson(QJsonDocument::Compact);
        NetworkGate &gate = m_gate;
        const QString caip2 = network.caip2;
        const QString want = u"0x"_s + QString::fromLatin1(expected->toHex());
        m_upstream.fetch(request, [&gate, caip2, want](Result<UpstreamResponse> response) {
            if (!response.ok()) {
                gate.set(caip2, NetworkGate::State::Unreachable, response.error().message());
                qWarning("x402: cannot check the USDC domain of %s: %s", qPrintable(caip2),
                    qPrintable(response.error().message()));
                return;
            }
            const QJsonObject answer = QJsonDocument::fromJson(response.value().body).object();
            const QString got = answer.value(u"result"_s).toString().toLower();
            if (got.size() != 66) {
                gate.set(caip2, NetworkGate::State::Unreachable, u"no DOMAIN_SEPARATOR() result"_s);
                qWarning("x402: the RPC of %s gave no DOMAIN_SEPARATOR() result", qPrintable(caip2));
            } else if (got != want.toLower()) {
                gate.set(caip2, NetworkGate::State::Refused, u"token domain %1, ours %2"_s.arg(got, want));
                qWarning("x402: refusing %s: the token's EIP-712 domain %s differs from ours %s",
                    qPrintable(caip2), qPrintable(got), qPrintable(want));
            } else {
                gate.set(caip2, NetworkGate::State::Verified);
            }
        });
    }
}

} // namespace ades::x402
