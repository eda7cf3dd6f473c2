#include "PeppolRules.h"

#include "PeppolCodeLists.h"
#include "PeppolContext.h"
#include "PeppolCoreRules.h"
#include "PeppolIdentifierRules.h"
#include "PeppolNationalRules.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

void PeppolRules::check(const XmlDocument &document, const InvoiceModel &model, QList<Finding> &out)
{
    run(document, model, nullptr, out);
}

void PeppolRules::check(
    const XmlDocument &document, const InvoiceModel &model, const QSet<QString> &ruleIds, QList<Finding> &out)
{
    run(document, model, &ruleIds, out);
}

const QSet<QString> &PeppolRules::xrechnungAdopted()
{
    static const QSet<QString> ids = [] {
        QSet<QString> set;
        for (const char16_t *n : { u"R001", u"R005", u"R008", u"R010", u"R020", u"R040", u"R041", u"R042",
                 u"R043", u"R044", u"R046", u"R053", u"R054", u"R055", u"R061", u"R101", u"R110", u"R111",
                 u"R120", u"R121", u"R130" })
            set.insert(u"PEPPOL-EN16931-"_s + QString::fromUtf16(n));
        return set;
    }();
    return ids;
}

void PeppolRules::run(
    const XmlDocument &document, const InvoiceModel &model, const QSet<QString> *only, QList<Finding> &out)
{
    PeppolContext context(document, model, out, only);
    PeppolCoreRules(context).check();
    PeppolIdentifierRules(context).check();
    PeppolCodeLists(context).check();
    PeppolNationalRules(context).check();
}

} // namespace ades::eu
