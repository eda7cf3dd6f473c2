// NO-R-001/002: Norwegian sellers ($supplierCountry NO).
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolIdentifierChecksums.h"
#include "PeppolNationalRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

void PeppolNationalRules::checkNorway()
{
    if (c.supplierCountry != u"NO"_s)
        return;
    static const QRegularExpression vatForm(u"^[0-9]{9}MVA$"_s);
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (!c.isSellerParty(i))
            continue;
        std::vector<QString> vat; // the seller's VAT identifiers
        bool registered = false; // the "Foretaksregisteret" statement (BT-32)
        if (c.ubl) {
            bool firstTax = true;
            for (int scheme : c.childrenNamed(i, u"cac:PartyTaxScheme"_sv)) {
                const QString kind = PeppolContext::normalized(
                    c.text(c.first(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv })));
                if (kind == u"VAT"_sv)
                    vat.push_back(c.text(c.first(scheme, { u"cbc:CompanyID"_sv })));
                if (kind == u"TAX"_sv && firstTax) {
                    firstTax = false;
                    registered = PeppolContext::normalized(c.text(c.first(scheme, { u"cbc:CompanyID"_sv })))
                        == u"Foretaksregisteret"_sv;
                }
            }
        } else {
            for (int registration : c.childrenNamed(i, u"ram:SpecifiedTaxRegistration"_sv)) {
                for (int id : c.childrenNamed(registration, u"ram:ID"_sv)) {
                    if (c.attribute(id, u"schemeID"_s) == u"VAT"_sv)
                        vat.push_back(c.text(id));
                    if (c.attribute(id, u"schemeID"_s) == u"FC"_sv
                        && PeppolContext::normalized(c.doc.element(id).text) == u"Foretaksregisteret"_sv)
                        registered = true;
                }
            }
        }
        if (c.wants(u"NO-R-002") && !registered)
            c.fail(u"NO-R-002"_s, i, u"BT-32"_s,
                u"most Norwegian sellers must state \"Foretaksregisteret\" as their tax registration (BT-32)"_s,
                Finding::Severity::Warning);
        if (c.wants(u"NO-R-001")) {
            bool norwegian = false;
            bool form = false;
            for (const QString &id : vat) {
                norwegian = norwegian || id.left(2) == u"NO"_sv;
                form = form || vatForm.match(id.mid(2)).hasMatch();
            }
            const QString first = vat.empty() ? QString() : vat.front();
            if (norwegian
                && !(form && PeppolIdentifierChecksums::norwegianOrganisation(QStringView(first).mid(2, 9))))
                c.fail(u"NO-R-001"_s, i, u"BT-31"_s,
                    u"a Norwegian VAT identifier (BT-31) is NO, a valid nine-digit organisation number and MVA"_s);
        }
    }
}

} // namespace ades::eu
