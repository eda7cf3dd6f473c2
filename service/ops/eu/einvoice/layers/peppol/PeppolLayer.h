#pragma once

#include "../RuleLayer.h"

namespace ades::eu {

// The "peppol" rule layer: Peppol BIS Billing 3.0.19 over UBL and CII (PeppolRules), selected by a BT-24
// that names urn:fdc:peppol.eu:2017:poacc:billing (LayerSelection).
class PeppolLayer : public RuleLayer
{
public:
    QString name() const override;
    QString artefact() const override;
    void check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const override;
};

} // namespace ades::eu
