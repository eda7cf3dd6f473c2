#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::chain {

class ChainPools;

// Handler of chain.contract.info: the address type from live bytecode (EIP-7702 delegations recognised),
// code size and hash, balance and transaction count. It never says who controls an address: bytecode
// cannot show who holds a private key.
Handler makeContractInfoHandler(const ChainPools &pools, const Clock &clock);
std::optional<ServiceError> checkContractInfo(const QJsonObject &args);

} // namespace ades::chain
