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
// TO FOLD AT MERGE: these rules belong with the Peppol layer's rule functions
// (service/ops/eu/einvoice/layers/peppol/, written in parallel). When both are merged, replace this file by
// a call into the Peppol layer's implementation of the same ids; the one function below is the whole
// interface the XRechnung layer uses.
void checkAdoptedPeppolRules(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out);

} // namespace xrechnung
} // namespace ades::eu
