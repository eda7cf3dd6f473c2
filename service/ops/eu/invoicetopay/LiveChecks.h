#pragma once

#include "PayCheck.h"
#include "catalog/Operation.h"

#include <QList>
#include <QPair>

namespace ades::eu {

// The dossier's checks against outside sources, scored exactly as the counterparty check scores them
// (CounterpartyFindings, docs/counterparty.md) and mapped onto the dossier's statuses: a blocking finding
// is do_not_pay, a review finding hold, an info finding pass, a source that failed missing. Pure.
namespace LiveChecks {

// "supplier_vat_vies": what eu.vat.check (with VIES) answered for BT-31; `sellerName` is BT-27.
PayCheck supplierVat(const Outcome &outcome, const QString &sellerName);
// "supplier_vat_vies" when the invoice has no seller VAT ID to ask VIES about.
PayCheck supplierVatAbsent();
// "sanctions": one eu.sanctions.screen outcome per name screened (seller, payee, the name VIES registers).
PayCheck sanctions(const QList<QPair<QString, Outcome>> &screenings);

} // namespace LiveChecks

} // namespace ades::eu
