#pragma once

#include "catalog/Operation.h"

namespace ades {
class Catalog;
class Clock;
} // namespace ades

namespace ades::guard {

// Handler of guard.x402.purchase, the paid purchase guard (docs/purchase-guard.md): the free guard's local
// checks, then the chosen offer's payTo screened against the sanctions lists through the catalog operation
// eu.sanctions.wallet (a listed wallet: do_not_pay) and, beside it, its kind read from live bytecode by
// chain.contract.info (PayeeKind). When either cannot be made — no lists, lists that name no wallet, a node
// that does not answer — the call fails with its uncharged 503: missing evidence is never approval. A payTo
// the screening cannot read (Solana) makes pay a review. `catalog` must outlive the handler.
Handler makeGuardPurchaseHandler(const Catalog &catalog, const Clock &clock);

} // namespace ades::guard
