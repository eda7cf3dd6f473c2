#pragma once

#include "payments/X402Networks.h"

#include <QList>

namespace ades {
class Settings;
class UpstreamClient;
struct UpstreamSource;
} // namespace ades

namespace ades::x402 {

class NetworkGate;

// At start-up, for every enabled EVM network with an RPC URL configured (x402/rpc/<network key>), asks the
// USDC contract for DOMAIN_SEPARATOR() and compares it with the domain we sign offers for (name, version,
// chain id, asset). A mismatch refuses the network in the gate: USDC names are not uniform across chains and
// a wrong one makes every payment fail (x402 v2 exact EVM scheme: the EIP-712 domain comes from the offer).
class DomainSeparatorCheck
{
public:
    // The upstream source id of a network's RPC ("x402-rpc-base"); sources are registered from settings.
    static QString sourceId(const QString &networkKey);
    static QList<UpstreamSource> rpcSources(const Settings &settings);

    DomainSeparatorCheck(const UpstreamClient &upstream, NetworkGate &gate);
    // Marks each checked network Pending, then Verified/Refused/Unreachable as answers arrive (on this
    // thread).
    void run(const QList<X402Network> &networks) const;

private:
    const UpstreamClient &m_upstream;
    NetworkGate &m_gate;
};

} // namespace ades::x402
