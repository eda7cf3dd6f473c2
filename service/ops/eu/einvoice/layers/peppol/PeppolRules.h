#pragma once

#include "../../EinvoiceValidator.h"

#include <QList>
#include <QSet>
#include <QString>

namespace ades::eu {

class XmlDocument;
struct InvoiceModel;

// The Peppol BIS Billing 3.0.19 rules (OpenPEPPOL/peppol-bis-invoice-3 v3.0.19, PEPPOL-EN16931-UBL.sch and
// -CII.sch) as a library: every rule by default, or only the rules named, so that another rule set can
// adopt single Peppol rules under their own ids (XRechnung adopts 21 of them).
//
//   QList<Finding> out;
//   PeppolRules::check(document, model, PeppolRules::xrechnungAdopted(), out);
//
// Findings carry the Peppol rule id, its flag, the business term and the XPath of the rule's context
// element (one finding per failing context element, as the artefact reports them); their `layer` is left
// empty for the caller. Pure and synchronous; safe to call from any thread.
class PeppolRules
{
public:
    // Every rule of the artefact for the document's syntax.
    static void check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out);
    // Only the rules whose id is in ruleIds ("PEPPOL-EN16931-R001", "PEPPOL-COMMON-R040", "DE-R-001" …).
    static void check(const XmlDocument &document, const InvoiceModel &model, const QSet<QString> &ruleIds,
        QList<Finding> &out);
    // The 21 Peppol rules XRechnung 3.0.2 adopts (reference en16931.md §8): R001, R005, R008, R010, R020,
    // R040…R044, R046, R053…R055, R061, R101, R110, R111, R120, R121, R130.
    static const QSet<QString> &xrechnungAdopted();

private:
    static void run(const XmlDocument &document, const InvoiceModel &model, const QSet<QString> *only,
        QList<Finding> &out);
};

} // namespace ades::eu
