#pragma once

#include "VatRulesEngine.h"
#include "catalog/Operation.h"

#include <QDate>
#include <QJsonObject>

namespace ades {
class Clock;
}

namespace ades::eu {

// Handler of eu.vat.rules: validated arguments -> VatRulesQuery -> VatRulesEngine -> result JSON
// (docs/vat-rules.md). Completes synchronously, before returning, on the calling thread. The date of the
// supply defaults to today (UTC) by `clock`, which must outlive the handler. Loads the bundled tables at
// construction (call it at start-up).
Handler makeVatRulesHandler(const Clock &clock);

// The query of schema-validated arguments; `today` fills in an absent date. 422 naming the field for a
// value the schema cannot rule out (an impossible date such as 2026-02-30).
Result<VatRulesQuery> vatRulesQuery(const QJsonObject &arguments, const QDate &today);

// The result object of one decision (contract eu-vat-rules/1); exposed for tests and the benchmark.
QJsonObject vatRulesResult(const VatDecision &decision, const VatRulesEngine &engine);

// What a receipt attests: "DE->FR service b2b 2026-11-25".
QString vatRulesSubject(const VatDecision &decision);

} // namespace ades::eu
