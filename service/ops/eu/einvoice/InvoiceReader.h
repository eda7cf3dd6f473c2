#pragma once

#include "InvoiceModel.h"
#include "XmlDocument.h"

#include <memory>
#include <optional>

namespace ades::eu {

// Maps a parsed UBL 2.1 Invoice/CreditNote or CII D16B CrossIndustryInvoice onto the EN 16931 semantic
// model, using the syntax binding paths of EN 16931-3-2 (UBL) and EN 16931-3-3 (CII) as the CEN validation
// artefacts 1.3.16 apply them.
class InvoiceReader
{
public:
    // std::nullopt when the root element is neither UBL Invoice/CreditNote nor CII.
    // The model's terms point into `doc` for their paths (TermPath), which keeps it alive.
    static std::optional<InvoiceModel> read(std::shared_ptr<const XmlDocument> doc);

    static const QString UblInvoiceNs;
    static const QString UblCreditNoteNs;
    static const QString CiiNs;
};

} // namespace ades::eu
