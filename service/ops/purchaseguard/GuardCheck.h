#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::guard {

// Handler of guard.x402.check, the free purchase guard (docs/purchase-guard.md): the local checks of
// PurchaseDecision on the caller's resource URL, challenge and spending authority. It does not screen the
// payTo address (the paid guard's part): its answer lists that under checks_not_run. Completes on the
// calling thread; never charged.
Handler makeGuardCheckHandler(const Clock &clock);
// 422 for an authority the checks cannot use (an amount that is not a USDC decimal, an unknown network
// name) or an unreadable challenge_received_at: before the quota.
std::optional<ServiceError> guardInputProblem(const QJsonObject &arguments);

} // namespace ades::guard
