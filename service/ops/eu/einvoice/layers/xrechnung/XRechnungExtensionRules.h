#pragma once

#include "XRechnungRuleContext.h"

namespace ades::eu::xrechnung {

// The rules of the XRechnung extension (BR-DEX-01 ... BR-DEX-15), which apply only when BT-24 is exactly
// the extension's identifier: sub-invoice lines, third-party payments, the extension's code lists (ICD
// and EAS with XR01-XR03, MIME with application/xml).
class XRechnungExtensionRules : private XRechnungRuleContext
{
public:
    using XRechnungRuleContext::XRechnungRuleContext;
    void check();

private:
    void checkUbl();
    void checkCii();
    void checkSubInvoiceLines();
    void checkAmountDue(int totals);
    void checkThirdPartyPayment(int payment);
    void checkMime(int object);
    void checkScheme(int element, const QString &id, const QString &bt, bool eas, bool sepaAllowed);
    bool hasAncestor(int element, const QString &ns, QStringView name) const;
};

} // namespace ades::eu::xrechnung
