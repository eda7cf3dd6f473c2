#include "FacturxTestSupport.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/ProfileCodeLists.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/layers/LayerSelection.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;
using namespace ades::test;

// The Factur-X BASIC WL layer on a small hand-made document without lines: the valid document passes, and
// each edit makes exactly the profile findings its definition calls for. The corpus samples of the profile
// are valid, so they alone would never show a rule firing (or a BASIC rule on lines staying silent).
class TestFacturxBasicWlLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tablesAreSound();
    void isRegistered();
    void rules_data();
    void rules();
};

namespace {

const QString Layer = u"facturx-BASIC-WL"_s;

// Document level only: LineTotalAmount stands without lines, which BASIC's BR-CO-10, BR-16 and BR-S-08
// would reject and BASIC WL does not check.
const QString Document = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:basicwl</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument>
  <ram:ID>2024-7</ram:ID>
  <ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
  <ram:IncludedNote><ram:Content>Note</ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty>
    <ram:Name>Lieferant GmbH</ram:Name>
    <ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
   </ram:SellerTradeParty>
   <ram:BuyerTradeParty>
    <ram:Name>Kunde AG</ram:Name>
    <ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
   </ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeDelivery>
   <ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>
  </ram:ApplicableHeaderTradeDelivery>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
   <ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">20240405</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>100.00</ram:LineTotalAmount>
    <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">19.00</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>119.00</ram:GrandTotalAmount>
    <ram:DuePayableAmount>119.00</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
)"_s;

// Each id once, sorted (the tests name which rules fire; counts are held by the corpus).
QStringList layerIds(const QString &xml)
{
    return distinct(layerFindingIds(xml, Layer));
}

} // namespace

void TestFacturxBasicWlLayer::tablesAreSound()
{
    const QString table = u"facturx-basicwl-rules.txt"_s;
    QVERIFY2(SyntaxBindingRules::tableErrors(table).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(table).join(u"; "_s)));
    QCOMPARE(SyntaxBindingRules::ruleIds(table).size(), 187);
    const QString codes = u"facturx-basicwl-codes.txt"_s;
    QVERIFY2(
        ProfileCodeLists::errors(codes).isEmpty(), qPrintable(ProfileCodeLists::errors(codes).join(u"; "_s)));
    // The sizes of the BASIC WL codedb's lists (and the VAT prefixes of the profile's BR-CO-09).
    const QList<std::pair<QString, int>> sizes = { { u"guideline"_s, 2 }, { u"document-type"_s, 62 },
        { u"date-format"_s, 1 }, { u"note-subject"_s, 401 }, { u"icd"_s, 239 }, { u"country"_s, 251 },
        { u"eas"_s, 98 }, { u"va-scheme"_s, 1 }, { u"currency"_s, 179 }, { u"payment-means"_s, 84 },
        { u"tax-type"_s, 1 }, { u"vat-category"_s, 9 }, { u"vatex"_s, 88 }, { u"vat-date-code"_s, 3 },
        { u"allowance-reason"_s, 19 }, { u"charge-reason"_s, 178 }, { u"vat-prefix"_s, 252 } };
    for (const auto &[list, size] : sizes) {
        const QSet<QString> *found = ProfileCodeLists::find(codes, list);
        QVERIFY2(found, qPrintable(list));
        QCOMPARE(found->size(), size);
    }
}

void TestFacturxBasicWlLayer::isRegistered()
{
    QVERIFY(LayerSelection::find(Layer));
    QCOMPARE(LayerSelection::automatic(u"urn:factur-x.eu:1p0:basicwl"_s, true), QStringList { Layer });
    QVERIFY(!LayerSelection::en16931Applies(u"BASIC WL"_s));
    QCOMPARE(layerIds(Document), QStringList());
}

void TestFacturxBasicWlLayer::rules_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("ids");

    const QString terms = u"<ram:SpecifiedTradePaymentTerms>"_s;
    // Structure rules and code lists (facturx-basicwl-rules.txt).
    QTest::newRow("other profile id")
        << u"1p0:basicwl"_s << u"1p0:minimum"_s << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("zugferd 2.0 id") << u"urn:factur-x.eu:1p0:basicwl"_s << u"urn:zugferd.de:2p0:basicwl"_s
                                    << QStringList();
    QTest::newRow("note subject not listed")
        << u">AAI<"_s << u">XYZ<"_s << QStringList { u"FX-SCH-A-000162"_s };
    QTest::newRow("two note texts") << u"<ram:Content>Note</ram:Content>"_s
                                    << u"<ram:Content>Note</ram:Content><ram:Content>2</ram:Content>"_s
                                    << QStringList { u"FX-SCH-A-000160"_s };
    QTest::newRow("due date format 203") << u"format=\"102\">20240405"_s << u"format=\"203\">20240405"_s
                                         << QStringList { u"FX-SCH-A-000022"_s };
    QTest::newRow("payment means not listed")
        << u">58<"_s << u">99<"_s << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("buyer tax registration FC")
        << u"<ram:Name>Kunde AG</ram:Name>"_s
        << u"<ram:Name>Kunde AG</ram:Name><ram:SpecifiedTaxRegistration><ram:ID schemeID=\"FC\">1</ram:ID>"
           "</ram:SpecifiedTaxRegistration>"_s
        << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("buyer electronic address scheme not listed")
        << u"<ram:Name>Kunde AG</ram:Name>"_s
        << u"<ram:Name>Kunde AG</ram:Name><ram:URIUniversalCommunication><ram:URIID schemeID=\"XX\">a@b"
           "</ram:URIID></ram:URIUniversalCommunication>"_s
        << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("payee address not used")
        << terms
        << u"<ram:PayeeTradeParty><ram:Name>P</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE"
           "</ram:CountryID></ram:PostalTradeAddress></ram:PayeeTradeParty>"_s
            + terms
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("VAT category not listed")
        << u"<ram:CategoryCode>S<"_s << u"<ram:CategoryCode>B<"_s << QStringList { u"FX-SCH-A-000179"_s };
    QTest::newRow("currencyID on a breakdown amount")
        << u"<ram:BasisAmount>"_s << u"<ram:BasisAmount currencyID=\"EUR\">"_s
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("two VAT totals in the invoice currency")
        << u"<ram:GrandTotalAmount>"_s
        << u"<ram:TaxTotalAmount currencyID=\"EUR\">19.00</ram:TaxTotalAmount>"
           "<ram:GrandTotalAmount>"_s
        << QStringList { u"FX-SCH-A-000042"_s };
    QTest::newRow("VAT total in another currency")
        << u"currencyID=\"EUR\">19.00"_s << u"currencyID=\"USD\">19.00"_s << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("VAT accounting currency not listed")
        << u"</ram:InvoiceCurrencyCode>"_s
        << u"</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>CUC</ram:TaxCurrencyCode>"_s
        << QStringList { u"FX-SCH-A-000126"_s, u"FX-SCH-A-000129"_s, u"FX-SCH-A-000196"_s };
    // The rules restating EN 16931 rules (FacturxBasicWlRules).
    QTest::newRow("BR-CO-13") << u"<ram:TaxBasisTotalAmount>100.00<"_s << u"<ram:TaxBasisTotalAmount>90.00<"_s
                              << QStringList { u"FX-SCH-A-000120"_s };
    QTest::newRow("BR-CO-16") << u"<ram:DuePayableAmount>119.00<"_s << u"<ram:DuePayableAmount>118.00<"_s
                              << QStringList { u"FX-SCH-A-000122"_s };
    QTest::newRow("BR-CO-14, BR-S-09, BR-CO-17")
        << u"<ram:CalculatedAmount>19.00<"_s << u"<ram:CalculatedAmount>21.00<"_s
        << QStringList { u"FX-SCH-A-000052"_s, u"FX-SCH-A-000057"_s, u"FX-SCH-A-000130"_s };
    QTest::newRow("BR-CO-25 without due date")
        << u"<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format=\"102\">20240405"
           "</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>"_s
        << QString() << QStringList { u"FX-SCH-A-000155"_s };
    QTest::newRow("BR-CO-27 IBAN and proprietary id")
        << u"</ram:IBANID>"_s << u"</ram:IBANID><ram:ProprietaryID>1</ram:ProprietaryID>"_s
        << QStringList { u"FX-SCH-A-000132"_s };
    QTest::newRow("BR-50 no account id")
        << u"<ram:IBANID>DE02120300000000202051</ram:IBANID>"_s << QString()
        << QStringList { u"FX-SCH-A-000132"_s, u"FX-SCH-A-000133"_s, u"FX-SCH-A-000134"_s };
    QTest::newRow("BR-10, BR-11 no buyer address")
        << u"<ram:Name>Kunde AG</ram:Name>\n    <ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID>"
           "</ram:PostalTradeAddress>"_s
        << u"<ram:Name>Kunde AG</ram:Name>"_s
        << QStringList { u"FX-SCH-A-000032"_s, u"FX-SCH-A-000156"_s, u"FX-SCH-A-000157"_s };
    QTest::newRow("BR-29 period end before start")
        << terms
        << u"<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format=\"102\">20240302"
           "</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format=\"102\">"
           "20240301</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>"_s
            + terms
        << QStringList { u"FX-SCH-A-000059"_s };
    // A document-level allowance of category K at 19 % without the buyer's VAT identifier or a reason.
    const QString allowanceK
        = u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false"
          "</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>1.00</ram:ActualAmount>"
          "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>K"
          "</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>"
          "</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>"_s;
    QTest::newRow("allowance: BR-33, BR-CO-21, BR-IC-03, BR-IC-06, BR-CO-11")
        << terms << allowanceK + terms
        << QStringList { u"FX-SCH-A-000063"_s, u"FX-SCH-A-000065"_s, u"FX-SCH-A-000087"_s,
               u"FX-SCH-A-000088"_s, u"FX-SCH-A-000118"_s };
    QString allowanceYes = allowanceK;
    allowanceYes.replace(u">false<"_s, u">yes<"_s);
    QTest::newRow("allowance indicator neither false nor true")
        << terms << allowanceYes + terms << QStringList { u"ADES-FX-01"_s };
    // A VAT breakdown of category AE with a VAT amount and no exemption reason; BASIC would also sum the
    // category over lines and allowances (BR-AE-08) and count it (BR-AE-01), BASIC WL does not.
    const QString breakdownAE = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>1.00</ram:CalculatedAmount>"
                                "<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>5.00</ram:BasisAmount>"
                                "<ram:CategoryCode>AE</ram:CategoryCode><ram:RateApplicablePercent>0"
                                "</ram:RateApplicablePercent></ram:ApplicableTradeTax>"_s;
    QTest::newRow("BR-AE-09, BR-AE-10, BR-CO-17, BR-CO-14")
        << terms << breakdownAE + terms
        << QStringList { u"FX-SCH-A-000052"_s, u"FX-SCH-A-000130"_s, u"FX-SCH-A-000136"_s,
               u"FX-SCH-A-000137"_s };
    // Category O beside S: BR-O-11 (no BR-O-08 sum, no BR-O-12 on lines).
    const QString breakdownO = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount>"
                               "<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>5.00</ram:BasisAmount>"
                               "<ram:ExemptionReason>n/a</ram:ExemptionReason>"
                               "<ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>"_s;
    QTest::newRow("BR-O-11") << terms << breakdownO + terms << QStringList { u"FX-SCH-A-000152"_s };
    // Category K without a rate (BR-48) or a deliver-to country (BR-IC-12); no BR-IC-08 sum over lines.
    QString breakdownK = breakdownO;
    breakdownK.replace(u">O<"_s, u">K<"_s).replace(u">5.00<"_s, u">50.00<"_s);
    QTest::newRow("category K breakdown")
        << terms << breakdownK + terms << QStringList { u"FX-SCH-A-000050"_s, u"FX-SCH-A-000145"_s };
    // A line is no part of the profile: none of BASIC's line rules looks at it.
    QTest::newRow("a line is not checked")
        << u"<ram:ApplicableHeaderTradeAgreement>"_s
        << u"<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax>"
           "<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>K</ram:CategoryCode></ram:ApplicableTradeTax>"
           "</ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>"
           "<ram:ApplicableHeaderTradeAgreement>"_s
        << QStringList();
    QTest::newRow("BR-CO-26 and BR-CO-09")
        << u">DE123456789<"_s << u">XX123456789<"_s << QStringList { u"FX-SCH-A-000002"_s };
    QTest::newRow("BR-CO-18 and the structure rule")
        << u"<ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:TypeCode>VAT"
           "</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>"
           "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>"_s
        << QString() << QStringList { u"FX-SCH-A-000130"_s, u"FX-SCH-A-000135"_s, u"FX-SCH-A-000173"_s };
    QTest::newRow("no sum of line amounts")
        << u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>"_s << QString()
        << QStringList { u"FX-SCH-A-000117"_s, u"FX-SCH-A-000120"_s, u"FX-SCH-A-000189"_s };
    QTest::newRow("tax representative without VAT id")
        << u"</ram:BuyerTradeParty>"_s
        << u"</ram:BuyerTradeParty><ram:SellerTaxRepresentativeTradeParty><ram:Name>R</ram:Name>"
           "</ram:SellerTaxRepresentativeTradeParty>"_s
        << QStringList { u"FX-SCH-A-000032"_s, u"FX-SCH-A-000077"_s, u"FX-SCH-A-000078"_s,
               u"FX-SCH-A-000079"_s, u"FX-SCH-A-000169"_s };
}

void TestFacturxBasicWlLayer::rules()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, ids);
    QString xml = Document;
    QVERIFY2(replaceFirst(xml, from, to), qPrintable(from));
    QCOMPARE(layerIds(xml), ids);
}

QTEST_GUILESS_MAIN(TestFacturxBasicWlLayer)
#include "TestFacturxBasicWlLayer.moc"
