#include "ops/eu/einvoice/Decimal.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/InvoiceReader.h"
#include "ops/eu/einvoice/layers/LayerSelection.h"
#include "ops/eu/einvoice/layers/RuleLayer.h"
#include "ops/eu/einvoice/layers/peppol/PeppolContext.h"
#include "ops/eu/einvoice/layers/peppol/PeppolIdentifierChecksums.h"
#include "ops/eu/einvoice/layers/peppol/PeppolRules.h"

#include <QHash>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The Peppol BIS Billing 3.0.19 layer on small hand-made documents, independent of the shared corpus: each
// identifier checksum on published valid numbers and on altered ones, national rules firing and not firing,
// the German exceptions, the line arithmetic with a base quantity, and the id-set API the XRechnung layer
// uses. (The corpus comparison is TestEinvoiceCorpus, rows layer/peppol.)
class TestPeppolLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layerIsRegistered();
    void checksums_data();
    void checksums();
    void rules_data();
    void rules();
    void ruleIdSelection();
    void decimalDivision();
    void xsDates_data();
    void xsDates();
};

namespace {

// A Peppol UBL invoice: one line of 100.00 at 25 %, seller and buyer in the given countries.
struct Invoice
{
    QString sellerCountry = u"NO"_s;
    QString buyerCountry = u"NO"_s;
    QString sellerVat = u"NO923609016MVA"_s;
    QString sellerTaxRegistration = u"Foretaksregisteret"_s;
    QString sellerLegal = u"<cbc:CompanyID schemeID=\"0192\">923609016</cbc:CompanyID>"_s;
    QString sellerEndpoint = u"<cbc:EndpointID schemeID=\"0192\">923609016</cbc:EndpointID>"_s;
    QString typeCode = u"380"_s;
    QString paymentMeans
        = u"<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>"
          u"<cac:PayeeFinancialAccount><cbc:ID>NO9386011117947</cbc:ID></cac:PayeeFinancialAccount>"
          u"</cac:PaymentMeans>"_s;
    QString quantity = u"1"_s;
    QString price = u"100.00"_s;
    QString baseQuantity; // empty: none
    QString lineAmount = u"100.00"_s;
};

QByteArray ubl(const Invoice &v)
{
    const QString base = v.baseQuantity.isEmpty()
        ? QString()
        : u"<cbc:BaseQuantity unitCode=\"EA\">%1</cbc:BaseQuantity>"_s.arg(v.baseQuantity);
    const QString xml = uR"(<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
 xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
 xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
 <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>
 <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
 <cbc:ID>INV-1</cbc:ID>
 <cbc:IssueDate>2026-11-22</cbc:IssueDate>
 <cbc:InvoiceTypeCode>%TYPE%</cbc:InvoiceTypeCode>
 <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
 <cbc:BuyerReference>REF-1</cbc:BuyerReference>
 <cac:AccountingSupplierParty><cac:Party>%SELLERENDPOINT%
  <cac:PartyName><cbc:Name>Seller</cbc:Name></cac:PartyName>
  <cac:PostalAddress><cbc:StreetName>Street 1</cbc:StreetName><cbc:CityName>City</cbc:CityName>
   <cbc:PostalZone>1000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>%SC%</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyTaxScheme><cbc:CompanyID>%VAT%</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyTaxScheme><cbc:CompanyID>%TAXREG%</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
  <cac:PartyLegalEntity><cbc:RegistrationName>Seller AS</cbc:RegistrationName>%LEGAL%</cac:PartyLegalEntity>
  <cac:Contact><cbc:Name>Anna</cbc:Name><cbc:Telephone>+47 22 00 00 00</cbc:Telephone><cbc:ElectronicMail>anna@seller.example</cbc:ElectronicMail></cac:Contact>
 </cac:Party></cac:AccountingSupplierParty>
 <cac:AccountingCustomerParty><cac:Party><cbc:EndpointID schemeID="0088">7300010000001</cbc:EndpointID>
  <cac:PartyName><cbc:Name>Buyer</cbc:Name></cac:PartyName>
  <cac:PostalAddress><cbc:StreetName>Road 2</cbc:StreetName><cbc:CityName>Town</cbc:CityName>
   <cbc:PostalZone>2000</cbc:PostalZone><cac:Country><cbc:IdentificationCode>%BC%</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
  <cac:PartyLegalEntity><cbc:RegistrationName>Buyer AS</cbc:RegistrationName></cac:PartyLegalEntity>
 </cac:Party></cac:AccountingCustomerParty>
 %PAYMENT%
 <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">25.00</cbc:TaxAmount>
  <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">25.00</cbc:TaxAmount>
   <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
 </cac:TaxTotal>
 <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
  <cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">125.00</cbc:TaxInclusiveAmount>
  <cbc:PayableAmount currencyID="EUR">125.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
 <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="EA">%QTY%</cbc:InvoicedQuantity>
  <cbc:LineExtensionAmount currencyID="EUR">%LINE%</cbc:LineExtensionAmount>
  <cac:Item><cbc:Name>Thing</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent>
   <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
  <cac:Price><cbc:PriceAmount currencyID="EUR">%PRICE%</cbc:PriceAmount>%BASE%</cac:Price>
 </cac:InvoiceLine>
</Invoice>
)"_s;
    QString out = xml;
    out.replace(u"%TYPE%"_s, v.typeCode)
        .replace(u"%SELLERENDPOINT%"_s, v.sellerEndpoint)
        .replace(u"%SC%"_s, v.sellerCountry)
        .replace(u"%BC%"_s, v.buyerCountry)
        .replace(u"%VAT%"_s, v.sellerVat)
        .replace(u"%TAXREG%"_s, v.sellerTaxRegistration)
        .replace(u"%LEGAL%"_s, v.sellerLegal)
        .replace(u"%PAYMENT%"_s, v.paymentMeans)
        .replace(u"%QTY%"_s, v.quantity)
        .replace(u"%LINE%"_s, v.lineAmount)
        .replace(u"%PRICE%"_s, v.price)
        .replace(u"%BASE%"_s, base);
    return out.toUtf8();
}

QStringList peppolFindings(const QByteArray &xml)
{
    const ValidationReport report
        = EinvoiceValidator::validate(xml, ValidationOptions { {}, false, QStringList { u"peppol"_s } });
    QStringList ids;
    for (const LayerReport &layer : report.layers) {
        for (const Finding &f : layer.findings)
            ids.append(f.id + u'|' + EinvoiceValidator::severityName(f.severity));
    }
    ids.sort();
    return ids;
}

} // namespace

void TestPeppolLayer::layerIsRegistered()
{
    const RuleLayer *layer = LayerSelection::find(u"peppol"_s);
    QVERIFY(layer);
    QCOMPARE(layer->name(), u"peppol"_s);
    QVERIFY(layer->artefact().contains(u"3.0.19"_s));
    QCOMPARE(LayerSelection::automatic(
                 u"urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0"_s, false),
        QStringList { u"peppol"_s });
}

void TestPeppolLayer::checksums_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("valid");
    // Published identifiers (GS1 sample GLN, Norwegian, Belgian, Swedish, Greek and Italian company numbers,
    // the ATO's sample ABN, the ISO 13616 sample IBAN) and the same with one digit changed.
    QTest::newRow("gln-valid") << u"gln"_s << u"7300010000001"_s << true;
    QTest::newRow("gln-bad") << u"gln"_s << u"7300010000002"_s << false;
    QTest::newRow("gln-letters") << u"gln"_s << u"73000100000A1"_s << false;
    QTest::newRow("no-valid") << u"no"_s << u"923609016"_s << true;
    QTest::newRow("no-bad") << u"no"_s << u"923609017"_s << false;
    QTest::newRow("no-zero") << u"no"_s << u"000000000"_s << false;
    QTest::newRow("dk-digits") << u"dk"_s << u"12345678"_s << true;
    QTest::newRow("dk-prefixed") << u"dk"_s << u"DK12345678"_s << true;
    QTest::newRow("dk-short") << u"dk"_s << u"1234567"_s << false;
    QTest::newRow("be-valid") << u"be"_s << u"0403170701"_s << true;
    QTest::newRow("be-bad") << u"be"_s << u"0403170702"_s << false;
    QTest::newRow("ipa-valid") << u"ipa"_s << u"UFY9MH"_s << true;
    QTest::newRow("ipa-long") << u"ipa"_s << u"UFY9MH1"_s << false;
    QTest::newRow("cf-personal") << u"cf"_s << u"RSSMRA85T10A562S"_s << true;
    QTest::newRow("cf-numeric") << u"cf"_s << u"12345678901"_s << true;
    QTest::newRow("cf-bad") << u"cf"_s << u"RSSMRA8XT10A562S"_s << false;
    QTest::newRow("it-vat-valid") << u"itvat"_s << u"IT00743110157"_s << true;
    QTest::newRow("it-vat-bad") << u"itvat"_s << u"IT00743110158"_s << false;
    QTest::newRow("it-vat-other-country") << u"itvat"_s << u"DE123"_s << true;
    QTest::newRow("se-valid") << u"se"_s << u"5560360793"_s << true;
    QTest::newRow("se-bad") << u"se"_s << u"5560360794"_s << false;
    QTest::newRow("abn-valid") << u"abn"_s << u"51824753556"_s << true;
    QTest::newRow("abn-bad") << u"abn"_s << u"51824753557"_s << false;
    QTest::newRow("abn-short") << u"abn"_s << u"5182475355"_s << false;
    QTest::newRow("gr-valid") << u"gr"_s << u"094014201"_s << true;
    QTest::newRow("gr-bad") << u"gr"_s << u"094014202"_s << false;
    QTest::newRow("iban-valid") << u"iban"_s << u"DE89 3704 0044 0532 0130 00"_s << true;
    QTest::newRow("iban-bad") << u"iban"_s << u"DE89370400440532013001"_s << false;
}

void TestPeppolLayer::checksums()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, value);
    QFETCH(bool, valid);
    using C = PeppolIdentifierChecksums;
    static const QHash<QString, bool (*)(QStringView)> checks
        = { { u"gln"_s, &C::gln }, { u"no"_s, &C::norwegianOrganisation }, { u"dk"_s, &C::danishCvr },
              { u"be"_s, &C::belgianEnterprise }, { u"ipa"_s, &C::italianIpaCode },
              { u"cf"_s, &C::italianFiscalCode }, { u"itvat"_s, &C::italianVat },
              { u"se"_s, &C::swedishOrganisation }, { u"abn"_s, &C::australianBusinessNumber },
              { u"gr"_s, &C::greekTin }, { u"iban"_s, &C::germanRulesIban } };
    const auto check = checks.value(algorithm);
    QVERIFY2(check, qPrintable(algorithm));
    const bool result = check(value);
    QCOMPARE(result, valid);
}

void TestPeppolLayer::rules_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QStringList>("fired");

    Invoice norway;
    QTest::newRow("norwegian-valid") << ubl(norway) << QStringList();
    Invoice noRegister = norway;
    noRegister.sellerTaxRegistration = u"Something else"_s;
    QTest::newRow("no-r-002") << ubl(noRegister) << QStringList { u"NO-R-002|warning"_s };
    Invoice badVat = norway;
    badVat.sellerVat = u"NO923609017MVA"_s;
    QTest::newRow("no-r-001") << ubl(badVat) << QStringList { u"NO-R-001|fatal"_s };
    Invoice badOrg = norway;
    badOrg.sellerEndpoint = u"<cbc:EndpointID schemeID=\"0192\">923609017</cbc:EndpointID>"_s;
    QTest::newRow("common-r041") << ubl(badOrg) << QStringList { u"PEPPOL-COMMON-R041|fatal"_s };
    Invoice badScheme = norway;
    badScheme.sellerEndpoint = u"<cbc:EndpointID schemeID=\"9906\">IT00743110157</cbc:EndpointID>"_s;
    QTest::newRow("cl008-9906") << ubl(badScheme) << QStringList { u"PEPPOL-EN16931-CL008|fatal"_s };
    Invoice noEndpoint = norway;
    noEndpoint.sellerEndpoint.clear();
    QTest::newRow("r020") << ubl(noEndpoint) << QStringList { u"PEPPOL-EN16931-R020|fatal"_s };

    // R120 divides the price by its base quantity (xs:decimal, slack 0.02).
    Invoice perThree = norway;
    perThree.baseQuantity = u"3"_s;
    perThree.lineAmount = u"33.33"_s;
    QTest::newRow("r120-base-quantity")
        << ubl(perThree) << QStringList(); // the core layer's totals are not the layer's concern
    Invoice wrongLine = perThree;
    wrongLine.lineAmount = u"33.36"_s;
    QTest::newRow("r120-off") << ubl(wrongLine) << QStringList { u"PEPPOL-EN16931-R120|fatal"_s };
    Invoice zeroBase = norway;
    zeroBase.baseQuantity = u"0"_s;
    QTest::newRow("r121") << ubl(zeroBase) << QStringList { u"PEPPOL-EN16931-R121|fatal"_s };

    // P0112: 326 and 384 only between German parties; the German national rules then apply.
    Invoice german = norway;
    german.sellerCountry = u"DE"_s;
    german.buyerCountry = u"de "_s;
    german.sellerVat = u"DE123456789"_s;
    german.sellerTaxRegistration = u"201/113/40209"_s;
    german.sellerLegal.clear();
    german.sellerEndpoint = u"<cbc:EndpointID schemeID=\"EM\">anna@seller.example</cbc:EndpointID>"_s;
    german.paymentMeans
        = u"<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>"
          u"<cac:PayeeFinancialAccount><cbc:ID>DE89370400440532013000</cbc:ID></cac:PayeeFinancialAccount>"
          u"</cac:PaymentMeans>"_s;
    german.typeCode = u"326"_s;
    QTest::newRow("german-326") << ubl(german) << QStringList { u"PEPPOL-EN16931-CL008|fatal"_s };
    Invoice germanBadIban = german;
    germanBadIban.paymentMeans.replace(u"DE89370400440532013000"_s, u"DE89370400440532013001"_s);
    QTest::newRow("de-r-019") << ubl(germanBadIban)
                              << QStringList { u"DE-R-019|warning"_s, u"PEPPOL-EN16931-CL008|fatal"_s };
    Invoice germanNoPayment = german;
    germanNoPayment.paymentMeans.clear();
    QTest::newRow("de-r-001") << ubl(germanNoPayment)
                              << QStringList { u"DE-R-001|fatal"_s, u"PEPPOL-EN16931-CL008|fatal"_s };
    Invoice crossBorder = german;
    crossBorder.buyerCountry = u"FR"_s;
    QTest::newRow("p0112") << ubl(
        crossBorder) << QStringList { u"PEPPOL-EN16931-CL008|fatal"_s, u"PEPPOL-EN16931-P0112|fatal"_s };

    // Swedish sellers: organisation number (Luhn) and VAT number form.
    Invoice sweden = norway;
    sweden.sellerCountry = u"SE"_s;
    sweden.buyerCountry = u"SE"_s;
    sweden.sellerVat = u"SE556036079301"_s;
    sweden.sellerTaxRegistration = u"Godkänd för F-skatt"_s;
    sweden.sellerLegal = u"<cbc:CompanyID>5560360793</cbc:CompanyID>"_s;
    sweden.sellerEndpoint = u"<cbc:EndpointID schemeID=\"0007\">5560360793</cbc:EndpointID>"_s;
    QTest::newRow("swedish-valid") << ubl(sweden) << QStringList();
    Invoice swedenBad = sweden;
    swedenBad.sellerLegal = u"<cbc:CompanyID>5560360794</cbc:CompanyID>"_s;
    QTest::newRow("se-r-013") << ubl(swedenBad) << QStringList { u"SE-R-013|fatal"_s };
    Invoice swedenShortVat = sweden;
    swedenShortVat.sellerVat = u"SE5560360793"_s;
    QTest::newRow("se-r-001") << ubl(swedenShortVat) << QStringList { u"SE-R-001|fatal"_s };
}

void TestPeppolLayer::rules()
{
    QFETCH(QByteArray, xml);
    QFETCH(QStringList, fired);
    QCOMPARE(peppolFindings(xml), fired);
}

void TestPeppolLayer::ruleIdSelection()
{
    Invoice v;
    v.sellerEndpoint.clear(); // R020
    v.sellerTaxRegistration = u"x"_s; // NO-R-002
    ades::Result<XmlDocument> parsed = XmlDocument::parse(ubl(v));
    QVERIFY(parsed.ok());
    const auto doc = std::make_shared<const XmlDocument>(std::move(parsed.value()));
    const std::optional<InvoiceModel> model = InvoiceReader::read(doc);
    QVERIFY(model);
    QList<Finding> all;
    PeppolRules::check(*doc, *model, all);
    QCOMPARE(all.size(), 2);
    QList<Finding> adopted;
    PeppolRules::check(*doc, *model, PeppolRules::xrechnungAdopted(), adopted);
    QCOMPARE(adopted.size(), 1);
    QCOMPARE(adopted.front().id, u"PEPPOL-EN16931-R020"_s);
    QCOMPARE(adopted.front().location, u"/Invoice/cac:AccountingSupplierParty/cac:Party"_s);
    QCOMPARE(PeppolRules::xrechnungAdopted().size(), 21);
    QList<Finding> none;
    PeppolRules::check(*doc, *model, QSet<QString> { u"DE-R-001"_s }, none);
    QVERIFY(none.isEmpty());
}

// R120's xs:decimal division: 18 fraction digits, truncated; a zero divisor is an XPath error (no value).
void TestPeppolLayer::decimalDivision()
{
    const Decimal hundred = *Decimal::fromString(u"100.00");
    QCOMPARE(hundred.dividedBy(*Decimal::fromString(u"3"))->toString(), u"33.333333333333333333"_s);
    QCOMPARE(hundred.dividedBy(*Decimal::fromString(u"0.5"))->toString(), u"200"_s);
    QCOMPARE(Decimal::fromInt(-1).dividedBy(Decimal::fromInt(8))->toString(), u"-0.125"_s);
    QVERIFY(!hundred.dividedBy(Decimal()).has_value());
    // Large values keep fewer fraction digits rather than overflowing.
    const Decimal big = *Decimal::fromString(u"9999999999999999999999999999");
    QCOMPARE(big.dividedBy(Decimal::fromInt(1))->toString(), u"9999999999999999999999999999"_s);
}

// xs:date as F001, R110/R111 and IS-R-008 read it.
void TestPeppolLayer::xsDates_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("valid");
    QTest::newRow("plain") << u"2026-11-22"_s << true;
    QTest::newRow("leap-day") << u"2024-02-29"_s << true;
    QTest::newRow("no-leap-day") << u"2026-02-29"_s << false;
    QTest::newRow("month-13") << u"2026-13-01"_s << false;
    QTest::newRow("utc") << u"2026-01-01Z"_s << true;
    QTest::newRow("offset") << u"2026-01-01+01:00"_s << true;
    QTest::newRow("bad-offset") << u"2026-01-01+15:00"_s << false;
    QTest::newRow("year-zero") << u"0000-01-01"_s << false;
    QTest::newRow("blanks") << u" 2026-01-01 "_s << true;
    QTest::newRow("short-month") << u"2026-1-01"_s << false;
    QTest::newRow("compact") << u"20260101"_s << false;
    QTest::newRow("time") << u"2026-01-01T10:00:00"_s << false;
}

void TestPeppolLayer::xsDates()
{
    QFETCH(QString, text);
    QFETCH(bool, valid);
    QCOMPARE(PeppolContext::date(text).has_value(), valid);
}

QTEST_APPLESS_MAIN(TestPeppolLayer)
#include "TestPeppolLayer.moc"
