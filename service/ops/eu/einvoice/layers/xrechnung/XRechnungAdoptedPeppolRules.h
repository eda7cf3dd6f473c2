#pragma once

#include "../../EinvoiceValidator.h"

#include <QList>

namespace ades::eu {

class XmlDocument;
struct InvoiceModel;

namespace xrechnung {

// The Peppol BIS Billing 3.0.19 rules KoSIT merges into the XRechnung 3.0.2 artefact, with their Peppol
// ids: PEPPOL-EN16931-R001, R005, R008, R010, R020, R040 ... R044 (R043-1/R043-2 in CII), R046, R053 ...
// R055, R061, R101, R110, R111, R120 (warning), R121 and R130, evaluated the way the merged artefact
// evaluates them (its rule contexts and their order).
//
// Not the Peppol layer's own rules (layers/peppol/PeppolRules), although the ids are the same: KoSIT's
// merged artefact binds them in its own contexts and order (R043 is split into R043-1/R043-2 in CII, R044
// and R046 see other nodes, R120 is a warning), and evaluating the Peppol layer's versions instead gives the
// XRechnung results on only 735 of the 928 corpus documents. The XRechnung layer reports what KoSIT's
// validator reports.
void checkAdoptedPeppolRules(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out);

} // namespace xrechnung
} // namespace ades::eu
