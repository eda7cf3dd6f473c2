#pragma once

#include "DocumentFields.h"

#include <QByteArray>
#include <optional>

namespace ades::extract {

// The fields of an e-invoice XML embedded in a PDF (Factur-X/ZUGFeRD CII, or UBL): seller name and VAT ID,
// issue date, currency, grand total, VAT breakdown and lines. Read directly here, because the e-invoice
// validation operation (eu.einvoice.validate) returns totals and the VAT breakdown but not the seller.
// Bounded and without entities: at most MaxBytes, no DOCTYPE (so no entity can be declared), pugixml never
// fetches anything. Nothing when the XML is no invoice of either syntax.
class EmbeddedInvoice
{
public:
    static std::optional<DocumentFields> read(const QByteArray &xml);
    static constexpr qsizetype MaxBytes = 16 * 1024 * 1024;
};

} // namespace ades::extract
