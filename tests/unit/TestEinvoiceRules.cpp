#include "ops/eu/einvoice/EinvoiceValidator.h"

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

QTEST_GUILESS_MAIN(TestEinvoiceRules)
#include "TestEinvoiceRules.moc"
