#pragma once

#include "XRechnungRuleContext.h"

namespace ades::eu::xrechnung {

// The XRechnung CIUS rules (BR-DE-1 ... BR-DE-31, BR-DE-TMP-32, BR-TMP-2, BR-TMP-3) of KoSIT's
// XRechnung 3.0.2 schematron, for UBL and CII. Each rule is evaluated on the context elements the
// artefact gives it, one finding per failing context element.
class XRechnungCiusRules : private XRechnungRuleContext
{
public:
    using XRechnungRuleContext::XRechnungRuleContext;
    void check();

private:
    void checkUbl();
    void checkUblPaymentMeans(int means);
    void checkCii();
    void checkCiiPaymentMeans(int means);
    void checkSellerContact(int contact, int telephone, int email, bool nameGiven);
    void checkAddress(int address, const QString &cityId, const QString &postCodeId, const QString &cityBt,
        const QString &postCodeBt, const QString &what);
    void checkSkonto(const QStringList &notes);
    void checkIban(int means, int account, const QString &id, const QString &bt);
};

} // namespace ades::eu::xrechnung
