// DE-R-001…031 (UBL): the German national rules, which apply when seller and buyer are both in Germany
// (BT-40 and BT-55 = DE after trimming and upper-casing).
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

constexpr auto Warning = Finding::Severity::Warning;

bool nonBlank(const PeppolContext &c, const std::vector<int> &elements)
{
    for (int e : elements) {
        if (!PeppolContext::normalized(c.text(e)).isEmpty())
            return true;
    }
    return false;
}

// DE-R-027: a telephone number holds at least three digits.
bool plausibleTelephone(const QString &phone)
{
    int digits = 0;
    for (QChar ch : phone)
        digits += (ch >= u'0' && ch <= u'9') ? 1 : 0;
    return digits >= 3;
}

// DE-R-028: local part of dot-separated atoms (letters, digits and the RFC 5322 atom specials), '@', and a
// domain of at least two dot-separated labels of letters, digits and inner hyphens.
bool plausibleEmail(const QString &email)
{
    static const QString specials = u"!#$%&\"*+/=?^_`{|}~-"_s;
    const qsizetype at = email.indexOf(u'@');
    if (at <= 0 || at != email.lastIndexOf(u'@'))
        return false;
    auto atomChar = [](QChar ch) {
        return (ch >= u'a' && ch <= u'z') || (ch >= u'A' && ch <= u'Z') || (ch >= u'0' && ch <= u'9')
            || specials.contains(ch);
    };
    for (const QString &atom : email.left(at).split(u'.')) {
        if (atom.isEmpty() || !std::all_of(atom.begin(), atom.end(), atomChar))
            return false;
    }
    const QStringList labels = email.mid(at + 1).split(u'.');
    if (labels.size() < 2)
        return false;
    for (const QString &label : labels) {
        if (label.isEmpty() || label.startsWith(u'-') || label.endsWith(u'-'))
            return false;
        for (QChar ch : label) {
            if (!((ch >= u'a' && ch <= u'z') || (ch >= u'A' && ch <= u'Z') || (ch >= u'0' && ch <= u'9')
                    || ch == u'-'))
                return false;
        }
    }
    return true;
}

// DE-R-018: every payment-terms line that starts with '#' is a cash discount statement
// #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=[-]n.nn#), and the statement ends with a line break.
bool skontoOk(const QString &terms)
{
    static const QRegularExpression skonto(
        u"#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$"_s);
    static const QRegularExpression segment(u"#[^\\n\\r]+#"_s);
    static const QRegularExpression trailer(u"^[ \\t\\r\\n]*\\n"_s);
    static const QRegularExpression lineBreak(u"\\r?\\n"_s);
    bool anyStatement = false;
    for (const QString &line : terms.split(lineBreak)) {
        const QString normalized = PeppolContext::normalized(line);
        if (!normalized.startsWith(u'#'))
            continue;
        anyStatement = true;
        if (!skonto.match(normalized).hasMatch())
            return false;
    }
    if (!anyStatement)
        return true;
    // The text after the last #…# segment must start with blanks and a line break.
    const QStringList pieces = terms.split(segment);
    return trailer.match(pieces.isEmpty() ? QString() : pieces.last()).hasMatch();
}

bool vatCategoryInScope(const QString &code)
{
    static const QStringList codes = { u"S"_s, u"Z"_s, u"E"_s, u"AE"_s, u"K"_s, u"G"_s, u"L"_s, u"M"_s };
    return codes.contains(code);
}

} // namespace

void PeppolNationalRules::checkGermany()
{
    if (!c.sellerIsGerman || !c.buyerIsGerman)
        return;
    const int root = c.root;
    const int seller = c.first(root, { u"cac:AccountingSupplierParty"_sv, u"cac:Party"_sv });
    if (c.wants(u"DE-R-001") && !c.exists(root, { u"cac:PaymentMeans"_sv }))
        c.fail(u"DE-R-001"_s, root, u"BG-16"_s, u"payment instructions (BG-16) are required"_s);
    if (c.wants(u"DE-R-015") && !nonBlank(c, c.childrenNamed(root, u"cbc:BuyerReference"_sv)))
        c.fail(u"DE-R-015"_s, root, u"BT-10"_s, u"the buyer reference (BT-10) is required"_s);
    if (c.wants(u"DE-R-016")) {
        bool scoped = false;
        for (int ac : c.childrenNamed(root, u"cac:AllowanceCharge"_sv)) {
            bool allowance = false;
            bool charge = false;
            for (int indicator : c.childrenNamed(ac, u"cbc:ChargeIndicator"_sv)) {
                allowance = allowance || c.text(indicator) == u"false"_sv;
                charge = charge || c.text(indicator) == u"true"_sv;
            }
            if (!allowance && !charge)
                continue;
            for (int id : c.all(ac, { u"cac:TaxCategory"_sv, u"cbc:ID"_sv }))
                scoped = scoped || vatCategoryInScope(c.text(id));
        }
        for (QStringView line : { u"cac:InvoiceLine"_sv, u"cac:CreditNoteLine"_sv }) {
            for (int id :
                c.all(root, { line, u"cac:Item"_sv, u"cac:ClassifiedTaxCategory"_sv, u"cbc:ID"_sv }))
                scoped = scoped || vatCategoryInScope(c.text(id));
        }
        const bool identified = c.exists(root, { u"cac:TaxRepresentativeParty"_sv })
            || nonBlank(c, c.all(seller, { u"cac:PartyTaxScheme"_sv, u"cbc:CompanyID"_sv }));
        if (scoped && !identified)
            c.fail(u"DE-R-016"_s, root, u"BT-31"_s,
                u"with VAT category S, Z, E, AE, K, G, L or M the seller VAT identifier (BT-31), tax registration (BT-32) or tax representative (BG-11) is required"_s);
    }
    std::vector<QString> typeCodes;
    for (QStringView name : { u"cbc:InvoiceTypeCode"_sv, u"cbc:CreditNoteTypeCode"_sv }) {
        for (int code : c.all(root, { name }))
            typeCodes.push_back(c.text(code));
    }
    if (c.wants(u"DE-R-017")) {
        static const QStringList allowed
            = { u"326"_s, u"380"_s, u"384"_s, u"389"_s, u"381"_s, u"875"_s, u"876"_s, u"877"_s };
        const bool ok = std::any_of(
            typeCodes.begin(), typeCodes.end(), [](const QString &v) { return allowed.contains(v); });
        if (!ok)
            c.fail(u"DE-R-017"_s, root, u"BT-3"_s,
                u"the document type (BT-3) should be 326, 380, 384, 389, 381, 875, 876 or 877"_s, Warning);
    }
    if (c.wants(u"DE-R-018")) {
        bool ok = true;
        for (int terms : c.childrenNamed(root, u"cac:PaymentTerms"_sv)) {
            const int note = c.first(terms, { u"cbc:Note"_sv });
            if (note >= 0)
                ok = ok && skontoOk(c.text(note));
        }
        if (!ok)
            c.fail(u"DE-R-018"_s, root, u"BT-20"_s,
                u"cash discount lines in the payment terms (BT-20) must read #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn#) and end with a line break"_s);
    }
    if (c.wants(u"DE-R-022")) {
        QStringList seen;
        bool duplicate = false;
        for (int ref : c.childrenNamed(root, u"cac:AdditionalDocumentReference"_sv)) {
            QStringList names;
            for (int object : c.all(ref, { u"cac:Attachment"_sv, u"cbc:EmbeddedDocumentBinaryObject"_sv })) {
                if (c.hasAttribute(object, u"filename"_s))
                    names.append(c.attribute(object, u"filename"_s));
            }
            for (const QString &name : names)
                duplicate = duplicate || seen.contains(name);
            seen.append(names);
        }
        if (duplicate)
            c.fail(u"DE-R-022"_s, root, u"BT-125"_s,
                u"attached documents (BT-125) must have distinct file names"_s);
    }
    if (c.wants(u"DE-R-026")) {
        const bool corrected = std::any_of(typeCodes.begin(), typeCodes.end(),
            [](const QString &v) { return PeppolContext::number(v) == 384; });
        if (corrected && !c.exists(root, { u"cac:BillingReference"_sv, u"cac:InvoiceDocumentReference"_sv }))
            c.fail(u"DE-R-026"_s, root, u"BG-3"_s,
                u"a corrected invoice (384) should reference the preceding invoice (BG-3)"_s, Warning);
    }
    const bool mandate = c.exists(root, { u"cac:PaymentMeans"_sv, u"cac:PaymentMandate"_sv });
    if (c.wants(u"DE-R-030") && mandate) {
        bool creditor = false;
        for (int id : c.all(seller, { u"cac:PartyIdentification"_sv, u"cbc:ID"_sv }))
            creditor = creditor || c.attribute(id, u"schemeID"_s) == u"SEPA"_sv;
        for (int id : c.all(root, { u"cac:PayeeParty"_sv, u"cac:PartyIdentification"_sv, u"cbc:ID"_sv }))
            creditor = creditor || c.attribute(id, u"schemeID"_s) == u"SEPA"_sv;
        if (!creditor)
            c.fail(u"DE-R-030"_s, root, u"BT-90"_s,
                u"a direct debit (BG-19) needs the creditor identifier (BT-90)"_s);
    }
    if (c.wants(u"DE-R-031") && mandate
        && !c.exists(root,
            { u"cac:PaymentMeans"_sv, u"cac:PaymentMandate"_sv, u"cac:PayerFinancialAccount"_sv,
                u"cbc:ID"_sv }))
        c.fail(
            u"DE-R-031"_s, root, u"BT-91"_s, u"a direct debit (BG-19) needs the debited account (BT-91)"_s);

    for (int supplier : c.childrenNamed(root, u"cac:AccountingSupplierParty"_sv)) {
        if (c.wants(u"DE-R-002") && !c.exists(supplier, { u"cac:Party"_sv, u"cac:Contact"_sv }))
            c.fail(u"DE-R-002"_s, supplier, u"BG-6"_s, u"the seller contact (BG-6) is required"_s);
        for (int address : c.all(supplier, { u"cac:Party"_sv, u"cac:PostalAddress"_sv })) {
            if (c.wants(u"DE-R-003") && !nonBlank(c, c.childrenNamed(address, u"cbc:CityName"_sv)))
                c.fail(u"DE-R-003"_s, address, u"BT-37"_s, u"the seller city (BT-37) is required"_s);
            if (c.wants(u"DE-R-004") && !nonBlank(c, c.childrenNamed(address, u"cbc:PostalZone"_sv)))
                c.fail(u"DE-R-004"_s, address, u"BT-38"_s, u"the seller post code (BT-38) is required"_s);
        }
        for (int contact : c.all(supplier, { u"cac:Party"_sv, u"cac:Contact"_sv })) {
            const std::vector<int> names = c.childrenNamed(contact, u"cbc:Name"_sv);
            const std::vector<int> phones = c.childrenNamed(contact, u"cbc:Telephone"_sv);
            const std::vector<int> mails = c.childrenNamed(contact, u"cbc:ElectronicMail"_sv);
            if (c.wants(u"DE-R-005") && !nonBlank(c, names))
                c.fail(u"DE-R-005"_s, contact, u"BT-41"_s, u"the seller contact point (BT-41) is required"_s);
            if (c.wants(u"DE-R-006") && !nonBlank(c, phones))
                c.fail(u"DE-R-006"_s, contact, u"BT-42"_s,
                    u"the seller contact telephone (BT-42) is required"_s);
            if (c.wants(u"DE-R-007") && !nonBlank(c, mails))
                c.fail(
                    u"DE-R-007"_s, contact, u"BT-43"_s, u"the seller contact e-mail (BT-43) is required"_s);
            const QString phone
                = PeppolContext::normalized(phones.empty() ? QString() : c.text(phones.front()));
            if (c.wants(u"DE-R-027") && !plausibleTelephone(phone))
                c.fail(u"DE-R-027"_s, contact, u"BT-42"_s,
                    u"the seller contact telephone (BT-42) should hold at least three digits"_s, Warning);
            const QString mail = PeppolContext::normalized(mails.empty() ? QString() : c.text(mails.front()));
            if (c.wants(u"DE-R-028") && !plausibleEmail(mail))
                c.fail(u"DE-R-028"_s, contact, u"BT-43"_s,
                    u"the seller contact e-mail (BT-43) does not look like an e-mail address"_s, Warning);
        }
    }
    for (int address :
        c.all(root, { u"cac:AccountingCustomerParty"_sv, u"cac:Party"_sv, u"cac:PostalAddress"_sv })) {
        if (c.wants(u"DE-R-008") && !nonBlank(c, c.childrenNamed(address, u"cbc:CityName"_sv)))
            c.fail(u"DE-R-008"_s, address, u"BT-52"_s, u"the buyer city (BT-52) is required"_s);
        if (c.wants(u"DE-R-009") && !nonBlank(c, c.childrenNamed(address, u"cbc:PostalZone"_sv)))
            c.fail(u"DE-R-009"_s, address, u"BT-53"_s, u"the buyer post code (BT-53) is required"_s);
    }
    for (int address : c.all(root, { u"cac:Delivery"_sv, u"cac:DeliveryLocation"_sv, u"cac:Address"_sv })) {
        if (c.wants(u"DE-R-010") && !nonBlank(c, c.childrenNamed(address, u"cbc:CityName"_sv)))
            c.fail(u"DE-R-010"_s, address, u"BT-77"_s,
                u"the deliver-to city (BT-77) is required with a delivery address"_s);
        if (c.wants(u"DE-R-011") && !nonBlank(c, c.childrenNamed(address, u"cbc:PostalZone"_sv)))
            c.fail(u"DE-R-011"_s, address, u"BT-78"_s,
                u"the deliver-to post code (BT-78) is required with a delivery address"_s);
    }
    for (int means : c.childrenNamed(root, u"cac:PaymentMeans"_sv)) {
        // The artefact compares the payment means code numerically here.
        std::vector<double> codes;
        std::vector<QString> raw;
        for (int code : c.childrenNamed(means, u"cbc:PaymentMeansCode"_sv)) {
            codes.push_back(PeppolContext::number(c.text(code)));
            raw.push_back(c.text(code));
        }
        auto has = [&codes](std::initializer_list<double> wanted) {
            return std::any_of(codes.begin(), codes.end(),
                [&wanted](double v) { return std::find(wanted.begin(), wanted.end(), v) != wanted.end(); });
        };
        auto hasRaw = [&raw](QStringView v) { return std::find(raw.begin(), raw.end(), v) != raw.end(); };
        const bool transferAccount = c.exists(means, { u"cac:PayeeFinancialAccount"_sv });
        const bool card = c.exists(means, { u"cac:CardAccount"_sv });
        const bool debit = c.exists(means, { u"cac:PaymentMandate"_sv });
        if (has({ 30, 58 })) {
            if (c.wants(u"DE-R-019") && hasRaw(u"58")
                && !PeppolIdentifierChecksums::germanRulesIban(
                    c.text(c.first(means, { u"cac:PayeeFinancialAccount"_sv, u"cbc:ID"_sv }))))
                c.fail(u"DE-R-019"_s, means, u"BT-84"_s,
                    u"the payment account (BT-84) should be a valid IBAN for SEPA credit transfer (58)"_s,
                    Warning);
            if (c.wants(u"DE-R-023-1") && !transferAccount)
                c.fail(u"DE-R-023-1"_s, means, u"BG-17"_s,
                    u"a credit transfer (30, 58) needs the credit transfer group (BG-17)"_s);
            if (c.wants(u"DE-R-023-2") && (card || debit))
                c.fail(u"DE-R-023-2"_s, means, u"BG-17"_s,
                    u"a credit transfer (30, 58) must not carry card (BG-18) or direct debit (BG-19) information"_s);
        } else if (has({ 48, 54, 55 })) {
            if (c.wants(u"DE-R-024-1") && !card)
                c.fail(u"DE-R-024-1"_s, means, u"BG-18"_s,
                    u"a card payment (48, 54, 55) needs the card information (BG-18)"_s);
            if (c.wants(u"DE-R-024-2") && (transferAccount || debit))
                c.fail(u"DE-R-024-2"_s, means, u"BG-18"_s,
                    u"a card payment (48, 54, 55) must not carry credit transfer (BG-17) or direct debit (BG-19) information"_s);
        } else if (has({ 59 })) {
            if (c.wants(u"DE-R-020") && hasRaw(u"59")
                && !PeppolIdentifierChecksums::germanRulesIban(c.text(c.first(
                    means, { u"cac:PaymentMandate"_sv, u"cac:PayerFinancialAccount"_sv, u"cbc:ID"_sv }))))
                c.fail(u"DE-R-020"_s, means, u"BT-91"_s,
                    u"the debited account (BT-91) should be a valid IBAN for SEPA direct debit (59)"_s,
                    Warning);
            if (c.wants(u"DE-R-025-1") && !debit)
                c.fail(u"DE-R-025-1"_s, means, u"BG-19"_s,
                    u"a direct debit (59) needs the direct debit group (BG-19)"_s);
            if (c.wants(u"DE-R-025-2") && (transferAccount || card))
                c.fail(u"DE-R-025-2"_s, means, u"BG-19"_s,
                    u"a direct debit (59) must not carry credit transfer (BG-17) or card (BG-18) information"_s);
        }
    }
    for (int subtotal : c.all(root, { u"cac:TaxTotal"_sv, u"cac:TaxSubtotal"_sv })) {
        if (c.wants(u"DE-R-014")
            && !nonBlank(c, c.all(subtotal, { u"cac:TaxCategory"_sv, u"cbc:Percent"_sv })))
            c.fail(u"DE-R-014"_s, subtotal, u"BT-119"_s, u"the VAT category rate (BT-119) is required"_s);
    }
}

} // namespace ades::eu
