#pragma once

#include "DisclosureFacts.h"
#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::disclosure {

// Handler of the three disclosure operations: reads the facts in `form`, hashes sent content, and answers the
// record (DisclosureRecord), marked as a trial when the call came through the free channel or the free MCP
// tool. Completes on the calling thread; content of 64 KiB or more is hashed and recorded on the global
// thread pool first (at most DisclosureFacts::MaxContentBytes).
Handler makeDisclosureHandler(DisclosureFacts::Form form, const Clock &clock);
// The 422 of DisclosureFacts::read for `form`, before any payment or quota.
std::function<std::optional<ServiceError>(const QJsonObject &)> disclosureInputCheck(
    DisclosureFacts::Form form);

} // namespace ades::disclosure
