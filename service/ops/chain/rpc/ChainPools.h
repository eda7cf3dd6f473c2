#pragma once

#include "RpcPool.h"

#include <memory>
#include <vector>

namespace ades {
class Clock;
class Settings;
class UpstreamClient;
} // namespace ades

namespace ades::chain {

// The RPC pool of every chain, built once from the settings and shared by all operations.
class ChainPools
{
public:
    ChainPools(const Settings &settings, const UpstreamClient &upstream, const Clock &clock);
    ~ChainPools();

    // The pool of a chain by `chain` argument, or nullptr for a name that is not one of the five.
    const RpcPool *pool(const QString &chain) const;
    QJsonObject health() const;

private:
    std::vector<std::unique_ptr<RpcPool>> m_pools;
};

} // namespace ades::chain
