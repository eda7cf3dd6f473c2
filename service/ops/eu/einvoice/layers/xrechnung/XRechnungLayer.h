#pragma once

#include "../RuleLayer.h"

namespace ades::eu {

// XRechnung 3.0.2 (KoSIT's CIUS of EN 16931 for German public procurement) as a rule layer: the BR-DE
// CIUS rules, the extension (BR-DEX) and clean-vehicles (BR-DE-CVD) rules when BT-24 names those
// variants, the provisional BR-TMP rules and the Peppol BIS rules KoSIT adopted, for UBL and CII.
class XRechnungLayer : public RuleLayer
{
public:
    QString name() const override;
    QString artefact() const override;
    void check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const override;
};

} // namespace ades::eu
