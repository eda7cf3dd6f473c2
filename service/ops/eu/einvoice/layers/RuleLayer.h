#pragma once

#include "../EinvoiceValidator.h"

#include <QList>
#include <QString>

namespace ades::eu {

class XmlDocument;
struct InvoiceModel;

// One extension rule set over EN 16931 (reference en16931.md §1, layer 5): Peppol BIS 3, XRechnung or a
// Factur-X profile. A layer reads the document and its EN 16931 model and appends its own findings; the
// CEN base layer is not one of these, it always runs (EinvoiceValidator).
class RuleLayer
{
public:
    virtual ~RuleLayer() = default;

    // The name results carry: "peppol", "xrechnung", "facturx-EN16931" ...
    virtual QString name() const = 0;
    // The official rule set and release this layer implements, for the result's evidence.
    virtual QString artefact() const = 0;
    virtual void check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const = 0;
};

} // namespace ades::eu
