#pragma once

#include <QStringList>

namespace ades::chain {

// The methods POST /x402/rpc forwards (SPEC.md §1 rule 4, §4.1): reads of chain state, plus
// eth_sendRawTransaction, which carries a transaction the client signed itself. Everything that signs
// with a node's key (eth_sign, eth_sendTransaction, personal_*), administers a node (admin_*, debug_*,
// miner_*) or keeps state on one node (filters, subscriptions: the next call may reach another node of
// the pool) is refused.
namespace RpcAllowList {

bool allows(const QString &method);
const QStringList &methods();

} // namespace RpcAllowList

} // namespace ades::chain
