#pragma once

#include "PayCheck.h"

#include <QDateTime>
#include <QList>

namespace ades::eu {

struct InvoiceContainer;
struct InvoiceFacts;
struct InvoiceToPayInput;
struct ValidationReport;

// The dossier's checks that need nothing but the document and the buyer's expectations: the EN 16931
// validation with the layers BT-24 selects, the totals, the expected amount and currency, the buyer, the
// expected supplier and the purchase order (docs/invoice-to-pay.md, "Checks"). Pure and thread-safe.
namespace DocumentChecks {

// "einvoice" and "totals".
QList<PayCheck> validation(
    const ValidationReport &report, const InvoiceContainer &container, const QDateTime &checkedAt);
// "expected_amount", "expected_currency", "buyer", "expected_supplier", "purchase_order".
QList<PayCheck> expectations(
    const InvoiceFacts &facts, const InvoiceToPayInput &input, const QDateTime &checkedAt);

// The validator's version as results cite it.
QString validatorVersion();

} // namespace DocumentChecks

} // namespace ades::eu
