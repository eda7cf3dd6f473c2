#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;
class CounterpartyScreen;

// Handler of chain.tx.preflight: proceed, review or block for a transaction the caller is about to sign,
// from six checks run in parallel (gas against balance, simulation with decoded revert, stuck nonces,
// recipient type, ERC-20 allowance, sanctions screen of the counterparty), with evidence, unknowns,
// limitations and safe next actions. Nothing is signed or sent.
Handler makePreflightHandler(const ChainPools &pools, const CounterpartyScreen &screen, const Clock &clock);
std::optional<ServiceError> checkPreflight(const QJsonObject &args);

} // namespace ades::chain
