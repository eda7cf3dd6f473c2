#include "ops/eu/einvoice/CodeList.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The rules on small hand-made invoices, independent of the shared corpus: a minimal valid UBL and CII
// invoice, then one value changed per row and the finding it must (or must not) cause. Covers the
// artefacts' rounding and tolerances, which differ between UBL and CII.
class TestEinvoiceRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void minimalInvoicesAreValid();
    void rules_data();
    void rules();
    void findingShape();
    void documentEdits_data();
    void documentEdits();
    void syntaxTablesAreSound();
    void codeListFilesAreSound();
    void codeListVerdicts_data();
    void codeListVerdicts();
    void partialCodeLists_data();
    void partialCodeLists();
};

namespace {

// Values of the minimal invoice: one line of 100.00 at 19 %, tax 19.00, total 119.00.
struct Values
{
    QString lineAmount = u"100.00"_s;
    QString lineTotal = u"100.00"_s;
    QString taxExclusive = u"100.00"_s;
    QString taxable = u"100.00"_s;
    QString taxAmount = u"19.00"_s;
    QString taxTotal = u"19.00"_s;
    QString rate = u"19"_s;
    QString taxInclusive = u"119.00"_s;
    QString payable = u"119.00"_s;
    QString currency = u"EUR"_s;
    QString sellerVat = u"DE123456789"_s;
    QString category = u"S"_s;
};

QByteArray ubl(const Values &v)
{
    const QString xml = uR"(<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
 xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
 xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
 <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
 <cbc:ID>INV-1</cbc:ID>
 <cbc:IssueDate>2026-11-22</cbc:IssueDate>
 <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
 <cbc:DocumentCurrencyCode>%10</cbc:DocumentCurrencyCode>
 <cac:AccountingSupplierParty><cac:Party>
  <cac:PostalAddress><cbc:CityName>Berlin</cbc:CityName><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyTaxScheme><cbc:CompanyID>%11</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyLegalEntity><cbc:RegistrationName>Seller GmbH</cbc:RegistrationName></cac:PartyLegalEntity>
 </cac:Party></cac:AccountingSupplierParty>
 <cac:AccountingCustomerParty><cac:Party>
  <cac:PostalAddress><cbc:CityName>Paris</cbc:CityName><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyLegalEntity><cbc:RegistrationName>Buyer SA</cbc:RegistrationName></cac:PartyLegalEntity>
 </cac:Party></cac:AccountingCustomerParty>
 <cac:TaxTotal>
  <cbc:TaxAmount currencyID="EUR">%6</cbc:TaxAmount>
  <cac:TaxSubtotal>
   <cbc:TaxableAmount currencyID="EUR">%4</cbc:TaxableAmount>
   <cbc:TaxAmount currencyID="EUR">%5</cbc:TaxAmount>
   <cac:TaxCategory><cbc:ID>%12</cbc:ID><cbc:Percent>%7</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
  </cac:TaxSubtotal>
 </cac:TaxTotal>
 <cac:LegalMonetaryTotal>
  <cbc:LineExtensionAmount currencyID="EUR">%2</cbc:LineExtensionAmount>
  <cbc:TaxExclusiveAmount currencyID="EUR">%3</cbc:TaxExclusiveAmount>
  <cbc:TaxInclusiveAmount currencyID="EUR">%8</cbc:TaxInclusiveAmount>
  <cbc:PayableAmount currencyID="EUR">%9</cbc:PayableAmount>
 </cac:LegalMonetaryTotal>
 <cac:InvoiceLine>
  <cbc:ID>1</cbc:ID>
  <cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
  <cbc:LineExtensionAmount currencyID="EUR">%1</cbc:LineExtensionAmount>
  <cac:Item><cbc:Name>Widget</cbc:Name>
   <cac:ClassifiedTaxCategory><cbc:ID>%12</cbc:ID><cbc:Percent>%7</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
  </cac:Item>
  <cac:Price><cbc:PriceAmount currencyID="EUR">%1</cbc:PriceAmount></cac:Price>
 </cac:InvoiceLine>
</Invoice>)"_s;
    return xml
        .arg(v.lineAmount, v.lineTotal, v.taxExclusive, v.taxable, v.taxAmount, v.taxTotal, v.rate,
            v.taxInclusive, v.payable)
        .arg(v.currency, v.sellerVat, v.category)
        .toUtf8();
}

QByteArray cii(const Values &v)
{
    const QString xml = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument><ram:ID>INV-1</ram:ID><ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20261122</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Widget</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>%1</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>%12</ram:CategoryCode><ram:RateApplicablePercent>%7</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>%1</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
   </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name>
    <ram:PostalTradeAddress><ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">%11</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Buyer SA</ram:Name>
    <ram:PostalTradeAddress><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeDelivery/>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>%10</ram:InvoiceCurrencyCode>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>%5</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
    <ram:BasisAmount>%4</ram:BasisAmount><ram:CategoryCode>%12</ram:CategoryCode><ram:RateApplicablePercent>%7</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>%2</ram:LineTotalAmount>
    <ram:TaxBasisTotalAmount>%3</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">%6</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>%8</ram:GrandTotalAmount>
    <ram:DuePayableAmount>%9</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>)"_s;
    return xml
        .arg(v.lineAmount, v.lineTotal, v.taxExclusive, v.taxable, v.taxAmount, v.taxTotal, v.rate,
            v.taxInclusive, v.payable)
        .arg(v.currency, v.sellerVat, v.category)
        .toUtf8();
}

QStringList ids(const ValidationReport &report)
{
    QStringList result;
    for (const Finding &f : report.findings)
        result << f.id;
    return result;
}

} // namespace

Q_DECLARE_METATYPE(Values)

void TestEinvoiceRules::minimalInvoicesAreValid()
{
    const ValidationReport u = EinvoiceValidator::validate(ubl(Values()));
    QVERIFY2(u.findings.isEmpty(), qPrintable(ids(u).join(u", "_s)));
    QCOMPARE(u.syntax, u"UBL"_s);
    const ValidationReport c = EinvoiceValidator::validate(cii(Values()));
    QVERIFY2(c.findings.isEmpty(), qPrintable(ids(c).join(u", "_s)));
    QCOMPARE(c.syntax, u"CII"_s);
}

void TestEinvoiceRules::rules_data()
{
    QTest::addColumn<bool>("isUbl");
    QTest::addColumn<Values>("values");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("fires");

    auto both = [](const char *name, const Values &v, const QString &rule, bool fires) {
        QTest::addRow("UBL %s", name) << true << v << rule << fires;
        QTest::addRow("CII %s", name) << false << v << rule << fires;
    };
    Values v;
    v.lineTotal = u"100.01"_s;
    both("BR-CO-10 line total off by a cent", v, u"BR-CO-10"_s, true);
    v = Values();
    v.taxExclusive = u"99.99"_s;
    both("BR-CO-13 total without VAT wrong", v, u"BR-CO-13"_s, true);
    v = Values();
    v.taxTotal = u"19.01"_s;
    both("BR-CO-14 VAT total differs from breakdown", v, u"BR-CO-14"_s, true);
    v = Values();
    v.payable = u"118.00"_s;
    both("BR-CO-16 amount due wrong", v, u"BR-CO-16"_s, true);
    v = Values();
    v.taxAmount = u"19.99"_s;
    v.taxTotal = u"19.99"_s;
    v.taxInclusive = u"119.99"_s;
    v.payable = u"119.99"_s;
    both("BR-CO-17 within the 1.00 tolerance", v, u"BR-CO-17"_s, false);
    v.taxAmount = u"20.50"_s;
    v.taxTotal = u"20.50"_s;
    v.taxInclusive = u"120.50"_s;
    v.payable = u"120.50"_s;
    both("BR-CO-17 beyond the tolerance", v, u"BR-CO-17"_s, true);
    // Exactly 1.00 off: the UBL artefact compares strictly, the CII artefact inclusively.
    v.taxAmount = u"20.00"_s;
    v.taxTotal = u"20.00"_s;
    v.taxInclusive = u"120.00"_s;
    v.payable = u"120.00"_s;
    QTest::newRow("UBL BR-CO-17 exactly 1.00 off") << true << v << u"BR-CO-17"_s << true;
    QTest::newRow("CII BR-CO-17 exactly 1.00 off") << false << v << u"BR-CO-17"_s << false;
    // CII quirk: BR-CO-15 also passes when BT-112 = BT-109.
    v = Values();
    v.taxInclusive = u"100.00"_s;
    v.payable = u"100.00"_s;
    QTest::newRow("UBL BR-CO-15 total with VAT = without") << true << v << u"BR-CO-15"_s << true;
    QTest::newRow("CII BR-CO-15 total with VAT = without") << false << v << u"BR-CO-15"_s << false;
    v = Values();
    v.lineAmount = u"100.005"_s;
    both("BR-DEC-23 three decimals on a line", v, u"BR-DEC-23"_s, true);
    v = Values();
    v.currency = u"EUX"_s;
    both("BR-CL-04 unknown currency", v, u"BR-CL-04"_s, true);
    v = Values();
    v.sellerVat = u"QQ123"_s;
    both("BR-CO-09 VAT id without country prefix", v, u"BR-CO-09"_s, true);
    v.sellerVat = u"EL123456789"_s;
    both("BR-CO-09 Greek EL prefix accepted", v, u"BR-CO-09"_s, false);
    v = Values();
    v.rate = u"0"_s;
    v.taxAmount = u"0.00"_s;
    v.taxTotal = u"0.00"_s;
    v.taxInclusive = u"100.00"_s;
    v.payable = u"100.00"_s;
    both("BR-S-05 standard rate of zero", v, u"BR-S-05"_s, true);
    v.category = u"Z"_s;
    both("BR-Z-05 zero rate accepted", v, u"BR-Z-05"_s, false);
    v.category = u"X"_s;
    both("BR-CL-18 unknown VAT category", v, u"BR-CL-18"_s, true);
}

void TestEinvoiceRules::rules()
{
    QFETCH(bool, isUbl);
    QFETCH(Values, values);
    QFETCH(QString, rule);
    QFETCH(bool, fires);
    const ValidationReport report = EinvoiceValidator::validate(isUbl ? ubl(values) : cii(values));
    QVERIFY(report.model.has_value());
    const QStringList found = ids(report);
    QVERIFY2(found.contains(rule) == fires, qPrintable(found.join(u", "_s)));
}

void TestEinvoiceRules::findingShape()
{
    Values v;
    v.lineTotal = u"100.01"_s;
    const ValidationReport report = EinvoiceValidator::validate(ubl(v));
    const auto it = std::find_if(
        report.findings.begin(), report.findings.end(), [](const Finding &f) { return f.id == u"BR-CO-10"; });
    QVERIFY(it != report.findings.end());
    QCOMPARE(it->severity, Finding::Severity::Fatal);
    QCOMPARE(it->bt, u"BT-106"_s);
    QCOMPARE(it->location, u"/Invoice/cac:LegalMonetaryTotal"_s);
    QVERIFY(it->message.contains(u"BT-106"_s));
    QVERIFY(!report.isValid());
}

// Syntax binding rules (resources/einvoice/*-syntax-rules.txt) and code-list bindings: one text edit of the
// minimal invoice per row, and whether the rule then fires with the expected flag.
void TestEinvoiceRules::documentEdits_data()
{
    QTest::addColumn<bool>("isUbl");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("flag"); // expected flag, or empty when the rule must not fire

    const QString ublItem = u"<cac:Item><cbc:Name>Widget</cbc:Name>"_s;
    const QString ublTotal = u" <cac:LegalMonetaryTotal>"_s;
    QTest::newRow("UBL-CR-470 prepaid payment present")
        << true << ublTotal << u" <cac:PrepaidPayment><cbc:ID>1</cbc:ID></cac:PrepaidPayment>\n"_s + ublTotal
        << u"UBL-CR-470"_s << u"warning"_s;
    QTest::newRow("UBL-CR-678 scheme on a breakdown category")
        << true << u"<cac:TaxCategory><cbc:ID>"_s << u"<cac:TaxCategory><cbc:ID schemeID=\"UNCL5305\">"_s
        << u"UBL-CR-678"_s << u"warning"_s;
    QTest::newRow("UBL-CR-679 scheme on a line category")
        << true << u"<cac:ClassifiedTaxCategory><cbc:ID>"_s
        << u"<cac:ClassifiedTaxCategory><cbc:ID schemeID=\"UNCL5305\">"_s << u"UBL-CR-679"_s << u"warning"_s;
    QTest::newRow("UBL-CR-678 not for a line category")
        << true << u"<cac:ClassifiedTaxCategory><cbc:ID>"_s
        << u"<cac:ClassifiedTaxCategory><cbc:ID schemeID=\"UNCL5305\">"_s << u"UBL-CR-678"_s << QString();
    QTest::newRow("UBL-SR-08 two invoicing periods")
        << true << ublTotal
        << u" <cac:InvoicePeriod><cbc:StartDate>2026-11-01</cbc:StartDate></cac:InvoicePeriod>"
           u"<cac:InvoicePeriod><cbc:EndDate>2026-11-30</cbc:EndDate></cac:InvoicePeriod>\n"_s
            + ublTotal
        << u"UBL-SR-08"_s << u"fatal"_s;
    QTest::newRow("UBL-SR-48 line without tax category")
        << true
        << u"<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"_s
        << QString() << u"UBL-SR-48"_s << u"fatal"_s;
    QTest::newRow("UBL-DT-01 three decimals on an amount")
        << true << u"<cbc:PayableAmount currencyID=\"EUR\">119.00<"_s
        << u"<cbc:PayableAmount currencyID=\"EUR\">119.000<"_s << u"UBL-DT-01"_s << u"fatal"_s;
    QTest::newRow("UBL-DT-01 not for a price")
        << true << u"<cbc:PriceAmount currencyID=\"EUR\">100.00<"_s
        << u"<cbc:PriceAmount currencyID=\"EUR\">100.0001<"_s << u"UBL-DT-01"_s << QString();
    QTest::newRow("UBL-DT-06 attachment without mimeCode")
        << true << ublTotal
        << u" <cac:AdditionalDocumentReference><cbc:ID>A1</cbc:ID><cac:Attachment>"
           u"<cbc:EmbeddedDocumentBinaryObject filename=\"a.pdf\">QQ==</cbc:EmbeddedDocumentBinaryObject>"
           u"</cac:Attachment></cac:AdditionalDocumentReference>\n"_s
            + ublTotal
        << u"UBL-DT-06"_s << u"fatal"_s;
    QTest::newRow("BR-52 empty supporting document reference")
        << true << ublTotal
        << u" <cac:AdditionalDocumentReference><cbc:ID> </cbc:ID></cac:AdditionalDocumentReference>\n"_s
            + ublTotal
        << u"BR-52"_s << u"fatal"_s;
    QTest::newRow("BR-CL-01 unknown invoice type code")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>999<"_s << u"BR-CL-01"_s
        << u"fatal"_s;
    QTest::newRow("BR-CL-01 credit note code on an invoice")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>381<"_s << u"BR-CL-01"_s
        << u"fatal"_s;
    QTest::newRow("BR-CL-25 unknown electronic address scheme")
        << true << u"<cac:AccountingSupplierParty><cac:Party>"_s
        << u"<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID=\"XX99\">x</cbc:EndpointID>"_s
        << u"BR-CL-25"_s << u"fatal"_s;
    QTest::newRow("BR-CL-25 known electronic address scheme")
        << true << u"<cac:AccountingSupplierParty><cac:Party>"_s
        << u"<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID=\"0088\">x</cbc:EndpointID>"_s
        << u"BR-CL-25"_s << QString();
    QTest::newRow("BR-CL-10 identifier scheme outside ISO 6523")
        << true << u"<cac:AccountingSupplierParty><cac:Party>"_s
        << u"<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID=\"0181\">1</cbc:ID></cac:PartyIdentification>"_s
        << u"BR-CL-10"_s << u"fatal"_s;
    QTest::newRow("BR-CL-10 SEPA accepted for the seller")
        << true << u"<cac:AccountingSupplierParty><cac:Party>"_s
        << u"<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">1</cbc:ID></cac:PartyIdentification>"_s
        << u"BR-CL-10"_s << QString();
    QTest::newRow("BR-CL-13 unknown classification scheme") << true << ublItem
                                                            << ublItem
            + u"<cac:CommodityClassification><cbc:ItemClassificationCode listID=\"XY\">1</cbc:ItemClassificationCode></cac:CommodityClassification>"_s
                                                            << u"BR-CL-13"_s << u"fatal"_s;
    QTest::newRow("BR-CL-22 VATEX compared case-insensitively")
        << true << u"<cbc:Percent>19</cbc:Percent><cac:TaxScheme>"_s
        << u"<cbc:Percent>19</cbc:Percent><cbc:TaxExemptionReasonCode>vatex-eu-ic</cbc:TaxExemptionReasonCode><cac:TaxScheme>"_s
        << u"BR-CL-22"_s << QString();
    QTest::newRow("BR-CL-22 unknown exemption code")
        << true << u"<cbc:Percent>19</cbc:Percent><cac:TaxScheme>"_s
        << u"<cbc:Percent>19</cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-EU-XX</cbc:TaxExemptionReasonCode><cac:TaxScheme>"_s
        << u"BR-CL-22"_s << u"fatal"_s;
    QTest::newRow("BR-51 full card number")
        << true << ublTotal
        << u" <cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount>"
           u"<cbc:PrimaryAccountNumberID>4111111111111111</cbc:PrimaryAccountNumberID>"
           u"<cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount></cac:PaymentMeans>\n"_s
            + ublTotal
        << u"BR-51"_s << u"warning"_s;
    QTest::newRow("BR-51 last four digits")
        << true << ublTotal
        << u" <cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount>"
           u"<cbc:PrimaryAccountNumberID>1111</cbc:PrimaryAccountNumberID>"
           u"<cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount></cac:PaymentMeans>\n"_s
            + ublTotal
        << u"BR-51"_s << QString();

    QTest::newRow("BR-02 empty invoice number")
        << true << u"<cbc:ID>INV-1</cbc:ID>"_s << u"<cbc:ID> </cbc:ID>"_s << u"BR-02"_s << u"fatal"_s;
    QTest::newRow("BR-CO-11 allowance without allowance total")
        << true << ublTotal
        << u" <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>"
           u"<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason><cbc:Amount "
           u"currencyID=\"EUR\">1.00</cbc:Amount>"
           u"<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</"
           u"cbc:ID></cac:TaxScheme></cac:TaxCategory>"
           u"</cac:AllowanceCharge>\n"_s
            + ublTotal
        << u"BR-CO-11"_s << u"fatal"_s;
    QTest::newRow("BR-CO-14 each TaxTotal against its own subtotals")
        << true << ublTotal
        << u" <cac:TaxTotal><cbc:TaxAmount currencyID=\"USD\">5.00</cbc:TaxAmount><cac:TaxSubtotal>"
           u"<cbc:TaxableAmount currencyID=\"USD\">25.00</cbc:TaxableAmount><cbc:TaxAmount "
           u"currencyID=\"USD\">5.00</cbc:TaxAmount>"
           u"<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</"
           u"cbc:ID></cac:TaxScheme></cac:TaxCategory>"
           u"</cac:TaxSubtotal></cac:TaxTotal>\n"_s
            + ublTotal
        << u"BR-CO-14"_s << QString();
    QTest::newRow("BR-CL-15 unknown country of origin") << true << ublItem
                                                        << ublItem
            + u"<cac:OriginCountry><cbc:IdentificationCode>HC</cbc:IdentificationCode></cac:OriginCountry>"_s
                                                        << u"BR-CL-15"_s << u"fatal"_s;
    QTest::newRow("UBL-SR-52 two line document references")
        << true
        << u"<cbc:LineExtensionAmount currencyID=\"EUR\">100.00</cbc:LineExtensionAmount>\n  <cac:Item>"_s
        << u"<cbc:LineExtensionAmount currencyID=\"EUR\">100.00</cbc:LineExtensionAmount>\n"
           u"<cac:DocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></"
           u"cac:DocumentReference>"
           u"<cac:DocumentReference><cbc:ID>B</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>\n  <cac:Item>"_s
        << u"UBL-SR-52"_s << u"fatal"_s;
    const QString ciiSettlement = u"<ram:ApplicableHeaderTradeSettlement>\n"_s;
    QTest::newRow("CII-DT-031 currency on a line amount")
        << false << u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>\n    <ram:TaxBasisTotalAmount>"_s
        << u"<ram:LineTotalAmount currencyID=\"EUR\">100.00</ram:LineTotalAmount>\n    <ram:TaxBasisTotalAmount>"_s
        << u"CII-DT-031"_s << u"fatal"_s;
    QTest::newRow("CII-DT-097 date not YYYYMMDD")
        << false << u">20261122<"_s << u">2026-11-22<"_s << u"CII-DT-097"_s << u"fatal"_s;
    QTest::newRow("CII-SR-014 type code missing")
        << false << u"<ram:TypeCode>380</ram:TypeCode>"_s << QString() << u"CII-SR-014"_s << u"fatal"_s;
    QTest::newRow("CII-SR-439 net price missing")
        << false
        << u"<ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>"_s
        << QString() << u"CII-SR-439"_s << u"fatal"_s;
    QTest::newRow("CII-SR-463 allowance without indicator") << false << ciiSettlement
                                                            << ciiSettlement
            + u"<ram:SpecifiedTradeAllowanceCharge><ram:ActualAmount>1.00</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>\n"_s
                                                            << u"CII-SR-463"_s << u"fatal"_s;
    const QString ciiCurrency = u"<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"_s;
    const QString ciiCreditTransfer = ciiCurrency
        + u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>"_s;
    QTest::newRow("CII-SR-470 credit transfer without account")
        << false << ciiCurrency << ciiCreditTransfer << u"CII-SR-470"_s << u"fatal"_s;
    QTest::newRow("BR-61 is UBL's wording of CII-SR-470")
        << false << ciiCurrency << ciiCreditTransfer << u"BR-61"_s << QString();
    QTest::newRow("BR-62 CII electronic address without scheme")
        << false << u"<ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name>"_s
        << u"<ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name><ram:URIUniversalCommunication><ram:URIID>a@b.c</ram:URIID></ram:URIUniversalCommunication>"_s
        << u"BR-62"_s << u"fatal"_s;
    const QString ciiNetPrice = u"<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>"_s;
    auto grossPrice = [&ciiNetPrice](const QString &indicator, bool amount) {
        return u"<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>110.00</"
               u"ram:ChargeAmount>"
               u"<ram:AppliedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>%1</udt:Indicator></"
               u"ram:ChargeIndicator>%2"
               u"</ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice>"_s
                   .arg(indicator, amount ? u"<ram:ActualAmount>10.00</ram:ActualAmount>"_s : QString());
    };
    QTest::newRow("CII-SR-119 price discount without amount")
        << false << ciiNetPrice << grossPrice(u"false"_s, false) << u"CII-SR-119"_s << u"warning"_s;
    QTest::newRow("CII-SR-119 price discount as a charge")
        << false << ciiNetPrice << grossPrice(u"true"_s, true) << u"CII-SR-119"_s << u"warning"_s;
    QTest::newRow("CII-SR-119 complete price discount, indicator 0")
        << false << ciiNetPrice << grossPrice(u"0"_s, true) << u"CII-SR-119"_s << QString();
    const QString ciiOrder = u"<ram:ApplicableHeaderTradeAgreement>\n"_s;
    QTest::newRow("CII-DT-024 reference type code on an order reference") << false << ciiOrder
                                                                          << ciiOrder
            + u"<ram:BuyerOrderReferencedDocument><ram:IssuerAssignedID>PO-1</ram:IssuerAssignedID>"
              u"<ram:ReferenceTypeCode>ABZ</ram:ReferenceTypeCode></ram:BuyerOrderReferencedDocument>\n"_s
                                                                          << u"CII-DT-024"_s << u"fatal"_s;
    QTest::newRow("CII-DT-024 reference type code on an invoiced object") << false << ciiOrder
                                                                          << ciiOrder
            + u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>OBJ-1</ram:IssuerAssignedID>"
              u"<ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>ABZ</ram:ReferenceTypeCode>"
              u"</ram:AdditionalReferencedDocument>\n"_s << u"CII-DT-024"_s
                                                                          << QString();
    // Syntax rules of CEN 1.3.16 that the corpus exercises: each row pins the definition down independently
    // of ../shared, with the case just inside the rule where one exists (tests/unit/TestCiiSyntaxRules.cpp
    // covers the CII families the corpus never fires).
    auto references = [](const QString &typeCode, int count, bool attached) -> QString {
        QString xml;
        for (int i = 1; i <= count; ++i)
            xml += u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>R%1</ram:IssuerAssignedID>"
                   u"<ram:TypeCode>%2</ram:TypeCode>%3</ram:AdditionalReferencedDocument>\n"_s.arg(
                       QString::number(i), typeCode,
                       attached ? u"<ram:AttachmentBinaryObject mimeCode=\"application/pdf\" "
                                  u"filename=\"r%1.pdf\">QQ=="
                                  u"</ram:AttachmentBinaryObject>"_s.arg(i)
                                : QString());
        return xml;
    };
    const QString ciiHeaderEnd = u"  </ram:ApplicableHeaderTradeAgreement>"_s;
    const QString ciiLineEnd = u"   </ram:SpecifiedLineTradeSettlement>"_s;
    // CII-SR-475 counts the descriptions (Name, BT-123) of the supporting documents, not the documents.
    QTest::newRow("CII-SR-475 two described supporting documents")
        << false << ciiHeaderEnd
        << references(u"916"_s, 2, false)
                .replace(u"</ram:TypeCode>"_s, u"</ram:TypeCode><ram:Name>d</ram:Name>"_s)
            + ciiHeaderEnd
        << u"CII-SR-475"_s << u"warning"_s;
    QTest::newRow("CII-SR-475 two supporting documents without description")
        << false << ciiHeaderEnd << references(u"916"_s, 2, false) + ciiHeaderEnd << u"CII-SR-475"_s
        << QString();
    QTest::newRow("CII-SR-475 one supporting document")
        << false << ciiHeaderEnd << references(u"916"_s, 1, false) + ciiHeaderEnd << u"CII-SR-475"_s
        << QString();
    QTest::newRow("CII-SR-476 two attached supporting documents")
        << false << ciiHeaderEnd << references(u"916"_s, 2, true) + ciiHeaderEnd << u"CII-SR-476"_s
        << u"warning"_s;
    QTest::newRow("CII-SR-476 one attached of two") << false << ciiHeaderEnd
                                                    << references(u"916"_s, 1, true)
            + references(u"916"_s, 1, false).replace(u"R1"_s, u"R2"_s) + ciiHeaderEnd
                                                    << u"CII-SR-476"_s << QString();
    QTest::newRow("CII-SR-457 two tenders")
        << false << ciiHeaderEnd << references(u"50"_s, 2, false) + ciiHeaderEnd << u"CII-SR-457"_s
        << u"warning"_s;
    QTest::newRow("CII-SR-458 two invoiced objects")
        << false << ciiHeaderEnd << references(u"130"_s, 2, false) + ciiHeaderEnd << u"CII-SR-458"_s
        << u"warning"_s;
    QTest::newRow("CII-SR-474 two invoiced objects on a line")
        << false << ciiLineEnd << references(u"130"_s, 2, false) + ciiLineEnd << u"CII-SR-474"_s
        << u"warning"_s;
    QTest::newRow("CII-SR-474 one invoiced object on a line")
        << false << ciiLineEnd << references(u"130"_s, 1, false) + ciiLineEnd << u"CII-SR-474"_s << QString();
    QTest::newRow("CII-SR-454 line without VAT information")
        << false
        << u"<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
           u"<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    "
           u"<ram:SpecifiedTradeSettlementLineMonetarySummation>"_s
        << u"<ram:SpecifiedTradeSettlementLineMonetarySummation>"_s << u"CII-SR-454"_s << u"warning"_s;
    auto payment = [&ciiCurrency](const QString &typeCode, bool card) -> QString {
        return ciiCurrency
            + u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>%1</ram:TypeCode>%2"
              u"</ram:SpecifiedTradeSettlementPaymentMeans>"_s.arg(typeCode,
                  card ? u"<ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</ram:ID>"
                         u"</ram:ApplicableTradeSettlementFinancialCard>"_s
                       : QString());
    };
    // CII-SR-467: every payment instruction uses the same payment means code (BT-81).
    QTest::newRow("CII-SR-467 two payment means codes")
        << false << ciiCurrency << payment(u"54"_s, true) + payment(u"58"_s, false).mid(ciiCurrency.size())
        << u"CII-SR-467"_s << u"fatal"_s;
    QTest::newRow("CII-SR-467 credit card with card information")
        << false << ciiCurrency << payment(u"54"_s, true) << u"CII-SR-467"_s << QString();
    QTest::newRow("CII-SR-467 not for a bank card (48)")
        << false << ciiCurrency << payment(u"48"_s, false) << u"CII-SR-467"_s << QString();
    auto ublReference = [&ublTotal](const QString &typeCode) -> QString {
        return u" <cac:AdditionalDocumentReference><cbc:ID schemeID=\"ABT\">D1</cbc:ID>"
               u"<cbc:DocumentTypeCode>%1</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>\n"_s.arg(
                   typeCode)
            + ublTotal;
    };
    QTest::newRow("UBL-SR-43 scheme on a document reference of type 100")
        << true << ublTotal << ublReference(u"100"_s) << u"UBL-SR-43"_s << u"fatal"_s;
    QTest::newRow("UBL-SR-43 scheme on an invoiced object (130)")
        << true << ublTotal << ublReference(u"130"_s) << u"UBL-SR-43"_s << QString();
    QTest::newRow("BR-CL-03 CII VAT total in an unknown currency")
        << false << u"<ram:TaxTotalAmount currencyID=\"EUR\">"_s
        << u"<ram:TaxTotalAmount currencyID=\"SOK\">"_s << u"BR-CL-03"_s << u"fatal"_s;
    QTest::newRow("BR-CL-01 CII accepts a credit note code")
        << false << u"<ram:TypeCode>380</ram:TypeCode>"_s << u"<ram:TypeCode>381</ram:TypeCode>"_s
        << u"BR-CL-01"_s << QString();
    QTest::newRow("BR-CL-24 CII attachment without MIME code")
        << false << u"<ram:ApplicableHeaderTradeAgreement>\n"_s
        << u"<ram:ApplicableHeaderTradeAgreement>\n<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>"
           u"A1</ram:IssuerAssignedID>"
           u"<ram:TypeCode>916</ram:TypeCode><ram:AttachmentBinaryObject "
           u"filename=\"a.pdf\">QQ==</ram:AttachmentBinaryObject>"
           u"</ram:AdditionalReferencedDocument>\n"_s
        << u"BR-CL-24"_s << u"fatal"_s;
}

void TestEinvoiceRules::documentEdits()
{
    QFETCH(bool, isUbl);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, rule);
    QFETCH(QString, flag);
    QString xml = QString::fromUtf8(isUbl ? ubl(Values()) : cii(Values()));
    QVERIFY2(xml.contains(from), "the edit does not apply to the minimal invoice");
    xml.replace(from, to);
    const ValidationReport report = EinvoiceValidator::validate(xml.toUtf8());
    QVERIFY(report.model.has_value());
    QStringList found;
    QString foundFlag;
    for (const Finding &f : report.findings) {
        found << f.id;
        if (f.id == rule) {
            foundFlag = EinvoiceValidator::severityName(f.severity);
            QVERIFY(!f.location.isEmpty());
            QVERIFY(!f.message.isEmpty());
        }
    }
    QVERIFY2(foundFlag == flag, qPrintable(found.join(u", "_s)));
}

void TestEinvoiceRules::syntaxTablesAreSound()
{
    for (const auto syntax : { SyntaxBindingRules::Syntax::Ubl, SyntaxBindingRules::Syntax::Cii }) {
        QVERIFY2(SyntaxBindingRules::tableErrors(syntax).isEmpty(),
            qPrintable(SyntaxBindingRules::tableErrors(syntax).join(u"; "_s)));
        const QStringList ids = SyntaxBindingRules::ruleIds(syntax);
        QVERIFY(!ids.isEmpty());
        const QString prefix = syntax == SyntaxBindingRules::Syntax::Ubl ? u"UBL-"_s : u"CII-"_s;
        for (const QString &id : ids)
            QVERIFY2(id.startsWith(prefix), qPrintable(id));
        QCOMPARE(QSet<QString>(ids.cbegin(), ids.cend()).size(), ids.size());
    }
}

// Every shipped list parses without contradictions, and every partial one states a format to decide with.
void TestEinvoiceRules::codeListFilesAreSound()
{
    const QStringList complete
        = { u"iso3166-alpha2"_s, u"iso4217"_s, u"mime-codes"_s, u"uncl5305-vat-categories"_s, u"vatex"_s,
              u"iso6523-icd"_s, u"uncl1001-invoice"_s, u"uncl1001-credit-note"_s, u"uncl1153"_s,
              u"uncl4451"_s, u"uncl4461"_s, u"uncl5189"_s, u"uncl7143"_s, u"uncl7161"_s, u"rec20-units"_s };
    const QStringList partial = { u"eas"_s };
    for (const QString &name : complete + partial) {
        const CodeList &list = CodeList::named(name);
        QVERIFY2(list.errors().isEmpty(), qPrintable(name + u": "_s + list.errors().join(u"; "_s)));
        QVERIFY2(!list.codes().isEmpty(), qPrintable(name));
        QVERIFY2(!list.name().isEmpty() && list.name() != name, qPrintable(name + u" names no list"_s));
        const bool isPartial = partial.contains(name);
        QCOMPARE(list.coverage(), isPartial ? CodeList::Coverage::Partial : CodeList::Coverage::Complete);
        QCOMPARE(list.format().isEmpty(), !isPartial);
    }
    // An unknown list decides nothing rather than rejecting everything.
    QCOMPARE(CodeList::named(u"no-such-list"_s).verdict(u"X"_s), CodeList::Verdict::Undecided);
}

void TestEinvoiceRules::codeListVerdicts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("verdict");

    const QByteArray partial
        = "# a partial list\nlist: T\ncoverage: partial\nformat: [0-9]{1,2}|ZZZ\n1 30 58\n"
          "rejected:\n99\n";
    const QByteArray complete = "list: C\ncoverage: complete\nAA BB\n";
    using V = CodeList::Verdict;
    QTest::newRow("partial, listed") << partial << u"30"_s << int(V::Listed);
    QTest::newRow("partial, known rejected") << partial << u"99"_s << int(V::Rejected);
    QTest::newRow("partial, outside the format") << partial << u"100"_s << int(V::Rejected);
    QTest::newRow("partial, empty value") << partial << QString() << int(V::Rejected);
    QTest::newRow("partial, inner blank") << partial << u"3 0"_s << int(V::Rejected);
    QTest::newRow("partial, unknown well-formed") << partial << u"10"_s << int(V::Undecided);
    QTest::newRow("partial, second format branch") << partial << u"ZZZ"_s << int(V::Undecided);
    QTest::newRow("complete, listed") << complete << u"BB"_s << int(V::Listed);
    QTest::newRow("complete, not listed") << complete << u"CC"_s << int(V::Rejected);
}

void TestEinvoiceRules::codeListVerdicts()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, value);
    QFETCH(int, verdict);
    const CodeList list = CodeList::parse(text);
    QVERIFY2(list.errors().isEmpty(), qPrintable(list.errors().join(u"; "_s)));
    QCOMPARE(int(list.verdict(value)), verdict);
}

// The evidence policy on whole invoices: a listed code passes, a code the artefact is known to reject and a
// value outside the list's format get the official fatal finding, and an unknown well-formed code only the
// ADES-CL-01 warning, which leaves the invoice valid.
void TestEinvoiceRules::partialCodeLists_data()
{
    QTest::addColumn<bool>("isUbl");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("bt");
    QTest::addColumn<QString>("outcome"); // "listed", "fatal" or "undecided"

    // The helpers return QString: an auto return type would be a QStringBuilder over dead temporaries.

    const QString ublTotal = u" <cac:LegalMonetaryTotal>"_s;
    auto ublPayment = [&ublTotal](const QString &code) -> QString {
        return u" <cac:PaymentMeans><cbc:PaymentMeansCode>%1</cbc:PaymentMeansCode></cac:PaymentMeans>\n"_s
                   .arg(code)
            + ublTotal;
    };
    const QString ciiCurrency = u"<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"_s;
    auto ciiPayment = [&ciiCurrency](const QString &code) -> QString {
        return ciiCurrency
            + u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>%1</ram:TypeCode>"
              u"</ram:SpecifiedTradeSettlementPaymentMeans>"_s.arg(code);
    };
    const QString ublUnit = u"<cbc:InvoicedQuantity unitCode=\"C62\">"_s;
    auto ublUnitTo
        = [](const QString &unit) { return u"<cbc:InvoicedQuantity unitCode=\"%1\">"_s.arg(unit); };
    const QString ciiUnit = u"<ram:BilledQuantity unitCode=\"C62\">"_s;
    auto ciiUnitTo = [](const QString &unit) { return u"<ram:BilledQuantity unitCode=\"%1\">"_s.arg(unit); };
    const QString seller = u"<cac:AccountingSupplierParty><cac:Party>"_s;
    auto endpoint = [&seller](const QString &scheme) -> QString {
        return seller + u"<cbc:EndpointID schemeID=\"%1\">x</cbc:EndpointID>"_s.arg(scheme);
    };
    const QString priceEnd = u"</cbc:PriceAmount>"_s;
    auto baseQuantity = [&priceEnd](const QString &unit) -> QString {
        return priceEnd + u"<cbc:BaseQuantity unitCode=\"%1\">1</cbc:BaseQuantity>"_s.arg(unit);
    };

    QTest::newRow("BR-CL-16 listed payment means")
        << true << ublTotal << ublPayment(u"1"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"listed"_s;
    QTest::newRow("BR-CL-16 payment means the artefact rejects")
        << true << ublTotal << ublPayment(u"99"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"fatal"_s;
    QTest::newRow("BR-CL-16 payment means of three digits")
        << true << ublTotal << ublPayment(u"100"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"fatal"_s;
    QTest::newRow("BR-CL-16 payment means 10 (in cash) listed")
        << true << ublTotal << ublPayment(u"10"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"listed"_s;
    QTest::newRow("BR-CL-16 payment means ZZZ listed")
        << true << ublTotal << ublPayment(u"ZZZ"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"listed"_s;
    QTest::newRow("BR-CL-16 CII payment means 97 listed")
        << false << ciiCurrency << ciiPayment(u"97"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"listed"_s;
    QTest::newRow("BR-CL-16 payment means 71, not in UNTDID 4461")
        << true << ublTotal << ublPayment(u"71"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"fatal"_s;
    QTest::newRow("BR-CL-16 CII payment means the artefact rejects")
        << false << ciiCurrency << ciiPayment(u"99"_s) << u"BR-CL-16"_s << u"BT-81"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 listed unit")
        << true << ublUnit << ublUnitTo(u"KGM"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"listed"_s;
    QTest::newRow("BR-CL-23 unit the artefact rejects")
        << true << ublUnit << ublUnitTo(u"MO"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 unit of four letters")
        << true << ublUnit << ublUnitTo(u"KILO"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 lower-case unit")
        << true << ublUnit << ublUnitTo(u"kgm"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 unit GRM listed")
        << true << ublUnit << ublUnitTo(u"GRM"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"listed"_s;
    QTest::newRow("BR-CL-23 well-formed unit not in Rec 20")
        << true << ublUnit << ublUnitTo(u"QQQ"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 base quantity unit the artefact rejects")
        << true << priceEnd << baseQuantity(u"2D"_s) << u"BR-CL-23"_s << u"BT-150"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 base quantity unit listed")
        << true << priceEnd << baseQuantity(u"GRM"_s) << u"BR-CL-23"_s << u"BT-150"_s << u"listed"_s;
    QTest::newRow("BR-CL-23 CII unit the artefact rejects")
        << false << ciiUnit << ciiUnitTo(u"MO"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"fatal"_s;
    QTest::newRow("BR-CL-23 CII unit GRM listed")
        << false << ciiUnit << ciiUnitTo(u"GRM"_s) << u"BR-CL-23"_s << u"BT-130"_s << u"listed"_s;
    QTest::newRow("BR-CL-25 listed scheme")
        << true << seller << endpoint(u"0204"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"listed"_s;
    QTest::newRow("BR-CL-25 scheme the artefact rejects")
        << true << seller << endpoint(u"1234"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"fatal"_s;
    QTest::newRow("BR-CL-25 scheme outside the format")
        << true << seller << endpoint(u"NO:ORG"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"fatal"_s;
    QTest::newRow("BR-CL-25 unknown scheme undecided")
        << true << seller << endpoint(u"0245"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"undecided"_s;
    QTest::newRow("BR-CL-01 listed invoice type")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>386<"_s << u"BR-CL-01"_s
        << u"BT-3"_s << u"listed"_s;
    QTest::newRow("BR-CL-01 invoice type 457 listed")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>457<"_s << u"BR-CL-01"_s
        << u"BT-3"_s << u"listed"_s;
    QTest::newRow("BR-CL-01 credit note code 502 on an invoice")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>502<"_s << u"BR-CL-01"_s
        << u"BT-3"_s << u"fatal"_s;
    QTest::newRow("BR-CL-01 invoice type of four digits")
        << true << u"<cbc:InvoiceTypeCode>380<"_s << u"<cbc:InvoiceTypeCode>3800<"_s << u"BR-CL-01"_s
        << u"BT-3"_s << u"fatal"_s;
}

void TestEinvoiceRules::partialCodeLists()
{
    QFETCH(bool, isUbl);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, rule);
    QFETCH(QString, bt);
    QFETCH(QString, outcome);
    QString xml = QString::fromUtf8(isUbl ? ubl(Values()) : cii(Values()));
    QVERIFY2(xml.contains(from), "the edit does not apply to the minimal invoice");
    xml.replace(from, to);
    const ValidationReport report = EinvoiceValidator::validate(xml.toUtf8());
    QVERIFY(report.model.has_value());

    const Finding *official = nullptr;
    const Finding *undecided = nullptr;
    for (const Finding &f : report.findings) {
        if (f.id == rule)
            official = &f;
        else if (f.id == u"ADES-CL-01")
            undecided = &f;
    }
    const QString all = ids(report).join(u", "_s);
    if (outcome == u"listed") {
        QVERIFY2(!official && !undecided, qPrintable(all));
        QVERIFY2(report.isValid(), qPrintable(all));
    } else if (outcome == u"fatal") {
        QVERIFY2(official, qPrintable(all));
        QVERIFY2(!undecided, qPrintable(all));
        QCOMPARE(official->severity, Finding::Severity::Fatal);
        QCOMPARE(official->bt, bt);
        QVERIFY(!report.isValid());
    } else {
        QVERIFY2(!official, qPrintable(all));
        QVERIFY2(undecided, qPrintable(all));
        QCOMPARE(undecided->severity, Finding::Severity::Warning);
        QCOMPARE(undecided->bt, bt);
        QVERIFY(!undecided->location.isEmpty());
        QVERIFY2(undecided->message.startsWith(rule + u" not decided"_s), qPrintable(undecided->message));
        QVERIFY2(undecided->message.contains(bt), qPrintable(undecided->message));
        QVERIFY2(report.isValid(), qPrintable(all));
    }
}

QTEST_GUILESS_MAIN(TestEinvoiceRules)
#include "TestEinvoiceRules.moc"
