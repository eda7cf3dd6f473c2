#include "FacturxTestSupport.h"
#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/ProfileCodeLists.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/XmlDocument.h"
#include "ops/eu/einvoice/layers/FacturxExtendedRules.h"
#include "ops/eu/einvoice/layers/LayerSelection.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;
using namespace ades::test;

// The Factur-X EXTENDED profile rules on a small hand-made document with lines: the valid document passes,
// and each edit makes exactly the findings the profile's definition calls for; then the official EXTENDED
// samples of the corpus, whose findings must be exactly those the profile XSLT reported.
class TestFacturxExtendedLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rules_data();
    void rules();
    void rulesOnCorpus();
    void tablesAreSound();
    void isRegistered();
    void layer_data();
    void layer();
};

namespace {

// Two regular lines of category S (19 %), one document-level charge of category S, a logistics charge.
const QString Document = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument>
  <ram:ID>2024-9</ram:ID>
  <ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
  <ram:IncludedNote><ram:Content>Note</ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Item A</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>10.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">10</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
   </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Item B</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>12.34</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>12.34</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
   </ram:SpecifiedLineTradeSettlement>
  </ram:IncludedSupplyChainTradeLineItem>
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
   <ram:ApplicableTradeTax><ram:CalculatedAmount>24.20</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>127.34</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedLogisticsServiceCharge><ram:Description>Freight</ram:Description><ram:AppliedAmount>10.00</ram:AppliedAmount><ram:AppliedTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:AppliedTradeTax></ram:SpecifiedLogisticsServiceCharge>
   <ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>5.00</ram:ActualAmount><ram:Reason>Packing</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>
   <ram:SpecifiedTradePaymentTerms><ram:Description>30 days</ram:Description></ram:SpecifiedTradePaymentTerms>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:LineTotalAmount>112.34</ram:LineTotalAmount>
    <ram:ChargeTotalAmount>15.00</ram:ChargeTotalAmount>
    <ram:TaxBasisTotalAmount>127.34</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">24.20</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>151.54</ram:GrandTotalAmount>
    <ram:DuePayableAmount>151.54</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
)"_s;

QStringList ruleIds(const QString &xml)
{
    auto doc = XmlDocument::parse(xml.toUtf8());
    if (!doc.ok())
        return { u"not well-formed"_s };
    QList<Finding> findings;
    FacturxExtendedRules::check(doc.value(), findings);
    return distinctIds(findings);
}

const QString Layer = u"facturx-EXTENDED"_s;

// The whole layer (structure table and C++ rules) through the validator: each id once, sorted.
QStringList layerIds(const QString &xml)
{
    return distinct(layerFindingIds(xml, Layer));
}

} // namespace

void TestFacturxExtendedLayer::rules_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("ids");

    QTest::newRow("valid") << QString() << QString() << QStringList();
    const QString sums = u"<ram:SpecifiedTradeSettlementHeaderMonetarySummation>"_s;
    const QString terms = u"<ram:SpecifiedTradePaymentTerms>"_s;
    // BR-FXEXT-CO-10: one cent per line; the sum of the lines is the double 112.340000000000003…, which
    // Saxon converts to xs:decimal digit for digit, so 112.32 misses the bound where 112.36 meets it.
    QTest::newRow("CO-10 within two cents")
        << u"<ram:LineTotalAmount>112.34<"_s << u"<ram:LineTotalAmount>112.36<"_s << QStringList();
    QTest::newRow("CO-10 two cents below, in binary more")
        << u"<ram:LineTotalAmount>112.34<"_s << u"<ram:LineTotalAmount>112.32<"_s
        << QStringList { u"FX-SCH-A-000365"_s };
    QTest::newRow("CO-10 three cents")
        << u"<ram:LineTotalAmount>112.34<"_s << u"<ram:LineTotalAmount>112.37<"_s
        << QStringList { u"FX-SCH-A-000365"_s };
    QTest::newRow("CO-12 charges") << u"<ram:ChargeTotalAmount>15.00<"_s << u"<ram:ChargeTotalAmount>15.03<"_s
                                   << QStringList { u"FX-SCH-A-000305"_s };
    QTest::newRow("CO-12 within tolerance")
        << u"<ram:ChargeTotalAmount>15.00<"_s << u"<ram:ChargeTotalAmount>15.02<"_s << QStringList();
    QTest::newRow("CO-13 total without VAT")
        << u"<ram:TaxBasisTotalAmount>127.34<"_s << u"<ram:TaxBasisTotalAmount>127.40<"_s
        << QStringList { u"FX-SCH-A-000366"_s, u"FX-SCH-A-000374"_s };
    QTest::newRow("CO-15 total with VAT")
        << u"<ram:GrandTotalAmount>151.54<"_s << u"<ram:GrandTotalAmount>151.60<"_s
        << QStringList { u"FX-SCH-A-000122"_s, u"FX-SCH-A-000374"_s };
    QTest::newRow("CO-15 without a VAT total in the invoice currency")
        << u"<ram:TaxTotalAmount currencyID=\"EUR\">"_s << u"<ram:TaxTotalAmount currencyID=\"USD\">"_s
        << QStringList { u"ADES-FX-01"_s, u"FX-SCH-A-000374"_s };
    // A document-level allowance of 1.00 in category S with no sum of allowances: BR-FXEXT-CO-11, and the
    // total without VAT and the S taxable amount no longer add up.
    QTest::newRow("CO-11 allowance without its sum")
        << terms
        << u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>"
           "</ram:ChargeIndicator><ram:ActualAmount>1.00</ram:ActualAmount><ram:Reason>Discount</ram:Reason>"
           "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
           "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>"
           "</ram:SpecifiedTradeAllowanceCharge>"_s
            + terms
        << QStringList { u"FX-SCH-A-000304"_s, u"FX-SCH-A-000356"_s, u"FX-SCH-A-000366"_s };
    // The VAT amount ten cents off: BR-FXEXT-S-09 and BR-CO-14, but not BASIC's BR-CO-17 or BR-S-09.
    QTest::newRow("S-09 VAT amount") << u"<ram:CalculatedAmount>24.20<"_s << u"<ram:CalculatedAmount>24.30<"_s
                                     << QStringList { u"FX-SCH-A-000130"_s, u"FX-SCH-A-000357"_s };
    QTest::newRow("S-08 taxable amount") << u"<ram:BasisAmount>127.34<"_s << u"<ram:BasisAmount>127.40<"_s
                                         << QStringList { u"FX-SCH-A-000356"_s };
    // Breakdowns of other categories without lines, allowances or charges of theirs.
    const QString breakdownZ = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount>"
                               "<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>5.00</ram:BasisAmount>"
                               "<ram:CategoryCode>Z</ram:CategoryCode><ram:RateApplicablePercent>0"
                               "</ram:RateApplicablePercent></ram:ApplicableTradeTax>"_s;
    QTest::newRow("Z-08, BR-Z-01") << u"<ram:SpecifiedLogisticsServiceCharge>"_s
                                   << breakdownZ + u"<ram:SpecifiedLogisticsServiceCharge>"_s
                                   << QStringList { u"FX-SCH-A-000255"_s, u"FX-SCH-A-000355"_s };
    QString breakdownL = breakdownZ;
    breakdownL.replace(u">Z<"_s, u">L<"_s).replace(u">5.00<"_s, u">0.00<"_s);
    QTest::newRow("AF-08 reads no taxable amount")
        << u"<ram:SpecifiedLogisticsServiceCharge>"_s
        << breakdownL + u"<ram:SpecifiedLogisticsServiceCharge>"_s << QStringList { u"FX-SCH-A-000312"_s };
    QString breakdownO = breakdownZ;
    breakdownO.replace(u">Z<"_s, u">O<"_s)
        .replace(u"<ram:RateApplicablePercent>0</ram:RateApplicablePercent>"_s,
            u"<ram:ExemptionReason>Not subject</ram:ExemptionReason>"_s);
    QTest::newRow("O-08, BR-O-01, no BR-O-11") << u"<ram:SpecifiedLogisticsServiceCharge>"_s
                                               << breakdownO + u"<ram:SpecifiedLogisticsServiceCharge>"_s
                                               << QStringList { u"FX-SCH-A-000260"_s, u"FX-SCH-A-000371"_s };
    // Line subtypes.
    QTest::newRow("FXEXT-06 parent without subtypes")
        << u"<ram:LineID>2</ram:LineID>"_s
        << u"<ram:LineID>2</ram:LineID><ram:ParentLineID>1</ram:ParentLineID>"_s
        << QStringList { u"FX-SCH-A-000374"_s };
    QTest::newRow("FXEXT-11 parent line not found")
        << u"<ram:LineID>2</ram:LineID>"_s
        << u"<ram:LineID>2</ram:LineID><ram:ParentLineID>9</ram:ParentLineID>"
           "<ram:LineStatusReasonCode>DETAIL</ram:LineStatusReasonCode>"_s
        << QStringList { u"FX-SCH-A-000360"_s };
    // (Each removal leaves an empty element behind: the R008 warning, FX-SCH-A-000372.)
    QTest::newRow("DETAIL line without quantity")
        << u"<ram:BilledQuantity unitCode=\"C62\">1</ram:BilledQuantity>"_s << QString()
        << QStringList { u"FX-SCH-A-000361"_s, u"FX-SCH-A-000362"_s, u"FX-SCH-A-000372"_s };
    QTest::newRow("DETAIL line without net price")
        << u"<ram:NetPriceProductTradePrice><ram:ChargeAmount>12.34</ram:ChargeAmount></ram:NetPriceProductTradePrice>"_s
        << QString() << QStringList { u"FX-SCH-A-000363"_s, u"FX-SCH-A-000364"_s, u"FX-SCH-A-000372"_s };
    QTest::newRow("DETAIL line with negative net price")
        << u"<ram:ChargeAmount>12.34<"_s << u"<ram:ChargeAmount>-12.34<"_s
        << QStringList { u"FX-SCH-A-000364"_s };
    QTest::newRow("a line of another subtype needs no price")
        << u"<ram:LineID>2</ram:LineID>"_s
        << u"<ram:LineID>2</ram:LineID><ram:LineStatusReasonCode>INFORMATION</ram:LineStatusReasonCode>"_s
        << QStringList { u"FX-SCH-A-000356"_s, u"FX-SCH-A-000365"_s, u"FX-SCH-A-000366"_s };
    // Notes, parties, item attributes, dates.
    QTest::newRow("FXEXT-01 note without text")
        << u"<ram:Content>Note</ram:Content>"_s << QString() << QStringList { u"FX-SCH-A-000318"_s };
    QTest::newRow("FXEXT-02 line note without text")
        << u"<ram:LineID>1</ram:LineID>"_s
        << u"<ram:LineID>1</ram:LineID><ram:IncludedNote><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>"_s
        << QStringList { u"FX-SCH-A-000301"_s };
    QTest::newRow("FXEXT-03 buyer registration FC")
        << u"<ram:Name>Kunde AG</ram:Name>"_s
        << u"<ram:Name>Kunde AG</ram:Name><ram:SpecifiedTaxRegistration><ram:ID schemeID=\"FC\">1</ram:ID>"
           "</ram:SpecifiedTaxRegistration>"_s
        << QStringList { u"FX-SCH-A-000302"_s };
    QTest::newRow("FXEXT-04 item attribute code (warning)")
        << u"<ram:Name>Item A</ram:Name>"_s
        << u"<ram:Name>Item A</ram:Name><ram:ApplicableProductCharacteristic><ram:TypeCode>XYZ</ram:TypeCode>"
           "<ram:Description>Colour</ram:Description><ram:Value>red</ram:Value></ram:ApplicableProductCharacteristic>"_s
        << QStringList { u"FX-SCH-A-000345"_s };
    QTest::newRow("FXEXT-04 listed code")
        << u"<ram:Name>Item A</ram:Name>"_s
        << u"<ram:Name>Item A</ram:Name><ram:ApplicableProductCharacteristic><ram:TypeCode>COLOR_TEXT"
           "</ram:TypeCode><ram:Description>Colour</ram:Description><ram:Value>red</ram:Value>"
           "</ram:ApplicableProductCharacteristic>"_s
        << QStringList();
    QTest::newRow("date 205 with seconds")
        << u"format=\"102\">20240301"_s << u"format=\"205\">20240301120000"_s
        << QStringList { u"FX-SCH-A-000372"_s };
    QTest::newRow("date 205") << u"format=\"102\">20240301"_s << u"format=\"205\">202403011200"_s
                              << QStringList();
    // An allowance of category O while the seller has a VAT identifier: EXTENDED checks only its rate.
    QTest::newRow("allowance O: rate only")
        << terms
        << u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>"
           "</ram:ChargeIndicator><ram:ActualAmount>0</ram:ActualAmount><ram:Reason>Discount</ram:Reason>"
           "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>O</ram:CategoryCode>"
           "<ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:CategoryTradeTax>"
           "</ram:SpecifiedTradeAllowanceCharge>"_s
            + terms
        << QStringList { u"FX-SCH-A-000094"_s, u"FX-SCH-A-000304"_s };
    Q_UNUSED(sums);
}

void TestFacturxExtendedLayer::rules()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, ids);
    QString xml = Document;
    if (!from.isEmpty())
        QVERIFY2(replaceFirst(xml, from, to), qPrintable(from));
    QCOMPARE(ruleIds(xml), ids);
}

// The official EXTENDED samples (XML and hybrid PDF alike): the rule ids found must be exactly those the
// profile XSLT reported (one of them, the Kaffee bundle, breaks BR-S-05).
void TestFacturxExtendedLayer::rulesOnCorpus()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString base = ades::test::sharedDataDir() + u"/einvoice/"_s;
    const QDir dir(base + u"invoices/cii/zugferd-2.4/EXTENDED"_s);
    int documents = 0;
    for (const QString &name : dir.entryList({ u"*.xml"_s }, QDir::Files, QDir::Name)) {
        QFile in(dir.filePath(name));
        QVERIFY(in.open(QIODevice::ReadOnly));
        auto doc = XmlDocument::parse(in.readAll());
        QVERIFY(doc.ok());
        QList<Finding> findings;
        FacturxExtendedRules::check(doc.value(), findings);
        QSet<QString> ours;
        QMap<QString, int> ourCounts;
        for (const Finding &f : findings) {
            ours.insert(f.id);
            ++ourCounts[f.id];
        }
        const auto fired
            = expectedFired(base + u"expected/cii/zugferd-2.4/EXTENDED/"_s + name.chopped(4) + u".json"_s);
        QVERIFY(fired);
        const QMap<QString, int> &theirCounts = *fired;
        const QStringList firedIds = theirCounts.keys();
        const QSet<QString> theirs(firedIds.cbegin(), firedIds.cend());
        QStringList extra = (ours - theirs).values();
        extra.sort();
        QVERIFY2(extra.isEmpty(), qPrintable(name + u": "_s + extra.join(u", "_s)));
        QCOMPARE(ours, theirs);
        QCOMPARE(ourCounts, theirCounts);
        ++documents;
    }
    QVERIFY(documents > 0);
}

void TestFacturxExtendedLayer::tablesAreSound()
{
    const QString table = u"facturx-extended-rules.txt"_s;
    QVERIFY2(SyntaxBindingRules::tableErrors(table).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(table).join(u"; "_s)));
    QCOMPARE(SyntaxBindingRules::ruleIds(table).size(), 1179);
    const QString codes = u"facturx-extended-codes.txt"_s;
    QVERIFY2(
        ProfileCodeLists::errors(codes).isEmpty(), qPrintable(ProfileCodeLists::errors(codes).join(u"; "_s)));
    // The sizes of the EXTENDED codedb's lists (and of the two lists the profile Schematron spells out).
    const QList<std::pair<QString, int>> sizes = { { u"guideline"_s, 2 }, { u"document-type"_s, 62 },
        { u"date-format"_s, 1 }, { u"note-subject"_s, 401 }, { u"line-status"_s, 119 },
        { u"line-status-reason"_s, 3 }, { u"icd"_s, 239 }, { u"item-classification"_s, 185 },
        { u"country"_s, 251 }, { u"unit"_s, 2162 }, { u"incoterms"_s, 13 }, { u"date-time-format"_s, 2 },
        { u"line-document-type"_s, 3 }, { u"mime-code"_s, 9 }, { u"reference-type"_s, 818 },
        { u"allowance-reason"_s, 19 }, { u"charge-reason"_s, 178 }, { u"tax-type"_s, 1 },
        { u"vat-category"_s, 10 }, { u"vatex"_s, 88 }, { u"eas"_s, 98 }, { u"duty-tax-fee-type"_s, 56 },
        { u"vat-date-code"_s, 3 }, { u"currency"_s, 179 }, { u"referenced-invoice-type"_s, 55 },
        { u"va-scheme"_s, 1 }, { u"type-916"_s, 1 }, { u"type-50"_s, 1 }, { u"type-130"_s, 1 },
        { u"transport-mode"_s, 10 }, { u"payment-means"_s, 84 }, { u"accounting-account-type"_s, 7 },
        { u"vat-prefix"_s, 252 }, { u"characteristic-type"_s, 315 } };
    for (const auto &[list, size] : sizes) {
        const QSet<QString> *found = ProfileCodeLists::find(codes, list);
        QVERIFY2(found, qPrintable(list));
        QCOMPARE(found->size(), size);
    }
}

void TestFacturxExtendedLayer::isRegistered()
{
    QVERIFY(LayerSelection::find(Layer));
    QCOMPARE(
        LayerSelection::automatic(u"urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended"_s, true),
        QStringList { Layer });
    QVERIFY(!LayerSelection::en16931Applies(u"EXTENDED"_s));
    QCOMPARE(layerIds(Document), QStringList());
}

// The structure table and the VAT total variants, through the whole layer.
void TestFacturxExtendedLayer::layer_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("ids");

    QTest::newRow("valid") << QString() << QString() << QStringList();
    QTest::newRow("other guideline") << u"1p0:extended</ram:ID>"_s << u"1p0:en16931</ram:ID>"_s
                                     << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("two invoice numbers")
        << u"<ram:ID>2024-9</ram:ID>"_s << u"<ram:ID>2024-9</ram:ID><ram:ID>2024-10</ram:ID>"_s
        << QStringList { u"FX-SCH-A-000019"_s };
    QTest::newRow("unlisted type code")
        << u"<ram:TypeCode>380</ram:TypeCode>"_s << u"<ram:TypeCode>999</ram:TypeCode>"_s
        << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("unlisted note subject")
        << u"<ram:SubjectCode>AAI</ram:SubjectCode>"_s << u"<ram:SubjectCode>XXX</ram:SubjectCode>"_s
        << QStringList { u"FX-SCH-A-000162"_s };
    QTest::newRow("unlisted unit") << u"unitCode=\"C62\">10<"_s << u"unitCode=\"XYZ1\">10<"_s
                                   << QStringList { u"FX-SCH-A-000275"_s };
    QTest::newRow("unused schemeID on the invoice number")
        << u"<ram:ID>2024-9</ram:ID>"_s << u"<ram:ID schemeID=\"X\">2024-9</ram:ID>"_s
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("line status code")
        << u"<ram:LineID>1</ram:LineID>"_s
        << u"<ram:LineID>1</ram:LineID><ram:LineStatusCode>500</ram:LineStatusCode>"_s
        << QStringList { u"FX-SCH-A-000334"_s };
    QTest::newRow("line status reason")
        << u"<ram:LineID>1</ram:LineID>"_s
        << u"<ram:LineID>1</ram:LineID><ram:LineStatusReasonCode>OTHER</ram:LineStatusReasonCode>"_s
        // Not a DETAIL line any more, line 1 leaves the sums (the S taxable amount, BR-FXEXT-CO-10, -CO-13).
        << QStringList { u"FX-SCH-A-000335"_s, u"FX-SCH-A-000356"_s, u"FX-SCH-A-000365"_s,
               u"FX-SCH-A-000366"_s };
    QTest::newRow("country not listed")
        << u"<ram:Name>Kunde AG</ram:Name>\n    <ram:PostalTradeAddress><ram:CountryID>DE<"_s
        << u"<ram:Name>Kunde AG</ram:Name>\n    <ram:PostalTradeAddress><ram:CountryID>XX<"_s
        << QStringList { u"FX-SCH-A-000036"_s };
    QTest::newRow("allowance reason not listed")
        << u"<ram:Reason>Packing</ram:Reason>"_s
        << u"<ram:Reason>Packing</ram:Reason><ram:ReasonCode>41</ram:ReasonCode>"_s
        << QStringList { u"FX-SCH-A-000186"_s };
    QTest::newRow("charge reason listed")
        << u"<ram:Reason>Packing</ram:Reason>"_s
        << u"<ram:Reason>Packing</ram:Reason><ram:ReasonCode>ABK</ram:ReasonCode>"_s << QStringList();
    QTest::newRow("VAT category not listed")
        << u"<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>"_s
        << u"<ram:CategoryCode>Q</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>"_s
        // The charge leaves the S taxable amount (BR-FXEXT-S-08).
        << QStringList { u"FX-SCH-A-000179"_s, u"FX-SCH-A-000356"_s };
    const QString headerTotal = u"<ram:TaxTotalAmount currencyID=\"EUR\">24.20</ram:TaxTotalAmount>"_s;
    QTest::newRow("two document VAT totals in the invoice currency")
        // Both count in the total with VAT (BR-FXEXT-CO-15).
        << headerTotal << headerTotal + headerTotal
        << QStringList { u"FX-SCH-A-000042"_s, u"FX-SCH-A-000374"_s };
    QTest::newRow("document VAT total in a third currency")
        << headerTotal << headerTotal + u"<ram:TaxTotalAmount currencyID=\"USD\">1</ram:TaxTotalAmount>"_s
        << QStringList { u"ADES-FX-01"_s };
    const QString lineTotal = u"<ram:LineTotalAmount>12.34</ram:LineTotalAmount>"_s;
    QTest::newRow("line VAT total in the invoice currency")
        << lineTotal << lineTotal + u"<ram:TaxTotalAmount currencyID=\"EUR\">2.34</ram:TaxTotalAmount>"_s
        << QStringList();
    QTest::newRow("two line VAT totals in the invoice currency") << lineTotal
                                                                 << lineTotal
            + u"<ram:TaxTotalAmount currencyID=\"EUR\">2.34</ram:TaxTotalAmount>"
              "<ram:TaxTotalAmount currencyID=\"EUR\">2.34</ram:TaxTotalAmount>"_s
                                                                 << QStringList { u"FX-SCH-A-000372"_s };
    QTest::newRow("line VAT totals in a third currency") << lineTotal
                                                         << lineTotal
            + u"<ram:TaxTotalAmount currencyID=\"USD\">2.34</ram:TaxTotalAmount>"
              "<ram:TaxTotalAmount currencyID=\"USD\">2.34</ram:TaxTotalAmount>"_s
                                                         << QStringList { u"ADES-FX-01"_s };
}

void TestFacturxExtendedLayer::layer()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, ids);
    QString xml = Document;
    if (!from.isEmpty())
        QVERIFY2(replaceFirst(xml, from, to), qPrintable(from));
    QCOMPARE(layerIds(xml).join(u", "_s), ids.join(u", "_s));
}

QTEST_GUILESS_MAIN(TestFacturxExtendedLayer)
#include "TestFacturxExtendedLayer.moc"
