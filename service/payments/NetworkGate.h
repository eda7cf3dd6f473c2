#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>

namespace ades::x402 {

// Which configured payment networks may be offered, after the start-up check of each USDC token's EIP-712
// domain (DomainSeparatorCheck). Shared by every I/O thread's x402 channel; thread-safe.
class NetworkGate
{
public:
    enum class State
    {
        Unchecked, // no RPC configured for it: offered as configured
        Pending, // being checked: not offered yet
        Verified, // the chain's DOMAIN_SEPARATOR() equals ours
        Unreachable, // could not be asked: offered, with a warning in the log
        Refused, // the chain disagrees with our domain: never offered (payments would fail or go elsewhere)
    };

    void set(const QString &caip2, State state, const QString &detail = {});
    State state(const QString &caip2) const;
    bool mayOffer(const QString &caip2) const;
    // "eip155:8453: refused (...)" lines for the log, /v1/health and the console.
    QStringList report() const;

private:
    mutable QMutex m_mutex;
    QHash<QString, QPair<State, QString>> m_states;
};

} // namespace ades::x402
