#include "ops/eu/einvoice/CodeList.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"

#include <QSet>
#include <QStringList>
#include <QTest>
#include <algorithm>

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
    void coreRuleEdits_data();
    void coreRuleEdits();
    void syntaxTablesAreSound();
    void ublSyntaxTableIsComplete();
    void ublSyntaxRules_data();
    void ublSyntaxRules();
    void codeListFilesAreSound();
    void codeListVerdicts_data();
    void codeListVerdicts();
    void codeListsOnInvoices_data();
    void codeListsOnInvoices();
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
    // -08 of the zero-rate families: UBL compares exactly, CII within 1.00 (CEN model, both syntaxes).
    v = Values();
    v.category = u"Z"_s;
    v.rate = u"0"_s;
    v.taxAmount = u"0.00"_s;
    v.taxTotal = u"0.00"_s;
    v.taxInclusive = u"100.00"_s;
    v.payable = u"100.00"_s;
    v.taxable = u"100.50"_s;
    QTest::newRow("UBL BR-Z-08 half a unit off") << true << v << u"BR-Z-08"_s << true;
    QTest::newRow("CII BR-Z-08 half a unit off") << false << v << u"BR-Z-08"_s << false;
    // BR-S-08 in UBL needs a line, allowance or charge at the breakdown's rate.
    v = Values();
    v.rate = u"19"_s;
    QTest::newRow("UBL BR-S-08 line at the breakdown's rate") << true << v << u"BR-S-08"_s << false;
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
    auto grossPrice = [](const QString &indicator, bool amount) {
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

// The core rules as the CEN artefact defines them (context, test and flag, UBL and CII apart), each row one
// edit of the minimal invoice with the case on either side of the definition. Same columns as documentEdits.
void TestEinvoiceRules::coreRuleEdits_data()
{
    QTest::addColumn<bool>("isUbl");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("flag");

    const QString ublTotal = u" <cac:LegalMonetaryTotal>"_s;
    auto ublPayment = [&ublTotal](const QString &inner) -> QString {
        return u" <cac:PaymentMeans>%1</cac:PaymentMeans>\n"_s.arg(inner) + ublTotal;
    };
    const QString noAccountId
        = u"<cac:PayeeFinancialAccount><cbc:Name>Seller</cbc:Name></cac:PayeeFinancialAccount>"_s;
    // BR-50 is stated on the account of a credit transfer only (payment means 30 or 58).
    QTest::newRow("BR-50 UBL credit transfer account without identifier")
        << true << ublTotal << ublPayment(u"<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>"_s + noAccountId)
        << u"BR-50"_s << u"fatal"_s;
    QTest::newRow("BR-50 UBL not for a direct debit account")
        << true << ublTotal << ublPayment(u"<cbc:PaymentMeansCode>49</cbc:PaymentMeansCode>"_s + noAccountId)
        << u"BR-50"_s << QString();
    QTest::newRow("BR-50 UBL not for a card payment")
        << true << ublTotal << ublPayment(u"<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>"_s + noAccountId)
        << u"BR-50"_s << QString();
    // BR-49 asks for the code element, not for a value.
    QTest::newRow("BR-49 UBL payment means without code")
        << true << ublTotal << ublPayment(u"<cbc:PaymentID>R1</cbc:PaymentID>"_s) << u"BR-49"_s << u"fatal"_s;
    QTest::newRow("BR-49 UBL empty code element is present")
        << true << ublTotal << ublPayment(u"<cbc:PaymentMeansCode></cbc:PaymentMeansCode>"_s) << u"BR-49"_s
        << QString();
    // BR-51 allows the first six and last four digits: up to ten characters.
    auto card = [&](const QString &pan) {
        return ublPayment(u"<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount>"
                          u"<cbc:PrimaryAccountNumberID>%1</cbc:PrimaryAccountNumberID>"
                          u"<cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>"_s.arg(pan));
    };
    QTest::newRow("BR-51 UBL ten digits")
        << true << ublTotal << card(u"4111110000"_s) << u"BR-51"_s << QString();
    QTest::newRow("BR-51 UBL eleven digits")
        << true << ublTotal << card(u"41111100001"_s) << u"BR-51"_s << u"warning"_s;
    QTest::newRow("BR-51 UBL three digits") << true << ublTotal << card(u"123"_s) << u"BR-51"_s << QString();
    // BR-B-01/02 (split payment): every country code IT, and no standard rate on a line, allowance or charge.
    const QString ublLineCategory = u"<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>"_s;
    const QString ublLineB = u"<cac:ClassifiedTaxCategory><cbc:ID>B</cbc:ID>"_s;
    QTest::newRow("BR-B-01 UBL split payment outside Italy")
        << true << ublLineCategory << ublLineB << u"BR-B-01"_s << u"fatal"_s;
    QTest::newRow("BR-B-02 UBL standard rate only in the breakdown does not count")
        << true << ublLineCategory << ublLineB << u"BR-B-02"_s << QString();
    QTest::newRow("BR-B-02 UBL split payment charge beside a standard rated line")
        << true << ublTotal
        << u" <cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
           u"<cbc:AllowanceChargeReason>Freight</cbc:AllowanceChargeReason><cbc:Amount "
           u"currencyID=\"EUR\">1.00</cbc:Amount>"
           u"<cac:TaxCategory><cbc:ID>B</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</"
           u"cbc:ID>"
           u"</cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>\n"_s
            + ublTotal
        << u"BR-B-02"_s << u"fatal"_s;
    QTest::newRow("BR-B-01 UBL no split payment, no rule")
        << true << ublTotal << ublTotal << u"BR-B-01"_s << QString();
    // BR-DEC-13 in UBL compares the TaxAmount's currency with a child it never has: it never fails.
    QTest::newRow("BR-DEC-13 UBL three decimals on BT-110")
        << true << u"<cbc:TaxAmount currencyID=\"EUR\">19.00</cbc:TaxAmount>\n  <cac:TaxSubtotal>"_s
        << u"<cbc:TaxAmount currencyID=\"EUR\">19.001</cbc:TaxAmount>\n  <cac:TaxSubtotal>"_s
        << u"BR-DEC-13"_s << QString();
    // BR-CO-09 (UBL) asks whether the prefix list contains the first two characters.
    const QString sellerVat = u"<cbc:CompanyID>DE123456789</cbc:CompanyID>"_s;
    QTest::newRow("BR-CO-09 UBL unknown prefix")
        << true << sellerVat << u"<cbc:CompanyID>QQ123</cbc:CompanyID>"_s << u"BR-CO-09"_s << u"fatal"_s;
    QTest::newRow("BR-CO-09 UBL letter and blank are in the list")
        << true << sellerVat << u"<cbc:CompanyID>D 123</cbc:CompanyID>"_s << u"BR-CO-09"_s << QString();
    QTest::newRow("BR-CO-09 UBL lower-case prefix")
        << true << sellerVat << u"<cbc:CompanyID>de123</cbc:CompanyID>"_s << u"BR-CO-09"_s << u"fatal"_s;
    // Existence tests: an element without value satisfies BR-26 and BR-62 in UBL.
    QTest::newRow("BR-26 UBL empty price element is present")
        << true << u"<cbc:PriceAmount currencyID=\"EUR\">100.00</cbc:PriceAmount>"_s
        << u"<cbc:PriceAmount currencyID=\"EUR\"></cbc:PriceAmount>"_s << u"BR-26"_s << QString();
    QTest::newRow("BR-26 UBL no price amount")
        << true << u"<cbc:PriceAmount currencyID=\"EUR\">100.00</cbc:PriceAmount>"_s
        << u"<cbc:BaseQuantity unitCode=\"C62\">1</cbc:BaseQuantity>"_s << u"BR-26"_s << u"fatal"_s;
    const QString ublSeller = u"<cac:AccountingSupplierParty><cac:Party>"_s;
    QTest::newRow("BR-62 UBL empty scheme attribute is present")
        << true << ublSeller << ublSeller + u"<cbc:EndpointID schemeID=\"\">x</cbc:EndpointID>"_s
        << u"BR-62"_s << QString();
    QTest::newRow("BR-62 UBL no scheme attribute")
        << true << ublSeller << ublSeller + u"<cbc:EndpointID>x</cbc:EndpointID>"_s << u"BR-62"_s
        << u"fatal"_s;
    // The VAT scheme is compared upper-cased (BR-CO-04, BR-47, BR-48).
    QTest::newRow("BR-CO-04 UBL lower-case VAT scheme on a line")
        << true << u"<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"_s
        << u"<cac:TaxScheme><cbc:ID>vat</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>"_s
        << u"BR-CO-04"_s << QString();
    QTest::newRow("BR-48 UBL breakdown category outside VAT")
        << true
        << u"<cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>"_s
        << u"<cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:TaxCategory>"_s
        << u"BR-48"_s << u"fatal"_s;
    // BR-17: the payee must not carry the seller's name.
    // BR-17 compares the payee with the seller's trading name (PartyName), not its registration name.
    QTest::newRow("BR-17 UBL payee named like the seller's registration name")
        << true << ublTotal
        << u" <cac:PayeeParty><cac:PartyName><cbc:Name>Seller GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>\n"_s
            + ublTotal
        << u"BR-17"_s << QString();
    QTest::newRow("BR-17 UBL payee without name")
        << true << ublTotal
        << u" <cac:PayeeParty><cac:PartyIdentification><cbc:ID>P1</cbc:ID></cac:PartyIdentification></cac:PayeeParty>\n"_s
            + ublTotal
        << u"BR-17"_s << u"fatal"_s;

    const QString ciiCurrency = u"<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>"_s;
    auto ciiPayment = [&ciiCurrency](const QString &inner) -> QString {
        return ciiCurrency
            + u"<ram:SpecifiedTradeSettlementPaymentMeans>%1</ram:SpecifiedTradeSettlementPaymentMeans>"_s
                  .arg(inner);
    };
    const QString ciiNoAccountId
        = u"<ram:PayeePartyCreditorFinancialAccount><ram:AccountName>Seller</ram:AccountName></ram:PayeePartyCreditorFinancialAccount>"_s;
    QTest::newRow("BR-50 CII credit transfer account without identifier")
        << false << ciiCurrency << ciiPayment(u"<ram:TypeCode>30</ram:TypeCode>"_s + ciiNoAccountId)
        << u"BR-50"_s << u"fatal"_s;
    QTest::newRow("BR-61 CII credit transfer account without identifier")
        << false << ciiCurrency << ciiPayment(u"<ram:TypeCode>30</ram:TypeCode>"_s + ciiNoAccountId)
        << u"BR-61"_s << u"fatal"_s;
    QTest::newRow("BR-50 CII not for a direct debit")
        << false << ciiCurrency << ciiPayment(u"<ram:TypeCode>59</ram:TypeCode>"_s + ciiNoAccountId)
        << u"BR-50"_s << QString();
    const QString emptyIban
        = u"<ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID/></ram:PayeePartyCreditorFinancialAccount>"_s;
    QTest::newRow("BR-50 CII empty IBAN")
        << false << ciiCurrency << ciiPayment(emptyIban) << u"BR-50"_s << u"fatal"_s;
    QTest::newRow("BR-61 CII empty IBAN element is present")
        << false << ciiCurrency << ciiPayment(emptyIban) << u"BR-61"_s << QString();
    QTest::newRow("BR-49 CII empty type code element is present")
        << false << ciiCurrency << ciiPayment(u"<ram:TypeCode></ram:TypeCode>"_s) << u"BR-49"_s << QString();
    QTest::newRow("BR-49 CII no type code")
        << false << ciiCurrency << ciiPayment(u"<ram:Information>cash</ram:Information>"_s) << u"BR-49"_s
        << u"fatal"_s;
    auto ciiCard = [&](const QString &id) {
        return ciiPayment(
            u"<ram:TypeCode>48</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>%1</ram:ID>"
            u"</ram:ApplicableTradeSettlementFinancialCard>"_s.arg(id));
    };
    QTest::newRow("BR-51 CII eleven characters")
        << false << ciiCurrency << ciiCard(u"41111100001"_s) << u"BR-51"_s << u"fatal"_s;
    QTest::newRow("BR-51 CII ten characters")
        << false << ciiCurrency << ciiCard(u"4111110000"_s) << u"BR-51"_s << QString();
    const QString ciiLineS
        = u"<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s;
    const QString ciiLineB
        = u"<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>B</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s;
    QTest::newRow("BR-B-01 CII split payment outside Italy")
        << false << ciiLineS << ciiLineB << u"BR-B-01"_s << u"fatal"_s;
    QTest::newRow("BR-B-02 CII split payment beside a standard rated breakdown")
        << false << ciiLineS << ciiLineB << u"BR-B-02"_s << u"fatal"_s;
    const QString ciiTaxTotal = u"<ram:TaxTotalAmount currencyID=\"EUR\">19.00</ram:TaxTotalAmount>"_s;
    QTest::newRow("BR-DEC-13 CII trailing zero is two decimals by value")
        << false << ciiTaxTotal << u"<ram:TaxTotalAmount currencyID=\"EUR\">19.000</ram:TaxTotalAmount>"_s
        << u"BR-DEC-13"_s << QString();
    QTest::newRow("BR-DEC-13 CII three decimals")
        << false << ciiTaxTotal << u"<ram:TaxTotalAmount currencyID=\"EUR\">19.001</ram:TaxTotalAmount>"_s
        << u"BR-DEC-13"_s << u"fatal"_s;
    QTest::newRow("BR-53 CII accounting currency equal to the invoice currency")
        << false << ciiCurrency << ciiCurrency + u"<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>"_s
        << u"BR-53"_s << u"fatal"_s;
    const QString buyerName = u"<ram:BuyerTradeParty><ram:Name>Buyer SA</ram:Name>"_s;
    QTest::newRow("BR-CO-09 CII buyer VAT identifier without prefix") << false << buyerName
                                                                      << buyerName
            + u"<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">123</ram:ID></ram:SpecifiedTaxRegistration>"_s
                                                                      << u"BR-CO-09"_s << u"fatal"_s;
    QTest::newRow("BR-CO-09 CII tax number is not a VAT identifier") << false << buyerName
                                                                     << buyerName
            + u"<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"FC\">123</ram:ID></ram:SpecifiedTaxRegistration>"_s
                                                                     << u"BR-CO-09"_s << QString();
    const QString headerTax = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>"_s;
    QTest::newRow("BR-CO-18 CII line with tax, no breakdown")
        << false
        << u"<ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>\n    <ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>"_s
        << QString() << u"BR-CO-18"_s << u"fatal"_s;
    QTest::newRow("BR-CO-03 CII date and code in different tax elements")
        << false << headerTax
        << u"<ram:ApplicableTradeTax><ram:DueDateTypeCode>5</ram:DueDateTypeCode></ram:ApplicableTradeTax>"
           u"<ram:ApplicableTradeTax><ram:TaxPointDate><udt:DateString "
           u"format=\"102\">20261101</udt:DateString>"
           u"</ram:TaxPointDate><ram:CalculatedAmount>"_s
        << u"BR-CO-03"_s << u"fatal"_s;
    auto ciiAddress = [](bool second) {
        return u"<ram:SellerTradeParty><ram:Name>Seller "
               u"GmbH</ram:Name><ram:URIUniversalCommunication><ram:URIID "
               u"schemeID=\"EM\">a@b.c</ram:URIID></ram:URIUniversalCommunication>%1"_s.arg(second
                       ? u"<ram:URIUniversalCommunication><ram:URIID>x@b.c</ram:URIID></ram:URIUniversalCommunication>"_s
                       : QString());
    };
    QTest::newRow("BR-62 CII only the first address counts")
        << false << u"<ram:SellerTradeParty><ram:Name>Seller GmbH</ram:Name>"_s << ciiAddress(true)
        << u"BR-62"_s << QString();
    QTest::newRow("BR-17 CII payee named like the seller")
        << false << ciiCurrency
        << ciiCurrency + u"<ram:PayeeTradeParty><ram:Name>Seller GmbH</ram:Name></ram:PayeeTradeParty>"_s
        << u"BR-17"_s << u"fatal"_s;
    QTest::newRow("BR-17 CII payee of its own")
        << false << ciiCurrency
        << ciiCurrency + u"<ram:PayeeTradeParty><ram:Name>Factor AG</ram:Name></ram:PayeeTradeParty>"_s
        << u"BR-17"_s << QString();
    QTest::newRow("BR-29 CII end date not in format 102") << false << ciiCurrency
                                                          << ciiCurrency
            + u"<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format=\"102\">20261101"
              u"</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format=\"610\">"
              u"202611</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>"_s
                                                          << u"BR-29"_s << u"fatal"_s;
    // VAT categories in CII (CiiVatCategoryRules): a Z breakdown needs a Z line, allowance or charge (UBL
    // counts the breakdown's own category as a use), BR-AF-05 wants a rate above zero in CII only, BR-AF-08
    // never fails in CII, and the rate rules look at taxes of the VAT type only.
    const QString ciiSettlementTax = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>"_s;
    const QString ciiZeroBreakdown
        = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</"
          u"ram:TypeCode>"
          u"<ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>Z</ram:CategoryCode>"
          u"<ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>"_s
        + ciiSettlementTax;
    QTest::newRow("BR-Z-01 CII zero rated breakdown without a zero rated line")
        << false << ciiSettlementTax << ciiZeroBreakdown << u"BR-Z-01"_s << u"fatal"_s;
    const QString ublSubtotal = u"<cac:TaxSubtotal>"_s;
    QTest::newRow("BR-Z-01 UBL zero rated breakdown counts as its own use")
        << true << ublSubtotal
        << u"<cac:TaxSubtotal><cbc:TaxableAmount currencyID=\"EUR\">0.00</cbc:TaxableAmount><cbc:TaxAmount "
           u"currencyID=\"EUR\">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</"
           u"cbc:Percent>"
           u"<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal><cac:TaxSubtotal>"_s
        << u"BR-Z-01"_s << QString();
    const QString ciiLineTax
        = u"<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s;
    auto ciiLineTaxAs = [](const QString &type, const QString &code, const QString &rate) -> QString {
        return u"<ram:TypeCode>%1</ram:TypeCode><ram:CategoryCode>%2</"
               u"ram:CategoryCode><ram:RateApplicablePercent>%3"
               u"</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s
                   .arg(type, code, rate);
    };
    QTest::newRow("BR-AF-05 CII IGIC line at rate 0")
        << false << ciiLineTax << ciiLineTaxAs(u"VAT"_s, u"L"_s, u"0"_s) << u"BR-AF-05"_s << u"fatal"_s;
    QTest::newRow("BR-AG-05 CII IPSI line at rate 0")
        << false << ciiLineTax << ciiLineTaxAs(u"VAT"_s, u"M"_s, u"0"_s) << u"BR-AG-05"_s << QString();
    QTest::newRow("BR-S-05 CII rate rule only for the VAT type")
        << false << ciiLineTax << ciiLineTaxAs(u"GST"_s, u"S"_s, u"0"_s) << u"BR-S-05"_s << QString();
    QTest::newRow("BR-CO-04 CII line tax not of the VAT type")
        << false << ciiLineTax << ciiLineTaxAs(u"GST"_s, u"S"_s, u"19"_s) << u"BR-CO-04"_s << u"fatal"_s;
    const QString ublLineS = u"<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent>"_s;
    QTest::newRow("BR-AF-05 UBL IGIC line at rate 0 is allowed")
        << true << ublLineS << u"<cac:ClassifiedTaxCategory><cbc:ID>L</cbc:ID><cbc:Percent>0</cbc:Percent>"_s
        << u"BR-AF-05"_s << QString();
    const QString ciiHeaderS
        = u"<ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>"_s;
    QTest::newRow("BR-AF-08 CII never fails")
        << false << ciiHeaderS
        << u"<ram:BasisAmount>90.00</ram:BasisAmount><ram:CategoryCode>L</ram:CategoryCode>"_s
        << u"BR-AF-08"_s << QString();
    QTest::newRow("BR-O-01 CII not-subject line without breakdown")
        << false << ciiLineTax
        << u"<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>O</ram:CategoryCode></"
           u"ram:ApplicableTradeTax>\n"
           u"    <ram:SpecifiedTradeSettlementLineMonetarySummation>"_s
        << u"BR-O-01"_s << QString();
    QTest::newRow("BR-CO-19 CII invoicing period without dates") << false << ciiCurrency
                                                                 << ciiCurrency
            + u"<ram:BillingSpecifiedPeriod><ram:Description>Nov</ram:Description></ram:BillingSpecifiedPeriod>"_s
                                                                 << u"BR-CO-19"_s << u"fatal"_s;
    QTest::newRow("BR-CO-13 CII rounds the line total without allowances or charges")
        << false << u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>\n    <ram:TaxBasisTotalAmount>"_s
        << u"<ram:LineTotalAmount>100.001</ram:LineTotalAmount>\n    <ram:TaxBasisTotalAmount>"_s
        << u"BR-CO-13"_s << QString();
    QTest::newRow("BR-CO-13 UBL compares the line total as it is")
        << true
        << u"<cbc:LineExtensionAmount currencyID=\"EUR\">100.00</cbc:LineExtensionAmount>\n  <cbc:TaxExclusiveAmount"_s
        << u"<cbc:LineExtensionAmount currencyID=\"EUR\">100.001</cbc:LineExtensionAmount>\n  <cbc:TaxExclusiveAmount"_s
        << u"BR-CO-13"_s << u"fatal"_s;
    // normalize-space() strips XML whitespace only: a no-break space is content.
    QTest::newRow("BR-02 UBL no-break space is an invoice number")
        << true << u"<cbc:ID>INV-1</cbc:ID>"_s << u"<cbc:ID>\u00a0</cbc:ID>"_s << u"BR-02"_s << QString();
    QTest::newRow("BR-03 CII issue date not in format 102")
        << false << u"<udt:DateTimeString format=\"102\">20261122</udt:DateTimeString></ram:IssueDateTime>"_s
        << u"<udt:DateTimeString format=\"610\">202611</udt:DateTimeString></ram:IssueDateTime>"_s
        << u"BR-03"_s << u"fatal"_s;
    QTest::newRow("BR-CO-26 UBL party identification without identifier")
        << true
        << u"<cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>"_s
        << u"<cac:PartyIdentification/>"_s << u"BR-CO-26"_s << u"fatal"_s;
    QTest::newRow("BR-DEC-01 CII only for the indicator 'false'") << false << ciiCurrency
                                                                  << ciiCurrency
            + u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>0</udt:Indicator>"
              u"</ram:ChargeIndicator><ram:ActualAmount>1.001</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>"_s
                                                                  << u"BR-DEC-01"_s << QString();
    // More existence tests and per-syntax differences.
    QTest::newRow("BR-23 UBL empty unit attribute is present")
        << true << u"<cbc:InvoicedQuantity unitCode=\"C62\">"_s << u"<cbc:InvoicedQuantity unitCode=\"\">"_s
        << u"BR-23"_s << QString();
    QTest::newRow("BR-46 UBL empty tax amount element is present")
        << true << u"<cbc:TaxAmount currencyID=\"EUR\">19.00</cbc:TaxAmount>\n   <cac:TaxCategory>"_s
        << u"<cbc:TaxAmount currencyID=\"EUR\"></cbc:TaxAmount>\n   <cac:TaxCategory>"_s << u"BR-46"_s
        << QString();
    QTest::newRow("BR-22 UBL credited quantity on an invoice line")
        << true << u"<cbc:InvoicedQuantity unitCode=\"C62\">1</cbc:InvoicedQuantity>"_s
        << u"<cbc:CreditedQuantity unitCode=\"C62\">1</cbc:CreditedQuantity>"_s << u"BR-22"_s << QString();
    const QString ublDelivery
        = u" <cac:Delivery><cac:DeliveryLocation><cac:Address>%1</cac:Address></cac:DeliveryLocation></cac:Delivery>\n"_s;
    QTest::newRow("BR-57 UBL empty deliver-to country element is present")
        << true << ublTotal
        << ublDelivery.arg(u"<cac:Country><cbc:IdentificationCode></cbc:IdentificationCode></cac:Country>"_s)
            + ublTotal
        << u"BR-57"_s << QString();
    QTest::newRow("BR-57 CII empty deliver-to country")
        << false << u"<ram:ApplicableHeaderTradeDelivery/>"_s
        << u"<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CountryID>"
           u"</ram:CountryID>"
           u"</ram:PostalTradeAddress></ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>"_s
        << u"BR-57"_s << u"fatal"_s;
    QTest::newRow("BR-O-12 CII tests another breakdown like BR-O-11")
        << false << ciiSettlementTax
        << u"<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</"
           u"ram:TypeCode>"
           u"<ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>O</"
           u"ram:CategoryCode><ram:ExemptionReason>not subject"
           u"</ram:ExemptionReason></ram:ApplicableTradeTax>"_s
            + ciiSettlementTax
        << u"BR-O-12"_s << u"fatal"_s;
}

void TestEinvoiceRules::coreRuleEdits()
{
    documentEdits();
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

// The UBL table holds every UBL syntax rule of the CEN 1.3.16 artefact with its flag (reference en16931.md
// §2): 54 UBL-SR (UBL-SR-19/20/21 are code, DocumentSyntaxRules), 678 UBL-CR and 24 UBL-DT.
void TestEinvoiceRules::ublSyntaxTableIsComplete()
{
    const QStringList ids = SyntaxBindingRules::ruleIds(SyntaxBindingRules::Syntax::Ubl);
    auto family = [&ids](const QString &prefix) {
        return int(std::count_if(
            ids.cbegin(), ids.cend(), [&prefix](const QString &id) { return id.startsWith(prefix); }));
    };
    QCOMPARE(family(u"UBL-SR-"_s) + 3, 54);
    QCOMPARE(family(u"UBL-CR-"_s), 678);
    QCOMPARE(family(u"UBL-DT-"_s), 24);
    for (const QString &inCode : { u"UBL-SR-19"_s, u"UBL-SR-20"_s, u"UBL-SR-21"_s })
        QVERIFY2(!ids.contains(inCode), qPrintable(inCode));
    // Ids the artefact does not use.
    for (const QString &unused : { u"UBL-CR-120"_s, u"UBL-CR-423"_s, u"UBL-CR-536"_s, u"UBL-CR-631"_s,
             u"UBL-SR-38"_s, u"UBL-SR-41"_s, u"UBL-DT-02"_s })
        QVERIFY2(!ids.contains(unused), qPrintable(unused));
    for (const QString &last : { u"UBL-CR-682"_s, u"UBL-SR-56"_s, u"UBL-DT-28"_s })
        QVERIFY2(ids.contains(last), qPrintable(last));
}

namespace {

// The minimal UBL invoice as a credit note: root, type code, lines and their quantity renamed.
QString ublCreditNote(QString xml)
{
    xml.replace(u"<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\""_s,
        u"<CreditNote xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2\""_s);
    xml.replace(u"</Invoice>"_s, u"</CreditNote>"_s);
    xml.replace(u"<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"_s,
        u"<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>"_s);
    xml.replace(u"cac:InvoiceLine>"_s, u"cac:CreditNoteLine>"_s);
    xml.replace(u"cbc:InvoicedQuantity"_s, u"cbc:CreditedQuantity"_s);
    return xml;
}

} // namespace

// UBL syntax binding rules no corpus document exercises: each row edits the minimal invoice (or its credit
// note form) and states whether the rule fires, with which flag and how often (one finding per context
// element: the document element for the "should not be present" rules, each address, line ...).
void TestEinvoiceRules::ublSyntaxRules_data()
{
    QTest::addColumn<bool>("creditNote");
    QTest::addColumn<QStringList>("edits"); // from, to, from, to ...
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("flag"); // empty: the rule must not fire
    QTest::addColumn<int>("count");

    const QString total = u" <cac:LegalMonetaryTotal>"_s;
    auto atRoot = [&total](const QString &xml) { return QStringList { total, xml + total }; };
    const QString item = u"<cac:Item><cbc:Name>Widget</cbc:Name>"_s;
    auto inItem = [&item](const QString &xml) { return QStringList { item, item + xml }; };
    const QString seller = u"<cac:AccountingSupplierParty><cac:Party>"_s;
    auto inSeller = [&seller](const QString &xml) { return QStringList { seller, seller + xml }; };
    auto reference = [](const QString &inside) {
        return u"<cac:AdditionalDocumentReference><cbc:ID>D1</cbc:ID>%1</cac:AdditionalDocumentReference>"_s
            .arg(inside);
    };
    auto schemeReference = [](const QString &inside) {
        return u"<cac:AdditionalDocumentReference><cbc:ID schemeID=\"ABT\">D1</cbc:ID>%1"
               u"</cac:AdditionalDocumentReference>"_s.arg(inside);
    };
    auto typeCode
        = [](const QString &code) { return u"<cbc:DocumentTypeCode>%1</cbc:DocumentTypeCode>"_s.arg(code); };
    auto payment = [](const QString &inside) {
        return u"<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>%1</cac:PaymentMeans>"_s
            .arg(inside);
    };
    auto allowance = [](const QString &indicator) {
        return u"<cac:AllowanceCharge><cbc:ChargeIndicator>%1</cbc:ChargeIndicator>"
               u"<cbc:AllowanceChargeReason>A</cbc:AllowanceChargeReason>"
               u"<cbc:AllowanceChargeReason>B</cbc:AllowanceChargeReason></cac:AllowanceCharge>"_s.arg(
                   indicator);
    };
    const QString extensions = u"<ext:UBLExtensions xmlns:ext=\"urn:oasis:names:specification:ubl:schema:xsd:"
                               u"CommonExtensionComponents-2\"><ext:UBLExtension><ext:ExtensionContent/>"
                               u"</ext:UBLExtension></ext:UBLExtensions>"_s;

    // UBL-CR: elements and attributes EN 16931 does not use, once per document however often they occur.
    QTest::newRow("UBL-CR-001 extensions")
        << false << atRoot(extensions) << u"UBL-CR-001"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-005 UUID") << false << atRoot(u"<cbc:UUID>1</cbc:UUID>"_s) << u"UBL-CR-005"_s
                                     << u"warning"_s << 1;
    QTest::newRow("UBL-CR-002 version 2.1 is fine")
        << false << atRoot(u"<cbc:UBLVersionID>2.1</cbc:UBLVersionID>"_s) << u"UBL-CR-002"_s << QString()
        << 0;
    QTest::newRow("UBL-CR-002 version 2.0") << false << atRoot(u"<cbc:UBLVersionID>2.0</cbc:UBLVersionID>"_s)
                                            << u"UBL-CR-002"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-563 two pack quantities on a line, one finding")
        << false
        << inItem(u"<cbc:PackQuantity unitCode=\"C62\">1</cbc:PackQuantity>"
                  u"<cbc:PackQuantity unitCode=\"C62\">2</cbc:PackQuantity>"_s)
        << u"UBL-CR-563"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-682 delivery address")
        << false
        << atRoot(u"<cac:Delivery><cac:DeliveryAddress><cbc:CityName>X</cbc:CityName></cac:DeliveryAddress>"
                  u"</cac:Delivery>"_s)
        << u"UBL-CR-682"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-412 due date in an invoice's payment means")
        << false << atRoot(payment(u"<cbc:PaymentDueDate>2026-12-01</cbc:PaymentDueDate>"_s))
        << u"UBL-CR-412"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-412 not in a credit note")
        << true << atRoot(payment(u"<cbc:PaymentDueDate>2026-12-01</cbc:PaymentDueDate>"_s))
        << u"UBL-CR-412"_s << QString() << 0;
    QTest::newRow("UBL-CR-666 invoiced object with an attachment (fatal)")
        << false
        << atRoot(reference(typeCode(u"130"_s)
               + u"<cac:Attachment><cac:ExternalReference><cbc:URI>https://a.example</cbc:URI>"
                 u"</cac:ExternalReference></cac:Attachment>"_s))
        << u"UBL-CR-666"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-CR-665 scheme on a reference without type code")
        << false << atRoot(schemeReference(QString())) << u"UBL-CR-665"_s << u"warning"_s << 1;
    QTest::newRow("UBL-CR-665 not on an invoiced object")
        << false << atRoot(schemeReference(typeCode(u"130"_s))) << u"UBL-CR-665"_s << QString() << 0;

    // UBL-SR: single elements repeated, per context element.
    QTest::newRow("UBL-SR-43 type code other than 130 (fatal)")
        << false << atRoot(reference(typeCode(u"916"_s))) << u"UBL-SR-43"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-43 plain supporting document")
        << false << atRoot(reference(QString())) << u"UBL-SR-43"_s << QString() << 0;
    QTest::newRow("UBL-SR-43 two references, two findings")
        << false << atRoot(schemeReference(QString()) + reference(typeCode(u"916"_s))) << u"UBL-SR-43"_s
        << u"fatal"_s << 2;
    QTest::newRow("UBL-SR-43 type 50 in a credit note")
        << true << atRoot(reference(typeCode(u"50"_s))) << u"UBL-SR-43"_s << QString() << 0;
    QTest::newRow("UBL-SR-43 type 50 in an invoice")
        << false << atRoot(reference(typeCode(u"50"_s))) << u"UBL-SR-43"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-24 two deliveries")
        << false
        << atRoot(
               u"<cac:Delivery><cbc:ActualDeliveryDate>2026-11-01</cbc:ActualDeliveryDate></cac:Delivery>"
               u"<cac:Delivery><cbc:ActualDeliveryDate>2026-11-02</cbc:ActualDeliveryDate></cac:Delivery>"_s)
        << u"UBL-SR-24"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-10 two seller trading names")
        << false
        << inSeller(u"<cac:PartyName><cbc:Name>A</cbc:Name></cac:PartyName>"
                    u"<cac:PartyName><cbc:Name>B</cbc:Name></cac:PartyName>"_s)
        << u"UBL-SR-10"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-51 two address lines in two addresses")
        << false
        << QStringList { u"<cbc:CityName>Berlin</cbc:CityName>"_s,
               u"<cbc:CityName>Berlin</cbc:CityName><cac:AddressLine><cbc:Line>1</cbc:Line></cac:AddressLine>"
               u"<cac:AddressLine><cbc:Line>2</cbc:Line></cac:AddressLine>"_s,
               u"<cbc:CityName>Paris</cbc:CityName>"_s,
               u"<cbc:CityName>Paris</cbc:CityName><cac:AddressLine><cbc:Line>1</cbc:Line></cac:AddressLine>"
               u"<cac:AddressLine><cbc:Line>2</cbc:Line></cac:AddressLine>"_s }
        << u"UBL-SR-51"_s << u"fatal"_s << 2;
    const QString card = u"<cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID>"
                         u"<cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>"_s;
    QTest::newRow("UBL-SR-54 a card in each of two payment means")
        << false << atRoot(payment(card) + payment(card)) << u"UBL-SR-54"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-54 one card") << false << atRoot(payment(card)) << u"UBL-SR-54"_s << QString() << 0;
    const QString mandate = u"<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>"_s;
    QTest::newRow("UBL-SR-55 two mandates")
        << false << atRoot(payment(mandate) + payment(mandate)) << u"UBL-SR-55"_s << u"fatal"_s << 1;
    const QString tender
        = u"<cac:OriginatorDocumentReference><cbc:ID>T1</cbc:ID></cac:OriginatorDocumentReference>"_s;
    QTest::newRow("UBL-SR-56 two tender references")
        << false << atRoot(tender + tender) << u"UBL-SR-56"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-56 one tender reference")
        << false << atRoot(tender) << u"UBL-SR-56"_s << QString() << 0;
    QTest::newRow("UBL-SR-30 allowance (indicator 0) with two reasons")
        << false << atRoot(allowance(u" 0 "_s)) << u"UBL-SR-30"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-30 not for a charge")
        << false << atRoot(allowance(u"true"_s)) << u"UBL-SR-30"_s << QString() << 0;
    QTest::newRow("UBL-SR-31 charge with two reasons")
        << false << atRoot(allowance(u"true"_s)) << u"UBL-SR-31"_s << u"fatal"_s << 1;
    QTest::newRow("UBL-SR-53 tax scheme without company identifier")
        << false
        << QStringList { u"<cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID>"_s,
               u"<cac:PartyTaxScheme>"_s }
        << u"UBL-SR-53"_s << u"fatal"_s << 1;

    // UBL-DT: attributes of the UBL data types that EN 16931 does not use, anywhere in the document.
    QTest::newRow("UBL-DT-08 schemeName on the invoice number")
        << false << QStringList { u"<cbc:ID>INV-1</cbc:ID>"_s, u"<cbc:ID schemeName=\"x\">INV-1</cbc:ID>"_s }
        << u"UBL-DT-08"_s << u"warning"_s << 1;
    QTest::newRow("UBL-DT-12 format on the document element")
        << false << QStringList { u"<Invoice "_s, u"<Invoice format=\"x\" "_s } << u"UBL-DT-12"_s
        << u"warning"_s << 1;
    QTest::newRow("UBL-DT-19 languageID on a line item name")
        << false
        << QStringList { u"<cbc:Name>Widget</cbc:Name>"_s,
               u"<cbc:Name languageID=\"en\">Widget</cbc:Name>"_s }
        << u"UBL-DT-19"_s << u"warning"_s << 1;
    QTest::newRow("UBL-DT-18 name on the payment means code is fine")
        << false
        << atRoot(u"<cac:PaymentMeans><cbc:PaymentMeansCode name=\"Card\">48</cbc:PaymentMeansCode>"
                  u"</cac:PaymentMeans>"_s)
        << u"UBL-DT-18"_s << QString() << 0;
    QTest::newRow("UBL-DT-18 name on another element")
        << false
        << QStringList { u"<cbc:Name>Widget</cbc:Name>"_s, u"<cbc:Name name=\"x\">Widget</cbc:Name>"_s }
        << u"UBL-DT-18"_s << u"warning"_s << 1;
}

void TestEinvoiceRules::ublSyntaxRules()
{
    QFETCH(bool, creditNote);
    QFETCH(QStringList, edits);
    QFETCH(QString, rule);
    QFETCH(QString, flag);
    QFETCH(int, count);
    QString xml = QString::fromUtf8(ubl(Values()));
    if (creditNote)
        xml = ublCreditNote(xml);
    for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
        QVERIFY2(xml.contains(edits.at(i)), qPrintable(u"the edit does not apply: "_s + edits.at(i)));
        xml.replace(edits.at(i), edits.at(i + 1));
    }
    const ValidationReport report = EinvoiceValidator::validate(xml.toUtf8());
    QVERIFY(report.model.has_value());
    QCOMPARE(report.documentType, creditNote ? u"CreditNote"_s : u"Invoice"_s);
    int found = 0;
    for (const Finding &f : report.findings) {
        if (f.id != rule)
            continue;
        ++found;
        QCOMPARE(EinvoiceValidator::severityName(f.severity), flag);
        QVERIFY(!f.location.isEmpty());
        QVERIFY(!f.message.isEmpty());
    }
    QVERIFY2(found == count, qPrintable(ids(report).join(u", "_s)));
}

// Every shipped list parses without errors and names its list; an unknown list says so.
void TestEinvoiceRules::codeListFilesAreSound()
{
    const QStringList lists = { u"iso3166-alpha2"_s, u"iso4217"_s, u"mime-codes"_s,
        u"uncl5305-vat-categories"_s, u"vatex"_s, u"iso6523-icd"_s, u"uncl1001-invoice"_s,
        u"uncl1001-credit-note"_s, u"uncl1153"_s, u"uncl4451"_s, u"uncl4461"_s, u"uncl5189"_s, u"uncl7143"_s,
        u"uncl7161"_s, u"rec20-units"_s, u"eas"_s };
    for (const QString &name : lists) {
        const CodeList &list = CodeList::named(name);
        QVERIFY2(list.errors().isEmpty(), qPrintable(name + u": "_s + list.errors().join(u"; "_s)));
        QVERIFY2(!list.codes().isEmpty(), qPrintable(name));
        QVERIFY2(!list.name().isEmpty() && list.name() != name, qPrintable(name + u" names no list"_s));
    }
    QVERIFY(!CodeList::named(u"no-such-list"_s).errors().isEmpty());
}

void TestEinvoiceRules::codeListVerdicts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("verdict");

    const QByteArray list = "# a list\nlist: C\nAA BB\n30 58\n";
    using V = CodeList::Verdict;
    QTest::newRow("listed") << list << u"BB"_s << int(V::Listed);
    QTest::newRow("listed on a second line") << list << u"30"_s << int(V::Listed);
    QTest::newRow("not listed") << list << u"CC"_s << int(V::Rejected);
    QTest::newRow("empty value") << list << QString() << int(V::Rejected);
    QTest::newRow("inner blank") << list << u"3 0"_s << int(V::Rejected);
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

// Code lists on whole invoices: a listed code passes, any other value gets the official fatal finding
// with the business term of the element.
void TestEinvoiceRules::codeListsOnInvoices_data()
{
    QTest::addColumn<bool>("isUbl");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<QString>("bt");
    QTest::addColumn<QString>("outcome"); // "listed" or "fatal"

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
    QTest::newRow("BR-CL-25 scheme 0245, new in 1.3.16")
        << true << seller << endpoint(u"0245"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"listed"_s;
    QTest::newRow("BR-CL-25 scheme 0247, not an EAS code")
        << true << seller << endpoint(u"0247"_s) << u"BR-CL-25"_s << u"BT-34"_s << u"fatal"_s;
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

void TestEinvoiceRules::codeListsOnInvoices()
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
    for (const Finding &f : report.findings) {
        if (f.id == rule)
            official = &f;
    }
    const QString all = ids(report).join(u", "_s);
    if (outcome == u"listed") {
        QVERIFY2(!official, qPrintable(all));
        QVERIFY2(report.isValid(), qPrintable(all));
    } else {
        QVERIFY2(official, qPrintable(all));
        QCOMPARE(official->severity, Finding::Severity::Fatal);
        QCOMPARE(official->bt, bt);
        QVERIFY(!report.isValid());
    }
}

QTEST_GUILESS_MAIN(TestEinvoiceRules)
#include "TestEinvoiceRules.moc"
