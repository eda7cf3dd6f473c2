#pragma once

#include "PayCheck.h"
#include "ops/eu/vatrules/VatRulesCheck.h"

#include <QDateTime>
#include <optional>

namespace ades::eu {

struct InvoiceFacts;
struct InvoiceToPayInput;

// The VAT treatment an invoice should show, decided in-process by the VAT rules (eu.vat.rules, the same
// engine and tables), compared with the VAT categories the invoice uses (BT-118): the supplier's country
// from BT-40 (else its VAT ID's prefix), the customer's from buyer_country, b2b and supply_type as given, the
// supply date from BT-7, BT-72 or BT-2, and whether the buyer's VAT ID is valid from VIES when it was asked.
// Immutable; one instance serves every thread.
class VatTreatmentCheck
{
public:
    VatTreatmentCheck();

    // `buyerVatValid`: VIES's answer for the buyer's VAT ID, unset when not asked or not available.
    PayCheck check(const InvoiceFacts &facts, const InvoiceToPayInput &input,
        std::optional<bool> buyerVatValid, const QDateTime &checkedAt) const;

    const VatRulesEngine &engine() const { return m_engine; }

private:
    VatRulesEngine m_engine;
    VatRulesJson m_json;
};

} // namespace ades::eu
