#include "PeppolLayer.h"

#include "PeppolRules.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

QString PeppolLayer::name() const
{
    return u"peppol"_s;
}

QString PeppolLayer::artefact() const
{
    return u"Peppol BIS Billing 3.0.19 (OpenPEPPOL/peppol-bis-invoice-3@78d7f7dfa223f39f8ebd8d35c127f2690e646322)"_s;
}

void PeppolLayer::check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out) const
{
    PeppolRules::check(document, model, out);
}

} // namespace ades::eu
