#include "FacturxMinimumRules.h"

#include "FacturxChecks.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

using namespace facturx;

class Checker : public FacturxChecks
{
public:
    Checker(const XmlDocument &doc, QList<Finding> &out)
        : FacturxChecks(doc, out, u"facturx-minimum-codes.txt"_s)
    { }

    void run()
    {
        sellerIdentifier();
        vatPrefixes();
        allowanceCharges();
        totals();
        intraCommunityBreakdowns();
        notSubjectBreakdowns();
        intraCommunityLines();
        documentTerms();
        agreement();
        taxTotalVariants(u"currency"_s, u"currency"_s);
    }

private:
    void allowanceCharges()
    {
        for (int ac : m_q.everywhere(ram(u"SpecifiedTradeAllowanceCharge"))) {
            if (!m_q.exists(ac, { ram(u"ChargeIndicator") }))
                fail(u"FX-SCH-A-000346", u"BG-20", ac,
                    u"An allowance or charge (SpecifiedTradeAllowanceCharge) must contain its charge indicator."_s);
            bool allowance = false;
            bool charge = false;
            for (int indicator : m_q.select(ac, { ram(u"ChargeIndicator"), udt(u"Indicator") })) {
                const QString value = m_q.stringValue(indicator);
                allowance = allowance || value == u"false";
                charge = charge || value == u"true";
            }
            for (int tax : m_q.select(ac, { ram(u"CategoryTradeTax") })) {
                if (allowance)
                    allowanceCategory(tax);
                if (charge)
                    chargeCategory(tax);
            }
        }
    }

    void allowanceCategory(int tax)
    {
        if (childValueIs(tax, ram(u"CategoryCode"), u"K")) {
            if (!(sellerOrRepresentativeVaAnywhere() && buyerVaAnywhere()))
                fail(u"FX-SCH-A-000087", u"BT-31", tax,
                    u"BR-IC-03: an allowance with VAT category K (intra-community supply) needs the seller's "
                    u"or "
                    "the tax representative's VAT identifier and the buyer's VAT identifier."_s);
            if (!someNumberIs(m_q.select(tax, { ram(u"RateApplicablePercent") }), 0))
                fail(u"FX-SCH-A-000088", u"BT-96", tax,
                    u"BR-IC-06: an allowance with VAT category K (intra-community supply) must have a VAT "
                    u"rate "
                    "of 0."_s);
        }
        if (childValueIs(tax, ram(u"CategoryCode"), u"O")) {
            if (sellerOrRepresentativeVaInAgreement() || buyerVaAnywhere())
                fail(u"FX-SCH-A-000093", u"BT-31", tax,
                    u"BR-O-03: an allowance with VAT category O (not subject to VAT) excludes the seller's, "
                    u"the "
                    "tax representative's and the buyer's VAT identifiers."_s);
            if (m_q.exists(tax, { ram(u"RateApplicablePercent") }))
                fail(u"FX-SCH-A-000094", u"BT-96", tax,
                    u"BR-O-06: an allowance with VAT category O (not subject to VAT) must not have a VAT rate."_s);
        }
    }

    void chargeCategory(int tax)
    {
        if (childValueIs(tax, ram(u"CategoryCode"), u"K")) {
            if (!(sellerOrRepresentativeVaAnywhere() && buyerVaAnywhere()))
                fail(u"FX-SCH-A-000105", u"BT-31", tax,
                    u"BR-IC-04: a charge with VAT category K (intra-community supply) needs the seller's or "
                    u"the "
                    "tax representative's VAT identifier and the buyer's VAT identifier."_s);
            if (!someNumberIs(m_q.select(tax, { ram(u"RateApplicablePercent") }), 0))
                fail(u"FX-SCH-A-000106", u"BT-103", tax,
                    u"BR-IC-07: a charge with VAT category K (intra-community supply) must have a VAT rate of 0."_s);
        }
        if (childValueIs(tax, ram(u"CategoryCode"), u"O")) {
            if (sellerOrRepresentativeVaInAgreement() || buyerVaAnywhere())
                fail(u"FX-SCH-A-000111", u"BT-31", tax,
                    u"BR-O-04: a charge with VAT category O (not subject to VAT) excludes the seller's, the "
                    u"tax "
                    "representative's and the buyer's VAT identifiers."_s);
        }
    }

    void intraCommunityLines()
    {
        for (int tax :
            m_q.everywhere({ rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem"),
                ram(u"SpecifiedLineTradeSettlement"), ram(u"ApplicableTradeTax") })) {
            if (!childValueIs(tax, ram(u"CategoryCode"), u"K"))
                continue;
            if (!(sellerOrRepresentativeVaAnywhere() && buyerVaAnywhere()))
                fail(u"FX-SCH-A-000241", u"BT-31", tax,
                    u"BR-IC-02: a line with VAT category K (intra-community supply) needs the seller's or "
                    u"the tax "
                    "representative's VAT identifier and the buyer's VAT identifier."_s);
            if (!someNumberIs(m_q.select(tax, { ram(u"RateApplicablePercent") }), 0))
                fail(u"FX-SCH-A-000242", u"BT-152", tax,
                    u"BR-IC-05: a line with VAT category K (intra-community supply) must have a VAT rate of 0."_s);
        }
    }

    void agreement()
    {
        for (int a : m_q.select(
                 m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement") })) {
            for (const QStringView party :
                { QStringView(u"SellerTradeParty"), QStringView(u"BuyerTradeParty") }) {
                if (m_q.exists(a, { ram(party), ram(u"DefinedTradeContact"), ram(u"PersonName") })
                    && m_q.exists(a, { ram(party), ram(u"DefinedTradeContact"), ram(u"DepartmentName") }))
                    fail(u"FX-SCH-A-000346", party == u"SellerTradeParty" ? u"BT-41" : u"BT-56", a,
                        u"A contact must be named either by a person or by a department, not both."_s);
            }
            oneSellerAndBuyer(a);
        }
    }
};

} // namespace

void FacturxMinimumRules::check(const XmlDocument &doc, QList<Finding> &out)
{
    Checker(doc, out).run();
}

} // namespace ades::eu
