#include "XRechnungCiusRules.h"

#include "../../InvoiceReader.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "XRechnungFormats.h"

#include <QSet>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu::xrechnung {

using Severity = Finding::Severity;

namespace {

const QString &Rsm = InvoiceReader::CiiNs;

// BR-DE-16: the VAT categories for which the seller must be identified for VAT.
bool identifiedCategory(const QString &code)
{
    static const QSet<QString> codes = { u"S"_s, u"Z"_s, u"E"_s, u"AE"_s, u"K"_s, u"G"_s, u"L"_s, u"M"_s };
    return codes.contains(code);
}

// BR-DE-17: the invoice type codes XRechnung expects.
bool expectedTypeCode(const QString &code)
{
    static const QSet<QString> codes
        = { u"326"_s, u"380"_s, u"384"_s, u"389"_s, u"381"_s, u"875"_s, u"876"_s, u"877"_s };
    return codes.contains(code);
}

bool isCreditTransfer(const QString &code)
{
    return code == u"30"_sv || code == u"58"_sv;
}

bool isCardPayment(const QString &code)
{
    return code == u"48"_sv || code == u"54"_sv || code == u"55"_sv;
}

} // namespace

void XRechnungCiusRules::check()
{
    if (ubl)
        checkUbl();
    else
        checkCii();
}

void XRechnungCiusRules::checkSkonto(const QStringList &notes)
{
    if (!XRechnungFormats::skontoTermsValid(notes))
        fail(root, u"BR-DE-18"_s, Severity::Fatal, u"BT-20"_s,
            u"The cash discount lines of the payment terms (BT-20) do not follow the XRechnung grammar: each "
            u"line "
            "starting with '#' must read #SKONTO#TAGE=n#PROZENT=n.nn# (optionally followed by "
            "BASISBETRAG=n.nn#), in capitals without blanks, and the structured part must end with a line break"_s);
}

void XRechnungCiusRules::checkAddress(int address, const QString &cityId, const QString &postCodeId,
    const QString &cityBt, const QString &postCodeBt, const QString &what)
{
    const QString &ns = ubl ? CbcNs : RamNs;
    if (!anyWithContent(address, { { ns, u"CityName"_sv } }))
        fail(address, cityId, Severity::Fatal, cityBt, u"The %1 city (%2) is missing"_s.arg(what, cityBt));
    if (!anyWithContent(address, { { ns, ubl ? u"PostalZone"_sv : u"PostcodeCode"_sv } }))
        fail(address, postCodeId, Severity::Fatal, postCodeBt,
            u"The %1 post code (%2) is missing"_s.arg(what, postCodeBt));
}

void XRechnungCiusRules::checkSellerContact(int contact, int telephone, int email, bool nameGiven)
{
    if (!nameGiven)
        fail(contact, u"BR-DE-5"_s, Severity::Fatal, u"BT-41"_s,
            u"The seller contact point (BT-41) is missing"_s);
    if (isBlank(stringValue(telephone)))
        fail(contact, u"BR-DE-6"_s, Severity::Fatal, u"BT-42"_s,
            u"The seller contact telephone number (BT-42) is missing"_s);
    if (isBlank(stringValue(email)))
        fail(contact, u"BR-DE-7"_s, Severity::Fatal, u"BT-43"_s,
            u"The seller contact e-mail address (BT-43) is missing"_s);
    if (!XRechnungFormats::telephoneHasThreeDigits(normalizeSpace(stringValue(telephone))))
        fail(contact, u"BR-DE-27"_s, Severity::Warning, u"BT-42"_s,
            u"The seller contact telephone number (BT-42) should hold at least three digits"_s);
    if (!XRechnungFormats::plausibleEmail(normalizeSpace(stringValue(email))))
        fail(contact, u"BR-DE-28"_s, Severity::Warning, u"BT-43"_s,
            u"The seller contact e-mail address (BT-43) should have one '@' between a local part and a "
            u"domain "
            "of dot-separated labels, without blanks"_s);
}

void XRechnungCiusRules::checkIban(int means, int account, const QString &id, const QString &bt)
{
    if (!XRechnungFormats::ibanValid(stringValue(account)))
        fail(means, id, Severity::Warning, bt,
            u"The account identifier (%1) should be a valid IBAN for this SEPA payment means"_s.arg(bt));
}

// ---------------------------------------------------------------------------------------------- UBL

void XRechnungCiusRules::checkUbl()
{
    if (!exists(root, { { CacNs, u"PaymentMeans"_sv } }))
        fail(root, u"BR-DE-1"_s, Severity::Fatal, u"BG-16"_s,
            u"The payment instructions (BG-16) are missing"_s);
    if (!anyWithContent(root, { { CbcNs, u"BuyerReference"_sv } }))
        fail(root, u"BR-DE-15"_s, Severity::Fatal, u"BT-10"_s, u"The buyer reference (BT-10) is missing"_s);

    // BR-DE-16: a document-level allowance or charge (indicator written exactly "true"/"false") or a line
    // whose VAT category needs a VAT identification.
    bool categoryNeedsId = false;
    for (int ac : all(root, { { CacNs, u"AllowanceCharge"_sv } })) {
        const std::vector<int> indicators = all(ac, { { CbcNs, u"ChargeIndicator"_sv } });
        const bool qualified = std::any_of(indicators.begin(), indicators.end(),
            [this](int i) { return text(i) == u"true"_sv || text(i) == u"false"_sv; });
        if (!qualified)
            continue;
        for (int id : all(ac, { { CacNs, u"TaxCategory"_sv }, { CbcNs, u"ID"_sv } }))
            categoryNeedsId = categoryNeedsId || identifiedCategory(text(id));
    }
    for (QStringView lineName : { u"InvoiceLine"_sv, u"CreditNoteLine"_sv }) {
        for (int id : all(root,
                 { { CacNs, lineName }, { CacNs, u"Item"_sv }, { CacNs, u"ClassifiedTaxCategory"_sv },
                     { CbcNs, u"ID"_sv } }))
            categoryNeedsId = categoryNeedsId || identifiedCategory(text(id));
    }
    if (categoryNeedsId && !exists(root, { { CacNs, u"TaxRepresentativeParty"_sv } })
        && !anyWithContent(root,
            { { CacNs, u"AccountingSupplierParty"_sv }, { CacNs, u"Party"_sv },
                { CacNs, u"PartyTaxScheme"_sv }, { CbcNs, u"CompanyID"_sv } }))
        fail(root, u"BR-DE-16"_s, Severity::Fatal, u"BT-31"_s,
            u"VAT categories S, Z, E, AE, K, G, L or M are used, but neither the seller VAT identifier "
            u"(BT-31), "
            "the seller tax registration identifier (BT-32) nor a seller tax representative (BG-11) is given"_s);

    const QString invoiceType = normalizeSpace(text(first(root, { { CbcNs, u"InvoiceTypeCode"_sv } })));
    const QString creditNoteType = normalizeSpace(text(first(root, { { CbcNs, u"CreditNoteTypeCode"_sv } })));
    if (!expectedTypeCode(invoiceType) && !expectedTypeCode(creditNoteType))
        fail(root, u"BR-DE-17"_s, Severity::Warning, u"BT-3"_s,
            u"The invoice type code (BT-3) is not one XRechnung expects (326, 380, 384, 389, 381, 875, 876, 877)"_s);

    QStringList notes;
    for (int terms : all(root, { { CacNs, u"PaymentTerms"_sv } })) {
        const int note = first(terms, { { CbcNs, u"Note"_sv } });
        if (note >= 0)
            notes.append(stringValue(note));
    }
    checkSkonto(notes);

    const std::vector<int> customizations = all(root, { { CbcNs, u"CustomizationID"_sv } });
    if (std::none_of(customizations.begin(), customizations.end(), [this](int id) {
            const QString value = stringValue(id);
            return value == SpecificationIds::Cius || value == SpecificationIds::Extension
                || value == SpecificationIds::Cvd;
        }))
        fail(root, u"BR-DE-21"_s, Severity::Warning, u"BT-24"_s,
            u"The specification identifier (BT-24) should be the XRechnung identifier"_s);

    // BR-DE-22: no attachment file name may repeat one of an earlier supporting document.
    QSet<QString> filenames;
    bool repeated = false;
    for (int reference : all(root, { { CacNs, u"AdditionalDocumentReference"_sv } })) {
        QStringList own;
        for (int object :
            all(reference, { { CacNs, u"Attachment"_sv }, { CbcNs, u"EmbeddedDocumentBinaryObject"_sv } })) {
            if (hasAttribute(object, u"filename"_s))
                own.append(attribute(object, u"filename"_s));
        }
        for (const QString &name : own)
            repeated = repeated || filenames.contains(name);
        for (const QString &name : own)
            filenames.insert(name);
    }
    if (repeated)
        fail(root, u"BR-DE-22"_s, Severity::Fatal, u"BT-125"_s,
            u"The file names of the attached documents (BT-125) are not unique"_s);

    if ((invoiceType == u"384"_sv || creditNoteType == u"384"_sv)
        && !exists(root, { { CacNs, u"BillingReference"_sv }, { CacNs, u"InvoiceDocumentReference"_sv } }))
        fail(root, u"BR-DE-26"_s, Severity::Warning, u"BG-3"_s,
            u"A corrected invoice (type code 384) should reference the preceding invoice (BG-3)"_s);

    if (exists(root, { { CacNs, u"PaymentMeans"_sv }, { CacNs, u"PaymentMandate"_sv } })) {
        bool creditorId = false;
        for (int id : all(root,
                 { { CacNs, u"AccountingSupplierParty"_sv }, { CacNs, u"Party"_sv },
                     { CacNs, u"PartyIdentification"_sv }, { CbcNs, u"ID"_sv } }))
            creditorId = creditorId || attribute(id, u"schemeID"_s) == u"SEPA"_sv;
        for (int id : all(root,
                 { { CacNs, u"PayeeParty"_sv }, { CacNs, u"PartyIdentification"_sv }, { CbcNs, u"ID"_sv } }))
            creditorId = creditorId || attribute(id, u"schemeID"_s) == u"SEPA"_sv;
        if (!creditorId)
            fail(root, u"BR-DE-30"_s, Severity::Fatal, u"BT-90"_s,
                u"A direct debit (BG-19) needs the bank assigned creditor identifier (BT-90)"_s);
        if (!exists(root,
                { { CacNs, u"PaymentMeans"_sv }, { CacNs, u"PaymentMandate"_sv },
                    { CacNs, u"PayerFinancialAccount"_sv }, { CbcNs, u"ID"_sv } }))
            fail(root, u"BR-DE-31"_s, Severity::Fatal, u"BT-91"_s,
                u"A direct debit (BG-19) needs the debited account identifier (BT-91)"_s);
    }

    if (!exists(root, { { CacNs, u"Delivery"_sv }, { CbcNs, u"ActualDeliveryDate"_sv } })
        && !exists(root, { { CacNs, u"InvoicePeriod"_sv } })) {
        bool everyLine = true;
        for (int line : doc.childrenOf(root)) {
            if ((isNamed(line, CacNs, u"InvoiceLine"_sv) || isNamed(line, CacNs, u"CreditNoteLine"_sv))
                && !exists(line, { { CacNs, u"InvoicePeriod"_sv } }))
                everyLine = false;
        }
        if (!everyLine)
            fail(root, u"BR-DE-TMP-32"_s, Severity::Information, u"BT-72"_s,
                u"No delivery or service date is given: neither the actual delivery date (BT-72), the "
                u"invoicing "
                "period (BG-14) nor an invoice line period (BG-26) on every line"_s);
    }

    for (int external : all(root,
             { { CacNs, u"AdditionalDocumentReference"_sv }, { CacNs, u"Attachment"_sv },
                 { CacNs, u"ExternalReference"_sv } })) {
        if (!XRechnungFormats::absoluteUrl(stringValue(first(external, { { CbcNs, u"URI"_sv } }))))
            fail(external, u"BR-TMP-2"_s, Severity::Warning, u"BT-124"_s,
                u"The external document location (BT-124) should be an absolute URL with a scheme (such as "
                "https:)"_s);
    }

    for (int supplier : all(root, { { CacNs, u"AccountingSupplierParty"_sv } })) {
        if (!exists(supplier, { { CacNs, u"Party"_sv }, { CacNs, u"Contact"_sv } }))
            fail(supplier, u"BR-DE-2"_s, Severity::Fatal, u"BG-6"_s,
                u"The seller contact (BG-6) is missing"_s);
        for (int address : all(supplier, { { CacNs, u"Party"_sv }, { CacNs, u"PostalAddress"_sv } }))
            checkAddress(address, u"BR-DE-3"_s, u"BR-DE-4"_s, u"BT-37"_s, u"BT-38"_s, u"seller"_s);
        for (int contact : all(supplier, { { CacNs, u"Party"_sv }, { CacNs, u"Contact"_sv } }))
            checkSellerContact(contact, first(contact, { { CbcNs, u"Telephone"_sv } }),
                first(contact, { { CbcNs, u"ElectronicMail"_sv } }),
                anyWithContent(contact, { { CbcNs, u"Name"_sv } }));
    }
    for (int address : all(root,
             { { CacNs, u"AccountingCustomerParty"_sv }, { CacNs, u"Party"_sv },
                 { CacNs, u"PostalAddress"_sv } }))
        checkAddress(address, u"BR-DE-8"_s, u"BR-DE-9"_s, u"BT-52"_s, u"BT-53"_s, u"buyer"_s);
    for (int address :
        all(root, { { CacNs, u"Delivery"_sv }, { CacNs, u"DeliveryLocation"_sv }, { CacNs, u"Address"_sv } }))
        checkAddress(address, u"BR-DE-10"_s, u"BR-DE-11"_s, u"BT-77"_s, u"BT-78"_s, u"deliver-to"_s);
    for (int means : all(root, { { CacNs, u"PaymentMeans"_sv } }))
        checkUblPaymentMeans(means);
    for (int subtotal : all(root, { { CacNs, u"TaxTotal"_sv }, { CacNs, u"TaxSubtotal"_sv } })) {
        if (!anyWithContent(subtotal, { { CacNs, u"TaxCategory"_sv }, { CbcNs, u"Percent"_sv } }))
            fail(subtotal, u"BR-DE-14"_s, Severity::Fatal, u"BT-119"_s,
                u"The VAT category rate (BT-119) is missing in this VAT breakdown"_s);
    }
}

// BR-DE-19, -20, -23 ... -25: the payment means code decides which of credit transfer (BG-17), card
// (BG-18) and direct debit (BG-19) must be given, and excludes the others.
void XRechnungCiusRules::checkUblPaymentMeans(int means)
{
    const QString code = normalizeSpace(text(first(means, { { CbcNs, u"PaymentMeansCode"_sv } })));
    PaymentGroups groups;
    groups.transfer = exists(means, { { CacNs, u"PayeeFinancialAccount"_sv } });
    groups.card = exists(means, { { CacNs, u"CardAccount"_sv } });
    groups.debit = exists(means, { { CacNs, u"PaymentMandate"_sv } });
    groups.transferOrCardForDebit = groups.transfer || groups.card;
    groups.payeeAccount = first(means, { { CacNs, u"PayeeFinancialAccount"_sv }, { CbcNs, u"ID"_sv } });
    groups.debitedAccount = first(means,
        { { CacNs, u"PaymentMandate"_sv }, { CacNs, u"PayerFinancialAccount"_sv }, { CbcNs, u"ID"_sv } });
    checkPaymentGroups(means, code, groups);
}

// The payment means code decides which group must be given and which must not, the same way in both
// syntaxes; only where each syntax keeps the groups differs (PaymentGroups).
void XRechnungCiusRules::checkPaymentGroups(int means, const QString &code, const PaymentGroups &groups)
{
    if (isCreditTransfer(code)) {
        if (code == u"58"_sv)
            checkIban(means, groups.payeeAccount, u"BR-DE-19"_s, u"BT-84"_s);
        if (!groups.transfer)
            fail(means, u"BR-DE-23-a"_s, Severity::Fatal, u"BG-17"_s,
                u"Payment means %1 is a credit transfer: the credit transfer group (BG-17) is missing"_s.arg(
                    code));
        if (groups.card || groups.debit)
            fail(means, u"BR-DE-23-b"_s, Severity::Fatal, u"BG-17"_s,
                u"Payment means %1 is a credit transfer: card (BG-18) and direct debit (BG-19) information "
                u"must "
                "not be given"_s.arg(code));
    } else if (isCardPayment(code)) {
        if (!groups.card)
            fail(means, u"BR-DE-24-a"_s, Severity::Fatal, u"BG-18"_s,
                u"Payment means %1 is a card payment: the payment card group (BG-18) is missing"_s.arg(code));
        if (groups.transfer || groups.debit)
            fail(means, u"BR-DE-24-b"_s, Severity::Fatal, u"BG-18"_s,
                u"Payment means %1 is a card payment: credit transfer (BG-17) and direct debit (BG-19) "
                "information must not be given"_s.arg(code));
    } else if (code == u"59"_sv) {
        checkIban(means, groups.debitedAccount, u"BR-DE-20"_s, u"BT-91"_s);
        if (!groups.debit)
            fail(means, u"BR-DE-25-a"_s, Severity::Fatal, u"BG-19"_s,
                u"Payment means 59 is a SEPA direct debit: the direct debit group (BG-19) is missing"_s);
        if (groups.transferOrCardForDebit)
            fail(means, u"BR-DE-25-b"_s, Severity::Fatal, u"BG-19"_s,
                u"Payment means 59 is a SEPA direct debit: credit transfer (BG-17) and card (BG-18) "
                u"information "
                "must not be given"_s);
    }
}

// ---------------------------------------------------------------------------------------------- CII

void XRechnungCiusRules::checkCii()
{
    const int transaction = first(root, { { Rsm, u"SupplyChainTradeTransaction"_sv } });
    const int agreement = first(transaction, { { RamNs, u"ApplicableHeaderTradeAgreement"_sv } });

    // CII has no element for the direct debit group: BT-89, BT-90 and BT-91 together make BG-19.
    const std::vector<int> settlements = all(root,
        { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeSettlement"_sv } });
    bool mandateId = false;
    bool creditorId = false;
    bool debitedAccount = false;
    for (int s : settlements) {
        mandateId = mandateId
            || exists(
                s, { { RamNs, u"SpecifiedTradePaymentTerms"_sv }, { RamNs, u"DirectDebitMandateID"_sv } });
        creditorId = creditorId || exists(s, { { RamNs, u"CreditorReferenceID"_sv } });
        debitedAccount = debitedAccount
            || exists(s,
                { { RamNs, u"SpecifiedTradeSettlementPaymentMeans"_sv },
                    { RamNs, u"PayerPartyDebtorFinancialAccount"_sv }, { RamNs, u"IBANID"_sv } });
    }
    // With any of the three given, each rule wants its own term and one of the other two.
    if (mandateId || creditorId || debitedAccount) {
        if (!creditorId || !(mandateId || debitedAccount))
            fail(root, u"BR-DE-30"_s, Severity::Fatal, u"BT-90"_s,
                u"A direct debit (BG-19) needs the bank assigned creditor identifier (BT-90)"_s);
        if (!debitedAccount || !(mandateId || creditorId))
            fail(root, u"BR-DE-31"_s, Severity::Fatal, u"BT-91"_s,
                u"A direct debit (BG-19) needs the debited account identifier (BT-91)"_s);
    }
    if (!exists(root,
            { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
                { RamNs, u"SpecifiedTradeSettlementPaymentMeans"_sv } }))
        fail(root, u"BR-DE-1"_s, Severity::Fatal, u"BG-16"_s,
            u"The payment instructions (BG-16) are missing"_s);
    if (!anyWithContent(root,
            { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeAgreement"_sv },
                { RamNs, u"BuyerReference"_sv } }))
        fail(root, u"BR-DE-15"_s, Severity::Fatal, u"BT-10"_s, u"The buyer reference (BT-10) is missing"_s);

    // BR-DE-16. The artefact asks, over all lines together, whether some line tax is of type VAT and some
    // line tax has one of the categories; for document-level allowances it compares the whole string value
    // of the category element (its type code, category code and rate run together) with "VAT".
    const auto anyText = [this](const std::vector<int> &elements, const auto &test) {
        return std::any_of(elements.begin(), elements.end(), [&](int e) { return test(stringValue(e)); });
    };
    const auto isVat = [](const QString &value) { return value == u"VAT"_sv; };
    const auto lineTaxes = [&](QStringView leaf) {
        return all(root,
            { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"IncludedSupplyChainTradeLineItem"_sv },
                { RamNs, u"SpecifiedLineTradeSettlement"_sv }, { RamNs, u"ApplicableTradeTax"_sv },
                { RamNs, leaf } });
    };
    const std::vector<int> headerTaxes = all(root,
        { { Rsm, u"SupplyChainTradeTransaction"_sv }, { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
            { RamNs, u"SpecifiedTradeAllowanceCharge"_sv }, { RamNs, u"CategoryTradeTax"_sv } });
    std::vector<int> headerCategories;
    for (int tax : headerTaxes) {
        for (int code : all(tax, { { RamNs, u"CategoryCode"_sv } }))
            headerCategories.push_back(code);
    }
    const bool categoryNeedsId = (anyText(lineTaxes(u"TypeCode"_sv), isVat)
                                     && anyText(lineTaxes(u"CategoryCode"_sv), identifiedCategory))
        || (anyText(headerTaxes, isVat) && anyText(headerCategories, identifiedCategory));
    if (categoryNeedsId) {
        bool identified = exists(agreement, { { RamNs, u"SellerTaxRepresentativeTradeParty"_sv } });
        for (int id : all(root,
                 { { Rsm, u"SupplyChainTradeTransaction"_sv },
                     { RamNs, u"ApplicableHeaderTradeAgreement"_sv }, { RamNs, u"SellerTradeParty"_sv },
                     { RamNs, u"SpecifiedTaxRegistration"_sv }, { RamNs, u"ID"_sv } })) {
            const QString scheme = normalizeSpace(attribute(id, u"schemeID"_s));
            identified
                = identified || ((scheme == u"VA"_sv || scheme == u"FC"_sv) && !isBlank(stringValue(id)));
        }
        if (!identified)
            fail(root, u"BR-DE-16"_s, Severity::Fatal, u"BT-31"_s,
                u"VAT categories S, Z, E, AE, K, G, L or M are used, but neither the seller VAT identifier "
                u"(BT-31), "
                "the seller tax registration identifier (BT-32) nor a seller tax representative (BG-11) is given"_s);
    }

    const QString typeCode
        = normalizeSpace(text(first(root, { { Rsm, u"ExchangedDocument"_sv }, { RamNs, u"TypeCode"_sv } })));
    if (!expectedTypeCode(typeCode))
        fail(root, u"BR-DE-17"_s, Severity::Warning, u"BT-3"_s,
            u"The invoice type code (BT-3) is not one XRechnung expects (326, 380, 384, 389, 381, 875, 876, 877)"_s);

    QStringList notes;
    for (int s : settlements) {
        for (int terms : all(s, { { RamNs, u"SpecifiedTradePaymentTerms"_sv } })) {
            const int description = first(terms, { { RamNs, u"Description"_sv } });
            if (description >= 0)
                notes.append(stringValue(description));
        }
    }
    checkSkonto(notes);

    // BR-DE-22 over every referenced document, against its earlier siblings.
    bool repeated = false;
    for (int e = 0; e < doc.elementCount() && !repeated; ++e) {
        if (!isNamed(e, RamNs, u"AdditionalReferencedDocument"_sv))
            continue;
        QSet<QString> earlier;
        for (int sibling : doc.childrenOf(parentOf(e))) {
            if (sibling == e)
                break;
            if (!isNamed(sibling, RamNs, u"AdditionalReferencedDocument"_sv))
                continue;
            for (int object : all(sibling, { { RamNs, u"AttachmentBinaryObject"_sv } })) {
                if (hasAttribute(object, u"filename"_s))
                    earlier.insert(attribute(object, u"filename"_s));
            }
        }
        for (int object : all(e, { { RamNs, u"AttachmentBinaryObject"_sv } }))
            repeated = repeated
                || (hasAttribute(object, u"filename"_s)
                    && earlier.contains(attribute(object, u"filename"_s)));
    }
    if (repeated)
        fail(root, u"BR-DE-22"_s, Severity::Fatal, u"BT-125"_s,
            u"The file names of the attached documents (BT-125) are not unique"_s);

    if (typeCode == u"384"_sv && !std::any_of(settlements.begin(), settlements.end(), [this](int s) {
            return exists(s, { { RamNs, u"InvoiceReferencedDocument"_sv } });
        }))
        fail(root, u"BR-DE-26"_s, Severity::Warning, u"BG-3"_s,
            u"A corrected invoice (type code 384) should reference the preceding invoice (BG-3)"_s);

    for (int context : all(root, { { Rsm, u"ExchangedDocumentContext"_sv } })) {
        const std::vector<int> ids = all(
            context, { { RamNs, u"GuidelineSpecifiedDocumentContextParameter"_sv }, { RamNs, u"ID"_sv } });
        if (std::none_of(ids.begin(), ids.end(), [this](int id) {
                const QString value = stringValue(id);
                return value == SpecificationIds::Cius || value == SpecificationIds::Extension
                    || value == SpecificationIds::Cvd;
            }))
            fail(context, u"BR-DE-21"_s, Severity::Warning, u"BT-24"_s,
                u"The specification identifier (BT-24) should be the XRechnung identifier"_s);
    }

    for (int tx : all(root, { { Rsm, u"SupplyChainTradeTransaction"_sv } })) {
        for (int seller :
            all(tx, { { RamNs, u"ApplicableHeaderTradeAgreement"_sv }, { RamNs, u"SellerTradeParty"_sv } })) {
            if (!exists(seller, { { RamNs, u"DefinedTradeContact"_sv } }))
                fail(seller, u"BR-DE-2"_s, Severity::Fatal, u"BG-6"_s,
                    u"The seller contact (BG-6) is missing"_s);
            for (int address : all(seller, { { RamNs, u"PostalTradeAddress"_sv } }))
                checkAddress(address, u"BR-DE-3"_s, u"BR-DE-4"_s, u"BT-37"_s, u"BT-38"_s, u"seller"_s);
            for (int contact : all(seller, { { RamNs, u"DefinedTradeContact"_sv } }))
                checkSellerContact(contact,
                    first(contact,
                        { { RamNs, u"TelephoneUniversalCommunication"_sv },
                            { RamNs, u"CompleteNumber"_sv } }),
                    first(
                        contact, { { RamNs, u"EmailURIUniversalCommunication"_sv }, { RamNs, u"URIID"_sv } }),
                    anyWithContent(contact, { { RamNs, u"PersonName"_sv } })
                        || anyWithContent(contact, { { RamNs, u"DepartmentName"_sv } }));
        }
        for (int address : all(tx,
                 { { RamNs, u"ApplicableHeaderTradeAgreement"_sv }, { RamNs, u"BuyerTradeParty"_sv },
                     { RamNs, u"PostalTradeAddress"_sv } }))
            checkAddress(address, u"BR-DE-8"_s, u"BR-DE-9"_s, u"BT-52"_s, u"BT-53"_s, u"buyer"_s);
        for (int reference : all(tx,
                 { { RamNs, u"ApplicableHeaderTradeAgreement"_sv },
                     { RamNs, u"AdditionalReferencedDocument"_sv } })) {
            const std::vector<int> types = all(reference, { { RamNs, u"TypeCode"_sv } });
            if (std::none_of(
                    types.begin(), types.end(), [this](int t) { return stringValue(t) == u"916"_sv; }))
                continue;
            const int uri = first(reference, { { RamNs, u"URIID"_sv } });
            if (uri >= 0 && !XRechnungFormats::absoluteUrl(stringValue(uri)))
                fail(reference, u"BR-TMP-2"_s, Severity::Warning, u"BT-124"_s,
                    u"The external document location (BT-124) should be an absolute URL with a scheme (such "
                    u"as "
                    "https:)"_s);
        }
        for (int address : all(tx,
                 { { RamNs, u"ApplicableHeaderTradeDelivery"_sv }, { RamNs, u"ShipToTradeParty"_sv },
                     { RamNs, u"PostalTradeAddress"_sv } }))
            checkAddress(address, u"BR-DE-10"_s, u"BR-DE-11"_s, u"BT-77"_s, u"BT-78"_s, u"deliver-to"_s);
        for (int s : all(tx, { { RamNs, u"ApplicableHeaderTradeSettlement"_sv } })) {
            for (int means : all(s, { { RamNs, u"SpecifiedTradeSettlementPaymentMeans"_sv } }))
                checkCiiPaymentMeans(means);
            for (int tax : all(s, { { RamNs, u"ApplicableTradeTax"_sv } })) {
                if (!anyWithContent(tax, { { RamNs, u"RateApplicablePercent"_sv } }))
                    fail(tax, u"BR-DE-14"_s, Severity::Fatal, u"BT-119"_s,
                        u"The VAT category rate (BT-119) is missing in this VAT breakdown"_s);
            }
        }

        // BR-DE-TMP-32
        const bool delivered
            = exists(tx,
                  { { RamNs, u"ApplicableHeaderTradeDelivery"_sv },
                      { RamNs, u"ActualDeliverySupplyChainEvent"_sv }, { RamNs, u"OccurrenceDateTime"_sv } })
            || exists(tx,
                { { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
                    { RamNs, u"BillingSpecifiedPeriod"_sv } });
        if (!delivered) {
            const std::vector<int> lines = all(tx, { { RamNs, u"IncludedSupplyChainTradeLineItem"_sv } });
            if (std::any_of(lines.begin(), lines.end(), [this](int line) {
                    return !exists(line,
                        { { RamNs, u"SpecifiedLineTradeSettlement"_sv },
                            { RamNs, u"BillingSpecifiedPeriod"_sv } });
                }))
                fail(tx, u"BR-DE-TMP-32"_s, Severity::Information, u"BT-72"_s,
                    u"No delivery or service date is given: neither the actual delivery date (BT-72), the "
                    u"invoicing "
                    "period (BG-14) nor an invoice line period (BG-26) on every line"_s);
        }

        // BR-TMP-3: gross and net price base quantities (BT-149) and their units (BT-150) agree. The
        // quantities are compared as written.
        for (int line : all(tx, { { RamNs, u"IncludedSupplyChainTradeLineItem"_sv } })) {
            const std::vector<int> gross = all(line,
                { { RamNs, u"SpecifiedLineTradeAgreement"_sv }, { RamNs, u"GrossPriceProductTradePrice"_sv },
                    { RamNs, u"BasisQuantity"_sv } });
            const std::vector<int> net = all(line,
                { { RamNs, u"SpecifiedLineTradeAgreement"_sv }, { RamNs, u"NetPriceProductTradePrice"_sv },
                    { RamNs, u"BasisQuantity"_sv } });
            if (gross.empty() || net.empty())
                continue;
            const auto anyPair = [&](const auto &equal) {
                for (int g : gross) {
                    for (int n : net) {
                        if (equal(g, n))
                            return true;
                    }
                }
                return false;
            };
            const bool sameQuantity
                = anyPair([this](int g, int n) { return stringValue(g) == stringValue(n); });
            const auto unitOf = [this](int e) { return attribute(e, u"unitCode"_s); };
            const bool netUnit = std::any_of(
                net.begin(), net.end(), [this](int e) { return hasAttribute(e, u"unitCode"_s); });
            const bool grossUnit = std::any_of(
                gross.begin(), gross.end(), [this](int e) { return hasAttribute(e, u"unitCode"_s); });
            const bool sameUnit = !(netUnit && grossUnit) || anyPair([&](int g, int n) {
                return hasAttribute(g, u"unitCode"_s) && hasAttribute(n, u"unitCode"_s)
                    && unitOf(g) == unitOf(n);
            });
            if (!sameQuantity || !sameUnit)
                fail(line, u"BR-TMP-3"_s, Severity::Fatal, u"BT-149"_s,
                    u"The item price base quantity (BT-149) and its unit (BT-150) must be the same for the "
                    u"gross "
                    "and the net price when both give it"_s);
        }
    }
}

void XRechnungCiusRules::checkCiiPaymentMeans(int means)
{
    const QString code = normalizeSpace(text(first(means, { { RamNs, u"TypeCode"_sv } })));
    PaymentGroups groups;
    groups.transfer = exists(means, { { RamNs, u"PayeePartyCreditorFinancialAccount"_sv } });
    groups.card = exists(means, { { RamNs, u"ApplicableTradeSettlementFinancialCard"_sv } });
    // The direct debit group: the mandate and creditor identifiers anywhere in the document's header
    // settlement, or this means' debited account.
    groups.debit
        = exists(root,
              { { InvoiceReader::CiiNs, u"SupplyChainTradeTransaction"_sv },
                  { RamNs, u"ApplicableHeaderTradeSettlement"_sv },
                  { RamNs, u"SpecifiedTradePaymentTerms"_sv }, { RamNs, u"DirectDebitMandateID"_sv } })
        || exists(root,
            { { InvoiceReader::CiiNs, u"SupplyChainTradeTransaction"_sv },
                { RamNs, u"ApplicableHeaderTradeSettlement"_sv }, { RamNs, u"CreditorReferenceID"_sv } })
        || exists(means, { { RamNs, u"PayerPartyDebtorFinancialAccount"_sv }, { RamNs, u"IBANID"_sv } });
    // In CII, BR-DE-25-b also forbids the payee's and the payer's financial institution beside a direct
    // debit.
    groups.transferOrCardForDebit = groups.transfer || groups.card
        || exists(means, { { RamNs, u"PayeeSpecifiedCreditorFinancialInstitution"_sv } })
        || exists(means, { { RamNs, u"PayerSpecifiedDebtorFinancialInstitution"_sv } });
    groups.payeeAccount
        = first(means, { { RamNs, u"PayeePartyCreditorFinancialAccount"_sv }, { RamNs, u"IBANID"_sv } });
    groups.debitedAccount
        = first(means, { { RamNs, u"PayerPartyDebtorFinancialAccount"_sv }, { RamNs, u"IBANID"_sv } });
    checkPaymentGroups(means, code, groups);
}

} // namespace ades::eu::xrechnung
