#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
}

namespace ades::eu {

class SanctionsLists;

// Handler of eu.sanctions.screen: validated arguments -> SanctionsIndex::screen -> hits with evidence. No
// loaded list (or a requested list missing) is an uncharged 503 naming the lists, never "no hits".
Handler makeSanctionsScreenHandler(const SanctionsLists &lists, const Clock &clock);

} // namespace ades::eu
