#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"

#include <QTest>
#include <algorithm>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The CII syntax binding table (resources/einvoice/cii-syntax-rules.txt) on small hand-made documents, for
// the rule families the shared corpus never fires: elements EN 16931 does not use (CII-SR "should not be
// present"), single elements given twice (CII-SR counts), and the data-type restrictions (CII-DT). Each
// row edits a minimal valid invoice and states whether the rule fires, with which flag and how often.
class TestCiiSyntaxRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tableIsComplete();
    void minimalInvoiceIsClean();
    void rules_data();
    void rules();
};

namespace {

const QString Minimal = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument><ram:ID>INV-1</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20261122</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Widget</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
   </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name>
    <ram:PostalTradeAddress><ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Buyer SA</ram:Name>
    <ram:PostalTradeAddress><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeDelivery/>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
    <ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>100.00</ram:LineTotalAmount>
    <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
    <ram:DuePayableAmount>119.00</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>)"_s;

// Anchors in Minimal that the rows insert after (or replace).
const QString Context = u"<rsm:ExchangedDocumentContext>"_s;
const QString DocumentId = u"<ram:ID>INV-1</ram:ID>"_s;
const QString LineItem = u"<ram:IncludedSupplyChainTradeLineItem>"_s;
const QString Product = u"<ram:Name>Widget</ram:Name>"_s;
const QString LineTax
    = u"<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"_s;
const QString LineSettlement = u"<ram:SpecifiedLineTradeSettlement>"_s;
const QString Seller = u"<ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name>"_s;
const QString Buyer = u"<ram:BuyerTradeParty><ram:Name>Buyer SA</ram:Name>"_s;
const QString AgreementEnd = u"</ram:ApplicableHeaderTradeAgreement>"_s;
const QString Currency = u"<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"_s;
const QString HeaderTax = u"<ram:BasisAmount>100.00</ram:BasisAmount>"_s;
const QString Totals = u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>\n    <ram:TaxBasisTotalAmount>"_s;

QString paymentMeans(const QString &code, const QString &inner = QString())
{
    return u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>%1</ram:TypeCode>%2"
           u"</ram:SpecifiedTradeSettlementPaymentMeans>"_s.arg(code, inner);
}

QString supportingDocument(const QString &id, const QString &inner)
{
    return u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>%1</ram:IssuerAssignedID>"
           u"<ram:TypeCode>916</ram:TypeCode>%2</ram:AdditionalReferencedDocument>"_s.arg(id, inner);
}

} // namespace

// Every CII-SR and CII-DT assertion of the artefact is a row, and the table reads without errors.
void TestCiiSyntaxRules::tableIsComplete()
{
    const auto cii = SyntaxBindingRules::Syntax::Cii;
    QVERIFY2(SyntaxBindingRules::tableErrors(cii).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(cii).join(u"; "_s)));
    const QStringList ids = SyntaxBindingRules::ruleIds(cii);
    const auto family = [&ids](const QString &prefix) {
        return std::count_if(
            ids.cbegin(), ids.cend(), [&](const QString &id) { return id.startsWith(prefix); });
    };
    QCOMPARE(family(u"CII-SR-"_s), 482);
    QCOMPARE(family(u"CII-DT-"_s), 101);
    QCOMPARE(ids.size(), 583);
    // The artefact reports CII-SR-004/005 under these shortened ids.
    QVERIFY(ids.contains(u"CII-SR-04"_s));
    QVERIFY(ids.contains(u"CII-SR-05"_s));
    for (const QString &id :
        { u"CII-SR-464"_s, u"CII-SR-470"_s, u"CII-SR-494"_s, u"CII-DT-098"_s, u"CII-DT-104"_s })
        QVERIFY2(ids.contains(id), qPrintable(id));
}

void TestCiiSyntaxRules::minimalInvoiceIsClean()
{
    const ValidationReport report = EinvoiceValidator::validate(Minimal.toUtf8());
    QStringList found;
    for (const Finding &f : report.findings)
        found << f.id;
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u", "_s)));
    QCOMPARE(report.syntax, u"CII"_s);
}

void TestCiiSyntaxRules::rules_data()
{
    QTest::addColumn<QStringList>("edits"); // pairs: text of Minimal, what replaces it
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("flag"); // expected flag, or empty when the rule must not fire
    QTest::addColumn<int>("count"); // expected number of findings of the rule

    auto row = [](const char *name, const QString &anchor, const QString &replacement, const QString &rule,
                   const QString &flag = QString(), int count = 1) {
        QTest::newRow(name) << QStringList { anchor, replacement } << rule << flag
                            << (flag.isEmpty() ? 0 : count);
    };
    const QString warning = u"warning"_s;
    const QString fatal = u"fatal"_s;

    // Elements EN 16931 does not use.
    row("CII-SR-013 document name", DocumentId, DocumentId + u"<ram:Name>Rechnung</ram:Name>"_s,
        u"CII-SR-013"_s, warning);
    row("CII-SR-221 sub-line", LineSettlement, u"<ram:IncludedSubordinateTradeLineItem/>"_s + LineSettlement,
        u"CII-SR-221"_s, warning);
    row("CII-SR-164 ship-to on a line", u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity>"_s,
        u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity><ram:ShipToTradeParty/>"_s,
        u"CII-SR-164"_s, warning);
    row("CII-SR-04 value of a context parameter", Context,
        Context
            + u"<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>P1</ram:ID><ram:Value>x</"
              u"ram:Value>"
              u"</ram:BusinessProcessSpecifiedDocumentContextParameter>"_s,
        u"CII-SR-04"_s, warning);
    row("CII-SR-282 seller tax representative identifier", AgreementEnd,
        u"<ram:SellerTaxRepresentativeTradeParty><ram:ID>T1</ram:ID></ram:SellerTaxRepresentativeTradeParty>"_s
            + AgreementEnd,
        u"CII-SR-282"_s, warning);
    // The artefact binds CII-SR-282 twice and keeps the second binding: a buyer's tax representative passes.
    row("CII-SR-282 not for a buyer tax representative", AgreementEnd,
        u"<ram:BuyerTaxRepresentativeTradeParty><ram:Name>T</ram:Name></ram:BuyerTaxRepresentativeTradeParty>"_s
            + AgreementEnd,
        u"CII-SR-282"_s);
    row("CII-SR-464 debtor bank, once per payment instruction", Currency,
        Currency
            + paymentMeans(u"49"_s,
                u"<ram:PayerSpecifiedDebtorFinancialInstitution><ram:BICID>B</ram:BICID>"
                u"</ram:PayerSpecifiedDebtorFinancialInstitution>"_s)
                  .repeated(2),
        u"CII-SR-464"_s, warning, 2);
    row("CII-SR-464 not for the creditor bank", Currency,
        Currency
            + paymentMeans(u"58"_s,
                u"<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID>"
                u"</ram:PayeePartyCreditorFinancialAccount><ram:PayeeSpecifiedCreditorFinancialInstitution>"
                u"<ram:BICID>B</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>"_s),
        u"CII-SR-464"_s);

    // Single elements given more than once.
    row("CII-SR-003 two business processes", Context,
        Context
            + u"<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>P1</ram:ID>"
              u"</ram:BusinessProcessSpecifiedDocumentContextParameter>"_s.repeated(2),
        u"CII-SR-003"_s, warning);
    row("CII-SR-455 two seller contacts", Seller,
        Seller
            + u"<ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName></ram:DefinedTradeContact>"_s
                  .repeated(2),
        u"CII-SR-455"_s, fatal);
    row("CII-SR-455 one seller contact", Seller,
        Seller + u"<ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName></ram:DefinedTradeContact>"_s,
        u"CII-SR-455"_s);
    // A person and a department, even spread over two contacts.
    row("CII-SR-465 seller person and department", Seller,
        Seller
            + u"<ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName></ram:DefinedTradeContact>"
              u"<ram:DefinedTradeContact><ram:DepartmentName>B</ram:DepartmentName></ram:DefinedTradeContact>"_s,
        u"CII-SR-465"_s, warning);
    row("CII-SR-466 buyer department only", Buyer,
        Buyer
            + u"<ram:DefinedTradeContact><ram:DepartmentName>B</ram:DepartmentName></ram:DefinedTradeContact>"_s,
        u"CII-SR-466"_s);
    row("CII-SR-450 buyer ID and GlobalID", Buyer,
        Buyer + u"<ram:ID>B1</ram:ID><ram:GlobalID schemeID=\"0088\">4000001000005</ram:GlobalID>"_s,
        u"CII-SR-450"_s, warning);
    row("CII-SR-450 buyer GlobalID only", Buyer,
        Buyer + u"<ram:GlobalID schemeID=\"0088\">4000001000005</ram:GlobalID>"_s, u"CII-SR-450"_s);
    row("CII-SR-477 line total twice", Totals,
        u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>"_s + Totals, u"CII-SR-477"_s, fatal);
    row("CII-SR-494 net total with taxes twice", Totals,
        Totals.left(Totals.indexOf(u'\n'))
            + u"<ram:NetIncludingTaxesLineTotalAmount>1</ram:NetIncludingTaxesLineTotalAmount>"_s.repeated(2)
            + Totals.mid(Totals.indexOf(u'\n')),
        u"CII-SR-494"_s, fatal);
    row("CII-SR-469 remittance information twice", Currency,
        u"<ram:PaymentReference>R1</ram:PaymentReference><ram:PaymentReference>R1</ram:PaymentReference>"_s
            + Currency,
        u"CII-SR-469"_s, fatal);
    row("CII-SR-454 two VAT groups on a line", LineTax,
        u"<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode></ram:ApplicableTradeTax>"_s + LineTax,
        u"CII-SR-454"_s, warning);
    row("CII-SR-461 two VAT point dates", HeaderTax,
        HeaderTax
            + u"<ram:TaxPointDate><udt:DateString format=\"102\">20261101</udt:DateString></ram:TaxPointDate>"_s
                  .repeated(2),
        u"CII-SR-461"_s, fatal);
    // The VAT point date codes of the whole document, a line's included, must agree.
    row("CII-SR-462 one VAT point date code", HeaderTax,
        HeaderTax + u"<ram:DueDateTypeCode>5</ram:DueDateTypeCode>"_s, u"CII-SR-462"_s);
    QTest::newRow("CII-SR-462 line code differs from the header")
        << QStringList { HeaderTax, HeaderTax + u"<ram:DueDateTypeCode>5</ram:DueDateTypeCode>"_s, LineTax,
               LineTax + u"<ram:DueDateTypeCode>29</ram:DueDateTypeCode>"_s }
        << u"CII-SR-462"_s << fatal << 1;
    QTest::newRow("CII-SR-462 line code equal to the header")
        << QStringList { HeaderTax, HeaderTax + u"<ram:DueDateTypeCode>5</ram:DueDateTypeCode>"_s, LineTax,
               LineTax + u"<ram:DueDateTypeCode>5</ram:DueDateTypeCode>"_s }
        << u"CII-SR-462"_s << QString() << 0;
    row("CII-SR-473 allowance with two amounts", Currency,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>"
        u"</ram:ChargeIndicator><ram:ActualAmount>1.00</ram:ActualAmount><ram:ActualAmount>2.00</"
        u"ram:ActualAmount>"
        u"</ram:SpecifiedTradeAllowanceCharge>"_s
            + Currency,
        u"CII-SR-473"_s, fatal);
    row("CII-SR-090 country of origin without code", Product, Product + u"<ram:OriginTradeCountry/>"_s,
        u"CII-SR-090"_s, fatal);
    row("CII-SR-090 country of origin with code", Product,
        Product + u"<ram:OriginTradeCountry><ram:ID>DE</ram:ID></ram:OriginTradeCountry>"_s, u"CII-SR-090"_s);
    row("CII-SR-467 two payment means codes", Currency,
        Currency + paymentMeans(u"49"_s) + paymentMeans(u"57"_s), u"CII-SR-467"_s, fatal);
    // Compared after whitespace normalisation.
    row("CII-SR-467 the same code with blanks", Currency,
        Currency + paymentMeans(u"49"_s) + paymentMeans(u" 49 "_s), u"CII-SR-467"_s);
    const QString account = u"<ram:PayeePartyCreditorFinancialAccount><ram:AccountName>A</ram:AccountName>"
                            u"</ram:PayeePartyCreditorFinancialAccount>"_s;
    row("CII-SR-470 credit transfer account without identifier", Currency,
        Currency + paymentMeans(u" 58 "_s, account), u"CII-SR-470"_s, fatal);
    row("CII-SR-470 credit transfer with a proprietary identifier", Currency,
        Currency
            + paymentMeans(u"30"_s,
                QString(account).replace(
                    u"<ram:AccountName>"_s, u"<ram:ProprietaryID>P</ram:ProprietaryID><ram:AccountName>"_s)),
        u"CII-SR-470"_s);
    row("CII-SR-470 not for a direct debit", Currency, Currency + paymentMeans(u"59"_s), u"CII-SR-470"_s);
    row("CII-SR-475 two described supporting documents", AgreementEnd,
        supportingDocument(u"S1"_s, u"<ram:Name>a</ram:Name>"_s)
            + supportingDocument(u"S2"_s, u"<ram:Name>b</ram:Name>"_s) + AgreementEnd,
        u"CII-SR-475"_s, warning);

    // Data types.
    const QString date = u">20261122<"_s;
    row("CII-DT-097 month 13", date, u">20261322<"_s, u"CII-DT-097"_s, fatal);
    row("CII-DT-097 seven digits", date, u">2026112<"_s, u"CII-DT-097"_s, fatal);
    row("CII-DT-097 surrounding blanks", date, u">\n 20261122 \n<"_s, u"CII-DT-097"_s);
    row("CII-DT-097 not for the qualified date type", Currency,
        u"<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>P1</"
        u"ram:IssuerAssignedID><ram:FormattedIssueDateTime>"
        u"<qdt:DateTimeString format=\"102\">2026-01-01</qdt:DateTimeString></ram:FormattedIssueDateTime>"
        u"</ram:InvoiceReferencedDocument>"_s
            + Currency,
        u"CII-DT-097"_s);
    row("CII-DT-031 currency on the line total", u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>\n"_s,
        u"<ram:LineTotalAmount currencyID=\"EUR\">100.00</ram:LineTotalAmount>\n"_s, u"CII-DT-031"_s, fatal);
    row("CII-DT-032 currency list version on an amount", u"<ram:GrandTotalAmount>"_s,
        u"<ram:GrandTotalAmount currencyCodeListVersionID=\"2001\">"_s, u"CII-DT-032"_s, fatal);
    // The invoice number is claimed by the rule of the four attribute-free identifiers, not by the general
    // one.
    row("CII-DT-005 scheme on the invoice number", DocumentId, u"<ram:ID schemeID=\"X\">INV-1</ram:ID>"_s,
        u"CII-DT-005"_s, fatal);
    row("CII-DT-101 not for the invoice number", DocumentId, u"<ram:ID schemeName=\"X\">INV-1</ram:ID>"_s,
        u"CII-DT-101"_s);
    row("CII-DT-101 scheme name on a tax registration", u"<ram:ID schemeID=\"VA\">"_s,
        u"<ram:ID schemeID=\"VA\" schemeName=\"VAT\">"_s, u"CII-DT-101"_s, fatal);
    row("CII-DT-008 name on a type code", u"<ram:TypeCode>380</ram:TypeCode>"_s,
        u"<ram:TypeCode name=\"Invoice\">380</ram:TypeCode>"_s, u"CII-DT-008"_s, fatal);
    // The general type-code rule comes first in the pattern, so the invoice type code never reaches
    // CII-DT-010.
    row("CII-DT-010 shadowed by the general type code rule", u"<ram:TypeCode>380</ram:TypeCode>"_s,
        u"<ram:TypeCode listID=\"UNCL1001\">380</ram:TypeCode>"_s, u"CII-DT-010"_s);
    row("CII-DT-033 unit without a billed unit",
        u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity>"_s,
        u"<ram:BilledQuantity>1</ram:BilledQuantity><ram:PackageQuantity unitCode=\"C62\">1</ram:PackageQuantity>"_s,
        u"CII-DT-033"_s, fatal);
    row("CII-DT-033 unit allowed once a billed quantity has one",
        u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity>"_s,
        u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity><ram:PackageQuantity unitCode=\"C62\">1</ram:PackageQuantity>"_s,
        u"CII-DT-033"_s);
    row("CII-DT-034 unit list on a quantity", u"<ram:BilledQuantity unitCode=\"C62\">"_s,
        u"<ram:BilledQuantity unitCode=\"C62\" unitCodeListID=\"Rec20\">"_s, u"CII-DT-034"_s, fatal);
    row("CII-DT-037 tax type other than VAT", LineTax,
        u"<ram:ApplicableTradeTax><ram:TypeCode>GST</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"_s,
        u"CII-DT-037"_s, fatal);
    row("CII-DT-041 basis amount on a line VAT group", LineTax,
        LineTax + u"<ram:BasisAmount>100.00</ram:BasisAmount>"_s, u"CII-DT-041"_s, warning);
    row("CII-DT-041 basis amount in the VAT breakdown", HeaderTax, HeaderTax, u"CII-DT-041"_s);
    row("CII-DT-045 list on the line category code",
        u"<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s,
        u"<ram:CategoryCode listID=\"UNCL5305\">S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s,
        u"CII-DT-045"_s, warning);
    row("CII-DT-052 exemption code on an allowance category", Currency,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></"
        u"ram:ChargeIndicator>"
        u"<ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>R</"
        u"ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode>"
        u"<ram:CategoryCode>S</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>"
        u"<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>"_s
            + Currency,
        u"CII-DT-052"_s, warning);
    row("CII-DT-068 period start as a date-time", Currency,
        Currency
            + u"<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTime>2026-11-01T00:00:00</"
              u"udt:DateTime>"
              u"</ram:StartDateTime></ram:BillingSpecifiedPeriod>"_s,
        u"CII-DT-068"_s, fatal);
    row("CII-DT-088 street name in an address", u"<ram:CityName>Berlin</ram:CityName>"_s,
        u"<ram:CityName>Berlin</ram:CityName><ram:StreetName>Hauptstr.</ram:StreetName>"_s, u"CII-DT-088"_s,
        fatal);
    row("CII-DT-027 issue date on an order reference", AgreementEnd,
        u"<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO</"
        u"ram:IssuerAssignedID><ram:FormattedIssueDateTime>"
        u"<qdt:DateTimeString format=\"102\">20260101</qdt:DateTimeString></ram:FormattedIssueDateTime>"
        u"</ram:BuyerOrderReferencedDocument>"_s
            + AgreementEnd,
        u"CII-DT-027"_s, fatal);
    row("CII-DT-013 language on the document element", u"<rsm:CrossIndustryInvoice "_s,
        u"<rsm:CrossIndustryInvoice languageID=\"de\" "_s, u"CII-DT-013"_s, fatal);
}

void TestCiiSyntaxRules::rules()
{
    QFETCH(QStringList, edits);
    QFETCH(QString, rule);
    QFETCH(QString, flag);
    QFETCH(int, count);
    QString xml = Minimal;
    for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
        QVERIFY2(xml.count(edits.at(i)) == 1, "an edit must apply to exactly one place of the invoice");
        xml.replace(edits.at(i), edits.at(i + 1));
    }
    const ValidationReport report = EinvoiceValidator::validate(xml.toUtf8());
    QVERIFY(report.model.has_value());
    QStringList found;
    int fired = 0;
    for (const Finding &f : report.findings) {
        found << f.id;
        if (f.id != rule)
            continue;
        ++fired;
        QCOMPARE(EinvoiceValidator::severityName(f.severity), flag);
        QVERIFY(!f.location.isEmpty());
        QVERIFY(!f.message.isEmpty());
    }
    QVERIFY2(fired == count,
        qPrintable(u"%1 fired %2 times, expected %3; findings: %4"_s.arg(rule).arg(fired).arg(count).arg(
            found.join(u", "_s))));
}

QTEST_GUILESS_MAIN(TestCiiSyntaxRules)
#include "TestCiiSyntaxRules.moc"
