#include "FacturxTestSupport.h"
#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/ProfileCodeLists.h"
#include "ops/eu/einvoice/SyntaxBindingRules.h"
#include "ops/eu/einvoice/XmlDocument.h"
#include "ops/eu/einvoice/layers/CiiQuery.h"
#include "ops/eu/einvoice/layers/FacturxBasicRules.h"
#include "ops/eu/einvoice/layers/LayerSelection.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;
using namespace ades::test;

// The Factur-X profile layers on small hand-made CII documents: a valid document of the profile, then one
// edit per row and the profile findings it must cause (the corpus samples are all valid, so they alone
// would never show a rule firing).
class TestFacturxLayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void numberIsXPathNumber_data();
    void numberIsXPathNumber();
    void tablesAreSound();
    void layersAreRegistered();
    void minimum_data();
    void minimum();
    void basicRules_data();
    void basicRules();
    void basicLayer_data();
    void basicLayer();
    void en16931Layer_data();
    void en16931Layer();
    void everyCodeListRow_data();
    void everyCodeListRow();
    void basicRulesOnCorpus();
};

namespace {

const QString MinimumDocument = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument>
  <ram:ID>471102</ram:ID>
  <ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20200305</udt:DateTimeString></ram:IssueDateTime>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:ApplicableHeaderTradeAgreement>
   <ram:SellerTradeParty>
    <ram:Name>Lieferant GmbH</ram:Name>
    <ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
   </ram:SellerTradeParty>
   <ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>
  </ram:ApplicableHeaderTradeAgreement>
  <ram:ApplicableHeaderTradeDelivery/>
  <ram:ApplicableHeaderTradeSettlement>
   <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
   <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    <ram:TaxBasisTotalAmount>198.00</ram:TaxBasisTotalAmount>
    <ram:TaxTotalAmount currencyID="EUR">37.62</ram:TaxTotalAmount>
    <ram:GrandTotalAmount>235.62</ram:GrandTotalAmount>
    <ram:DuePayableAmount>235.62</ram:DuePayableAmount>
   </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
  </ram:ApplicableHeaderTradeSettlement>
 </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
)"_s;

const QString BasicDocument = uR"(<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
 xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
 xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
 <rsm:ExchangedDocumentContext>
  <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
 </rsm:ExchangedDocumentContext>
 <rsm:ExchangedDocument>
  <ram:ID>2024-1</ram:ID>
  <ram:TypeCode>380</ram:TypeCode>
  <ram:IssueDateTime><udt:DateTimeString format="102">20240305</udt:DateTimeString></ram:IssueDateTime>
 </rsm:ExchangedDocument>
 <rsm:SupplyChainTradeTransaction>
  <ram:IncludedSupplyChainTradeLineItem>
   <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
   <ram:SpecifiedTradeProduct><ram:Name>Item</ram:Name></ram:SpecifiedTradeProduct>
   <ram:SpecifiedLineTradeAgreement>
    <ram:NetPriceProductTradePrice><ram:ChargeAmount>10.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>
   </ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">10</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement>
    <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
    <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>100.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
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
   <ram:ApplicableTradeTax><ram:CalculatedAmount>19.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradePaymentTerms><ram:Description>30 days</ram:Description></ram:SpecifiedTradePaymentTerms>
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

// The BASIC document under the EN16931 profile's identifier (both profiles accept it otherwise).
QString en16931Document()
{
    return QString(BasicDocument)
        .replace(
            u"urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic"_s, u"urn:cen.eu:en16931:2017"_s);
}

// One "in-list" row of a profile table: its id, context, path (. or @attribute) and code list.
struct CodeListRow
{
    QString id;
    QString context;
    QString path;
    QString file;
    QString list;
};

QList<CodeListRow> codeListRows(const QString &table)
{
    QList<CodeListRow> rows;
    QFile in(u":/einvoice/"_s + table);
    if (!in.open(QIODevice::ReadOnly))
        return rows;
    for (const QString &line : QString::fromUtf8(in.readAll()).split(u'\n')) {
        const QStringList cols = line.split(u'\t');
        if (line.startsWith(u'#') || cols.size() < 7 || !cols.at(2).startsWith(u"in-list "_s))
            continue;
        const QString argument = cols.at(2).mid(8);
        rows.append(
            { cols.at(0), cols.at(3), cols.at(4), argument.section(u':', 0, 0), argument.section(u':', 1) });
    }
    return rows;
}

// The smallest CII document in which the row's context element exists, carrying `value` where the row reads
// it. A step's predicates [a/b='v'] become the children that make them hold.
QString documentForRow(const CodeListRow &row, const QString &value)
{
    QStringList steps;
    int depth = 0;
    QString step;
    for (const QChar c : row.context.mid(1)) {
        depth += c == u'[' ? 1 : c == u']' ? -1 : 0;
        if (c == u'/' && depth == 0) {
            steps << step;
            step.clear();
        } else {
            step += c;
        }
    }
    steps << step;
    static const QRegularExpression predicate(u"\\[([^=\\]]+)='([^']*)'\\]"_s);
    QString open;
    QString close;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const QString name = steps.at(i).section(u'[', 0, 0);
        const bool last = i + 1 == steps.size();
        QString attributes;
        if (i == 0)
            attributes = u" xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\""
                         " xmlns:ram=\"urn:un:unece:uncefact:data:standard:"
                         "ReusableAggregateBusinessInformationEntity:100\""
                         " xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\""
                         " xmlns:qdt=\"urn:un:unece:uncefact:data:standard:QualifiedDataType:100\""_s;
        if (last && row.path.startsWith(u'@'))
            attributes += u' ' + row.path.mid(1) + u"=\""_s + value + u'"';
        open += u'<' + name + attributes + u'>';
        for (const QRegularExpressionMatch &m : predicate.globalMatch(steps.at(i))) {
            const QStringList path = m.captured(1).split(u'/');
            QString child = m.captured(2);
            for (qsizetype k = path.size() - 1; k >= 0; --k)
                child = u'<' + path.at(k) + u'>' + child + u"</"_s + path.at(k) + u'>';
            open += child;
        }
        if (last)
            open += row.path == u"." ? value : u"x"_s;
        close.prepend(u"</"_s + name + u'>');
    }
    return open + close;
}

} // namespace

void TestFacturxLayer::tablesAreSound()
{
    const QString table = u"facturx-minimum-rules.txt"_s;
    QVERIFY2(SyntaxBindingRules::tableErrors(table).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(table).join(u"; "_s)));
    QCOMPARE(SyntaxBindingRules::ruleIds(table).size(), 41);
    const QString codes = u"facturx-minimum-codes.txt"_s;
    QVERIFY2(
        ProfileCodeLists::errors(codes).isEmpty(), qPrintable(ProfileCodeLists::errors(codes).join(u"; "_s)));
    // The sizes of FACTUR-X_MINIMUM_codedb.xml's lists (currency: its lists 6, 7 and 8 are the same).
    const QList<std::pair<QString, int>> sizes
        = { { u"guideline"_s, 2 }, { u"document-type"_s, 62 }, { u"date-format"_s, 1 }, { u"icd"_s, 239 },
              { u"country"_s, 251 }, { u"currency"_s, 179 }, { u"vat-prefix"_s, 252 } };
    for (const auto &[list, size] : sizes) {
        const QSet<QString> *found = ProfileCodeLists::find(codes, list);
        QVERIFY2(found, qPrintable(list));
        QCOMPARE(found->size(), size);
    }
    QVERIFY(!ProfileCodeLists::find(codes, u"no-such-list"_s));
    const QString basic = u"facturx-basic-rules.txt"_s;
    QVERIFY2(SyntaxBindingRules::tableErrors(basic).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(basic).join(u"; "_s)));
    QCOMPARE(SyntaxBindingRules::ruleIds(basic).size(), 252);
    const QString en16931 = u"facturx-en16931-rules.txt"_s;
    QVERIFY2(SyntaxBindingRules::tableErrors(en16931).isEmpty(),
        qPrintable(SyntaxBindingRules::tableErrors(en16931).join(u"; "_s)));
    QCOMPARE(SyntaxBindingRules::ruleIds(en16931).size(), 402);
    // The sizes of the BASIC and EN16931 codedb lists ADES holds (the lists both profiles have are alike).
    const QList<std::pair<QString, int>> shared = { { u"document-type"_s, 62 }, { u"date-format"_s, 1 },
        { u"note-subject"_s, 401 }, { u"icd"_s, 239 }, { u"unit"_s, 2162 }, { u"tax-type"_s, 1 },
        { u"vat-category"_s, 9 }, { u"vat-date-code"_s, 3 }, { u"allowance-reason"_s, 19 },
        { u"charge-reason"_s, 178 }, { u"country"_s, 251 }, { u"eas"_s, 98 }, { u"vat-scheme"_s, 1 },
        { u"currency"_s, 179 }, { u"payment-means"_s, 84 }, { u"vatex"_s, 88 }, { u"vat-prefix"_s, 252 } };
    const QList<std::pair<QString, int>> en16931Only = { { u"item-classification"_s, 185 },
        { u"line-document-type"_s, 3 }, { u"reference-type"_s, 818 }, { u"supporting-document-type"_s, 1 },
        { u"tender-document-type"_s, 1 }, { u"invoiced-object-document-type"_s, 1 }, { u"mime"_s, 6 } };
    for (const QString &file : { u"facturx-basic-codes.txt"_s, u"facturx-en16931-codes.txt"_s }) {
        QVERIFY2(ProfileCodeLists::errors(file).isEmpty(),
            qPrintable(ProfileCodeLists::errors(file).join(u"; "_s)));
        QCOMPARE(ProfileCodeLists::find(file, u"guideline"_s)->size(), file.contains(u"basic"_s) ? 2 : 1);
        QList<std::pair<QString, int>> sizes = shared;
        if (file.contains(u"en16931"_s))
            sizes += en16931Only;
        for (const auto &[list, size] : sizes) {
            const QSet<QString> *found = ProfileCodeLists::find(file, list);
            QVERIFY2(found, qPrintable(file + u':' + list));
            QCOMPARE(found->size(), size);
        }
    }
    QVERIFY(ProfileCodeLists::find(u"facturx-basic-codes.txt"_s, u"unit"_s)->contains(u"C62"_s));
    QVERIFY(!ProfileCodeLists::find(u"facturx-basic-codes.txt"_s, u"eas"_s)->contains(u"0219"_s));
}

void TestFacturxLayer::numberIsXPathNumber_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("isNumber");
    QTest::addColumn<double>("value");
    QTest::newRow("amount") << u"1190.00"_s << true << 1190.0;
    QTest::newRow("negative") << u"-0.5"_s << true << -0.5;
    QTest::newRow("leading point") << u".25"_s << true << 0.25;
    QTest::newRow("trailing point") << u"5."_s << true << 5.0;
    QTest::newRow("spaces") << u" 7 "_s << true << 7.0;
    QTest::newRow("long") << u"123456789012.123456789"_s << true << 123456789012.123456789;
    QTest::newRow("exponent") << u"1e3"_s << true << 1000.0;
    QTest::newRow("plus") << u"+3"_s << true << 3.0;
    QTest::newRow("two points") << u"1.2.3"_s << false << 0.0;
    QTest::newRow("sign only") << u"-"_s << false << 0.0;
    QTest::newRow("comma") << u"1,5"_s << false << 0.0;
    QTest::newRow("empty") << QString() << false << 0.0;
}

// CiiQuery::number reads plain amounts without QStringView::toDouble; it must agree with it everywhere.
void TestFacturxLayer::numberIsXPathNumber()
{
    QFETCH(QString, text);
    QFETCH(bool, isNumber);
    QFETCH(double, value);
    const QByteArray xml = "<a>" + text.toUtf8() + "</a>";
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    QVERIFY(doc.ok());
    const std::optional<double> number = CiiQuery(doc.value()).number(doc.value().root());
    bool ok = false;
    const double reference = QStringView(text).trimmed().toDouble(&ok);
    QCOMPARE(number.has_value(), isNumber);
    QCOMPARE(ok, isNumber);
    if (isNumber) {
        QCOMPARE(*number, value);
        QCOMPARE(*number, reference);
    }
}

void TestFacturxLayer::layersAreRegistered()
{
    for (const QString &name : { u"facturx-MINIMUM"_s, u"facturx-BASIC"_s, u"facturx-EN16931"_s,
             u"facturx-BASIC-WL"_s, u"facturx-EXTENDED"_s }) {
        QVERIFY2(LayerSelection::find(name), qPrintable(name));
        QVERIFY(LayerSelection::known().contains(name));
    }
    QCOMPARE(layerFindingIds(MinimumDocument, u"facturx-MINIMUM"_s), QStringList());
    QCOMPARE(layerFindingIds(BasicDocument, u"facturx-BASIC"_s), QStringList());
    QCOMPARE(layerFindingIds(en16931Document(), u"facturx-EN16931"_s), QStringList());
    // Chosen from BT-24: BASIC by its own identifier; a bare EN 16931 identifier is the Factur-X EN16931
    // profile only inside a hybrid PDF (otherwise it is any CEN invoice).
    const QString basicId = u"urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic"_s;
    QCOMPARE(LayerSelection::automatic(basicId, false), QStringList { u"facturx-BASIC"_s });
    QCOMPARE(LayerSelection::automatic(basicId, true), QStringList { u"facturx-BASIC"_s });
    QCOMPARE(
        LayerSelection::automatic(u"urn:cen.eu:en16931:2017"_s, true), QStringList { u"facturx-EN16931"_s });
    QCOMPARE(LayerSelection::automatic(u"urn:cen.eu:en16931:2017"_s, false), QStringList());
    QVERIFY(LayerSelection::en16931Applies(u"BASIC"_s));
    QVERIFY(LayerSelection::en16931Applies(u"EN16931"_s));
}

void TestFacturxLayer::minimum_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("ids");

    const QString seller = u"<ram:SpecifiedTaxRegistration><ram:ID schemeID=\"VA\">DE123456789</ram:ID>"
                           "</ram:SpecifiedTaxRegistration>"_s;
    const QString sums = u"<ram:SpecifiedTradeSettlementHeaderMonetarySummation>"_s;
    // Profile restrictions (the table).
    QTest::newRow("other profile id")
        << u"1p0:minimum"_s << u"1p0:basic"_s << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("zugferd 2.0 id") << u"urn:factur-x.eu:1p0:minimum"_s << u"urn:zugferd.de:2p0:minimum"_s
                                    << QStringList();
    QTest::newRow("type code not listed") << u">380<"_s << u">999<"_s << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("date format 203") << u"format=\"102\""_s << u"format=\"203\""_s
                                     << QStringList { u"FX-SCH-A-000012"_s, u"FX-SCH-A-000022"_s };
    QTest::newRow("date without format")
        << u" format=\"102\""_s << QString() << QStringList { u"FX-SCH-A-000012"_s, u"FX-SCH-A-000021"_s };
    QTest::newRow("two invoice numbers")
        << u"<ram:ID>471102</ram:ID>"_s << u"<ram:ID>471102</ram:ID><ram:ID>2</ram:ID>"_s
        << QStringList { u"FX-SCH-A-000019"_s };
    QTest::newRow("buyer address not used")
        << u"<ram:Name>Kunden AG</ram:Name>"_s
        << u"<ram:Name>Kunden AG</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID>"
           "</ram:PostalTradeAddress>"_s
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("buyer legal id scheme not listed")
        << u"<ram:Name>Kunden AG</ram:Name>"_s
        << u"<ram:Name>Kunden AG</ram:Name><ram:SpecifiedLegalOrganization><ram:ID "
           u"schemeID=\"0092\">1</ram:ID>"
           "</ram:SpecifiedLegalOrganization>"_s
        << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("second seller VAT id")
        << seller << seller + seller << QStringList { u"FX-SCH-A-000033"_s };
    QTest::newRow("seller tax registration of another scheme")
        << u"schemeID=\"VA\">DE123456789"_s << u"schemeID=\"XX\">DE123456789"_s
        << QStringList { u"ADES-FX-01"_s, u"FX-SCH-A-000001"_s };
    QTest::newRow("seller country not listed")
        << u">DE</ram:CountryID>"_s << u">XX</ram:CountryID>"_s << QStringList { u"FX-SCH-A-000036"_s };
    QTest::newRow("no seller country") << u"<ram:CountryID>DE</ram:CountryID>"_s << QString()
                                       << QStringList { u"FX-SCH-A-000018"_s, u"FX-SCH-A-000035"_s };
    QTest::newRow("currency not listed")
        << u">EUR</ram:InvoiceCurrencyCode>"_s << u">CUC</ram:InvoiceCurrencyCode>"_s
        << QStringList { u"ADES-FX-01"_s, u"FX-SCH-A-000040"_s };
    QTest::newRow("currencyID on grand total")
        << u"<ram:GrandTotalAmount>"_s << u"<ram:GrandTotalAmount currencyID=\"EUR\">"_s
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("two VAT totals in the invoice currency")
        << u"<ram:GrandTotalAmount>"_s
        << u"<ram:TaxTotalAmount currencyID=\"EUR\">37.62</ram:TaxTotalAmount>"
           "<ram:GrandTotalAmount>"_s
        << QStringList { u"FX-SCH-A-000042"_s };
    // Rules restating EN 16931 rules.
    QTest::newRow("BR-CO-09 prefix") << u">DE123456789<"_s << u">XX123456789<"_s
                                     << QStringList { u"FX-SCH-A-000002"_s };
    QTest::newRow("BR-CO-09 EL") << u">DE123456789<"_s << u">EL123456789<"_s << QStringList();
    QTest::newRow("BR-CO-26") << seller << QString() << QStringList { u"FX-SCH-A-000001"_s };
    QTest::newRow("BR-02 empty") << u"<ram:ID>471102</ram:ID>"_s << u"<ram:ID></ram:ID>"_s
                                 << QStringList { u"FX-SCH-A-000011"_s };
    QTest::newRow("BR-06 empty") << u"<ram:Name>Lieferant GmbH</ram:Name>"_s << u"<ram:Name/>"_s
                                 << QStringList { u"FX-SCH-A-000015"_s };
    QTest::newRow("BR-13") << u"<ram:TaxBasisTotalAmount>198.00</ram:TaxBasisTotalAmount>"_s << QString()
                           << QStringList { u"FX-SCH-A-000003"_s, u"FX-SCH-A-000041"_s };
    QTest::newRow("BR-DEC-12") << u">198.00<"_s << u">198.001<"_s << QStringList { u"FX-SCH-A-000006"_s };
    QTest::newRow("BR-DEC-13") << u">37.62<"_s << u">37.625<"_s << QStringList { u"FX-SCH-A-000007"_s };
    QTest::newRow("BR-DEC-13 trailing zeros") << u">37.62<"_s << u">37.6200<"_s << QStringList();
    QTest::newRow("BR-DEC-13 other currency")
        << u"currencyID=\"EUR\">37.62"_s << u"currencyID=\"USD\">37.625"_s << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("contact person and department")
        << u"<ram:Name>Kunden AG</ram:Name>"_s
        << u"<ram:Name>Kunden AG</ram:Name><ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName>"
           "<ram:DepartmentName>B</ram:DepartmentName></ram:DefinedTradeContact>"_s
        << QStringList { u"FX-SCH-A-000346"_s };
    QTest::newRow("two buyers")
        << u"<ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>"_s
        << u"<ram:BuyerTradeParty><ram:Name>Kunden AG</ram:Name></ram:BuyerTradeParty>"
           "<ram:BuyerTradeParty><ram:Name>X</ram:Name></ram:BuyerTradeParty>"_s
        << QStringList { u"FX-SCH-A-000028"_s };
    // A document-level allowance of category K without the buyer's VAT identifier and with a rate.
    const QString allowanceK = u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false"
                               "</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>1</ram:ActualAmount>"
                               "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>K"
                               "</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>"
                               "</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>"_s;
    QTest::newRow("BR-IC-03, BR-IC-06")
        << sums << allowanceK + sums << QStringList { u"FX-SCH-A-000087"_s, u"FX-SCH-A-000088"_s };
    QTest::newRow("allowance without indicator")
        << sums
        << u"<ram:SpecifiedTradeAllowanceCharge><ram:ActualAmount>1</ram:ActualAmount>"
           "</ram:SpecifiedTradeAllowanceCharge>"_s
            + sums
        << QStringList { u"FX-SCH-A-000346"_s };
    // A VAT breakdown of category O while the seller has a VAT identifier, without exemption reason.
    const QString breakdownO = u"<ram:ApplicableTradeTax><ram:CalculatedAmount>0</ram:CalculatedAmount>"
                               "<ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>5.00</ram:BasisAmount>"
                               "<ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>"_s;
    QTest::newRow("BR-O-08, BR-O-10")
        << sums << breakdownO + sums << QStringList { u"FX-SCH-A-000151"_s, u"FX-SCH-A-000233"_s };
    QString breakdownOk = breakdownO;
    breakdownOk.replace(u">5.00<"_s, u">0.00<"_s)
        .replace(
            u"<ram:CategoryCode>"_s, u"<ram:ExemptionReason>n/a</ram:ExemptionReason><ram:CategoryCode>"_s);
    QTest::newRow("BR-O breakdown in order") << sums << breakdownOk + sums << QStringList();
    // Category K: BR-IC-08 holds within one unit; the delivery country and date are missing.
    QString breakdownK = breakdownOk;
    breakdownK.replace(u">O<"_s, u">K<"_s).replace(u">0.00<"_s, u">0.99<"_s);
    QTest::newRow("BR-IC-08 within one unit, BR-IC-11, BR-IC-12")
        << sums << breakdownK + sums << QStringList { u"FX-SCH-A-000144"_s, u"FX-SCH-A-000145"_s };
    breakdownK.replace(u">0.99<"_s, u">1.00<"_s);
    QTest::newRow("BR-IC-08 one unit off")
        << sums << breakdownK + sums
        << QStringList { u"FX-SCH-A-000144"_s, u"FX-SCH-A-000145"_s, u"FX-SCH-A-000230"_s };
}

void TestFacturxLayer::minimum()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, ids);
    QString xml = MinimumDocument;
    QVERIFY2(replaceFirst(xml, from, to), qPrintable(from));
    QCOMPARE(layerFindingIds(xml, u"facturx-MINIMUM"_s), ids);
}

void TestFacturxLayer::basicRules_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("ids");

    QTest::newRow("valid") << QString() << QString() << QStringList();
    QTest::newRow("BR-S-05 line rate 0, so BR-S-08 misses it")
        << u"<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n"_s
        << u"<ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n"_s
        << QStringList { u"FX-SCH-A-000198"_s, u"FX-SCH-A-000250"_s };
    QTest::newRow("BR-CO-10, BR-CO-13") << u"<ram:LineTotalAmount>100.00</ram:LineTotalAmount>\n"_s
                                        << u"<ram:LineTotalAmount>99.00</ram:LineTotalAmount>\n"_s
                                        << QStringList { u"FX-SCH-A-000120"_s, u"FX-SCH-A-000226"_s };
    QTest::newRow("BR-CO-16") << u"<ram:DuePayableAmount>119.00<"_s << u"<ram:DuePayableAmount>118.00<"_s
                              << QStringList { u"FX-SCH-A-000122"_s };
    // The profile's BR-CO-17 and BR-S-09 accept a VAT amount within one unit; BR-CO-14 compares exactly.
    QTest::newRow("VAT amount within one unit")
        << u"<ram:CalculatedAmount>19.00<"_s << u"<ram:CalculatedAmount>19.99<"_s
        << QStringList { u"FX-SCH-A-000130"_s };
    // At exactly one unit BR-CO-17 (<=) still holds where BR-S-09 (<) does not.
    QTest::newRow("VAT amount one unit off")
        << u"<ram:CalculatedAmount>19.00<"_s << u"<ram:CalculatedAmount>20.00<"_s
        << QStringList { u"FX-SCH-A-000057"_s, u"FX-SCH-A-000130"_s };
    QTest::newRow("VAT amount beyond one unit")
        << u"<ram:CalculatedAmount>19.00<"_s << u"<ram:CalculatedAmount>20.01<"_s
        << QStringList { u"FX-SCH-A-000052"_s, u"FX-SCH-A-000057"_s, u"FX-SCH-A-000130"_s };
    QTest::newRow("R008 empty element (warning)")
        << u"<ram:Name>Item</ram:Name>"_s << u"<ram:Name> </ram:Name>"_s
        << QStringList { u"FX-SCH-A-000204"_s, u"FX-SCH-A-000372"_s };
    QTest::newRow("BR-FX-EN-04 German invoice without delivery date")
        << u"<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format=\"102\">"
           "20240301</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>"_s
        << QString() << QStringList { u"FX-SCH-A-000354"_s, u"FX-SCH-A-000372"_s };
    QTest::newRow("BR-FX-EN-04 not for a down payment")
        << u"<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format=\"102\">"
           "20240301</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>"_s
        << QString() << QStringList { u"FX-SCH-A-000372"_s };
    QTest::newRow("BR-CO-25 without payment terms")
        << u"<ram:SpecifiedTradePaymentTerms><ram:Description>30 days</ram:Description></ram:SpecifiedTradePaymentTerms>"_s
        << QString() << QStringList { u"FX-SCH-A-000155"_s };
    QTest::newRow("BR-27 negative net price")
        << u"<ram:ChargeAmount>10.00<"_s << u"<ram:ChargeAmount>-10.00<"_s
        << QStringList { u"FX-SCH-A-000206"_s };
    QTest::newRow("BR-29 period end before start")
        << u"<ram:SpecifiedTradePaymentTerms>"_s
        << u"<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format=\"102\">20240302"
           "</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format=\"102\">"
           "20240301</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod><ram:SpecifiedTradePaymentTerms>"_s
        << QStringList { u"FX-SCH-A-000059"_s };
    // Structure rules of the profile (facturx-basic-rules.txt).
    QTest::newRow("two buyer identifiers")
        << u"<ram:Name>Kunde AG</ram:Name>"_s
        << u"<ram:ID>1</ram:ID><ram:ID>2</ram:ID><ram:Name>Kunde AG</ram:Name>"_s
        << QStringList { u"FX-SCH-A-000163"_s };
    QTest::newRow("payee address not used")
        << u"<ram:SpecifiedTradePaymentTerms>"_s
        << u"<ram:PayeeTradeParty><ram:Name>P</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</"
           u"ram:CountryID>"
           "</ram:PostalTradeAddress></ram:PayeeTradeParty><ram:SpecifiedTradePaymentTerms>"_s
        << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("line without net price")
        << u"<ram:NetPriceProductTradePrice><ram:ChargeAmount>10.00</ram:ChargeAmount>"
           "</ram:NetPriceProductTradePrice>"_s
        << QString()
        << QStringList { u"FX-SCH-A-000205"_s, u"FX-SCH-A-000206"_s, u"FX-SCH-A-000272"_s,
               u"FX-SCH-A-000372"_s };
    QTest::newRow("CII-DT-097 date") << u">20240305<"_s << u">2024-03-05<"_s
                                     << QStringList { u"FX-SCH-A-000353"_s };
}

void TestFacturxLayer::basicRules()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, ids);
    QString xml = BasicDocument;
    if (!from.isEmpty())
        QVERIFY2(replaceFirst(xml, from, to), qPrintable(from));
    if (QString::fromLatin1(QTest::currentDataTag()).contains(u"down payment"_s))
        xml.replace(u"<ram:TypeCode>380</ram:TypeCode>"_s, u"<ram:TypeCode>386</ram:TypeCode>"_s);
    auto doc = XmlDocument::parse(xml.toUtf8());
    QVERIFY(doc.ok());
    QList<Finding> findings;
    FacturxBasicRules::check(doc.value(), findings);
    SyntaxBindingRules::checkTable(doc.value(), u"facturx-basic-rules.txt"_s, findings);
    QCOMPARE(distinctIds(findings), ids);
}

// The facturx-BASIC layer as a whole (rules, structure table with its code lists, the VAT total variants):
// each edit of the valid BASIC document and the distinct ids it must cause.
void TestFacturxLayer::basicLayer_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<QStringList>("ids");

    const QString vatTotal = u"<ram:TaxTotalAmount currencyID=\"EUR\">19.00</ram:TaxTotalAmount>"_s;
    const QString buyerName = u"<ram:Name>Kunde AG</ram:Name>"_s;
    const QString sellerName = u"<ram:Name>Lieferant GmbH</ram:Name>"_s;
    const QString headerTax
        = u"<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19"
          "</ram:RateApplicablePercent></ram:ApplicableTradeTax>\n   <ram:SpecifiedTradePaymentTerms>"_s;
    const QString lineTax = u"<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode>"_s;
    const QString terms = u"<ram:SpecifiedTradePaymentTerms>"_s;
    const QString lineSums = u"<ram:SpecifiedTradeSettlementLineMonetarySummation>"_s;
    // One code-list row each (facturx-basic-codes.txt), and the value of the list that passes.
    QTest::newRow("document type not listed")
        << QStringList { u">380<"_s, u">999<"_s } << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("specification id of another profile")
        << QStringList { u"1p0:basic<"_s, u"1p0:extended<"_s } << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("ZUGFeRD 2.0 BASIC id")
        << QStringList { u"urn:factur-x.eu:1p0:basic<"_s, u"urn:zugferd.de:2p0:basic<"_s } << QStringList();
    QTest::newRow("issue date format 203") << QStringList { u"format=\"102\">20240305"_s,
        u"format=\"203\">20240305"_s } << QStringList { u"FX-SCH-A-000012"_s, u"FX-SCH-A-000022"_s };
    QTest::newRow("delivery date format 203") << QStringList { u"format=\"102\">20240301"_s,
        u"format=\"203\">20240301"_s } << QStringList { u"FX-SCH-A-000022"_s };
    QTest::newRow("note subject code not listed") << QStringList { u"</ram:IssueDateTime>"_s,
        u"</ram:IssueDateTime><ram:IncludedNote><ram:Content>n</ram:Content><ram:SubjectCode>XYZ"
        "</ram:SubjectCode></ram:IncludedNote>"_s }
                                                  << QStringList { u"FX-SCH-A-000162"_s };
    QTest::newRow("note subject code AAI") << QStringList { u"</ram:IssueDateTime>"_s,
        u"</ram:IssueDateTime><ram:IncludedNote><ram:Content>n</ram:Content><ram:SubjectCode>AAI"
        "</ram:SubjectCode></ram:IncludedNote>"_s }
                                           << QStringList();
    QTest::newRow("seller country not listed") << QStringList { u">DE</ram:CountryID>"_s,
        u">XX</ram:CountryID>"_s } << QStringList { u"FX-SCH-A-000036"_s };
    QTest::newRow("buyer country not listed")
        << QStringList { buyerName + u"\n    <ram:PostalTradeAddress><ram:CountryID>DE"_s,
               buyerName + u"\n    <ram:PostalTradeAddress><ram:CountryID>XX"_s }
        << QStringList { u"FX-SCH-A-000036"_s };
    QTest::newRow("buyer legal registration scheme 0092") << QStringList { buyerName,
        buyerName
            + u"<ram:SpecifiedLegalOrganization><ram:ID schemeID=\"0092\">1</ram:ID>"
              "</ram:SpecifiedLegalOrganization>"_s } << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("seller legal registration scheme 0208") << QStringList { sellerName,
        sellerName
            + u"<ram:SpecifiedLegalOrganization><ram:ID schemeID=\"0208\">1</ram:ID>"
              "</ram:SpecifiedLegalOrganization>"_s } << QStringList();
    QTest::newRow("buyer tax registration of scheme FC") << QStringList {
        u"<ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>\n   </ram:BuyerTradeParty>"_s,
        u"<ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID "
        "schemeID=\"FC\">1</ram:ID></ram:SpecifiedTaxRegistration>\n   </ram:BuyerTradeParty>"_s
    } << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("seller electronic address scheme not listed") << QStringList { sellerName,
        sellerName
            + u"<ram:URIUniversalCommunication><ram:URIID schemeID=\"XX\">a@b.de</ram:URIID>"
              "</ram:URIUniversalCommunication>"_s } << QStringList { u"FX-SCH-A-000031"_s };
    QTest::newRow("seller electronic address scheme EM") << QStringList { sellerName,
        sellerName
            + u"<ram:URIUniversalCommunication><ram:URIID schemeID=\"EM\">a@b.de</ram:URIID>"
              "</ram:URIUniversalCommunication>"_s } << QStringList();
    QTest::newRow("VAT point date code 3") << QStringList { headerTax,
        u"<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>3</ram:DueDateTypeCode>"
        "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>"
        "<ram:SpecifiedTradePaymentTerms>"_s }
                                           << QStringList { u"FX-SCH-A-000180"_s };
    QTest::newRow("VAT point date code 5") << QStringList { headerTax,
        u"<ram:CategoryCode>S</ram:CategoryCode><ram:DueDateTypeCode>5</ram:DueDateTypeCode>"
        "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>"
        "<ram:SpecifiedTradePaymentTerms>"_s }
                                           << QStringList();
    QTest::newRow("line tax type not listed")
        << QStringList { lineTax, u"<ram:ApplicableTradeTax><ram:TypeCode>GST</ram:TypeCode>"_s }
        << QStringList { u"FX-SCH-A-000023"_s, u"FX-SCH-A-000210"_s }; // and BR-CO-04: no VAT category
    QTest::newRow("VAT accounting currency not listed") << QStringList {
        u"EUR</ram:InvoiceCurrencyCode>"_s,
        u"EUR</ram:InvoiceCurrencyCode><ram:TaxCurrencyCode>CUC"
        "</ram:TaxCurrencyCode>"_s
    } << QStringList { u"FX-SCH-A-000126"_s, u"FX-SCH-A-000129"_s, u"FX-SCH-A-000196"_s }; // BR-DEC-15, BR-53
    QTest::newRow("invoice currency and its VAT total not listed")
        << QStringList { u"EUR</ram:InvoiceCurrencyCode>"_s, u"CUC</ram:InvoiceCurrencyCode>"_s,
               u"currencyID=\"EUR\""_s, u"currencyID=\"CUC\""_s }
        << QStringList { u"FX-SCH-A-000040"_s, u"FX-SCH-A-000045"_s };
    QTest::newRow("VAT total in neither currency") << QStringList { u"currencyID=\"EUR\""_s,
        u"currencyID=\"USD\""_s } << QStringList { u"ADES-FX-01"_s };
    QTest::newRow("two VAT totals in the invoice currency")
        << QStringList { vatTotal, vatTotal + vatTotal } << QStringList { u"FX-SCH-A-000042"_s };
    QTest::newRow("payment means not listed") << QStringList { terms,
        u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>999</ram:TypeCode>"
        "</ram:SpecifiedTradeSettlementPaymentMeans>"_s
            + terms } << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("payment means ZZZ") << QStringList { terms,
        u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>ZZZ</ram:TypeCode>"
        "</ram:SpecifiedTradeSettlementPaymentMeans>"_s
            + terms } << QStringList();
    QTest::newRow("invoiced quantity unit not listed") << QStringList { u"unitCode=\"C62\""_s,
        u"unitCode=\"QQQ\""_s } << QStringList { u"FX-SCH-A-000275"_s };
    QTest::newRow("invoiced quantity unit XPP (Rec 21)")
        << QStringList { u"unitCode=\"C62\""_s, u"unitCode=\"XPP\""_s } << QStringList();
    QTest::newRow("net price base quantity unit not listed") << QStringList {
        u"<ram:ChargeAmount>10.00</ram:ChargeAmount>"_s,
        u"<ram:ChargeAmount>10.00</ram:ChargeAmount><ram:BasisQuantity unitCode=\"QQQ\">1</ram:BasisQuantity>"_s
    } << QStringList { u"FX-SCH-A-000275"_s };
    QTest::newRow("line allowance reason not listed") << QStringList { lineSums,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false"
        "</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount>"
        "<ram:ReasonCode>999</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>"_s
            + lineSums } << QStringList { u"FX-SCH-A-000186"_s };
    QTest::newRow("line charge reason not listed") << QStringList { lineSums,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true"
        "</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount>"
        "<ram:ReasonCode>95</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>"_s
            + lineSums } << QStringList { u"FX-SCH-A-000186"_s };
    QTest::newRow("line charge reason FC") << QStringList { lineSums,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true"
        "</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount>"
        "<ram:ReasonCode>FC</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>"_s
            + lineSums } << QStringList();
    // Structure rows of the same table.
    QTest::newRow("two payment terms") << QStringList { terms,
        u"<ram:SpecifiedTradePaymentTerms><ram:Description>x</ram:Description>"
        "</ram:SpecifiedTradePaymentTerms>"_s
            + terms } << QStringList { u"FX-SCH-A-000174"_s };
    QTest::newRow("line note subject code not used") << QStringList { u"<ram:LineID>1</ram:LineID>"_s,
        u"<ram:LineID>1</ram:LineID><ram:IncludedNote><ram:Content>n</ram:Content><ram:SubjectCode>AAI"
        "</ram:SubjectCode></ram:IncludedNote>"_s } << QStringList { u"ADES-FX-01"_s };
}

void TestFacturxLayer::basicLayer()
{
    QFETCH(QStringList, edits);
    QFETCH(QStringList, ids);
    QString xml = BasicDocument;
    QVERIFY2(applyEdits(xml, edits), qPrintable(edits.join(u" | "_s)));
    const QStringList found = distinct(layerFindingIds(xml, u"facturx-BASIC"_s));
    QVERIFY2(found == ids, qPrintable(u"found: "_s + found.join(u", "_s)));
}

// The facturx-EN16931 layer: the code-list rows the EN16931 profile adds to BASIC's, and some of its own
// structure rows.
void TestFacturxLayer::en16931Layer_data()
{
    QTest::addColumn<QStringList>("edits");
    QTest::addColumn<QStringList>("ids");

    const QString terms = u"<ram:SpecifiedTradePaymentTerms>"_s;
    const QString agreementEnd = u"</ram:ApplicableHeaderTradeAgreement>"_s;
    const QString product = u"<ram:Name>Item</ram:Name>"_s;
    const QString lineSums = u"<ram:SpecifiedTradeSettlementLineMonetarySummation>"_s;
    QTest::newRow("BASIC specification id") << QStringList { u">urn:cen.eu:en16931:2017<"_s,
        u">urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic<"_s }
                                            << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("attachment MIME type not listed") << QStringList { agreementEnd,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A1</ram:IssuerAssignedID><ram:TypeCode>916"
        "</ram:TypeCode><ram:AttachmentBinaryObject mimeCode=\"text/xml\" filename=\"a.xml\">AA==</ram:"
        "AttachmentBinaryObject></ram:AdditionalReferencedDocument>"_s
            + agreementEnd } << QStringList { u"FX-SCH-A-000287"_s };
    QTest::newRow("attachment MIME type PDF") << QStringList { agreementEnd,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A1</ram:IssuerAssignedID><ram:TypeCode>916"
        "</ram:TypeCode><ram:AttachmentBinaryObject mimeCode=\"application/pdf\" "
        "filename=\"a.pdf\">AA==</ram:"
        "AttachmentBinaryObject></ram:AdditionalReferencedDocument>"_s
            + agreementEnd } << QStringList();
    QTest::newRow("invoiced object scheme not listed") << QStringList { agreementEnd,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>O1</ram:IssuerAssignedID><ram:TypeCode>130"
        "</ram:TypeCode><ram:ReferenceTypeCode>XXX</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>"_s
            + agreementEnd } << QStringList { u"FX-SCH-A-000282"_s };
    QTest::newRow("invoiced object scheme AAA") << QStringList { agreementEnd,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>O1</ram:IssuerAssignedID><ram:TypeCode>130"
        "</ram:TypeCode><ram:ReferenceTypeCode>AAA</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>"_s
            + agreementEnd } << QStringList();
    // A reference typed both 130 and 50 is an invoiced object reference (the first variant in order), whose
    // type codes must all be 130.
    QTest::newRow("reference typed 130 and 50") << QStringList { agreementEnd,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>O1</ram:IssuerAssignedID><ram:TypeCode>130"
        "</ram:TypeCode><ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>"_s
            + agreementEnd } << QStringList { u"FX-SCH-A-000020"_s, u"FX-SCH-A-000023"_s };
    QTest::newRow("item classification scheme not listed") << QStringList { product,
        product
            + u"<ram:DesignatedProductClassification><ram:ClassCode listID=\"XX\">1</ram:ClassCode>"
              "</ram:DesignatedProductClassification>"_s } << QStringList { u"FX-SCH-A-000297"_s };
    QTest::newRow("item classification scheme STI") << QStringList { product,
        product
            + u"<ram:DesignatedProductClassification><ram:ClassCode listID=\"STI\">1</ram:ClassCode>"
              "</ram:DesignatedProductClassification>"_s }
                                                    << QStringList();
    QTest::newRow("country of origin not listed") << QStringList { product,
        product + u"<ram:OriginTradeCountry><ram:ID>XX</ram:ID></ram:OriginTradeCountry>"_s }
                                                  << QStringList { u"FX-SCH-A-000026"_s };
    QTest::newRow("VAT point date format 203") << QStringList {
        u"<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>"
        "</ram:ApplicableTradeTax>\n   <ram:SpecifiedTradePaymentTerms>"_s,
        u"<ram:TaxPointDate><udt:DateString format=\"203\">202403011200</udt:DateString></ram:TaxPointDate>"
        "<ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent>"
        "</ram:ApplicableTradeTax>\n   <ram:SpecifiedTradePaymentTerms>"_s
    } << QStringList { u"FX-SCH-A-000022"_s };
    QTest::newRow("line reference type code not listed") << QStringList { lineSums,
        u"<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>L1</ram:IssuerAssignedID>"
        "<ram:TypeCode>999</ram:TypeCode></ram:AdditionalReferencedDocument>"_s
            + lineSums } << QStringList { u"FX-SCH-A-000023"_s };
    QTest::newRow("document allowance reason not listed") << QStringList {
        u"<ram:ApplicableTradeTax><ram:CalculatedAmount>"_s,
        u"<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator>"
        "</ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount><ram:ReasonCode>999</ram:ReasonCode>"
        "<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>"
        "<ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>"
        "</ram:SpecifiedTradeAllowanceCharge><ram:ApplicableTradeTax><ram:CalculatedAmount>"_s,
        u"<ram:TaxBasisTotalAmount>"_s,
        u"<ram:AllowanceTotalAmount>0.00</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>"_s
    } << QStringList { u"FX-SCH-A-000186"_s };
    // Structure rows of the EN16931 table.
    QTest::newRow("two payment means informations") << QStringList { terms,
        u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>"
        "<ram:Information>a</ram:Information><ram:Information>b</ram:Information>"
        "<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE75512108001245126199"
        "</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>"
        "</ram:SpecifiedTradeSettlementPaymentMeans>"_s
            + terms } << QStringList { u"FX-SCH-A-000291"_s };
    QTest::newRow("creditor bank without BIC") << QStringList { terms,
        u"<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode>"
        "<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE75512108001245126199"
        "</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>"
        "<ram:PayeeSpecifiedCreditorFinancialInstitution/>"
        "</ram:SpecifiedTradeSettlementPaymentMeans>"_s
            + terms } << QStringList { u"FX-SCH-A-000292"_s, u"FX-SCH-A-000372"_s };
}

void TestFacturxLayer::en16931Layer()
{
    QFETCH(QStringList, edits);
    QFETCH(QStringList, ids);
    QString xml = en16931Document();
    QVERIFY2(applyEdits(xml, edits), qPrintable(edits.join(u" | "_s)));
    const QStringList found = distinct(layerFindingIds(xml, u"facturx-EN16931"_s));
    QVERIFY2(found == ids, qPrintable(u"found: "_s + found.join(u", "_s)));
}

// Every code-list row of the BASIC and EN16931 tables on a document built from the row itself: a value the
// row's list does not hold must give the row's id, a value it holds must not.
void TestFacturxLayer::everyCodeListRow_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<int>("index");
    for (const auto &[table, rows] : { std::pair { u"facturx-basic-rules.txt"_s, 48 },
             std::pair { u"facturx-en16931-rules.txt"_s, 58 } }) {
        const QList<CodeListRow> found = codeListRows(table);
        QCOMPARE(found.size(), rows);
        for (qsizetype i = 0; i < found.size(); ++i)
            QTest::addRow("%s %lld %s", qPrintable(table.section(u'-', 1, 1)), qlonglong(i),
                qPrintable(found.at(i).context.section(u'/', -2) + u' ' + found.at(i).path))
                << table << int(i);
    }
}

void TestFacturxLayer::everyCodeListRow()
{
    QFETCH(QString, table);
    QFETCH(int, index);
    const CodeListRow row = codeListRows(table).at(index);
    const QSet<QString> *codes = ProfileCodeLists::find(row.file, row.list);
    QVERIFY(codes && !codes->isEmpty());
    const auto idsFor = [&](const QString &value) {
        auto doc = XmlDocument::parse(documentForRow(row, value).toUtf8());
        QSet<QString> ids;
        if (!doc.ok())
            return ids;
        QList<Finding> findings;
        SyntaxBindingRules::checkTable(doc.value(), table, findings);
        for (const Finding &f : findings)
            ids.insert(f.id);
        return ids;
    };
    QVERIFY2(idsFor(u"NOT-LISTED"_s).contains(row.id), qPrintable(documentForRow(row, u"NOT-LISTED"_s)));
    QVERIFY2(!idsFor(*codes->cbegin()).contains(row.id), qPrintable(documentForRow(row, *codes->cbegin())));
    QVERIFY(!idsFor(QString()).contains(row.id)); // an empty value passes, as in the profile
}

// The BASIC rules and the EN16931 ones, called directly, on the corpus documents of the BASIC and EN16931
// profiles (the latter with BR-51/52, FacturxEn16931Rules): the ids must be exactly
// those the official profile XSLT reported. (EXTENDED states some of them differently: its BR-S-08 counts
// logistics service charges, which BASIC does not have.)
void TestFacturxLayer::basicRulesOnCorpus()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString base = ades::test::sharedDataDir() + u"/einvoice/"_s;
    int documents = 0;
    for (const QString &profile : { u"BASIC"_s, u"EN16931"_s }) {
        const QDir dir(base + u"invoices/cii/zugferd-2.4/"_s + profile);
        for (const QString &name : dir.entryList({ u"*.xml"_s }, QDir::Files, QDir::Name)) {
            QFile in(dir.filePath(name));
            QVERIFY(in.open(QIODevice::ReadOnly));
            auto doc = XmlDocument::parse(in.readAll());
            QVERIFY(doc.ok());
            QList<Finding> findings;
            if (profile == u"EN16931")
                FacturxEn16931Rules::check(doc.value(), findings);
            else
                FacturxBasicRules::check(doc.value(), findings);
            // Each profile's structure table states its own restrictions.
            SyntaxBindingRules::checkTable(doc.value(),
                profile == u"BASIC" ? u"facturx-basic-rules.txt"_s : u"facturx-en16931-rules.txt"_s,
                findings);
            QSet<QString> ours;
            for (const Finding &f : findings)
                ours.insert(f.id);
            const auto fired = expectedFired(
                base + u"expected/cii/zugferd-2.4/"_s + profile + u'/' + name.chopped(4) + u".json"_s);
            QVERIFY(fired);
            const QStringList firedIds = fired->keys();
            const QSet<QString> theirs(firedIds.cbegin(), firedIds.cend());
            QStringList extra = (ours - theirs).values();
            extra.sort();
            QVERIFY2(extra.isEmpty(), qPrintable(profile + u'/' + name + u": "_s + extra.join(u", "_s)));
            QCOMPARE(ours, theirs);
            ++documents;
        }
    }
    QVERIFY(documents > 0);
}

QTEST_GUILESS_MAIN(TestFacturxLayer)
#include "TestFacturxLayer.moc"
