// GR-R-001…010 and GR-S-008/011 (UBL): Greek sellers ($supplierCountry GR or EL), some rules also Greek
// buyers.
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolIdentifierChecksums.h"
#include "PeppolNationalRules.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

bool greek(const QString &country)
{
    return country == u"GR"_sv || country == u"EL"_sv;
}

// The VAT identifiers of a party: PartyTaxScheme[normalize-space(TaxScheme/ID) = 'VAT']/CompanyID.
std::vector<int> vatIdentifiers(const PeppolContext &c, int party)
{
    std::vector<int> out;
    for (int scheme : c.childrenNamed(party, u"cac:PartyTaxScheme"_sv)) {
        if (PeppolContext::normalized(c.text(c.first(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv })))
            != u"VAT"_sv)
            continue;
        for (int company : c.childrenNamed(scheme, u"cbc:CompanyID"_sv))
            out.push_back(company);
    }
    return out;
}

// The TIN part (characters 3 to 11) of the VAT identifiers of a party, PartyTaxScheme[TaxScheme/ID = 'VAT'].
std::vector<QString> tinsOf(const PeppolContext &c, int party)
{
    std::vector<QString> out;
    for (int scheme : c.childrenNamed(party, u"cac:PartyTaxScheme"_sv)) {
        bool vat = false;
        for (int id : c.all(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv }))
            vat = vat || c.text(id) == u"VAT"_sv;
        if (vat)
            out.push_back(c.text(c.first(scheme, { u"cbc:CompanyID"_sv })).mid(2, 9));
    }
    return out;
}

// A Greek VAT identifier: exactly one, "EL" followed by a valid TIN.
bool oneGreekVat(const PeppolContext &c, int party)
{
    const std::vector<int> ids = vatIdentifiers(c, party);
    if (ids.size() != 1)
        return false;
    const QString id = c.text(ids.front());
    return id.left(2) == u"EL"_sv && PeppolIdentifierChecksums::greekTin(QStringView(id).mid(2));
}

} // namespace

void PeppolNationalRules::checkGreece()
{
    const bool greekSeller = greek(c.supplierCountry);
    if (!greekSeller && !greek(c.accountingSupplierCountry))
        return;
    const bool greekBuyer = greekSeller && greek(c.customerCountry);
    const int root = c.root;
    const int supplierParty = c.first(root, { u"cac:AccountingSupplierParty"_sv, u"cac:Party"_sv });
    bool sellerInGreece = false; // BT-40 = GR as written
    for (int code :
        c.all(supplierParty, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv }))
        sellerInGreece = sellerInGreece || c.text(code) == u"GR"_sv;

    // GR-R-009 alone reads the seller's country without the tax representative step.
    if (!greekSeller) {
        for (int endpoint : c.all(supplierParty, { u"cbc:EndpointID"_sv })) {
            if (c.wants(u"GR-R-009")
                && !(c.attribute(endpoint, u"schemeID"_s) == u"9933"_sv
                    && PeppolIdentifierChecksums::greekTin(c.text(endpoint))))
                c.fail(u"GR-R-009"_s, endpoint, u"BT-34"_s,
                    u"a Greek seller's electronic address (BT-34) is its valid TIN with scheme 9933"_s);
        }
        return;
    }
    // GR-R-001-*: the invoice number has six '|'-separated segments: TIN, issue date, branch, document
    // type, series, number.
    for (int number : c.childrenNamed(root, u"cbc:ID"_sv)) {
        const QString value = c.text(number);
        QStringList segments = value.split(u'|');
        if (value.isEmpty())
            segments.clear();
        auto segment = [&segments](int n) { return n <= segments.size() ? segments.at(n - 1) : QString(); };
        const bool hasSegment2 = segments.size() >= 2;
        if (c.wants(u"GR-R-001-1") && segments.size() != 6)
            c.fail(u"GR-R-001-1"_s, number, u"BT-1"_s,
                u"a Greek seller's invoice number (BT-1) has six segments separated by '|'"_s);
        if (c.wants(u"GR-R-001-2")) {
            const QString tin = segment(1);
            std::vector<QString> known = tinsOf(c, supplierParty);
            for (const QString &t : tinsOf(c, c.first(root, { u"cac:TaxRepresentativeParty"_sv })))
                known.push_back(t);
            const bool matchesParty = std::find(known.begin(), known.end(), tin) != known.end();
            if (!(PeppolContext::normalized(tin).size() == 9 && PeppolIdentifierChecksums::greekTin(tin)
                    && matchesParty))
                c.fail(u"GR-R-001-2"_s, number, u"BT-1"_s,
                    u"the first segment of a Greek invoice number (BT-1) is the valid TIN of the seller or its tax representative"_s);
        }
        if (c.wants(u"GR-R-001-3")) {
            static const QRegularExpression datePattern(
                u"^(0?[1-9]|[12][0-9]|3[01])[-\\\\/ ]?(0?[1-9]|1[0-2])[-\\\\/ ]?(19|20)[0-9]{2}"_s);
            const QString date = segment(2);
            const QStringList idDate = date.split(u'/');
            const QString issue = c.text(c.first(root, { u"cbc:IssueDate"_sv }));
            const QStringList issueDate = issue.isEmpty() ? QStringList() : issue.split(u'-');
            const bool same = idDate.size() >= 3 && issueDate.size() >= 3 && idDate.at(0) == issueDate.at(2)
                && idDate.at(1) == issueDate.at(1) && idDate.at(2) == issueDate.at(0);
            if (!(hasSegment2 && !PeppolContext::normalized(date).isEmpty()
                    && datePattern.match(date).hasMatch() && same))
                c.fail(u"GR-R-001-3"_s, number, u"BT-1"_s,
                    u"the second segment of a Greek invoice number (BT-1) is its issue date (BT-2) as DD/MM/YYYY"_s);
        }
        if (c.wants(u"GR-R-001-4")) {
            const QString branch = segment(3);
            const bool ok = !PeppolContext::normalized(branch).isEmpty() && PeppolContext::isNumber(branch)
                && PeppolContext::isInteger(branch) && branch.trimmed().toLongLong() >= 0;
            if (!ok)
                c.fail(u"GR-R-001-4"_s, number, u"BT-1"_s,
                    u"the third segment of a Greek invoice number (BT-1) is a non-negative integer"_s);
        }
        if (c.wants(u"GR-R-001-5")) {
            const QString type = segment(4);
            static const QStringList types = { u"1.1"_s, u"1.6"_s, u"2.1"_s, u"2.4"_s, u"5.1"_s, u"5.2"_s };
            if (!(!PeppolContext::normalized(type).isEmpty() && types.contains(type)))
                c.fail(u"GR-R-001-5"_s, number, u"BT-1"_s,
                    u"the fourth segment of a Greek invoice number (BT-1) is a Greek document type (1.1, 1.6, 2.1, 2.4, 5.1, 5.2)"_s);
        }
        if (c.wants(u"GR-R-001-6") && segment(5).isEmpty())
            c.fail(u"GR-R-001-6"_s, number, u"BT-1"_s,
                u"the fifth segment of a Greek invoice number (BT-1) is empty"_s);
        if (c.wants(u"GR-R-001-7") && segment(6).isEmpty())
            c.fail(u"GR-R-001-7"_s, number, u"BT-1"_s,
                u"the sixth segment of a Greek invoice number (BT-1) is empty"_s);
    }

    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const int parent = c.parent(i);
        if (c.is(i, u"cac:Party"_sv) && c.is(parent, u"cac:AccountingSupplierParty"_sv)) {
            if (c.wants(u"GR-R-002") && c.text(c.first(i, { u"cac:PartyName"_sv, u"cbc:Name"_sv })).isEmpty())
                c.fail(
                    u"GR-R-002"_s, i, u"BT-27"_s, u"a Greek seller must give its registered name (BT-27)"_s);
            if (c.wants(u"GR-S-011") && !oneGreekVat(c, i))
                c.fail(u"GR-S-011"_s, i, u"BT-31"_s,
                    u"a Greek seller should give one VAT identifier (BT-31): EL followed by a valid TIN"_s,
                    Finding::Severity::Warning);
            for (int company : vatIdentifiers(c, i)) {
                const QString id = c.text(company);
                if (c.wants(u"GR-R-003")
                    && !(id.left(2) == u"EL"_sv
                        && PeppolIdentifierChecksums::greekTin(QStringView(id).mid(2))))
                    c.fail(u"GR-R-003"_s, company, u"BT-31"_s,
                        u"a Greek seller's VAT identifier (BT-31) is EL followed by a valid TIN"_s);
            }
        } else if (c.is(i, u"cac:Party"_sv) && c.is(parent, u"cac:AccountingCustomerParty"_sv)) {
            if (c.wants(u"GR-R-005") && c.text(c.first(i, { u"cac:PartyName"_sv, u"cbc:Name"_sv })).isEmpty())
                c.fail(u"GR-R-005"_s, i, u"BT-44"_s,
                    u"a Greek seller must give the buyer's full name (BT-44)"_s);
            if (greekBuyer && c.wants(u"GR-R-006") && !oneGreekVat(c, i))
                c.fail(u"GR-R-006"_s, i, u"BT-48"_s,
                    u"a Greek seller must give a Greek buyer's VAT identifier (BT-48): EL followed by a valid TIN"_s);
        } else if (c.is(i, u"cbc:EndpointID"_sv) && c.is(parent, u"cac:Party"_sv)) {
            const bool seller = c.is(c.parent(parent), u"cac:AccountingSupplierParty"_sv)
                && greek(c.accountingSupplierCountry);
            const bool buyer = c.is(c.parent(parent), u"cac:AccountingCustomerParty"_sv) && greekBuyer;
            const bool ok = c.attribute(i, u"schemeID"_s) == u"9933"_sv
                && PeppolIdentifierChecksums::greekTin(c.text(i));
            if (seller && c.wants(u"GR-R-009") && !ok)
                c.fail(u"GR-R-009"_s, i, u"BT-34"_s,
                    u"a Greek seller's electronic address (BT-34) is its valid TIN with scheme 9933"_s);
            if (buyer && c.wants(u"GR-R-010") && !ok)
                c.fail(u"GR-R-010"_s, i, u"BT-49"_s,
                    u"a Greek buyer's electronic address (BT-49) is its valid TIN with scheme 9933"_s);
        } else if (c.is(i, u"cac:AdditionalDocumentReference"_sv)) {
            bool mark = false;
            bool url = false;
            for (int d : c.childrenNamed(i, u"cbc:DocumentDescription"_sv)) {
                mark = mark || c.text(d) == u"##M.AR.K##"_sv;
                url = url || c.text(d) == u"##INVOICE|URL##"_sv;
            }
            if (mark && sellerInGreece && c.wants(u"GR-R-004-2")) {
                static const QRegularExpression positive(u"^[1-9]([0-9]*)"_s);
                for (int id : c.childrenNamed(i, u"cbc:ID"_sv)) {
                    if (!positive.match(c.text(id)).hasMatch())
                        c.fail(u"GR-R-004-2"_s, id, u"BT-122"_s,
                            u"the Greek MARK number is a positive integer"_s);
                }
            }
            if (url && c.wants(u"GR-R-008-3")
                && PeppolContext::normalized(
                    c.text(c.first(i, { u"cac:Attachment"_sv, u"cac:ExternalReference"_sv, u"cbc:URI"_sv })))
                       .isEmpty())
                c.fail(u"GR-R-008-3"_s, i, u"BT-124"_s,
                    u"the Greek invoice URL reference needs its external URI (BT-124)"_s);
        }
    }
    // GR-R-004-1 / GR-S-008-1 / GR-R-008-2: one MARK number, at most (and ideally) one invoice URL.
    if (sellerInGreece) {
        int marks = 0;
        int urls = 0;
        for (int ref : c.childrenNamed(root, u"cac:AdditionalDocumentReference"_sv)) {
            bool mark = false;
            bool url = false;
            for (int d : c.childrenNamed(ref, u"cbc:DocumentDescription"_sv)) {
                mark = mark || c.text(d) == u"##M.AR.K##"_sv;
                url = url || c.text(d) == u"##INVOICE|URL##"_sv;
            }
            marks += mark ? 1 : 0;
            urls += url ? 1 : 0;
        }
        if (c.wants(u"GR-R-004-1") && marks != 1)
            c.fail(
                u"GR-R-004-1"_s, root, u"BG-24"_s, u"a Greek seller's invoice has exactly one MARK number"_s);
        if (c.wants(u"GR-S-008-1") && urls != 1)
            c.fail(u"GR-S-008-1"_s, root, u"BG-24"_s,
                u"a Greek seller's invoice should have one invoice URL"_s, Finding::Severity::Warning);
        if (c.wants(u"GR-R-008-2") && urls > 1)
            c.fail(
                u"GR-R-008-2"_s, root, u"BG-24"_s, u"a Greek seller's invoice has at most one invoice URL"_s);
    }
}

} // namespace ades::eu
