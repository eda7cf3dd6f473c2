// IT-R-001…004: Italian sellers ($supplierCountry IT).
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolNationalRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

void PeppolNationalRules::checkItaly()
{
    if (c.supplierCountry != u"IT"_s)
        return;
    static const QRegularExpression taxId(u"^[A-Z0-9]{11,16}$"_s);
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        if (!c.isSellerParty(i))
            continue;
        // IT-R-001: the seller tax registration identifier (BT-32) has 11 to 16 capitals or digits.
        if (c.wants(u"IT-R-001")) {
            if (c.ubl) {
                for (int scheme : c.childrenNamed(i, u"cac:PartyTaxScheme"_sv)) {
                    const QString kind = PeppolContext::normalized(
                        c.text(c.first(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv })));
                    if (kind == u"VAT"_sv)
                        continue;
                    if (!taxId
                             .match(
                                 PeppolContext::normalized(c.text(c.first(scheme, { u"cbc:CompanyID"_sv }))))
                             .hasMatch())
                        c.fail(u"IT-R-001"_s, scheme, u"BT-32"_s,
                            u"an Italian seller's tax registration identifier (BT-32) has 11 to 16 capital letters or digits"_s);
                }
            } else {
                for (int registration : c.childrenNamed(i, u"ram:SpecifiedTaxRegistration"_sv)) {
                    bool other = false;
                    int fiscal = -1;
                    for (int id : c.childrenNamed(registration, u"ram:ID"_sv)) {
                        const QString scheme = PeppolContext::normalized(c.attribute(id, u"schemeID"_s));
                        if (scheme != u"FC"_sv)
                            other = true;
                        else if (fiscal < 0)
                            fiscal = id;
                    }
                    if (!other && !taxId.match(PeppolContext::normalized(c.text(fiscal))).hasMatch())
                        c.fail(u"IT-R-001"_s, registration, u"BT-32"_s,
                            u"an Italian seller's tax registration identifier (BT-32) has 11 to 16 capital letters or digits"_s);
                }
            }
        }
        const int address = c.first(i, { c.ubl ? u"cac:PostalAddress"_sv : u"ram:PostalTradeAddress"_sv });
        if (c.wants(u"IT-R-002") && !c.exists(address, { c.ubl ? u"cbc:StreetName"_sv : u"ram:LineOne"_sv }))
            c.fail(u"IT-R-002"_s, i, u"BT-35"_s, u"an Italian seller must give the address line 1 (BT-35)"_s);
        if (c.wants(u"IT-R-003") && !c.exists(address, { c.ubl ? u"cbc:CityName"_sv : u"ram:CityName"_sv }))
            c.fail(u"IT-R-003"_s, i, u"BT-37"_s, u"an Italian seller must give the city (BT-37)"_s);
        if (c.wants(u"IT-R-004")
            && !c.exists(address, { c.ubl ? u"cbc:PostalZone"_sv : u"ram:PostcodeCode"_sv }))
            c.fail(u"IT-R-004"_s, i, u"BT-38"_s, u"an Italian seller must give the post code (BT-38)"_s);
    }
}

} // namespace ades::eu
