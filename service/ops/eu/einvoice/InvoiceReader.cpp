#include "InvoiceReader.h"

#include <QVarLengthArray>
#include <algorithm>
#include <array>

using namespace Qt::StringLiterals;

namespace ades::eu {

const QString InvoiceReader::UblInvoiceNs = u"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"_s;
const QString InvoiceReader::UblCreditNoteNs = u"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"_s;
const QString InvoiceReader::CiiNs = u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s;

namespace {

const QString Cac = u"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"_s;
const QString Cbc = u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s;
const QString Ram = u"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"_s;
const QString Udt = u"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"_s;
const QString Qdt = u"urn:un:unece:uncefact:data:standard:QualifiedDataType:100"_s;

// XPath's normalize-space() strips only XML whitespace (space, tab, CR, LF); QString::trimmed() would also
// strip no-break and other Unicode spaces, which the artefacts count as content.
QStringView xmlTrimmed(QStringView text)
{
    auto isXmlSpace = [](QChar c) { return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n'; };
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && isXmlSpace(text[begin]))
        ++begin;
    while (end > begin && isXmlSpace(text[end - 1]))
        --end;
    return text.mid(begin, end - begin);
}

// A path of the mapping as written in the source, "cac:A/cbc:B": only string literals convert to it, so its
// address names it for the life of the process and can key the per-thread table of split paths.
struct PathLiteral
{
    template <size_t N>
    PathLiteral(const char16_t (&path)[N]) // NOLINT(google-explicit-constructor): reads like the literal
        : text(path)
        , size(qsizetype(N - 1))
    { }

    QStringView view() const { return QStringView(text, size); }

    const char16_t *text;
    qsizetype size;
};

// Small navigation helper: paths are "cac:A/cbc:B" relative to a context element, first match per step.
class Nav
{
public:
    explicit Nav(std::shared_ptr<const XmlDocument> doc)
        : m_doc(*doc)
        , m_shared(std::move(doc))
    { }

    // The prefixes are fixed three-letter names: comparing characters beats six string comparisons.
    static const QString &nsOf(QStringView prefix)
    {
        if (prefix.size() == 3) {
            const char16_t a = prefix[0].unicode();
            const char16_t b = prefix[1].unicode();
            const char16_t c = prefix[2].unicode();
            if (a == u'c' && b == u'a' && c == u'c')
                return Cac;
            if (a == u'c' && b == u'b' && c == u'c')
                return Cbc;
            if (a == u'u' && b == u'd' && c == u't')
                return Udt;
            if (a == u'q' && b == u'd' && c == u't')
                return Qdt;
            if (a == u'r' && b == u's' && c == u'm')
                return InvoiceReader::CiiNs;
        }
        return Ram;
    }

    // One step "prefix:name" of a path: a step without a colon is its own prefix and name, as
    // QStringView::left(-1) had it.
    static void splitStep(QStringView step, QStringView &prefix, QStringView &name)
    {
        const char16_t *begin = step.utf16();
        const char16_t *const end = begin + step.size();
        for (const char16_t *c = begin; c != end; ++c) {
            if (*c == u':') {
                prefix = QStringView(begin, c);
                name = QStringView(c + 1, end);
                return;
            }
        }
        prefix = step;
        name = step;
    }

    // The first child along each step of `path`, or -1.
    int find(int context, PathLiteral path) const
    {
        const SplitPath &split = splitPath(path);
        if (!split.fits)
            return findUnsplit(context, path.view());
        int current = context;
        for (int i = 0; i < split.count && current >= 0; ++i)
            current = m_doc.child(current, *split.steps[size_t(i)].ns, split.steps[size_t(i)].name);
        return current < 0 ? -1 : current;
    }

    // Elements found by all(): a few at most in almost every invoice, so kept inline instead of a vector
    // allocated per call.
    using Elements = QVarLengthArray<int, 16>;

    // All children named by the last step, under the first match of the steps before it.
    Elements all(int context, PathLiteral path) const
    {
        const SplitPath &split = splitPath(path);
        if (!split.fits)
            return allUnsplit(context, path.view());
        int parent = context;
        for (int i = 0; i + 1 < split.count && parent >= 0; ++i)
            parent = m_doc.child(parent, *split.steps[size_t(i)].ns, split.steps[size_t(i)].name);
        const SplitPath::Step &last = split.steps[size_t(split.count - 1)];
        return childrenNamed(parent, *last.ns, last.name);
    }

    Term termAt(int element, const QString &qualifierName = {}) const
    {
        Term t;
        if (element < 0)
            return t;
        const QString &text = m_doc.element(element).text;
        // Most values carry no surrounding whitespace: then the term shares the element's string instead of
        // copying it (an allocation per term).
        const QStringView trimmed = xmlTrimmed(text);
        t.padded = trimmed.size() != text.size();
        t.value = t.padded ? trimmed.toString() : text;
        t.path = TermPath(m_shared, element);
        if (!qualifierName.isEmpty()) {
            t.qualifier = m_doc.attribute(element, qualifierName);
            t.qualified = m_doc.hasAttribute(element, qualifierName);
        }
        return t;
    }

    Term term(int context, PathLiteral path, const QString &qualifierName = {}) const
    {
        return termAt(find(context, path), qualifierName);
    }

    const XmlDocument &doc() const { return m_doc; }

private:
    // A path literal split into its steps, each step's namespace settled: the reader makes some eighty
    // lookups per CII invoice, and splitting the same literals character by character each time cost as
    // much as the lookups themselves.
    struct SplitPath
    {
        struct Step
        {
            const QString *ns = nullptr;
            QStringView name;
        };
        static constexpr int MaxSteps = 6; // the mapping's paths have at most four
        const char16_t *key = nullptr;
        bool fits = false; // false: more steps than MaxSteps, walked unsplit
        int count = 0;
        std::array<Step, MaxSteps> steps;
    };

    // The thread's table of split paths, found by the literal's address with linear probing: the mapping has
    // a fixed set of a few hundred literals, so the table fills once (a direct-mapped one kept evicting the
    // pairs that shared a slot). Cleared should it ever fill up.
    static const SplitPath &splitPath(PathLiteral path)
    {
        constexpr size_t Slots = 512;
        constexpr int MaxProbes = 8;
        thread_local std::vector<SplitPath> table(Slots); // allocated by the threads that read invoices
        const size_t home = size_t((quint64(quintptr(path.text)) * 0x9E3779B97F4A7C15ull) >> 55);
        SplitPath *free = nullptr;
        for (int probe = 0; probe < MaxProbes; ++probe) {
            SplitPath &candidate = table[(home + size_t(probe)) % Slots];
            if (candidate.key == path.text)
                return candidate;
            if (!candidate.key) {
                free = &candidate;
                break;
            }
        }
        if (!free) {
            std::fill(table.begin(), table.end(), SplitPath());
            free = &table[home];
        }
        SplitPath &split = *free;
        split = SplitPath();
        split.key = path.text;
        split.fits = true;
        const char16_t *from = path.text;
        const char16_t *const end = from + path.size;
        for (;;) {
            const char16_t *to = from;
            while (to != end && *to != u'/')
                ++to;
            if (split.count == SplitPath::MaxSteps) {
                split.fits = false;
                break;
            }
            QStringView prefix;
            QStringView name;
            splitStep(QStringView(from, to), prefix, name);
            split.steps[size_t(split.count++)] = { &nsOf(prefix), name };
            if (to == end)
                break;
            from = to + 1;
        }
        return split;
    }

    // Walks the path by hand, splitting as it goes (paths longer than SplitPath::MaxSteps).
    int findUnsplit(int context, QStringView path) const
    {
        int current = context;
        const char16_t *from = path.utf16();
        const char16_t *const end = from + path.size();
        for (;;) {
            if (current < 0)
                return -1;
            const char16_t *to = from;
            while (to != end && *to != u'/')
                ++to;
            QStringView prefix;
            QStringView name;
            splitStep(QStringView(from, to), prefix, name);
            current = m_doc.child(current, nsOf(prefix), name);
            if (to == end)
                return current;
            from = to + 1;
        }
    }

    // XmlDocument::children into an inline array.
    Elements childrenNamed(int parent, QStringView ns, QStringView name) const
    {
        Elements found;
        if (parent < 0)
            return found;
        for (int c : m_doc.childrenOf(parent)) {
            const XmlElement &e = m_doc.element(c);
            if (sameText(e.name, name) && sameText(e.ns, ns))
                found.append(c);
        }
        return found;
    }

    Elements allUnsplit(int context, QStringView path) const
    {
        const qsizetype slash = path.lastIndexOf(u'/');
        const int parent = slash < 0 ? context : findUnsplit(context, path.left(slash));
        const QStringView last = slash < 0 ? path : path.mid(slash + 1);
        QStringView prefix;
        QStringView name;
        splitStep(last, prefix, name);
        return childrenNamed(parent, nsOf(prefix), name);
    }

    const XmlDocument &m_doc;
    std::shared_ptr<const XmlDocument> m_shared; // for the terms' paths
};

// ---- UBL ----------------------------------------------------------------------------------------------

Address ublAddress(const Nav &n, int address)
{
    Address a;
    a.group = n.termAt(address);
    a.line1 = n.term(address, u"cbc:StreetName");
    a.city = n.term(address, u"cbc:CityName");
    a.postCode = n.term(address, u"cbc:PostalZone");
    a.countryCode = n.term(address, u"cac:Country/cbc:IdentificationCode");
    return a;
}

Party ublParty(const Nav &n, int party)
{
    Party p;
    p.group = n.termAt(party);
    p.name = n.term(party, u"cac:PartyLegalEntity/cbc:RegistrationName");
    for (int id : n.all(party, u"cac:PartyIdentification"))
        p.identifiers.append(n.term(id, u"cbc:ID", u"schemeID"_s));
    p.legalRegistrationId = n.term(party, u"cac:PartyLegalEntity/cbc:CompanyID", u"schemeID"_s);
    for (int scheme : n.all(party, u"cac:PartyTaxScheme")) {
        const int schemeId = n.find(scheme, u"cac:TaxScheme/cbc:ID");
        // The artefact compares the scheme upper-cased (PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']).
        const bool isVat = schemeId >= 0 && n.doc().element(schemeId).text.trimmed().toUpper() == u"VAT";
        Term &target = isVat ? p.vatId : p.taxRegistrationId;
        if (!target.isPresent())
            target = n.term(scheme, u"cbc:CompanyID");
    }
    p.electronicAddress = n.term(party, u"cbc:EndpointID", u"schemeID"_s);
    p.address = ublAddress(n, n.find(party, u"cac:PostalAddress"));
    const int contact = n.find(party, u"cac:Contact");
    p.contact.name = n.term(contact, u"cbc:Name");
    p.contact.telephone = n.term(contact, u"cbc:Telephone");
    p.contact.email = n.term(contact, u"cbc:ElectronicMail");
    return p;
}

AllowanceCharge ublAllowanceCharge(const Nav &n, int element, bool withTax)
{
    AllowanceCharge ac;
    ac.group = n.termAt(element);
    ac.chargeIndicator = n.term(element, u"cbc:ChargeIndicator");
    // XPath casts "1" to true as well (the artefacts compare the indicator with true()).
    ac.isCharge = ac.chargeIndicator.value == u"true" || ac.chargeIndicator.value == u"1";
    ac.amount = n.term(element, u"cbc:Amount", u"currencyID"_s);
    ac.baseAmount = n.term(element, u"cbc:BaseAmount", u"currencyID"_s);
    ac.percentage = n.term(element, u"cbc:MultiplierFactorNumeric");
    if (withTax) {
        ac.vatCategory = n.term(element, u"cac:TaxCategory/cbc:ID");
        ac.vatRate = n.term(element, u"cac:TaxCategory/cbc:Percent");
        ac.vatScheme = n.term(element, u"cac:TaxCategory/cac:TaxScheme/cbc:ID");
    }
    ac.reason = n.term(element, u"cbc:AllowanceChargeReason");
    ac.reasonCode = n.term(element, u"cbc:AllowanceChargeReasonCode");
    return ac;
}

void readUbl(const Nav &n, int root, InvoiceModel &m)
{
    const bool credit = n.doc().element(root).ns == InvoiceReader::UblCreditNoteNs;
    m.syntax = InvoiceModel::Syntax::Ubl;
    m.rootPath = credit ? u"/CreditNote"_s : u"/Invoice"_s;
    m.specificationId = n.term(root, u"cbc:CustomizationID");
    m.businessProcess = n.term(root, u"cbc:ProfileID");
    m.invoiceNumber = n.term(root, u"cbc:ID");
    m.issueDate = n.term(root, u"cbc:IssueDate");
    m.typeCode = credit ? n.term(root, u"cbc:CreditNoteTypeCode") : n.term(root, u"cbc:InvoiceTypeCode");
    m.currency = n.term(root, u"cbc:DocumentCurrencyCode");
    m.vatAccountingCurrency = n.term(root, u"cbc:TaxCurrencyCode");
    m.vatPointDate = n.term(root, u"cbc:TaxPointDate");
    m.vatPointDateCode = n.term(root, u"cac:InvoicePeriod/cbc:DescriptionCode");
    m.dueDate = credit ? n.term(root, u"cac:PaymentMeans/cbc:PaymentDueDate") : n.term(root, u"cbc:DueDate");
    m.buyerReference = n.term(root, u"cbc:BuyerReference");
    m.projectReference = n.term(root, u"cac:ProjectReference/cbc:ID");
    m.contractReference = n.term(root, u"cac:ContractDocumentReference/cbc:ID");
    m.purchaseOrderReference = n.term(root, u"cac:OrderReference/cbc:ID");
    m.salesOrderReference = n.term(root, u"cac:OrderReference/cbc:SalesOrderID");
    m.buyerAccountingReference = n.term(root, u"cbc:AccountingCost");
    m.paymentTerms = n.term(root, u"cac:PaymentTerms/cbc:Note");
    for (int note : n.all(root, u"cbc:Note")) {
        Note nt;
        nt.text = n.termAt(note);
        // UBL carries BT-21 as a "#CODE#" prefix of the note text.
        const QString &text = nt.text.value;
        if (text.startsWith(u'#')) {
            const qsizetype end = text.indexOf(u'#', 1);
            if (end > 1) {
                nt.subjectCode = nt.text;
                nt.subjectCode.value = text.mid(1, end - 1);
                nt.text.value = text.mid(end + 1);
            }
        }
        m.notes.append(nt);
    }
    for (int ref : n.all(root, u"cac:BillingReference")) {
        PrecedingInvoice p;
        p.reference = n.term(ref, u"cac:InvoiceDocumentReference/cbc:ID");
        p.issueDate = n.term(ref, u"cac:InvoiceDocumentReference/cbc:IssueDate");
        m.precedingInvoices.append(p);
    }
    m.seller = ublParty(n, n.find(root, u"cac:AccountingSupplierParty/cac:Party"));
    m.buyer = ublParty(n, n.find(root, u"cac:AccountingCustomerParty/cac:Party"));
    // The party group is the UBL wrapper: the artefact's seller rules (BR-CO-26) take it as their context.
    m.seller.group = n.term(root, u"cac:AccountingSupplierParty");
    m.buyer.group = n.term(root, u"cac:AccountingCustomerParty");
    for (const PathLiteral party :
        { PathLiteral(u"cac:AccountingSupplierParty/cac:Party"), PathLiteral(u"cac:PayeeParty") }) {
        for (int identification : n.all(n.find(root, party), u"cac:PartyIdentification")) {
            const Term candidate = n.term(identification, u"cbc:ID", u"schemeID"_s);
            if (candidate.qualifier == u"SEPA" && !m.creditorReference.isPresent())
                m.creditorReference = candidate;
        }
    }
    m.payee = n.term(root, u"cac:PayeeParty");
    m.payeeName = n.term(root, u"cac:PayeeParty/cac:PartyName/cbc:Name");
    const int rep = n.find(root, u"cac:TaxRepresentativeParty");
    m.taxRepresentative = n.termAt(rep);
    m.taxRepresentativeName = n.term(rep, u"cac:PartyName/cbc:Name");
    // BT-63 is the CompanyID of the representative's PartyTaxScheme in the VAT scheme (BR-56's test).
    for (int scheme : n.all(rep, u"cac:PartyTaxScheme")) {
        const int schemeId = n.find(scheme, u"cac:TaxScheme/cbc:ID");
        if (schemeId >= 0 && n.doc().element(schemeId).text.trimmed().toUpper() == u"VAT"
            && !m.taxRepresentativeVatId.isPresent())
            m.taxRepresentativeVatId = n.term(scheme, u"cbc:CompanyID");
    }
    m.taxRepresentativeAddress = ublAddress(n, n.find(rep, u"cac:PostalAddress"));
    for (int ref : n.all(root, u"cac:AdditionalDocumentReference")) {
        // Type code 130 is BT-18, and on a credit note 50 is the project reference BT-11 (EN 16931-3-2);
        // only the others are BG-24.
        const QString type = n.term(ref, u"cbc:DocumentTypeCode").value.trimmed();
        if (type == u"130") {
            if (!m.invoicedObjectId.isPresent())
                m.invoicedObjectId = n.term(ref, u"cbc:ID", u"schemeID"_s);
            continue;
        }
        if (credit && type == u"50") {
            if (!m.projectReference.isPresent())
                m.projectReference = n.term(ref, u"cbc:ID");
            continue;
        }
        SupportingDocument d;
        d.group = n.termAt(ref);
        d.reference = n.term(ref, u"cbc:ID");
        d.description = n.term(ref, u"cbc:DocumentDescription");
        d.attachment = n.term(ref, u"cac:Attachment/cbc:EmbeddedDocumentBinaryObject", u"mimeCode"_s);
        const int object = n.find(ref, u"cac:Attachment/cbc:EmbeddedDocumentBinaryObject");
        if (object >= 0 && n.doc().hasAttribute(object, u"filename"_s)) {
            d.attachmentFilename = d.attachment;
            d.attachmentFilename.value = n.doc().attribute(object, u"filename"_s);
        }
        m.supportingDocuments.append(d);
    }
    m.actualDeliveryDate = n.term(root, u"cac:Delivery/cbc:ActualDeliveryDate");
    m.invoicingPeriodStart = n.term(root, u"cac:InvoicePeriod/cbc:StartDate");
    m.invoicingPeriodEnd = n.term(root, u"cac:InvoicePeriod/cbc:EndDate");
    m.deliverTo = ublAddress(n, n.find(root, u"cac:Delivery/cac:DeliveryLocation/cac:Address"));
    for (int pm : n.all(root, u"cac:PaymentMeans")) {
        PaymentMeans p;
        p.group = n.termAt(pm);
        p.typeCode = n.term(pm, u"cbc:PaymentMeansCode");
        p.remittanceInformation = n.term(pm, u"cbc:PaymentID");
        p.accountId = n.term(pm, u"cac:PayeeFinancialAccount/cbc:ID");
        p.accountName = n.term(pm, u"cac:PayeeFinancialAccount/cbc:Name");
        p.serviceProvider = n.term(pm, u"cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID");
        p.cardPan = n.term(pm, u"cac:CardAccount/cbc:PrimaryAccountNumberID");
        p.mandateReference = n.term(pm, u"cac:PaymentMandate/cbc:ID");
        p.debitedAccount = n.term(pm, u"cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID");
        m.paymentMeans.append(p);
    }
    for (int ac : n.all(root, u"cac:AllowanceCharge")) {
        const AllowanceCharge a = ublAllowanceCharge(n, ac, true);
        (a.isCharge ? m.charges : m.allowances).append(a);
    }
    const int lmt = n.find(root, u"cac:LegalMonetaryTotal");
    m.totals.group = n.termAt(lmt);
    m.totals.lineTotal = n.term(lmt, u"cbc:LineExtensionAmount", u"currencyID"_s);
    m.totals.allowanceTotal = n.term(lmt, u"cbc:AllowanceTotalAmount", u"currencyID"_s);
    m.totals.chargeTotal = n.term(lmt, u"cbc:ChargeTotalAmount", u"currencyID"_s);
    m.totals.taxExclusive = n.term(lmt, u"cbc:TaxExclusiveAmount", u"currencyID"_s);
    m.totals.taxInclusive = n.term(lmt, u"cbc:TaxInclusiveAmount", u"currencyID"_s);
    m.totals.prepaid = n.term(lmt, u"cbc:PrepaidAmount", u"currencyID"_s);
    m.totals.rounding = n.term(lmt, u"cbc:PayableRoundingAmount", u"currencyID"_s);
    m.totals.payable = n.term(lmt, u"cbc:PayableAmount", u"currencyID"_s);
    for (int tt : n.all(root, u"cac:TaxTotal")) {
        const Term amount = n.term(tt, u"cbc:TaxAmount", u"currencyID"_s);
        if (amount.isPresent())
            m.totals.taxAmounts.append(amount);
        // @currencyID = BT-5 is false when either side is missing.
        if (m.currency.isPresent() && amount.qualifier == m.currency.value && !m.totals.taxTotal.isPresent())
            m.totals.taxTotal = amount;
        else if (m.vatAccountingCurrency.isPresent() && amount.qualifier == m.vatAccountingCurrency.value)
            m.totals.taxTotalAccounting = amount;
        for (int ts : n.all(tt, u"cac:TaxSubtotal")) {
            VatBreakdown b;
            b.group = n.termAt(ts);
            b.taxableAmount = n.term(ts, u"cbc:TaxableAmount", u"currencyID"_s);
            b.taxAmount = n.term(ts, u"cbc:TaxAmount", u"currencyID"_s);
            b.category = n.term(ts, u"cac:TaxCategory/cbc:ID");
            b.rate = n.term(ts, u"cac:TaxCategory/cbc:Percent");
            b.vatScheme = n.term(ts, u"cac:TaxCategory/cac:TaxScheme/cbc:ID");
            b.exemptionReason = n.term(ts, u"cac:TaxCategory/cbc:TaxExemptionReason");
            b.exemptionReasonCode = n.term(ts, u"cac:TaxCategory/cbc:TaxExemptionReasonCode");
            m.vatBreakdowns.append(b);
        }
    }
    // The artefact takes InvoiceLine and CreditNoteLine as lines in either document type.
    for (int le : n.doc().childrenOf(root)) {
        const XmlElement &lineElement = n.doc().element(le);
        const bool creditLine = lineElement.name == u"CreditNoteLine";
        if (lineElement.ns != Cac || (!creditLine && lineElement.name != u"InvoiceLine"))
            continue;
        InvoiceLine l;
        l.group = n.termAt(le);
        l.id = n.term(le, u"cbc:ID");
        // BR-22/BR-23 accept either quantity element on either line type.
        l.quantity
            = n.term(le, creditLine ? u"cbc:CreditedQuantity" : u"cbc:InvoicedQuantity", u"unitCode"_s);
        if (!l.quantity.isPresent())
            l.quantity
                = n.term(le, creditLine ? u"cbc:InvoicedQuantity" : u"cbc:CreditedQuantity", u"unitCode"_s);
        l.netAmount = n.term(le, u"cbc:LineExtensionAmount", u"currencyID"_s);
        l.netPrice = n.term(le, u"cac:Price/cbc:PriceAmount", u"currencyID"_s);
        l.priceDiscount = n.term(le, u"cac:Price/cac:AllowanceCharge/cbc:Amount", u"currencyID"_s);
        l.grossPrice = n.term(le, u"cac:Price/cac:AllowanceCharge/cbc:BaseAmount", u"currencyID"_s);
        l.baseQuantity = n.term(le, u"cac:Price/cbc:BaseQuantity", u"unitCode"_s);
        l.vatCategory = n.term(le, u"cac:Item/cac:ClassifiedTaxCategory/cbc:ID");
        l.vatRate = n.term(le, u"cac:Item/cac:ClassifiedTaxCategory/cbc:Percent");
        l.vatScheme = n.term(le, u"cac:Item/cac:ClassifiedTaxCategory/cac:TaxScheme/cbc:ID");
        l.itemName = n.term(le, u"cac:Item/cbc:Name");
        l.standardIdentifier = n.term(le, u"cac:Item/cac:StandardItemIdentification/cbc:ID", u"schemeID"_s);
        for (int c : n.all(le, u"cac:Item/cac:CommodityClassification"))
            l.classifications.append(n.term(c, u"cbc:ItemClassificationCode", u"listID"_s));
        l.periodStart = n.term(le, u"cac:InvoicePeriod/cbc:StartDate");
        l.periodEnd = n.term(le, u"cac:InvoicePeriod/cbc:EndDate");
        for (int ac : n.all(le, u"cac:AllowanceCharge")) {
            const AllowanceCharge a = ublAllowanceCharge(n, ac, false);
            (a.isCharge ? l.charges : l.allowances).append(a);
        }
        m.lines.append(l);
    }
}

// ---- CII ----------------------------------------------------------------------------------------------

Address ciiAddress(const Nav &n, int address)
{
    Address a;
    a.group = n.termAt(address);
    a.line1 = n.term(address, u"ram:LineOne");
    a.city = n.term(address, u"ram:CityName");
    a.postCode = n.term(address, u"ram:PostcodeCode");
    a.countryCode = n.term(address, u"ram:CountryID");
    return a;
}

Party ciiParty(const Nav &n, int party)
{
    Party p;
    p.group = n.termAt(party);
    p.name = n.term(party, u"ram:Name");
    for (int id : n.all(party, u"ram:ID"))
        p.identifiers.append(n.termAt(id, u"schemeID"_s));
    for (int id : n.all(party, u"ram:GlobalID"))
        p.identifiers.append(n.termAt(id, u"schemeID"_s));
    p.legalRegistrationId = n.term(party, u"ram:SpecifiedLegalOrganization/ram:ID", u"schemeID"_s);
    for (int reg : n.all(party, u"ram:SpecifiedTaxRegistration")) {
        const Term id = n.term(reg, u"ram:ID", u"schemeID"_s);
        if (id.qualifier == u"VA" && !p.vatId.isPresent())
            p.vatId = id;
        else if (id.qualifier == u"FC" && !p.taxRegistrationId.isPresent())
            p.taxRegistrationId = id;
    }
    p.electronicAddress = n.term(party, u"ram:URIUniversalCommunication/ram:URIID", u"schemeID"_s);
    p.address = ciiAddress(n, n.find(party, u"ram:PostalTradeAddress"));
    const int contact = n.find(party, u"ram:DefinedTradeContact");
    p.contact.name = n.term(contact, u"ram:PersonName");
    p.contact.telephone = n.term(contact, u"ram:TelephoneUniversalCommunication/ram:CompleteNumber");
    p.contact.email = n.term(contact, u"ram:EmailURIUniversalCommunication/ram:URIID");
    return p;
}

AllowanceCharge ciiAllowanceCharge(const Nav &n, int element, bool withTax)
{
    AllowanceCharge ac;
    ac.group = n.termAt(element);
    ac.chargeIndicator = n.term(element, u"ram:ChargeIndicator/udt:Indicator");
    ac.isCharge = ac.chargeIndicator.value == u"true";
    ac.amount = n.term(element, u"ram:ActualAmount");
    ac.baseAmount = n.term(element, u"ram:BasisAmount");
    ac.percentage = n.term(element, u"ram:CalculationPercent");
    if (withTax) {
        ac.vatCategory = n.term(element, u"ram:CategoryTradeTax/ram:CategoryCode");
        ac.vatRate = n.term(element, u"ram:CategoryTradeTax/ram:RateApplicablePercent");
        ac.vatScheme = n.term(element, u"ram:CategoryTradeTax/ram:TypeCode");
    }
    ac.reason = n.term(element, u"ram:Reason");
    ac.reasonCode = n.term(element, u"ram:ReasonCode");
    return ac;
}

Term ciiDate(const Nav &n, int context, PathLiteral path)
{
    return n.term(context, path, u"format"_s);
}

void readCii(const Nav &n, int root, InvoiceModel &m)
{
    m.syntax = InvoiceModel::Syntax::Cii;
    m.rootPath = u"/rsm:CrossIndustryInvoice"_s;
    const int ctx = n.find(root, u"rsm:ExchangedDocumentContext");
    const int ed = n.find(root, u"rsm:ExchangedDocument");
    const int t = n.find(root, u"rsm:SupplyChainTradeTransaction");
    const int agr = n.find(t, u"ram:ApplicableHeaderTradeAgreement");
    const int del = n.find(t, u"ram:ApplicableHeaderTradeDelivery");
    const int set = n.find(t, u"ram:ApplicableHeaderTradeSettlement");
    m.specificationId = n.term(ctx, u"ram:GuidelineSpecifiedDocumentContextParameter/ram:ID");
    m.businessProcess = n.term(ctx, u"ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID");
    m.invoiceNumber = n.term(ed, u"ram:ID");
    m.issueDate = ciiDate(n, ed, u"ram:IssueDateTime/udt:DateTimeString");
    m.typeCode = n.term(ed, u"ram:TypeCode");
    m.currency = n.term(set, u"ram:InvoiceCurrencyCode");
    m.vatAccountingCurrency = n.term(set, u"ram:TaxCurrencyCode");
    m.vatPointDate = n.term(set, u"ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString", u"format"_s);
    m.vatPointDateCode = n.term(set, u"ram:ApplicableTradeTax/ram:DueDateTypeCode");
    m.dueDate = ciiDate(n, set, u"ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString");
    m.buyerReference = n.term(agr, u"ram:BuyerReference");
    m.projectReference = n.term(agr, u"ram:SpecifiedProcuringProject/ram:ID");
    m.contractReference = n.term(agr, u"ram:ContractReferencedDocument/ram:IssuerAssignedID");
    m.purchaseOrderReference = n.term(agr, u"ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID");
    m.salesOrderReference = n.term(agr, u"ram:SellerOrderReferencedDocument/ram:IssuerAssignedID");
    m.buyerAccountingReference = n.term(set, u"ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID");
    m.paymentTerms = n.term(set, u"ram:SpecifiedTradePaymentTerms/ram:Description");
    m.creditorReference = n.term(set, u"ram:CreditorReferenceID");
    for (int note : n.all(ed, u"ram:IncludedNote")) {
        Note nt;
        nt.text = n.term(note, u"ram:Content");
        nt.subjectCode = n.term(note, u"ram:SubjectCode");
        m.notes.append(nt);
    }
    for (int ref : n.all(set, u"ram:InvoiceReferencedDocument")) {
        PrecedingInvoice p;
        p.reference = n.term(ref, u"ram:IssuerAssignedID");
        p.issueDate = n.term(ref, u"ram:FormattedIssueDateTime/qdt:DateTimeString", u"format"_s);
        m.precedingInvoices.append(p);
    }
    m.seller = ciiParty(n, n.find(agr, u"ram:SellerTradeParty"));
    m.buyer = ciiParty(n, n.find(agr, u"ram:BuyerTradeParty"));
    m.payee = n.term(set, u"ram:PayeeTradeParty");
    m.payeeName = n.term(set, u"ram:PayeeTradeParty/ram:Name");
    const int rep = n.find(agr, u"ram:SellerTaxRepresentativeTradeParty");
    m.taxRepresentative = n.termAt(rep);
    m.taxRepresentativeName = n.term(rep, u"ram:Name");
    m.taxRepresentativeAddress = ciiAddress(n, n.find(rep, u"ram:PostalTradeAddress"));
    for (int ref : n.all(agr, u"ram:AdditionalReferencedDocument")) {
        if (n.term(ref, u"ram:TypeCode").value.trimmed() == u"130") { // BT-18, not a BG-24
            if (!m.invoicedObjectId.isPresent())
                m.invoicedObjectId = n.term(ref, u"ram:IssuerAssignedID");
            if (m.invoicedObjectId.isPresent())
                m.invoicedObjectId.qualifier = n.term(ref, u"ram:ReferenceTypeCode").value;
            continue;
        }
        SupportingDocument d;
        d.group = n.termAt(ref);
        d.reference = n.term(ref, u"ram:IssuerAssignedID");
        d.description = n.term(ref, u"ram:Name");
        d.attachment = n.term(ref, u"ram:AttachmentBinaryObject", u"mimeCode"_s);
        const int object = n.find(ref, u"ram:AttachmentBinaryObject");
        if (object >= 0 && n.doc().hasAttribute(object, u"filename"_s)) {
            d.attachmentFilename = d.attachment;
            d.attachmentFilename.value = n.doc().attribute(object, u"filename"_s);
        }
        m.supportingDocuments.append(d);
    }
    for (int reg : n.all(rep, u"ram:SpecifiedTaxRegistration")) {
        const Term id = n.term(reg, u"ram:ID", u"schemeID"_s);
        if (id.qualifier == u"VA" && !m.taxRepresentativeVatId.isPresent())
            m.taxRepresentativeVatId = id;
    }
    m.actualDeliveryDate
        = ciiDate(n, del, u"ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString");
    m.invoicingPeriodStart
        = ciiDate(n, set, u"ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString");
    m.invoicingPeriodEnd = ciiDate(n, set, u"ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString");
    m.deliverTo = ciiAddress(n, n.find(del, u"ram:ShipToTradeParty/ram:PostalTradeAddress"));
    const Term remittance = n.term(set, u"ram:PaymentReference");
    const Term mandate = n.term(set, u"ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID");
    for (int pm : n.all(set, u"ram:SpecifiedTradeSettlementPaymentMeans")) {
        PaymentMeans p;
        p.group = n.termAt(pm);
        p.typeCode = n.term(pm, u"ram:TypeCode");
        p.remittanceInformation = remittance;
        p.accountId = n.term(pm, u"ram:PayeePartyCreditorFinancialAccount/ram:IBANID");
        if (!p.accountId.isPresent())
            p.accountId = n.term(pm, u"ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID");
        p.accountName = n.term(pm, u"ram:PayeePartyCreditorFinancialAccount/ram:AccountName");
        p.serviceProvider = n.term(pm, u"ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID");
        p.cardPan = n.term(pm, u"ram:ApplicableTradeSettlementFinancialCard/ram:ID");
        p.mandateReference = mandate;
        p.debitedAccount = n.term(pm, u"ram:PayerPartyDebtorFinancialAccount/ram:IBANID");
        m.paymentMeans.append(p);
    }
    for (int ac : n.all(set, u"ram:SpecifiedTradeAllowanceCharge")) {
        const AllowanceCharge a = ciiAllowanceCharge(n, ac, true);
        (a.isCharge ? m.charges : m.allowances).append(a);
    }
    const int sum = n.find(set, u"ram:SpecifiedTradeSettlementHeaderMonetarySummation");
    m.totals.group = n.termAt(sum);
    m.totals.lineTotal = n.term(sum, u"ram:LineTotalAmount", u"currencyID"_s);
    m.totals.allowanceTotal = n.term(sum, u"ram:AllowanceTotalAmount", u"currencyID"_s);
    m.totals.chargeTotal = n.term(sum, u"ram:ChargeTotalAmount", u"currencyID"_s);
    m.totals.taxExclusive = n.term(sum, u"ram:TaxBasisTotalAmount", u"currencyID"_s);
    for (int tt : n.all(sum, u"ram:TaxTotalAmount")) {
        const Term amount = n.termAt(tt, u"currencyID"_s);
        m.totals.taxAmounts.append(amount);
        // @currencyID = BT-5 is false when either side is missing.
        if (m.currency.isPresent() && amount.qualifier == m.currency.value && !m.totals.taxTotal.isPresent())
            m.totals.taxTotal = amount;
        else if (m.vatAccountingCurrency.isPresent() && amount.qualifier == m.vatAccountingCurrency.value)
            m.totals.taxTotalAccounting = amount;
    }
    m.totals.taxInclusive = n.term(sum, u"ram:GrandTotalAmount", u"currencyID"_s);
    m.totals.prepaid = n.term(sum, u"ram:TotalPrepaidAmount", u"currencyID"_s);
    m.totals.rounding = n.term(sum, u"ram:RoundingAmount", u"currencyID"_s);
    m.totals.payable = n.term(sum, u"ram:DuePayableAmount", u"currencyID"_s);
    for (int tx : n.all(set, u"ram:ApplicableTradeTax")) {
        VatBreakdown b;
        b.group = n.termAt(tx);
        b.taxableAmount = n.term(tx, u"ram:BasisAmount");
        b.taxAmount = n.term(tx, u"ram:CalculatedAmount");
        b.category = n.term(tx, u"ram:CategoryCode");
        b.rate = n.term(tx, u"ram:RateApplicablePercent");
        b.vatScheme = n.term(tx, u"ram:TypeCode");
        b.exemptionReason = n.term(tx, u"ram:ExemptionReason");
        b.exemptionReasonCode = n.term(tx, u"ram:ExemptionReasonCode");
        m.vatBreakdowns.append(b);
    }
    for (int le : n.all(t, u"ram:IncludedSupplyChainTradeLineItem")) {
        InvoiceLine l;
        l.group = n.termAt(le);
        const int lagr = n.find(le, u"ram:SpecifiedLineTradeAgreement");
        const int lset = n.find(le, u"ram:SpecifiedLineTradeSettlement");
        const int product = n.find(le, u"ram:SpecifiedTradeProduct");
        l.id = n.term(le, u"ram:AssociatedDocumentLineDocument/ram:LineID");
        l.quantity = n.term(le, u"ram:SpecifiedLineTradeDelivery/ram:BilledQuantity", u"unitCode"_s);
        l.netAmount = n.term(lset, u"ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount");
        l.netPrice = n.term(lagr, u"ram:NetPriceProductTradePrice/ram:ChargeAmount");
        l.priceDiscount = n.term(
            lagr, u"ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount");
        l.grossPrice = n.term(lagr, u"ram:GrossPriceProductTradePrice/ram:ChargeAmount");
        l.baseQuantity = n.term(lagr, u"ram:NetPriceProductTradePrice/ram:BasisQuantity", u"unitCode"_s);
        l.vatCategory = n.term(lset, u"ram:ApplicableTradeTax/ram:CategoryCode");
        l.vatRate = n.term(lset, u"ram:ApplicableTradeTax/ram:RateApplicablePercent");
        l.vatScheme = n.term(lset, u"ram:ApplicableTradeTax/ram:TypeCode");
        l.itemName = n.term(product, u"ram:Name");
        l.standardIdentifier = n.term(product, u"ram:GlobalID", u"schemeID"_s);
        for (int c : n.all(product, u"ram:DesignatedProductClassification"))
            l.classifications.append(n.term(c, u"ram:ClassCode", u"listID"_s));
        l.periodStart = ciiDate(n, lset, u"ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString");
        l.periodEnd = ciiDate(n, lset, u"ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString");
        for (int ac : n.all(lset, u"ram:SpecifiedTradeAllowanceCharge")) {
            const AllowanceCharge a = ciiAllowanceCharge(n, ac, false);
            (a.isCharge ? l.charges : l.allowances).append(a);
        }
        m.lines.append(l);
    }
}

} // namespace

std::optional<InvoiceModel> InvoiceReader::read(std::shared_ptr<const XmlDocument> shared)
{
    const XmlDocument &doc = *shared;
    const int root = doc.root();
    if (root < 0)
        return std::nullopt;
    const XmlElement &r = doc.element(root);
    const Nav nav(std::move(shared));
    // Filled in place and returned as is (no move of some hundred terms into the optional).
    std::optional<InvoiceModel> model;
    if ((r.ns == UblInvoiceNs && r.name == u"Invoice")
        || (r.ns == UblCreditNoteNs && r.name == u"CreditNote"))
        readUbl(nav, root, model.emplace());
    else if (r.ns == CiiNs && r.name == u"CrossIndustryInvoice")
        readCii(nav, root, model.emplace());
    return model;
}

} // namespace ades::eu
