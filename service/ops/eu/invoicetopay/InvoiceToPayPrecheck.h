#pragma once

#include "catalog/Operation.h"

namespace ades::eu {

// Handler of eu.invoice_to_pay.check, the free check before the paid dossier (docs/invoice-to-pay.md,
// "Free check"): local format, safety and required-context checks only — the document is one UBL/CII
// invoice or a Factur-X PDF with exactly one embedded XML, the fields the dossier needs are present, the
// trusted IBAN and the expected amount are well-formed, and what the dossier will certainly hold on. It
// never asks VIES or screens sanctions, never reports EN 16931 findings (the paid validation does), and is
// never charged. Every problem is an issue of the result, not an error, so that one call lists them all;
// only a request without exactly one document is refused (400, before the daily quota). Completes on the
// calling thread.
Handler makeInvoiceToPayPrecheckHandler();

} // namespace ades::eu
