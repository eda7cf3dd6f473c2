// IS-R-001…010 (UBL): Icelandic sellers (BT-40 = IS as written), two rules also Icelandic buyers.
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolNationalRules.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

void PeppolNationalRules::checkIceland()
{
    if (c.sellerCountryCode != u"IS"_sv)
        return;
    const int root = c.root;
    const int seller = c.first(root, { u"cac:AccountingSupplierParty"_sv, u"cac:Party"_sv });
    auto typeOk = [this, root](QStringView element) {
        const QString code = PeppolContext::normalized(c.text(c.first(root, { element })));
        return code == u"380"_sv || code == u"381"_sv;
    };
    if (c.wants(u"IS-R-001") && !typeOk(u"cbc:InvoiceTypeCode") && !typeOk(u"cbc:CreditNoteTypeCode"))
        c.fail(u"IS-R-001"_s, root, u"BT-3"_s,
            u"an Icelandic seller's document type (BT-3) should be 380 or 381"_s, Finding::Severity::Warning);
    auto legalIdOk = [this](int party) {
        bool scheme = false;
        const std::vector<int> ids = c.all(party, { u"cac:PartyLegalEntity"_sv, u"cbc:CompanyID"_sv });
        for (int id : ids)
            scheme = scheme || c.attribute(id, u"schemeID"_s) == u"0196"_sv;
        return !ids.empty() && scheme;
    };
    auto addressOk = [this](int party) {
        return c.exists(party, { u"cac:PostalAddress"_sv, u"cbc:StreetName"_sv })
            && c.exists(party, { u"cac:PostalAddress"_sv, u"cbc:PostalZone"_sv });
    };
    if (c.wants(u"IS-R-002") && !legalIdOk(seller))
        c.fail(u"IS-R-002"_s, root, u"BT-30"_s,
            u"an Icelandic seller must give its kennitala (BT-30, scheme 0196)"_s);
    if (c.wants(u"IS-R-003") && !addressOk(seller))
        c.fail(u"IS-R-003"_s, root, u"BG-5"_s,
            u"an Icelandic seller must give its street name (BT-35) and post code (BT-38)"_s);
    // IS-R-006 / IS-R-007: payment means 9 and 42 carry a 12-character account.
    for (QStringView code : { u"9"_sv, u"42"_sv }) {
        const QString rule = code == u"9"_sv ? u"IS-R-006"_s : u"IS-R-007"_s;
        bool present = false;
        int account = -1;
        for (int means : c.childrenNamed(root, u"cac:PaymentMeans"_sv)) {
            bool matches = false;
            for (int m : c.childrenNamed(means, u"cbc:PaymentMeansCode"_sv))
                matches = matches || c.text(m) == code;
            if (!matches)
                continue;
            present = true;
            if (account < 0)
                account = c.first(means, { u"cac:PayeeFinancialAccount"_sv, u"cbc:ID"_sv });
        }
        if (c.wants(rule) && present
            && !(account >= 0 && PeppolContext::normalized(c.text(account)).size() == 12))
            c.fail(rule, root, u"BT-84"_s,
                u"an Icelandic seller's payment means %1 needs a 12-character account (BT-84)"_s.arg(code));
    }
    // IS-R-008…010: the EINDAGI supporting document carries a YYYY-MM-DD date, not before the due date.
    int eindagi = -1;
    bool hasEindagi = false;
    for (int ref : c.childrenNamed(root, u"cac:AdditionalDocumentReference"_sv)) {
        bool isEindagi = false;
        for (int d : c.childrenNamed(ref, u"cbc:DocumentDescription"_sv))
            isEindagi = isEindagi || c.text(d) == u"EINDAGI"_sv;
        if (isEindagi) {
            hasEindagi = true;
            if (eindagi < 0)
                eindagi = c.first(ref, { u"cbc:ID"_sv });
        }
    }
    if (hasEindagi) {
        const QString date = c.text(eindagi);
        const int due = c.first(root, { u"cbc:DueDate"_sv });
        if (c.wants(u"IS-R-008") && !(date.size() == 10 && PeppolContext::date(date)))
            c.fail(
                u"IS-R-008"_s, root, u"BT-122"_s, u"the EINDAGI date (BT-122) must be written YYYY-MM-DD"_s);
        if (c.wants(u"IS-R-009") && due < 0)
            c.fail(
                u"IS-R-009"_s, root, u"BT-9"_s, u"an invoice with an EINDAGI date needs a due date (BT-9)"_s);
        if (c.wants(u"IS-R-010") && !(due >= 0 && eindagi >= 0 && c.text(due).compare(date) <= 0))
            c.fail(u"IS-R-010"_s, root, u"BT-9"_s,
                u"the EINDAGI date (BT-122) must not be before the due date (BT-9)"_s);
    }
    if (c.buyerCountryCode != u"IS"_sv)
        return;
    for (int customer : c.childrenNamed(root, u"cac:AccountingCustomerParty"_sv)) {
        const int party = c.first(customer, { u"cac:Party"_sv });
        if (c.wants(u"IS-R-004") && !legalIdOk(party))
            c.fail(u"IS-R-004"_s, customer, u"BT-47"_s,
                u"between Icelandic parties the buyer's kennitala (BT-47, scheme 0196) must be given"_s);
        if (c.wants(u"IS-R-005") && !addressOk(party))
            c.fail(u"IS-R-005"_s, customer, u"BG-8"_s,
                u"between Icelandic parties the buyer's street name (BT-50) and post code (BT-53) must be given"_s);
    }
}

} // namespace ades::eu
