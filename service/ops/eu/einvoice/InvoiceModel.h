#pragma once

#include "TermPath.h"

#include <QList>
#include <QString>

namespace ades::eu {

// One business term as found in the document: its text, the qualifying attribute the syntax attaches to
// it (schemeID, currencyID, unitCode, listID), and the XPath it was read from. A term that is absent has
// an empty path.
struct Term
{
    QString value;
    QString qualifier;
    TermPath path;
    bool padded = false; // the document's text had leading or trailing whitespace around `value`
    // The qualifying attribute exists (possibly empty): the UBL artefact tests BR-23 and BR-62 ... BR-65 with
    // exists(@attribute), the CII artefact with a non-empty value.
    bool qualified = false;
    bool isPresent() const { return !path.isEmpty(); }
};

struct Address // BG-5, BG-8, BG-12, BG-15
{
    Term line1;
    Term city;
    Term postCode;
    Term countryCode;
    Term group;
};

struct Contact // BG-6, BG-9
{
    Term name;
    Term telephone;
    Term email;
};

struct Party // BG-4 seller, BG-7 buyer
{
    Term group;
    Term name; // BT-27 / BT-44
    QList<Term> identifiers; // BT-29 / BT-46, scheme in qualifier
    Term legalRegistrationId; // BT-30 / BT-47
    Term vatId; // BT-31 / BT-48
    Term taxRegistrationId; // BT-32 (seller only)
    Term electronicAddress; // BT-34 / BT-49, scheme in qualifier
    Address address; // BG-5 / BG-8
    Contact contact; // BG-6 / BG-9
};

struct Note // BG-1
{
    Term subjectCode; // BT-21
    Term text; // BT-22
};

struct PrecedingInvoice // BG-3
{
    Term reference; // BT-25
    Term issueDate; // BT-26
};

struct SupportingDocument // BG-24
{
    Term group;
    Term reference; // BT-122
    Term description; // BT-123
    Term attachment; // BT-125, mimeCode in qualifier
    Term attachmentFilename; // BT-125 filename
};

struct PaymentMeans // BG-16
{
    Term group;
    Term typeCode; // BT-81
    Term remittanceInformation; // BT-83
    Term accountId; // BT-84
    Term accountName; // BT-85
    Term serviceProvider; // BT-86
    Term cardPan; // BT-87
    Term mandateReference; // BT-89
    Term debitedAccount; // BT-91
};

struct AllowanceCharge // BG-20/BG-21 (document), BG-27/BG-28 (line)
{
    bool isCharge = false;
    Term group;
    Term chargeIndicator; // "true" / "false" as written
    Term amount; // BT-92 / BT-99 / BT-136 / BT-141
    Term baseAmount; // BT-93 / BT-100 / BT-137 / BT-142
    Term percentage; // BT-94 / BT-101 / BT-138 / BT-143
    Term vatCategory; // BT-95 / BT-102
    Term vatRate; // BT-96 / BT-103
    Term vatScheme; // UBL: TaxScheme of the category ("VAT"); CII: the tax TypeCode
    Term reason; // BT-97 / BT-104 / BT-139 / BT-144
    Term reasonCode; // BT-98 / BT-105 / BT-140 / BT-145
};

struct VatBreakdown // BG-23
{
    Term group;
    Term taxableAmount; // BT-116
    Term taxAmount; // BT-117
    Term category; // BT-118
    Term rate; // BT-119
    Term vatScheme; // UBL: TaxScheme of the category ("VAT"); CII: the tax TypeCode
    Term exemptionReason; // BT-120
    Term exemptionReasonCode; // BT-121
};

struct InvoiceLine // BG-25
{
    Term group;
    Term id; // BT-126
    Term quantity; // BT-129, unit (BT-130) in qualifier
    Term netAmount; // BT-131
    Term netPrice; // BT-146
    Term priceDiscount; // BT-147
    Term grossPrice; // BT-148
    Term baseQuantity; // BT-149
    Term vatCategory; // BT-151
    Term vatRate; // BT-152
    Term vatScheme; // UBL: the TaxScheme of BT-151's category ("VAT"); CII: the tax TypeCode
    Term itemName; // BT-153
    Term standardIdentifier; // BT-157, scheme in qualifier
    QList<Term> classifications; // BT-158, listID in qualifier
    Term periodStart; // BT-134
    Term periodEnd; // BT-135
    QList<AllowanceCharge> allowances; // BG-27
    QList<AllowanceCharge> charges; // BG-28
};

struct DocumentTotals // BG-22
{
    Term group;
    Term lineTotal; // BT-106
    Term allowanceTotal; // BT-107
    Term chargeTotal; // BT-108
    Term taxExclusive; // BT-109
    Term taxTotal; // BT-110 (in BT-5)
    Term taxTotalAccounting; // BT-111 (in BT-6)
    QList<Term> taxAmounts; // every TaxTotal/TaxAmount (UBL) or TaxTotalAmount (CII), in any currency
    Term taxInclusive; // BT-112
    Term prepaid; // BT-113
    Term rounding; // BT-114
    Term payable; // BT-115
};

// The EN 16931 semantic model of one invoice or credit note, whatever syntax it came in.
struct InvoiceModel
{
    enum class Syntax
    {
        Ubl,
        Cii,
    };

    Syntax syntax = Syntax::Ubl;
    QString rootPath; // "/Invoice", "/CreditNote" or "/rsm:CrossIndustryInvoice"

    Term invoiceNumber; // BT-1
    Term issueDate; // BT-2
    Term typeCode; // BT-3
    Term currency; // BT-5
    Term vatAccountingCurrency; // BT-6
    Term vatPointDate; // BT-7
    Term vatPointDateCode; // BT-8
    Term dueDate; // BT-9
    Term buyerReference; // BT-10
    Term projectReference; // BT-11
    // BT-18, the invoiced object identifier, with its scheme (BT-18-1) as qualifier. Both syntaxes carry it
    // as a reference document with type code 130, which is therefore not a supporting document (BG-24).
    Term invoicedObjectId;
    Term contractReference; // BT-12
    Term purchaseOrderReference; // BT-13
    Term salesOrderReference; // BT-14
    Term buyerAccountingReference; // BT-19
    Term paymentTerms; // BT-20
    // BT-90, the SEPA creditor identifier of a direct debit. UBL carries it as a seller (or payee) party
    // identifier with scheme SEPA, which therefore also stays among seller.identifiers, where the artefact's
    // rules on BT-29 see it too.
    Term creditorReference;
    QList<Note> notes; // BG-1
    Term businessProcess; // BT-23
    Term specificationId; // BT-24
    QList<PrecedingInvoice> precedingInvoices; // BG-3

    Party seller; // BG-4
    Party buyer; // BG-7
    Term payee; // BG-10
    Term payeeName; // BT-59
    Term taxRepresentative; // BG-11
    Term taxRepresentativeName; // BT-62
    Term taxRepresentativeVatId; // BT-63
    Address taxRepresentativeAddress; // BG-12
    QList<SupportingDocument> supportingDocuments; // BG-24

    Term actualDeliveryDate; // BT-72
    Term invoicingPeriodStart; // BT-73
    Term invoicingPeriodEnd; // BT-74
    Address deliverTo; // BG-15

    QList<PaymentMeans> paymentMeans; // BG-16
    QList<AllowanceCharge> allowances; // BG-20
    QList<AllowanceCharge> charges; // BG-21
    DocumentTotals totals; // BG-22
    QList<VatBreakdown> vatBreakdowns; // BG-23
    QList<InvoiceLine> lines; // BG-25
};

} // namespace ades::eu
