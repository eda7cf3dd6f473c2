#pragma once

#include "catalog/Operation.h"

namespace ades {
class Clock;
} // namespace ades

namespace ades::eu {

class ViesArchive;

// Handler of eu.vat.history (GET /v1/vat/history?value=&at=, MCP vat_history_eu): the archived VIES
// answers about one VAT ID around `at`, read by VatTimeline's rule (never inferred across an unobserved
// day). Reads the store on the calling thread (a flush and three indexed queries); asks nobody.
// Arguments: vat_id (string), at (optional ISO date or date-time; default now). A VAT ID with an invalid
// format, or one VIES does not cover, is a 422: it cannot have been observed.
ades::Handler makeVatHistoryHandler(const ViesArchive &archive, const Clock &clock);

} // namespace ades::eu
