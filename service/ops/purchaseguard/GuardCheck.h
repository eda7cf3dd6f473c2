#pragma once

#include "catalog/Operation.h"

#include <QDateTime>
#include <QStringList>

namespace ades {
class Clock;
}

namespace ades::guard {

class PurchaseDecision;

// The local decision on validated arguments (guardInputProblem found nothing).
PurchaseDecision decideLocally(const QJsonObject &arguments, const QDateTime &now);
// The answer's common members around `decision`: contract, policy version, resource, time, checks run and
// not run. The free and the paid guard add their own note and charged flag.
QJsonObject guardResult(const PurchaseDecision &decision, const QJsonObject &arguments, const QDateTime &now,
    const QStringList &notRun);

// The paid guard's checks of the chosen payTo, by the names checks_run and checks_not_run list: the sanctions
// screening and PayeeKind's lookup on its chain.
const QStringList &payeeChecks();

// Handler of guard.x402.check, the free purchase guard (docs/purchase-guard.md): the local checks of
// PurchaseDecision on the caller's resource URL, challenge and spending authority. It does not screen the
// payTo address (the paid guard's part): its answer lists that under checks_not_run. Completes on the
// calling thread; never charged.
Handler makeGuardCheckHandler(const Clock &clock);
// 422 for an authority the checks cannot use (an amount that is not a USDC decimal, an unknown network
// name) or an unreadable challenge_received_at: before the quota.
std::optional<ServiceError> guardInputProblem(const QJsonObject &arguments);

} // namespace ades::guard
