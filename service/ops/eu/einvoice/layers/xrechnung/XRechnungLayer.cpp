#include "XRechnungLayer.h"

#include "XRechnungAdoptedPeppolRules.h"
#include "XRechnungCiusRules.h"
#include "XRechnungCvdRules.h"
#include "XRechnungExtensionRules.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

QString XRechnungLayer::name() const
{
    return u"xrechnung"_s;
}

QString XRechnungLayer::artefact() const
{
    return u"XRechnung 3.0.2 (KoSIT xrechnung-schematron 2.5.0, with the Peppol BIS Billing 3.0.19 rules it "
           "adopts)"_s;
}

void XRechnungLayer::check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const
{
    // The artefact's order: the adopted Peppol rules, then the CIUS, extension and CVD patterns.
    xrechnung::checkAdoptedPeppolRules(document, model, out);
    xrechnung::XRechnungCiusRules(document, model, out).check();
    xrechnung::XRechnungExtensionRules(document, model, out).check();
    xrechnung::XRechnungCvdRules(document, model, out).check();
}

} // namespace ades::eu
