#pragma once

#include "area/Area.h"

#include <memory>

namespace ades::chain {

class ChainPools;
class CounterpartyScreen;

// Read-only EVM chain data (SPEC.md §1 rule 4, §4.1, contract agent-chain-data/1) for base, ethereum,
// arbitrum, optimism and polygon: balances, tokens, gas, transactions, contracts, the transaction preflight
// and the JSON-RPC proxy. Owns one RPC pool per chain. Never signs, approves or transfers; the proxy alone
// forwards eth_sendRawTransaction, which a client signed itself.
class ChainArea : public Area
{
public:
    ChainArea();
    ~ChainArea() override;

    QString name() const override;
    SettingSpecs settings() const override;
    QList<UpstreamSource> sources() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    QJsonObject health() const override;

private:
    std::unique_ptr<ChainPools> m_pools;
    std::unique_ptr<CounterpartyScreen> m_screen; // preflight's way to the sanctions engine
};

} // namespace ades::chain
