#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/layers/LayerSelection.h"
#include "ops/eu/einvoice/layers/RuleLayer.h"
#include "ops/eu/einvoice/layers/xrechnung/XRechnungCodeLists.h"
#include "ops/eu/einvoice/layers/xrechnung/XRechnungFormats.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;
using namespace ades::eu::xrechnung;

// The XRechnung 3.0.2 layer rule by rule, each from its definition (KoSIT xrechnung-schematron 2.5.0):
// a UBL and a CII invoice that pass every rule of the layer, and one mutation per row that must make
// exactly the named rule fire (or not fire) the given number of times with the given flag. The shared
// corpus checks the layer as a whole (TestEinvoiceCorpus, rows layer/xrechnung).
class TestXRechnungLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registered();
    void baseDocumentsPass();
    void rule_data();
    void rule();
    void skonto_data();
    void skonto();
    void contactFormats();
    void iban();
    void codeLists();
};

namespace {

const QByteArray CiusId = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0";
const QByteArray ExtensionId = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
                               "#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0";
const QByteArray CvdId = "urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0"
                         "#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9";

// A small XRechnung UBL invoice that passes the whole layer.
const QByteArray Ubl = R"(<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
 xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
 xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
 <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
 <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
 <cbc:ID>R-2026-17</cbc:ID>
 <cbc:IssueDate>2026-03-02</cbc:IssueDate>
 <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
 <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
 <cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>
 <cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-28</cbc:EndDate></cac:InvoicePeriod>
 <cac:AccountingSupplierParty>
  <cac:Party>
   <cbc:EndpointID schemeID="EM">billing@seller.example</cbc:EndpointID>
   <cac:PostalAddress>
    <cbc:CityName>Musterstadt</cbc:CityName>
    <cbc:PostalZone>10115</cbc:PostalZone>
    <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
   </cac:PostalAddress>
   <cac:PartyTaxScheme><cbc:CompanyID>DE123456789</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
   <cac:PartyLegalEntity><cbc:RegistrationName>Seller GmbH</cbc:RegistrationName></cac:PartyLegalEntity>
   <cac:Contact>
    <cbc:Name>Erika Beispiel</cbc:Name>
    <cbc:Telephone>+49 30 1234567</cbc:Telephone>
    <cbc:ElectronicMail>erika@seller.example</cbc:ElectronicMail>
   </cac:Contact>
  </cac:Party>
 </cac:AccountingSupplierParty>
 <cac:AccountingCustomerParty>
  <cac:Party>
   <cbc:EndpointID schemeID="EM">invoices@buyer.example</cbc:EndpointID>
   <cac:PostalAddress>
    <cbc:CityName>Beispielheim</cbc:CityName>
    <cbc:PostalZone>20095</cbc:PostalZone>
    <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
   </cac:PostalAddress>
   <cac:PartyLegalEntity><cbc:RegistrationName>Buyer Amt</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party>
 </cac:AccountingCustomerParty>
 <cac:PaymentMeans>
  <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
  <cac:PayeeFinancialAccount><cbc:ID>DE89 3704 0044 0532 0130 00</cbc:ID></cac:PayeeFinancialAccount>
 </cac:PaymentMeans>
 <cac:PaymentTerms><cbc:Note>#SKONTO#TAGE=10#PROZENT=2.00#
</cbc:Note></cac:PaymentTerms>
 <cac:TaxTotal>
  <cbc:TaxAmount currencyID="EUR">38.00</cbc:TaxAmount>
  <cac:TaxSubtotal>
   <cbc:TaxableAmount currencyID="EUR">200.00</cbc:TaxableAmount>
   <cbc:TaxAmount currencyID="EUR">38.00</cbc:TaxAmount>
   <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
  </cac:TaxSubtotal>
 </cac:TaxTotal>
 <cac:LegalMonetaryTotal>
  <cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>
  <cbc:TaxExclusiveAmount currencyID="EUR">200.00</cbc:TaxExclusiveAmount>
  <cbc:TaxInclusiveAmount currencyID="EUR">238.00</cbc:TaxInclusiveAmount>
  <cbc:PayableAmount currencyID="EUR">238.00</cbc:PayableAmount>
 </cac:LegalMonetaryTotal>
 <cac:InvoiceLine>
  <cbc:ID>1</cbc:ID>
  <cbc:InvoicedQuantity unitCode="HUR">4</cbc:InvoicedQuantity>
  <cbc:LineExtensionAmount currencyID="EUR">200.00</cbc:LineExtensionAmount>
  <cac:Item>
   <cbc:Name>Consulting</cbc:Name>
   <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
  </cac:Item>
  <cac:Price><cbc:PriceAmount currencyID="EUR">50.00</cbc:PriceAmount></cac:Price>
 </cac:InvoiceLine>
</Invoice>
)";

// The same invoice in CII.
const QByteArray Cii = R"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext>
  <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument>
  <ram:ID>R-2026-17</ram:ID>
  <ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20260302</udt:DateTimeString></ram:IssueDateTime>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Consulting</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement>
    <ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>
   </ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="HUR">4</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>200.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
   </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:BuyerReference>04011000-12345-03</ram:BuyerReference>
   <ram:SellerTradeParty>
    <ram:Name>Seller GmbH</ram:Name>
    <ram:DefinedTradeContact>
     <ram:PersonName>Erika Beispiel</ram:PersonName>
     <ram:TelephoneUniversalCommunication><ram:CompleteNumber>+49 30 1234567</ram:CompleteNumber></ram:TelephoneUniversalCommunication>
     <ram:EmailURIUniversalCommunication><ram:URIID>erika@seller.example</ram:URIID></ram:EmailURIUniversalCommunication>
    </ram:DefinedTradeContact>
    <ram:PostalTradeAddress><ram:PostcodeCode>10115</ram:PostcodeCode><ram:CityName>Musterstadt</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:URIUniversalCommunication><ram:URIID schemeID="EM">billing@seller.example</ram:URIID></ram:URIUniversalCommunication>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
   </ram:SellerTradeParty>
   <ram:BuyerTradeParty>
    <ram:Name>Buyer Amt</ram:Name>
    <ram:PostalTradeAddress><ram:PostcodeCode>20095</ram:PostcodeCode><ram:CityName>Beispielheim</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:URIUniversalCommunication><ram:URIID schemeID="EM">invoices@buyer.example</ram:URIID></ram:URIUniversalCommunication>
   </ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeDelivery/>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementPaymentMeans>
    <ram:TypeCode>58</ram:TypeCode>
    <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
   </ram:SpecifiedTradeSettlementPaymentMeans>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>38.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>200.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:BillingSpecifiedPeriod>
    <ram:StartDateTime><udt:DateTimeString format="102">20260201</udt:DateTimeString></ram:StartDateTime>
    <ram:EndDateTime><udt:DateTimeString format="102">20260228</udt:DateTimeString></ram:EndDateTime>
   </ram:BillingSpecifiedPeriod>
   <ram:SpecifiedTradePaymentTerms><ram:Description>#SKONTO#TAGE=10#PROZENT=2.00#
</ram:Description></ram:SpecifiedTradePaymentTerms>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>200.00</ram:LineTotalAmount>
    <ram:TaxBasisTotalAmount>200.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">38.00</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>238.00</ram:GrandTotalAmount>
    <ram:DuePayableAmount>238.00</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
)";

using Edits = QList<std::pair<QByteArray, QByteArray>>;

QByteArray edited(QByteArray document, const Edits &edits)
{
    for (const auto &[from, to] : edits) {
        if (!document.contains(from))
            qFatal("test mutation does not apply: %s", from.constData());
        document.replace(from, to);
    }
    return document;
}

QList<Finding> layerFindings(const QByteArray &document)
{
    ValidationOptions options;
    options.layers = QStringList { u"xrechnung"_s };
    const ValidationReport report = EinvoiceValidator::validate(document, options);
    if (report.layers.size() != 1 || !report.layers.first().checked)
        qFatal("the xrechnung layer did not run");
    return report.layers.first().findings;
}

QString describe(const QList<Finding> &findings)
{
    QStringList ids;
    for (const Finding &f : findings)
        ids << f.id + u'/' + EinvoiceValidator::severityName(f.severity);
    return ids.join(u' ');
}

// Turns a base invoice (UBL or CII) into an extension one.
Edits asExtension()
{
    return { { CiusId + "<", ExtensionId + "<" } };
}

} // namespace

void TestXRechnungLayer::registered()
{
    const RuleLayer *layer = LayerSelection::find(u"xrechnung"_s);
    QVERIFY(layer);
    QCOMPARE(layer->name(), u"xrechnung"_s);
    QVERIFY(layer->artefact().contains(u"3.0.2"_s));
    QCOMPARE(LayerSelection::automatic(QString::fromLatin1(CiusId), false), QStringList { u"xrechnung"_s });
}

void TestXRechnungLayer::baseDocumentsPass()
{
    QCOMPARE(describe(layerFindings(Ubl)), QString());
    QCOMPARE(describe(layerFindings(Cii)), QString());
}

void TestXRechnungLayer::rule_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("flag");

    const auto row = [](const char *name, const QByteArray &base, const Edits &edits, const char *id,
                         int count, const char *flag = "fatal") {
        QTest::newRow(name) << edited(base, edits) << QString::fromLatin1(id) << count
                            << QString::fromLatin1(flag);
    };
    const QByteArray ublMeans58 = "<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>";
    const QByteArray ublAccount = "<cac:PayeeFinancialAccount><cbc:ID>DE89 3704 0044 0532 0130 "
                                  "00</cbc:ID></cac:PayeeFinancialAccount>";
    const QByteArray ciiAccount
        = "<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE89370400440532013000</"
          "ram:IBANID></ram:PayeePartyCreditorFinancialAccount>";

    // BR-DE-1, -15, -16, -17, -21, -26 on the document.
    row("ubl BR-DE-1", Ubl,
        { { "<cac:PaymentMeans>", "<cac:PaymentMeansX>" },
            { "</cac:PaymentMeans>", "</cac:PaymentMeansX>" } },
        "BR-DE-1", 1);
    row("cii BR-DE-1", Cii,
        { { "<ram:SpecifiedTradeSettlementPaymentMeans>", "<ram:SpecifiedTradeSettlementPaymentMeansX>" },
            { "</ram:SpecifiedTradeSettlementPaymentMeans>",
                "</ram:SpecifiedTradeSettlementPaymentMeansX>" } },
        "BR-DE-1", 1);
    row("ubl BR-DE-15 blank", Ubl, { { ">04011000-12345-03<", ">  <" } }, "BR-DE-15", 1);
    row("cii BR-DE-15 blank", Cii, { { ">04011000-12345-03<", "> <" } }, "BR-DE-15", 1);
    row("ubl BR-DE-16", Ubl,
        { { "<cbc:CompanyID>DE123456789</cbc:CompanyID>", "<cbc:CompanyID> </cbc:CompanyID>" } }, "BR-DE-16",
        1);
    row("ubl BR-DE-16 tax representative", Ubl,
        { { "<cbc:CompanyID>DE123456789</cbc:CompanyID>", "<cbc:CompanyID></cbc:CompanyID>" },
            { "<cac:PaymentMeans>", "<cac:TaxRepresentativeParty/><cac:PaymentMeans>" } },
        "BR-DE-16", 0);
    row("ubl BR-DE-16 category O", Ubl,
        { { "<cbc:CompanyID>DE123456789</cbc:CompanyID>", "<cbc:CompanyID></cbc:CompanyID>" },
            { "<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>",
                "<cac:ClassifiedTaxCategory><cbc:ID>O</cbc:ID>" } },
        "BR-DE-16", 0);
    row("cii BR-DE-16 scheme VAT is not VA", Cii,
        { { "<ram:ID schemeID=\"VA\">", "<ram:ID schemeID=\"VAT\">" } }, "BR-DE-16", 1);
    row("ubl BR-DE-17", Ubl, { { ">380<", ">383<" } }, "BR-DE-17", 1, "warning");
    row("cii BR-DE-17 padded code", Cii, { { ">380<", "> 877 <" } }, "BR-DE-17", 0, "warning");
    row("ubl BR-DE-21", Ubl,
        { { "xrechnung_3.0</cbc:CustomizationID>", "xrechnung_2.3</cbc:CustomizationID>" } }, "BR-DE-21", 1,
        "warning");
    row("cii BR-DE-21 CVD id", Cii, { { CiusId + "<", CvdId + "<" } }, "BR-DE-21", 0, "warning");
    row("ubl BR-DE-26", Ubl, { { ">380<", ">384<" } }, "BR-DE-26", 1, "warning");
    row("ubl BR-DE-26 with BG-3", Ubl,
        { { ">380<", ">384<" },
            { "<cac:AccountingSupplierParty>",
                "<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>R-1</cbc:ID></"
                "cac:InvoiceDocumentReference></cac:BillingReference><cac:AccountingSupplierParty>" } },
        "BR-DE-26", 0, "warning");
    row("cii BR-DE-26", Cii, { { ">380<", ">384<" } }, "BR-DE-26", 1, "warning");

    // BR-DE-2 ... BR-DE-11: seller contact and addresses.
    row("ubl BR-DE-2", Ubl,
        { { "<cac:Contact>", "<cac:ContactX>" }, { "</cac:Contact>", "</cac:ContactX>" } }, "BR-DE-2", 1);
    row("ubl BR-DE-3", Ubl, { { ">Musterstadt<", "><" } }, "BR-DE-3", 1);
    row("cii BR-DE-4", Cii, { { ">10115<", "> <" } }, "BR-DE-4", 1);
    row("ubl BR-DE-5", Ubl, { { "<cbc:Name>Erika Beispiel</cbc:Name>", "" } }, "BR-DE-5", 1);
    row("cii BR-DE-5 department", Cii,
        { { "<ram:PersonName>Erika Beispiel</ram:PersonName>",
            "<ram:DepartmentName>Billing</ram:DepartmentName>" } },
        "BR-DE-5", 0);
    row("ubl BR-DE-6 and BR-DE-27", Ubl, { { "<cbc:Telephone>+49 30 1234567</cbc:Telephone>", "" } },
        "BR-DE-27", 1, "warning");
    row("cii BR-DE-6", Cii, { { ">+49 30 1234567<", "><" } }, "BR-DE-6", 1);
    row("ubl BR-DE-7", Ubl, { { ">erika@seller.example<", "> <" } }, "BR-DE-7", 1);
    row("ubl BR-DE-27 two digits", Ubl, { { ">+49 30 1234567<", ">call 0-1<" } }, "BR-DE-27", 1, "warning");
    row("cii BR-DE-28", Cii, { { ">erika@seller.example<", ">erika@@seller.example<" } }, "BR-DE-28", 1,
        "warning");
    row("ubl BR-DE-28 dotless domain", Ubl, { { ">erika@seller.example<", ">erika@localhost<" } }, "BR-DE-28",
        1, "warning");
    row("ubl BR-DE-8", Ubl, { { ">Beispielheim<", "><" } }, "BR-DE-8", 1);
    row("cii BR-DE-9", Cii, { { ">20095<", "><" } }, "BR-DE-9", 1);
    row("ubl BR-DE-10 and -11", Ubl,
        { { "<cac:PaymentMeans>",
            "<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Ort</cbc:CityName></"
            "cac:Address></"
            "cac:DeliveryLocation></cac:Delivery><cac:PaymentMeans>" } },
        "BR-DE-11", 1);
    row("cii BR-DE-10", Cii,
        { { "<ram:ApplicableHeaderTradeDelivery/>",
            "<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:PostalTradeAddress><ram:"
            "PostcodeCode>1</"
            "ram:PostcodeCode></ram:PostalTradeAddress></ram:ShipToTradeParty></"
            "ram:ApplicableHeaderTradeDelivery>" } },
        "BR-DE-10", 1);

    // BR-DE-14, -18, -22.
    row("ubl BR-DE-14", Ubl,
        { { "<cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></"
            "cac:TaxScheme></cac:TaxCategory>\n  </cac:TaxSubtotal>",
            "<cbc:ID>S</cbc:ID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n  "
            "</cac:TaxSubtotal>" } },
        "BR-DE-14", 1);
    row("cii BR-DE-14", Cii,
        { { "<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</"
            "ram:RateApplicablePercent></ram:ApplicableTradeTax>\n   <ram:BillingSpecifiedPeriod>",
            "<ram:CategoryCode>S</ram:CategoryCode></ram:ApplicableTradeTax>\n   "
            "<ram:BillingSpecifiedPeriod>" } },
        "BR-DE-14", 1);
    row("ubl BR-DE-18 lower case", Ubl, { { "#SKONTO#TAGE=10", "#skonto#TAGE=10" } }, "BR-DE-18", 1);
    row("cii BR-DE-18 no line break", Cii,
        { { "#PROZENT=2.00#\n</ram:Description>", "#PROZENT=2.00#</ram:Description>" } }, "BR-DE-18", 1);
    row("ubl BR-DE-18 free text", Ubl,
        { { "#SKONTO#TAGE=10#PROZENT=2.00#\n", "2 % Skonto bei Zahlung in 10 Tagen" } }, "BR-DE-18", 0);
    const QByteArray attachment
        = "<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment>"
          "<cbc:EmbeddedDocumentBinaryObject mimeCode=\"application/pdf\" filename=\"a.pdf\">"
          "QQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>";
    row("ubl BR-DE-22", Ubl,
        { { "<cac:AccountingSupplierParty>", attachment + attachment + "<cac:AccountingSupplierParty>" } },
        "BR-DE-22", 1);
    row("ubl BR-DE-22 distinct", Ubl,
        { { "<cac:AccountingSupplierParty>",
            attachment + QByteArray(attachment).replace("a.pdf", "b.pdf")
                + "<cac:AccountingSupplierParty>" } },
        "BR-DE-22", 0);

    // BR-DE-19, -20, -23 ... -25 and BR-DE-30/31: payment means.
    row("ubl BR-DE-19", Ubl, { { "DE89 3704 0044 0532 0130 00", "DE88 3704 0044 0532 0130 00" } }, "BR-DE-19",
        1, "warning");
    row("cii BR-DE-19 lower-case country", Cii,
        { { ">DE89370400440532013000<", ">de89370400440532013000<" } }, "BR-DE-19", 1, "warning");
    row("ubl BR-DE-23-a", Ubl, { { ublAccount, "" } }, "BR-DE-23-a", 1);
    row("ubl BR-DE-23-b", Ubl,
        { { ublAccount, ublAccount + "<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>" } },
        "BR-DE-23-b", 1);
    row("cii BR-DE-23-b creditor id", Cii,
        { { "<ram:InvoiceCurrencyCode>",
            "<ram:CreditorReferenceID>DE98ZZZ09999999999</"
            "ram:CreditorReferenceID><ram:InvoiceCurrencyCode>" } },
        "BR-DE-23-b", 1);
    row("ubl BR-DE-24-a", Ubl, { { ublMeans58, "<cbc:PaymentMeansCode>54</cbc:PaymentMeansCode>" } },
        "BR-DE-24-a", 1);
    row("ubl BR-DE-24-b", Ubl, { { ublMeans58, "<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>" } },
        "BR-DE-24-b", 1);
    row("cii BR-DE-24-a", Cii, { { "<ram:TypeCode>58</ram:TypeCode>", "<ram:TypeCode>55</ram:TypeCode>" } },
        "BR-DE-24-a", 1);
    row("ubl BR-DE-25-a", Ubl, { { ublMeans58, "<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode>" } },
        "BR-DE-25-a", 1);
    row("ubl BR-DE-25-b", Ubl, { { ublMeans58, "<cbc:PaymentMeansCode> 59 </cbc:PaymentMeansCode>" } },
        "BR-DE-25-b", 1);
    row("cii BR-DE-25-b", Cii, { { "<ram:TypeCode>58</ram:TypeCode>", "<ram:TypeCode>59</ram:TypeCode>" } },
        "BR-DE-25-b", 1);
    const QByteArray ublDebit
        = "<cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>M1</cbc:ID>"
          "<cac:PayerFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayerFinancialAccount>"
          "</cac:PaymentMandate>";
    row("ubl BR-DE-30", Ubl, { { ublMeans58, ublDebit }, { ublAccount, "" } }, "BR-DE-30", 1);
    row("ubl BR-DE-30 SEPA creditor id", Ubl,
        { { ublMeans58, ublDebit }, { ublAccount, "" },
            { "<cac:PostalAddress>\n    <cbc:CityName>Musterstadt",
                "<cac:PartyIdentification><cbc:ID "
                "schemeID=\"SEPA\">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>"
                "<cac:PostalAddress>\n    <cbc:CityName>Musterstadt" } },
        "BR-DE-30", 0);
    row("ubl BR-DE-20", Ubl,
        { { ublMeans58, QByteArray(ublDebit).replace("DE89", "DE00") }, { ublAccount, "" } }, "BR-DE-20", 1,
        "warning");
    row("cii BR-DE-31", Cii,
        { { "<ram:InvoiceCurrencyCode>",
            "<ram:CreditorReferenceID>DE98ZZZ09999999999</"
            "ram:CreditorReferenceID><ram:InvoiceCurrencyCode>" } },
        "BR-DE-31", 1);
    row("cii BR-DE-30 creditor id alone", Cii,
        { { "<ram:InvoiceCurrencyCode>",
            "<ram:CreditorReferenceID>DE98ZZZ09999999999</"
            "ram:CreditorReferenceID><ram:InvoiceCurrencyCode>" } },
        "BR-DE-30", 1);

    // BR-DE-TMP-32, BR-TMP-2, BR-TMP-3.
    row("ubl BR-DE-TMP-32", Ubl,
        { { "<cac:InvoicePeriod><cbc:StartDate>2026-02-01</cbc:StartDate><cbc:EndDate>2026-02-28</"
            "cbc:EndDate></cac:InvoicePeriod>",
            "" } },
        "BR-DE-TMP-32", 1, "information");
    row("cii BR-DE-TMP-32", Cii,
        { { "<ram:BillingSpecifiedPeriod>\n    <ram:StartDateTime><udt:DateTimeString "
            "format=\"102\">20260201</udt:DateTimeString></ram:StartDateTime>\n    "
            "<ram:EndDateTime><udt:DateTimeString "
            "format=\"102\">20260228</udt:DateTimeString></ram:EndDateTime>\n   "
            "</ram:BillingSpecifiedPeriod>",
            "" } },
        "BR-DE-TMP-32", 1, "information");
    row("ubl BR-TMP-2", Ubl,
        { { "<cac:AccountingSupplierParty>",
            "<cac:AdditionalDocumentReference><cbc:ID>A</"
            "cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>"
            "www.example.com/a.pdf</cbc:URI></cac:ExternalReference></cac:Attachment></"
            "cac:AdditionalDocumentReference>"
            "<cac:AccountingSupplierParty>" } },
        "BR-TMP-2", 1, "warning");
    row("cii BR-TMP-2", Cii,
        { { "<ram:SellerTradeParty>",
            "<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:URIID>/"
            "a.pdf</"
            "ram:URIID><ram:TypeCode>916</ram:TypeCode></"
            "ram:AdditionalReferencedDocument><ram:SellerTradeParty>" } },
        "BR-TMP-2", 1, "warning");
    row("cii BR-TMP-3", Cii,
        { { "<ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount></"
            "ram:NetPriceProductTradePrice>",
            "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity "
            "unitCode=\"HUR\">1</ram:BasisQuantity></ram:GrossPriceProductTradePrice>"
            "<ram:NetPriceProductTradePrice><ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity "
            "unitCode=\"HUR\">1.0</ram:BasisQuantity></ram:NetPriceProductTradePrice>" } },
        "BR-TMP-3", 1);

    // The extension (BR-DEX) only under its BT-24.
    row("ubl BR-DEX-01 needs the extension", Ubl,
        { { "<cac:AccountingSupplierParty>",
            QByteArray(attachment).replace("application/pdf", "application/xml")
                + "<cac:AccountingSupplierParty>" } },
        "BR-DEX-01", 0);
    Edits extension = asExtension();
    row("ubl BR-DEX-01 xml allowed", Ubl,
        extension
            + Edits { { "<cac:AccountingSupplierParty>",
                QByteArray(attachment).replace("application/pdf", "application/xml")
                    + "<cac:AccountingSupplierParty>" } },
        "BR-DEX-01", 0);
    row("ubl BR-DEX-01", Ubl,
        extension
            + Edits { { "<cac:AccountingSupplierParty>",
                QByteArray(attachment).replace("application/pdf", "text/xml")
                    + "<cac:AccountingSupplierParty>" } },
        "BR-DEX-01", 1);
    const QByteArray subLines
        = "<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:LineExtensionAmount currencyID=\"EUR\">150.00</"
          "cbc:LineExtensionAmount><cac:Item><cbc:Name>A</cbc:Name></cac:Item></cac:SubInvoiceLine>"
          "<cac:SubInvoiceLine><cbc:ID>1.2</cbc:ID><cbc:LineExtensionAmount currencyID=\"EUR\">40.00</"
          "cbc:LineExtensionAmount></cac:SubInvoiceLine></cac:InvoiceLine>";
    row("ubl BR-DEX-02", Ubl, extension + Edits { { "</cac:InvoiceLine>", subLines } }, "BR-DEX-02", 1,
        "warning");
    row("ubl BR-DEX-03", Ubl, extension + Edits { { "</cac:InvoiceLine>", subLines } }, "BR-DEX-03", 1);
    row("ubl BR-DEX-04", Ubl,
        extension
            + Edits { { "<cac:PostalAddress>\n    <cbc:CityName>Beispielheim",
                "<cac:PartyIdentification><cbc:ID schemeID=\"SEPA\">X</cbc:ID></cac:PartyIdentification>"
                "<cac:PostalAddress>\n    <cbc:CityName>Beispielheim" } },
        "BR-DEX-04", 1);
    row("ubl BR-DEX-04 XR01", Ubl,
        extension
            + Edits { { "<cac:PostalAddress>\n    <cbc:CityName>Beispielheim",
                "<cac:PartyIdentification><cbc:ID schemeID=\"XR01\">X</cbc:ID></cac:PartyIdentification>"
                "<cac:PostalAddress>\n    <cbc:CityName>Beispielheim" } },
        "BR-DEX-04", 0);
    row("ubl BR-DEX-05 0244", Ubl,
        extension
            + Edits { { "<cbc:RegistrationName>Seller GmbH</cbc:RegistrationName>",
                "<cbc:RegistrationName>Seller GmbH</cbc:RegistrationName><cbc:CompanyID "
                "schemeID=\"0244\">1</cbc:CompanyID>" } },
        "BR-DEX-05", 1);
    row("ubl BR-DEX-07", Ubl, extension + Edits { { "schemeID=\"EM\">billing", "schemeID=\"XX\">billing" } },
        "BR-DEX-07", 1);
    row("cii BR-DEX-07 XR02", Cii,
        asExtension() + Edits { { "schemeID=\"EM\">billing", "schemeID=\"XR02\">billing" } }, "BR-DEX-07", 0);
    row("ubl BR-DEX-09", Ubl,
        extension
            + Edits { { "<cbc:PayableAmount currencyID=\"EUR\">238.00",
                "<cbc:PayableAmount currencyID=\"EUR\">237.00" } },
        "BR-DEX-09", 1);
    const QByteArray prepaid
        = "<cac:PrepaidPayment><cbc:ID>voucher</cbc:ID><cbc:PaidAmount currencyID=\"USD\">10.001</"
          "cbc:PaidAmount></cac:PrepaidPayment><cac:TaxTotal>";
    row("ubl BR-DEX-12", Ubl, extension + Edits { { "<cac:TaxTotal>", prepaid } }, "BR-DEX-12", 1);
    row("ubl BR-DEX-13", Ubl, extension + Edits { { "<cac:TaxTotal>", prepaid } }, "BR-DEX-13", 1);
    row("ubl BR-DEX-14", Ubl, extension + Edits { { "<cac:TaxTotal>", prepaid } }, "BR-DEX-14", 1);
    row("cii BR-DEX-15", Cii,
        asExtension()
            + Edits { { "<ram:LineID>1</ram:LineID>",
                "<ram:LineID>1</ram:LineID><ram:ParentLineID>0</ram:ParentLineID>" } },
        "BR-DEX-15", 1, "warning");

    // Clean vehicles (CVD) only under its BT-24.
    const Edits cvd = { { CiusId + "<", CvdId + "<" } };
    row("ubl BR-DE-CVD-01", Ubl, cvd, "BR-DE-CVD-01", 1);
    row("ubl BR-DE-CVD-02", Ubl, cvd, "BR-DE-CVD-02", 1);
    row("ubl BR-DE-CVD-03", Ubl, cvd, "BR-DE-CVD-03", 1);
    row("cii BR-DE-CVD-03", Cii, cvd, "BR-DE-CVD-03", 1);
    const QByteArray ublVehicle
        = "<cbc:Name>Consulting</cbc:Name><cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name>"
          "<cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty><cac:CommodityClassification>"
          "<cbc:ItemClassificationCode listID=\"CVD\">M1</cbc:ItemClassificationCode>"
          "</cac:CommodityClassification>";
    row("ubl BR-DE-CVD-03 vehicle line", Ubl,
        cvd + Edits { { "<cbc:Name>Consulting</cbc:Name>", ublVehicle } }, "BR-DE-CVD-03", 0);
    row("ubl BR-DE-CVD-04", Ubl,
        cvd + Edits { { "<cbc:Name>Consulting</cbc:Name>", QByteArray(ublVehicle).replace(">M1<", ">L3<") } },
        "BR-DE-CVD-04", 1);
    row("ubl BR-DE-CVD-05", Ubl,
        cvd
            + Edits { { "<cbc:Name>Consulting</cbc:Name>",
                QByteArray(ublVehicle).replace(">clean<", ">green<") } },
        "BR-DE-CVD-05", 1);
    row("ubl BR-DE-CVD-06-b", Ubl,
        cvd
            + Edits { { "<cbc:Name>Consulting</cbc:Name>",
                QByteArray(ublVehicle).replace("listID=\"CVD\"", "listID=\"ZZZ\"") } },
        "BR-DE-CVD-06-b", 1);
    row("ubl BR-DE-CVD-06-a", Ubl,
        cvd
            + Edits { { "<cbc:Name>Consulting</cbc:Name>",
                QByteArray(ublVehicle).replace("<cbc:Name>cva", "<cbc:Name>cvb") } },
        "BR-DE-CVD-06-a", 1);
    row("ubl BR-TMP-CVD-01", Ubl,
        cvd
            + Edits { { "<cbc:Name>Consulting</cbc:Name>",
                QByteArray(ublVehicle).replace("listID=\"CVD\"", "listID=\"QQ\"") } },
        "BR-TMP-CVD-01", 1);
    row("cii BR-DE-CVD-01", Cii, cvd, "BR-DE-CVD-01", 1);

    // The adopted Peppol rules.
    row("ubl R001", Ubl,
        { { "<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>", "" } },
        "PEPPOL-EN16931-R001", 1);
    row("cii R001", Cii,
        { { "BusinessProcessSpecifiedDocumentContextParameter><ram:ID>",
              "BusinessProcessSpecifiedDocumentContextParameter><ram:IDX>" },
            { "billing:01:1.0</ram:ID>", "billing:01:1.0</ram:IDX>" } },
        "PEPPOL-EN16931-R001", 1);
    row("ubl R005", Ubl,
        { { "<cbc:BuyerReference>", "<cbc:TaxCurrencyCode> EUR</cbc:TaxCurrencyCode><cbc:BuyerReference>" } },
        "PEPPOL-EN16931-R005", 1);
    row("ubl R008", Ubl, { { "<cbc:IssueDate>", "<cbc:Note> </cbc:Note><cbc:IssueDate>" } },
        "PEPPOL-EN16931-R008", 1);
    row("cii R008 header delivery may be empty", Cii, {}, "PEPPOL-EN16931-R008", 0);
    row("ubl R010", Ubl,
        { { "<cbc:EndpointID schemeID=\"EM\">invoices@buyer.example</cbc:EndpointID>", "" } },
        "PEPPOL-EN16931-R010", 1);
    row("cii R020", Cii,
        { { "<ram:URIUniversalCommunication><ram:URIID "
            "schemeID=\"EM\">billing@seller.example</ram:URIID></ram:URIUniversalCommunication>",
            "" } },
        "PEPPOL-EN16931-R020", 1);
    const QByteArray ublCharge
        = "<cac:AllowanceCharge><cbc:ChargeIndicator>true</cbc:ChargeIndicator>"
          "<cbc:Amount currencyID=\"EUR\">10.00</cbc:Amount>%1"
          "<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</"
          "cbc:ID></cac:TaxScheme></cac:TaxCategory>"
          "</cac:AllowanceCharge><cac:TaxTotal>";
    const auto withCharge = [&](const QByteArray &extra) {
        return Edits { { "<cac:TaxTotal>", QByteArray(ublCharge).replace("%1", extra) } };
    };
    row("ubl R040", Ubl,
        withCharge("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:BaseAmount "
                   "currencyID=\"EUR\">100.5</cbc:BaseAmount>"),
        "PEPPOL-EN16931-R040", 1);
    row("ubl R040 within slack", Ubl,
        withCharge("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric><cbc:BaseAmount "
                   "currencyID=\"EUR\">100.2</cbc:BaseAmount>"),
        "PEPPOL-EN16931-R040", 0);
    row("ubl R041 shadows R043", Ubl,
        withCharge("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>")
            + Edits { { ">true</cbc:ChargeIndicator>", ">yes</cbc:ChargeIndicator>" } },
        "PEPPOL-EN16931-R043", 0);
    row("ubl R041", Ubl, withCharge("<cbc:MultiplierFactorNumeric>10</cbc:MultiplierFactorNumeric>"),
        "PEPPOL-EN16931-R041", 1);
    row("ubl R042", Ubl, withCharge("<cbc:BaseAmount currencyID=\"EUR\">100</cbc:BaseAmount>"),
        "PEPPOL-EN16931-R042", 1);
    row("ubl R043", Ubl,
        withCharge("") + Edits { { ">true</cbc:ChargeIndicator>", ">1</cbc:ChargeIndicator>" } },
        "PEPPOL-EN16931-R043", 1);
    row("cii R043-1", Cii,
        { { "<ram:SpecifiedTradeSettlementLineMonetarySummation>",
            "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>1</udt:Indicator></"
            "ram:ChargeIndicator>"
            "<ram:ActualAmount>0</ram:ActualAmount></"
            "ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementLineMonetarySummation>" } },
        "PEPPOL-EN16931-R043-1", 1);
    const QByteArray ublPrice
        = "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">50.00</cbc:PriceAmount></cac:Price>";
    row("ubl R044 and R046", Ubl,
        { { ublPrice,
            "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">50.00</cbc:PriceAmount><cac:AllowanceCharge>"
            "<cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:Amount currencyID=\"EUR\">5</cbc:Amount>"
            "<cbc:BaseAmount currencyID=\"EUR\">54</cbc:BaseAmount></cac:AllowanceCharge></cac:Price>" } },
        "PEPPOL-EN16931-R046", 1);
    row("cii R044", Cii,
        { { "<ram:NetPriceProductTradePrice>",
            "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>55.00</"
            "ram:ChargeAmount><ram:AppliedTradeAllowanceCharge>"
            "<ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></"
            "ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount>"
            "</ram:AppliedTradeAllowanceCharge></"
            "ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice>" } },
        "PEPPOL-EN16931-R044", 1);
    row("ubl R053", Ubl,
        { { "<cac:LegalMonetaryTotal>",
            "<cac:TaxTotal><cbc:TaxAmount "
            "currencyID=\"EUR\">38.00</cbc:TaxAmount><cac:TaxSubtotal/></"
            "cac:TaxTotal><cac:LegalMonetaryTotal>" } },
        "PEPPOL-EN16931-R053", 1);
    row("ubl R054 and R055", Ubl,
        { { "<cbc:BuyerReference>", "<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode><cbc:BuyerReference>" },
            { "<cac:LegalMonetaryTotal>",
                "<cac:TaxTotal><cbc:TaxAmount "
                "currencyID=\"USD\">-40.00</cbc:TaxAmount></cac:TaxTotal><cac:LegalMonetaryTotal>" } },
        "PEPPOL-EN16931-R055", 1);
    row("cii R054", Cii,
        { { "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>",
            "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>USD</"
            "ram:TaxCurrencyCode>" } },
        "PEPPOL-EN16931-R054", 1);
    row("ubl R061", Ubl, { { ublMeans58, "<cbc:PaymentMeansCode>49</cbc:PaymentMeansCode>" } },
        "PEPPOL-EN16931-R061", 1);
    row("ubl R101", Ubl,
        { { "<cac:Item>\n   <cbc:Name>Consulting",
            "<cac:DocumentReference><cbc:ID>X</cbc:ID></cac:DocumentReference><cac:Item>\n   "
            "<cbc:Name>Consulting" } },
        "PEPPOL-EN16931-R101", 1);
    row("ubl R110", Ubl,
        { { "<cbc:LineExtensionAmount currencyID=\"EUR\">200.00</cbc:LineExtensionAmount>\n  <cac:Item>",
            "<cbc:LineExtensionAmount currencyID=\"EUR\">200.00</cbc:LineExtensionAmount><cac:InvoicePeriod>"
            "<cbc:StartDate>2026-01-31</cbc:StartDate><cbc:EndDate>2026-02-28</cbc:EndDate></"
            "cac:InvoicePeriod>\n  <cac:Item>" } },
        "PEPPOL-EN16931-R110", 1);
    row("cii R111", Cii,
        { { "</ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>",
            "</ram:ApplicableTradeTax><ram:BillingSpecifiedPeriod><ram:EndDateTime><udt:DateTimeString "
            "format=\"102\">20260301</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>\n   "
            " <ram:SpecifiedTradeSettlementLineMonetarySummation>" } },
        "PEPPOL-EN16931-R111", 1);
    row("ubl R120", Ubl,
        { { "<cbc:InvoicedQuantity unitCode=\"HUR\">4<", "<cbc:InvoicedQuantity unitCode=\"HUR\">4.001<" } },
        "PEPPOL-EN16931-R120", 1, "warning");
    row("ubl R120 base quantity", Ubl,
        { { ublPrice,
            "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">100.00</cbc:PriceAmount><cbc:BaseQuantity "
            "unitCode=\"HUR\">2</cbc:BaseQuantity></cac:Price>" } },
        "PEPPOL-EN16931-R120", 0, "warning");
    row("cii R120 within slack", Cii,
        { { "<ram:LineTotalAmount>200.00</ram:LineTotalAmount></"
            "ram:SpecifiedTradeSettlementLineMonetarySummation>",
            "<ram:LineTotalAmount>200.02</ram:LineTotalAmount></"
            "ram:SpecifiedTradeSettlementLineMonetarySummation>" } },
        "PEPPOL-EN16931-R120", 0, "warning");
    row("ubl R121 and R130", Ubl,
        { { ublPrice,
            "<cac:Price><cbc:PriceAmount currencyID=\"EUR\">50.00</cbc:PriceAmount><cbc:BaseQuantity "
            "unitCode=\"C62\">0</cbc:BaseQuantity></cac:Price>" } },
        "PEPPOL-EN16931-R130", 1);
    // The CII forms of the adopted Peppol rules and the remaining extension identifiers.
    const QByteArray ciiHeaderCharge
        = "<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator>"
          "</ram:ChargeIndicator>%1<ram:ActualAmount>10.00</ram:ActualAmount><ram:CategoryTradeTax>"
          "<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
          "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>"
          "</ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradePaymentTerms>";
    const auto withCiiCharge = [&](const QByteArray &extra) {
        return Edits { { "<ram:SpecifiedTradePaymentTerms>",
            QByteArray(ciiHeaderCharge).replace("%1", extra) } };
    };
    row("cii R040", Cii,
        withCiiCharge(
            "<ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>99.00</ram:BasisAmount>"),
        "PEPPOL-EN16931-R040", 1);
    row("cii R042", Cii, withCiiCharge("<ram:BasisAmount>100.00</ram:BasisAmount>"), "PEPPOL-EN16931-R042",
        1);
    row("cii R043-2", Cii,
        { { "<ram:NetPriceProductTradePrice>",
            "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>55.00</"
            "ram:ChargeAmount><ram:AppliedTradeAllowanceCharge>"
            "<ram:ChargeIndicator><udt:Indicator>no</udt:Indicator></"
            "ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount>"
            "</ram:AppliedTradeAllowanceCharge></"
            "ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice>" } },
        "PEPPOL-EN16931-R043-2", 1);
    row("cii R046", Cii,
        { { "<ram:NetPriceProductTradePrice>",
            "<ram:GrossPriceProductTradePrice><ram:ChargeAmount>56.00</"
            "ram:ChargeAmount><ram:AppliedTradeAllowanceCharge>"
            "<ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></"
            "ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount>"
            "</ram:AppliedTradeAllowanceCharge></"
            "ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice>" } },
        "PEPPOL-EN16931-R046", 1);
    row("cii R005", Cii,
        { { "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>",
            "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>EUR</"
            "ram:TaxCurrencyCode>" } },
        "PEPPOL-EN16931-R005", 1);
    row("cii R010", Cii,
        { { "<ram:URIUniversalCommunication><ram:URIID "
            "schemeID=\"EM\">invoices@buyer.example</ram:URIID></ram:URIUniversalCommunication>",
            "" } },
        "PEPPOL-EN16931-R010", 1);
    row("cii R053", Cii,
        { { "<ram:GrandTotalAmount>",
            "<ram:TaxTotalAmount currencyID=\"EUR\">38.00</ram:TaxTotalAmount><ram:GrandTotalAmount>" } },
        "PEPPOL-EN16931-R053", 1);
    row("cii R055", Cii,
        { { "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>",
              "<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>USD</"
              "ram:TaxCurrencyCode>" },
            { "<ram:GrandTotalAmount>",
                "<ram:TaxTotalAmount "
                "currencyID=\"USD\">-41.00</ram:TaxTotalAmount><ram:GrandTotalAmount>" } },
        "PEPPOL-EN16931-R055", 1);
    row("cii R061", Cii, { { "<ram:TypeCode>58</ram:TypeCode>", "<ram:TypeCode>59</ram:TypeCode>" } },
        "PEPPOL-EN16931-R061", 1);
    row("cii R101", Cii,
        { { "<ram:SpecifiedTradeSettlementLineMonetarySummation>",
            "<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>X</"
            "ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode>"
            "</ram:AdditionalReferencedDocument><ram:SpecifiedTradeSettlementLineMonetarySummation>" } },
        "PEPPOL-EN16931-R101", 1);
    row("cii R110", Cii,
        { { "</ram:ApplicableTradeTax>\n    <ram:SpecifiedTradeSettlementLineMonetarySummation>",
            "</ram:ApplicableTradeTax><ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString "
            "format=\"102\">20260131</udt:DateTimeString></ram:StartDateTime></ram:BillingSpecifiedPeriod>\n "
            "   <ram:SpecifiedTradeSettlementLineMonetarySummation>" } },
        "PEPPOL-EN16931-R110", 1);
    row("cii R130", Cii,
        { { "<ram:ChargeAmount>50.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>",
            "<ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity "
            "unitCode=\"C62\">1</ram:BasisQuantity></ram:NetPriceProductTradePrice>" } },
        "PEPPOL-EN16931-R130", 1);
    row("cii BR-DE-24-b", Cii,
        { { "<ram:TypeCode>58</ram:TypeCode>",
            "<ram:TypeCode>48</ram:TypeCode><ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</"
            "ram:ID></ram:ApplicableTradeSettlementFinancialCard>" } },
        "BR-DE-24-b", 1);
    row("cii BR-DE-25-a", Cii, { { "<ram:TypeCode>58</ram:TypeCode>", "<ram:TypeCode>59</ram:TypeCode>" } },
        "BR-DE-25-a", 1);
    row("cii BR-DE-CVD-02", Cii, { { CiusId + "<", CvdId + "<" } }, "BR-DE-CVD-02", 1);
    row("ubl BR-DEX-06", Ubl,
        asExtension()
            + Edits { { "<cbc:Name>Consulting</cbc:Name>",
                "<cbc:Name>Consulting</cbc:Name><cac:StandardItemIdentification><cbc:ID "
                "schemeID=\"9999\">1</cbc:ID></cac:StandardItemIdentification>" } },
        "BR-DEX-06", 1);
    row("cii BR-DEX-08", Cii,
        asExtension()
            + Edits { { "<ram:ApplicableHeaderTradeDelivery/>",
                "<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:GlobalID "
                "schemeID=\"0000\">1</ram:GlobalID>"
                "</ram:ShipToTradeParty></ram:ApplicableHeaderTradeDelivery>" } },
        "BR-DEX-08", 1);
    row("ubl BR-DEX-10 and -11", Ubl,
        asExtension()
            + Edits { { "<cac:TaxTotal>",
                "<cac:PrepaidPayment><cbc:InstructionID>x</cbc:InstructionID></"
                "cac:PrepaidPayment><cac:TaxTotal>" } },
        "BR-DEX-11", 1);
    row("ubl BR-DEX-10", Ubl,
        asExtension()
            + Edits { { "<cac:TaxTotal>",
                "<cac:PrepaidPayment><cbc:InstructionID>x</cbc:InstructionID></"
                "cac:PrepaidPayment><cac:TaxTotal>" } },
        "BR-DEX-10", 1);
    row("ubl BR-DEX-10 needs the extension", Ubl,
        { { "<cac:TaxTotal>",
            "<cac:PrepaidPayment><cbc:InstructionID>x</cbc:InstructionID></"
            "cac:PrepaidPayment><cac:TaxTotal>" } },
        "BR-DEX-10", 0);
    row("cii R121", Cii,
        { { "<ram:ChargeAmount>50.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>",
            "<ram:ChargeAmount>50.00</ram:ChargeAmount><ram:BasisQuantity>-1</ram:BasisQuantity></"
            "ram:NetPriceProductTradePrice>" } },
        "PEPPOL-EN16931-R121", 1);
}

void TestXRechnungLayer::rule()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, id);
    QFETCH(int, count);
    QFETCH(QString, flag);
    const QList<Finding> findings = layerFindings(document);
    int fired = 0;
    for (const Finding &f : findings) {
        if (f.id != id)
            continue;
        ++fired;
        QCOMPARE(EinvoiceValidator::severityName(f.severity), flag);
        QCOMPARE(f.layer, u"xrechnung"_s);
        QVERIFY(!f.message.isEmpty());
        QVERIFY(f.location.startsWith(u'/'));
    }
    QVERIFY2(fired == count,
        qPrintable(
            u"%1 fired %2 times, want %3; all: %4"_s.arg(id).arg(fired).arg(count).arg(describe(findings))));
}

void TestXRechnungLayer::skonto_data()
{
    QTest::addColumn<QString>("note");
    QTest::addColumn<bool>("valid");
    QTest::newRow("free text") << u"Zahlbar sofort"_s << true;
    QTest::newRow("one line") << u"#SKONTO#TAGE=14#PROZENT=2.25#\n"_s << true;
    QTest::newRow("with base") << u"#SKONTO#TAGE=7#PROZENT=3.00#BASISBETRAG=-12.50#\n"_s << true;
    QTest::newRow("two lines, text after")
        << u"#SKONTO#TAGE=7#PROZENT=3.00#\n#SKONTO#TAGE=14#PROZENT=1.00#\nDanach netto"_s << true;
    QTest::newRow("indented line") << u"  #SKONTO#TAGE=7#PROZENT=3.00#  \n"_s << true;
    QTest::newRow("blank before break") << u"#SKONTO#TAGE=7#PROZENT=3.00# \t\r\n"_s << true;
    QTest::newRow("no final break") << u"#SKONTO#TAGE=7#PROZENT=3.00#"_s << false;
    QTest::newRow("text before break") << u"#SKONTO#TAGE=7#PROZENT=3.00# x\n"_s << false;
    QTest::newRow("one decimal") << u"#SKONTO#TAGE=7#PROZENT=3.0#\n"_s << false;
    QTest::newRow("sign on percent") << u"#SKONTO#TAGE=7#PROZENT=-3.00#\n"_s << false;
    QTest::newRow("blank inside") << u"#SKONTO# TAGE=7#PROZENT=3.00#\n"_s << false;
    QTest::newRow("missing days") << u"#SKONTO#TAGE=#PROZENT=3.00#\n"_s << false;
    QTest::newRow("other keyword") << u"#VERZUG#TAGE=7#PROZENT=3.00#\n"_s << false;
    QTest::newRow("trailing text on the line") << u"#SKONTO#TAGE=7#PROZENT=3.00#x\n"_s << false;
    QTest::newRow("hash only") << u"#\n"_s << false;
    QTest::newRow("empty") << QString() << true;
}

void TestXRechnungLayer::skonto()
{
    QFETCH(QString, note);
    QFETCH(bool, valid);
    QCOMPARE(XRechnungFormats::skontoTermsValid({ note }), valid);
}

void TestXRechnungLayer::contactFormats()
{
    QVERIFY(XRechnungFormats::telephoneHasThreeDigits(u"+49 (0)30"));
    QVERIFY(!XRechnungFormats::telephoneHasThreeDigits(u"12"));
    QVERIFY(!XRechnungFormats::telephoneHasThreeDigits(u"\u0661\u0662\u0663")); // only ASCII digits count
    QVERIFY(XRechnungFormats::plausibleEmail(u"a.b@sub.example.de"));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"@example.de"));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"a b@example.de"));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"a@example..de"));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"a@.example.de"));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"a@example.de."));
    QVERIFY(!XRechnungFormats::plausibleEmail(u"a@b@example.de"));
    QVERIFY(XRechnungFormats::absoluteUrl(u"https://example.com/a.pdf"));
    QVERIFY(XRechnungFormats::absoluteUrl(u"urn:isbn:123"));
    QVERIFY(!XRechnungFormats::absoluteUrl(u"x:y")); // the scheme needs two characters
    QVERIFY(!XRechnungFormats::absoluteUrl(u" https://example.com"));
    QVERIFY(!XRechnungFormats::absoluteUrl(u"1http://example.com"));
    QVERIFY(!XRechnungFormats::absoluteUrl(u"example.com/a.pdf"));
}

void TestXRechnungLayer::iban()
{
    QVERIFY(XRechnungFormats::ibanValid(u"DE89 3704 0044 0532 0130 00"));
    QVERIFY(XRechnungFormats::ibanValid(u"GB82WEST12345698765432"));
    QVERIFY(!XRechnungFormats::ibanValid(u"GB82west12345698765432")); // lower case letters count differently
    QVERIFY(!XRechnungFormats::ibanValid(u"DE88370400440532013000"));
    QVERIFY(!XRechnungFormats::ibanValid(u"de89370400440532013000"));
    QVERIFY(!XRechnungFormats::ibanValid(u""));
    QVERIFY(!XRechnungFormats::ibanValid(u"DE89-3704-0044-0532-0130-00"));
}

void TestXRechnungLayer::codeLists()
{
    QVERIFY(XRechnungCodeLists::icdAccepts(u"0088"));
    QVERIFY(XRechnungCodeLists::icdAccepts(u" XR03 "));
    QVERIFY(!XRechnungCodeLists::icdAccepts(u"0244")); // the artefact's list cannot match its last code
    QVERIFY(!XRechnungCodeLists::icdAccepts(u"0092"));
    QVERIFY(!XRechnungCodeLists::icdAccepts(u"SEPA"));
    QVERIFY(XRechnungCodeLists::icdAccepts(u"")); // the double blank between the joined lists
    QVERIFY(XRechnungCodeLists::easAccepts(u"EM"));
    QVERIFY(XRechnungCodeLists::easAccepts(u"0244"));
    QVERIFY(XRechnungCodeLists::easAccepts(u"XR01"));
    QVERIFY(!XRechnungCodeLists::easAccepts(u"0088 0060"));
    QVERIFY(XRechnungCodeLists::itemTypeAccepts(u"CVD"));
    QVERIFY(XRechnungCodeLists::itemTypeAccepts(u"ZZZ"));
    QVERIFY(!XRechnungCodeLists::itemTypeAccepts(u"cvd"));
    QVERIFY(XRechnungCodeLists::extensionMimeAccepts(u"application/xml"_s));
    QVERIFY(!XRechnungCodeLists::extensionMimeAccepts(u"text/xml"_s));
    QVERIFY(XRechnungCodeLists::vehicleCategory(u"N3"_s));
    QVERIFY(!XRechnungCodeLists::vehicleCategory(u"L1"_s));
    QVERIFY(XRechnungCodeLists::cleanVehicleValue(u"zero-emission"_s));
}

QTEST_GUILESS_MAIN(TestXRechnungLayer)
#include "TestXRechnungLayer.moc"
