#include "CoreDocumentRules.h"

#include "InvoiceReader.h"
#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

namespace {

bool named(const XmlElement &e, const QString &ns, QStringView name)
{
    return sameText(e.name, name) && sameText(e.ns, ns);
}

bool parentNamed(const XmlDocument &doc, const XmlElement &e, const QString &ns, QStringView name)
{
    return e.parent >= 0 && named(doc.element(e.parent), ns, name);
}

// Text of the first such child, or an empty string when there is none (XPath's string of an empty node set).
QString childText(const XmlDocument &doc, int parent, const QString &ns, QStringView name)
{
    const int c = parent < 0 ? -1 : doc.child(parent, ns, name);
    return c < 0 ? QString() : doc.element(c).text;
}

// XPath general comparison of a child node set with a literal: true when any such child has that value.
bool anyChildEquals(
    const XmlDocument &doc, int parent, const QString &ns, QStringView name, QStringView value)
{
    if (parent < 0)
        return false;
    for (int c : doc.children(parent, ns, name)) {
        if (doc.element(c).text == value)
            return true;
    }
    return false;
}

// The texts of all grandchildren parent/first/second.
QStringList textsAt(const XmlDocument &doc, int parent, const QString &ns1, QStringView first,
    const QString &ns2, QStringView second)
{
    QStringList texts;
    if (parent < 0)
        return texts;
    for (int a : doc.children(parent, ns1, first)) {
        for (int b : doc.children(a, ns2, second))
            texts << doc.element(b).text;
    }
    return texts;
}

bool intersects(const QStringList &a, const QStringList &b)
{
    return std::any_of(a.cbegin(), a.cend(), [&b](const QString &x) { return b.contains(x); });
}

// BR-CO-09's country prefixes: ISO 3166-1 alpha-2 as the artefact lists it, plus EL for Greece. The CII
// artefact's list has AN and lacks SS (EN16931-CII-model.sch at 8263f86c), the UBL one is the ISO list
// (EN16931-UBL-model.sch at ffa98ce2).
const QSet<QString> &vatPrefixes(bool ubl)
{
    static const QSet<QString> forUbl = [] {
        QSet<QString> codes = countryCodes();
        codes.insert(u"EL"_s);
        return codes;
    }();
    static const QSet<QString> forCii = [] {
        QSet<QString> codes = forUbl;
        codes.remove(u"SS"_s);
        codes.insert(u"AN"_s);
        return codes;
    }();
    return ubl ? forUbl : forCii;
}

// The UBL artefact asks whether its blank-separated prefix list *contains* the first two characters of the
// identifier as a substring: besides a listed code, that accepts an empty or one-character value and a
// letter next to a blank ("D 123" as "D ").
bool ublPrefixAccepted(QStringView prefix)
{
    const QSet<QString> &codes = vatPrefixes(true);
    if (prefix.isEmpty())
        return true;
    auto anyCode = [&codes](auto test) { return std::any_of(codes.cbegin(), codes.cend(), test); };
    if (prefix.size() == 1)
        return prefix[0] == u' '
            || anyCode([c = prefix[0]](const QString &code) { return code.contains(c); });
    if (prefix[1] == u' ')
        return prefix[0] != u' ' && anyCode([c = prefix[0]](const QString &code) { return code.at(1) == c; });
    if (prefix[0] == u' ')
        return anyCode([c = prefix[1]](const QString &code) { return code.at(0) == c; });
    return codes.contains(prefix.toString());
}

} // namespace

void CoreDocumentRules::checkUbl(const XmlDocument &doc, QList<Finding> &out)
{
    const int root = doc.root();
    bool splitPayment = false; // a TaxCategory or ClassifiedTaxCategory with ID 'B' anywhere (BR-B-01)
    bool notItalian = false; // an IdentificationCode other than 'IT' anywhere (BR-B-01)
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (named(e, CacNs, u"PayeeFinancialAccount")) {
            // BR-50: the account of a credit transfer (payment means code 30 or 58, compared as written).
            const int pm = e.parent;
            if (parentNamed(doc, e, CacNs, u"PaymentMeans")
                && (anyChildEquals(doc, pm, CbcNs, u"PaymentMeansCode", u"30")
                    || anyChildEquals(doc, pm, CbcNs, u"PaymentMeansCode", u"58"))
                && childText(doc, i, CbcNs, u"ID").simplified().isEmpty())
                out.append(Finding { u"BR-50"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                    u"the credit transfer account has no payment account identifier (BT-84)"_s });
        } else if (named(e, CbcNs, u"PrimaryAccountNumberID") && parentNamed(doc, e, CacNs, u"CardAccount")
            && doc.element(e.parent).parent >= 0
            && parentNamed(doc, doc.element(e.parent), CacNs, u"PaymentMeans")) {
            // BR-51: at most the first six and the last four digits of a card number (a warning in UBL).
            if (e.text.simplified().size() > 10)
                out.append(Finding { u"BR-51"_s, Severity::Warning, u"BT-87"_s, doc.path(i),
                    u"the payment card primary account number (BT-87) should show no more than ten digits"_s });
        } else if (named(e, CacNs, u"PartyTaxScheme")) {
            // BR-CO-09 on every VAT identifier of the document.
            const int scheme = doc.child(i, CacNs, u"TaxScheme");
            const QString schemeId = childText(doc, scheme, CbcNs, u"ID").simplified().toUpper();
            if (schemeId == u"VAT"_sv) {
                const int companyId = doc.child(i, CbcNs, u"CompanyID");
                const QString vat = companyId < 0 ? QString() : doc.element(companyId).text;
                if (!ublPrefixAccepted(QStringView(vat).left(2)))
                    out.append(Finding { u"BR-CO-09"_s, Severity::Fatal, u"BT-31"_s, doc.path(companyId),
                        u"the VAT identifier '%1' does not start with a country prefix"_s.arg(
                            vat.left(40)) });
            }
        } else if (named(e, CacNs, u"PayeeParty")) {
            // BR-17: a payee has a name, and neither its name nor its identifier is the seller's.
            const int sellerParty = doc.child(
                e.parent < 0 ? -1 : doc.child(e.parent, CacNs, u"AccountingSupplierParty"), CacNs, u"Party");
            const QStringList names = textsAt(doc, i, CacNs, u"PartyName", CbcNs, u"Name");
            const bool differs
                = !intersects(names, textsAt(doc, sellerParty, CacNs, u"PartyName", CbcNs, u"Name"))
                && !intersects(textsAt(doc, i, CacNs, u"PartyIdentification", CbcNs, u"ID"),
                    textsAt(doc, sellerParty, CacNs, u"PartyIdentification", CbcNs, u"ID"));
            if (names.isEmpty() || !differs)
                out.append(Finding { u"BR-17"_s, Severity::Fatal, u"BT-59"_s, doc.path(i),
                    u"the payee needs a name (BT-59) and must not carry the seller's name or identifier"_s });
        } else if (named(e, CbcNs, u"ID") && e.text == u"B"_sv
            && (parentNamed(doc, e, CacNs, u"TaxCategory")
                || parentNamed(doc, e, CacNs, u"ClassifiedTaxCategory"))) {
            splitPayment = true;
        } else if (named(e, CbcNs, u"IdentificationCode") && e.text != u"IT"_sv) {
            notItalian = true;
        }
    }
    if (splitPayment && notItalian)
        out.append(Finding { u"BR-B-01"_s, Severity::Fatal, u"BT-151"_s, doc.path(root),
            u"an invoice with VAT category 'B' (split payment) must be a domestic Italian invoice (every "
            u"country "
            u"code IT)"_s });
    // BR-B-02: split payment on a breakdown, a document level allowance or charge or a line, together with
    // standard rate on a document level allowance or charge or a line.
    auto categoryIs = [&doc](int parent, QStringView code) {
        for (int category : doc.children(parent, CacNs, u"TaxCategory")) {
            if (anyChildEquals(doc, category, CbcNs, u"ID", code))
                return true;
        }
        return false;
    };
    auto onAllowanceCharge = [&](QStringView code) {
        for (int ac : doc.children(root, CacNs, u"AllowanceCharge")) {
            if (categoryIs(ac, code))
                return true;
        }
        return false;
    };
    auto onLine = [&doc](QStringView code) {
        for (int i = 0; i < doc.elementCount(); ++i) {
            const XmlElement &e = doc.element(i);
            if (named(e, CbcNs, u"ID") && e.text == code
                && parentNamed(doc, e, CacNs, u"ClassifiedTaxCategory"))
                return true;
        }
        return false;
    };
    if (splitPayment) {
        bool onBreakdown = false;
        for (int total : doc.children(root, CacNs, u"TaxTotal")) {
            for (int subtotal : doc.children(total, CacNs, u"TaxSubtotal"))
                onBreakdown = onBreakdown || categoryIs(subtotal, u"B");
        }
        if ((onBreakdown || onAllowanceCharge(u"B") || onLine(u"B"))
            && (onAllowanceCharge(u"S") || onLine(u"S")))
            out.append(Finding { u"BR-B-02"_s, Severity::Fatal, u"BT-151"_s, doc.path(root),
                u"an invoice with VAT category 'B' (split payment) must not use VAT category 'S' as well"_s });
    }
}

void CoreDocumentRules::checkCii(const XmlDocument &doc, QList<Finding> &out)
{
    const int root = doc.root();
    bool taxPointDate = false;
    bool dueDateTypeCode = false;
    bool splitPayment = false; // a CategoryCode 'B' anywhere
    bool standardRate = false; // a CategoryCode 'S' anywhere
    bool notItalian = false; // a CountryID other than 'IT' anywhere
    for (int i = 0; i < doc.elementCount(); ++i) {
        const XmlElement &e = doc.element(i);
        if (!sameText(e.ns, RamNs))
            continue;
        if (sameText(e.name, u"PayeePartyCreditorFinancialAccount"_sv)) {
            // BR-50 and BR-61 on the account of a credit transfer (type code 30 or 58, compared as
            // written): BR-61 wants an IBAN or proprietary identifier element, BR-50 one with a value (the
            // 1.3.16 artefact reports an empty IBANID as BR-50 alone, cii-br-de-19-iban-tests__m04).
            const int pm = e.parent;
            if (parentNamed(doc, e, RamNs, u"SpecifiedTradeSettlementPaymentMeans")
                && (anyChildEquals(doc, pm, RamNs, u"TypeCode", u"30")
                    || anyChildEquals(doc, pm, RamNs, u"TypeCode", u"58"))) {
                const int iban = doc.child(i, RamNs, u"IBANID");
                const int proprietary = doc.child(i, RamNs, u"ProprietaryID");
                auto blank = [&doc](int id) { return id < 0 || doc.element(id).text.simplified().isEmpty(); };
                if (blank(iban) && blank(proprietary))
                    out.append(Finding { u"BR-50"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                        u"the credit transfer account has no payment account identifier (BT-84)"_s });
                if (iban < 0 && proprietary < 0)
                    out.append(Finding { u"BR-61"_s, Severity::Fatal, u"BT-84"_s, doc.path(i),
                        u"a credit transfer requires the payment account identifier (BT-84)"_s });
            }
        } else if (sameText(e.name, u"ApplicableTradeSettlementFinancialCard"_sv)) {
            // BR-51: at most ten characters of the card number, counted as written.
            if (childText(doc, i, RamNs, u"ID").size() > 10)
                out.append(Finding { u"BR-51"_s, Severity::Fatal, u"BT-87"_s, doc.path(i),
                    u"the payment card primary account number (BT-87) must show no more than ten digits"_s });
        } else if (sameText(e.name, u"ID"_sv) && parentNamed(doc, e, RamNs, u"SpecifiedTaxRegistration")
            && doc.attribute(i, u"schemeID"_s) == u"VA"_sv) {
            // BR-CO-09 on every VAT identifier, the first two characters as one token of the prefix list.
            if (!vatPrefixes(false).contains(e.text.left(2)))
                out.append(Finding { u"BR-CO-09"_s, Severity::Fatal, u"BT-31"_s, doc.path(i),
                    u"the VAT identifier '%1' does not start with a country prefix"_s.arg(e.text.left(40)) });
        } else if (sameText(e.name, u"PayeeTradeParty"_sv)) {
            // BR-17: a payee has a name, and neither its name, identifier nor legal registration identifier
            // is the seller's.
            const int transaction = e.parent < 0 ? -1 : doc.element(e.parent).parent;
            const int seller = doc.child(
                transaction < 0 ? -1 : doc.child(transaction, RamNs, u"ApplicableHeaderTradeAgreement"),
                RamNs, u"SellerTradeParty");
            auto texts = [&doc](int party, QStringView name) {
                QStringList all;
                if (party >= 0) {
                    for (int c : doc.children(party, RamNs, name))
                        all << doc.element(c).text;
                }
                return all;
            };
            const QStringList names = texts(i, u"Name");
            const bool differs = !intersects(names, texts(seller, u"Name"))
                && !intersects(texts(i, u"ID"), texts(seller, u"ID"))
                && !intersects(textsAt(doc, i, RamNs, u"SpecifiedLegalOrganization", RamNs, u"ID"),
                    textsAt(doc, seller, RamNs, u"SpecifiedLegalOrganization", RamNs, u"ID"));
            if (names.isEmpty() || !differs)
                out.append(Finding { u"BR-17"_s, Severity::Fatal, u"BT-59"_s, doc.path(i),
                    u"the payee needs a name (BT-59) and must not carry the seller's name or identifiers"_s });
        } else if (sameText(e.name, u"BillingSpecifiedPeriod"_sv)
            && (parentNamed(doc, e, RamNs, u"ApplicableHeaderTradeSettlement")
                || parentNamed(doc, e, RamNs, u"SpecifiedLineTradeSettlement"))) {
            // BR-CO-19 / BR-CO-20: an invoicing period (document or line) has a start or an end.
            if (doc.child(i, RamNs, u"StartDateTime") < 0 && doc.child(i, RamNs, u"EndDateTime") < 0) {
                const bool line = parentNamed(doc, e, RamNs, u"SpecifiedLineTradeSettlement");
                out.append(Finding { line ? u"BR-CO-20"_s : u"BR-CO-19"_s, Severity::Fatal,
                    line ? u"BG-26"_s : u"BG-14"_s, doc.path(i),
                    u"the %1 period needs a start date or an end date"_s.arg(
                        line ? u"line"_s : u"invoicing"_s) });
            }
        } else if (sameText(e.name, u"TaxPointDate"_sv)) {
            taxPointDate = true;
        } else if (sameText(e.name, u"DueDateTypeCode"_sv)) {
            dueDateTypeCode = true;
        } else if (sameText(e.name, u"CategoryCode"_sv)) {
            splitPayment = splitPayment || e.text == u"B"_sv;
            standardRate = standardRate || e.text == u"S"_sv;
        } else if (sameText(e.name, u"CountryID"_sv)) {
            notItalian = notItalian || e.text != u"IT"_sv;
        }
    }
    if (taxPointDate && dueDateTypeCode)
        out.append(Finding { u"BR-CO-03"_s, Severity::Fatal, u"BT-7"_s, doc.path(root),
            u"the VAT point date (BT-7) and the VAT point date code (BT-8) are mutually exclusive"_s });
    // BR-62/63 look at the first electronic address of the header seller and buyer only.
    const int agreement = doc.child(doc.child(root, InvoiceReader::CiiNs, u"SupplyChainTradeTransaction"),
        RamNs, u"ApplicableHeaderTradeAgreement");
    for (const bool seller : { true, false }) {
        const int party = agreement < 0
            ? -1
            : doc.child(agreement, RamNs, seller ? u"SellerTradeParty" : u"BuyerTradeParty");
        const int uri = party < 0 ? -1 : doc.child(party, RamNs, u"URIUniversalCommunication");
        if (uri < 0)
            continue;
        const int id = doc.child(uri, RamNs, u"URIID");
        if (id < 0 || doc.attribute(id, u"schemeID"_s).simplified().isEmpty())
            out.append(Finding { seller ? u"BR-62"_s : u"BR-63"_s, Severity::Fatal,
                seller ? u"BT-34"_s : u"BT-49"_s, doc.path(uri),
                u"the %1 electronic address (%2) has no scheme identifier"_s.arg(
                    seller ? u"seller"_s : u"buyer"_s, seller ? u"BT-34"_s : u"BT-49"_s) });
    }
    if (splitPayment && notItalian)
        out.append(Finding { u"BR-B-01"_s, Severity::Fatal, u"BT-151"_s, doc.path(root),
            u"an invoice with VAT category 'B' (split payment) must be a domestic Italian invoice (every "
            u"country "
            u"code IT)"_s });
    if (splitPayment && standardRate)
        out.append(Finding { u"BR-B-02"_s, Severity::Fatal, u"BT-151"_s, doc.path(root),
            u"an invoice with VAT category 'B' (split payment) must not use VAT category 'S' as well"_s });
}

} // namespace ades::eu
