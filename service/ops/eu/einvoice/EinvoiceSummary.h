#pragma once

#include "EinvoiceValidator.h"

#include <QJsonArray>
#include <QJsonObject>

namespace ades::eu {

// The arithmetic an agent wants to see next to the findings: each document total (BG-22) as declared and
// as recomputed in exact decimals, and each VAT breakdown (BG-23) with its recomputed tax. Whether a
// figure is consistent is taken from the validator's BR-CO findings, never decided a second time here,
// so the summary cannot contradict the findings (the artefacts' tolerances live in one place).
class EinvoiceSummary
{
public:
    // {"currency", "checks": [{"bt", "rule", "declared", "computed", "consistent"}]}
    static QJsonObject totals(const InvoiceModel &model, const QList<Finding> &findings);
    // [{"category", "rate", "taxable_amount", "computed_taxable_amount", "tax_amount",
    //   "computed_tax_amount", "exemption_reason", "exemption_reason_code", "consistent", "rules_fired"}]
    static QJsonArray vatBreakdown(const InvoiceModel &model, const QList<Finding> &findings);
};

} // namespace ades::eu
