#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/InvoiceReader.h"

#include <QFile>
#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// The semantic model read from the CEN example pair that encodes one invoice in both syntaxes
// (ubl-tc434-example1.xml and CII_example1.xml): each business term must come out the same, read from
// the binding path of its syntax.
class TestEinvoiceModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void term_data();
    void term();
    void paths_data();
    void paths();
    void creditNote();
    void exampleIsValid();

private:
    InvoiceModel m_ubl;
    InvoiceModel m_cii;
};

namespace {

using Getter = std::function<QString(const InvoiceModel &)>;

InvoiceModel load(const QString &relative)
{
    QFile file(ades::test::sharedDataDir() + u"/einvoice/invoices/"_s + relative);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    ades::Result<XmlDocument> doc = XmlDocument::parse(file.readAll());
    if (!doc.ok())
        return {};
    return InvoiceReader::read(std::make_shared<const XmlDocument>(std::move(doc.value())))
        .value_or(InvoiceModel());
}

struct Row
{
    const char *bt;
    Getter get;
    QString ubl;
    QString cii;
};

QList<Row> rows()
{
    return {
        { "BT-1", [](const InvoiceModel &m) { return m.invoiceNumber.value; }, u"12115118"_s, u"12115118"_s },
        { "BT-2", [](const InvoiceModel &m) { return m.issueDate.value; }, u"2015-01-09"_s, u"20150109"_s },
        { "BT-3", [](const InvoiceModel &m) { return m.typeCode.value; }, u"380"_s, u"380"_s },
        { "BT-5", [](const InvoiceModel &m) { return m.currency.value; }, u"EUR"_s, u"EUR"_s },
        { "BT-9", [](const InvoiceModel &m) { return m.dueDate.value; }, u"2015-01-09"_s, u"20150109"_s },
        { "BT-24", [](const InvoiceModel &m) { return m.specificationId.value; },
            u"urn:cen.eu:en16931:2017"_s, u"urn:cen.eu:en16931:2017"_s },
        { "BT-27", [](const InvoiceModel &m) { return m.seller.name.value; }, u"De Koksmaat"_s,
            u"De Koksmaat"_s },
        { "BT-30", [](const InvoiceModel &m) { return m.seller.legalRegistrationId.value; }, u"57151520"_s,
            u"57151520"_s },
        { "BT-31", [](const InvoiceModel &m) { return m.seller.vatId.value; }, u"NL8200.98.395.B.01"_s,
            u"NL8200.98.395.B.01"_s },
        { "BT-35", [](const InvoiceModel &m) { return m.seller.address.line1.value; }, u"Postbus 7l"_s,
            u"Postbus 7l"_s },
        { "BT-37", [](const InvoiceModel &m) { return m.seller.address.city.value; }, u"Velsen-Noord"_s,
            u"Velsen-Noord"_s },
        { "BT-38", [](const InvoiceModel &m) { return m.seller.address.postCode.value; }, u"1950 AB"_s,
            u"1950 AB"_s },
        { "BT-40", [](const InvoiceModel &m) { return m.seller.address.countryCode.value; }, u"NL"_s,
            u"NL"_s },
        { "BT-44", [](const InvoiceModel &m) { return m.buyer.name.value; }, u"ODIN 59"_s, u"ODIN 59"_s },
        { "BT-46", [](const InvoiceModel &m) { return m.buyer.identifiers.value(0).value; }, u"10202"_s,
            u"10202"_s },
        { "BT-50", [](const InvoiceModel &m) { return m.buyer.address.line1.value; }, u"POSTBUS 367"_s,
            u"POSTBUS 367"_s },
        { "BT-52", [](const InvoiceModel &m) { return m.buyer.address.city.value; }, u"HEEMSKERK"_s,
            u"HEEMSKERK"_s },
        { "BT-53", [](const InvoiceModel &m) { return m.buyer.address.postCode.value; }, u"1960 AJ"_s,
            u"1960 AJ"_s },
        { "BT-55", [](const InvoiceModel &m) { return m.buyer.address.countryCode.value; }, u"NL"_s,
            u"NL"_s },
        { "BT-56", [](const InvoiceModel &m) { return m.buyer.contact.name.value; }, u"Dhr. J BLOKKER"_s,
            u"Dhr. J BLOKKER"_s },
        { "BG-16 count", [](const InvoiceModel &m) { return QString::number(m.paymentMeans.size()); }, u"2"_s,
            u"2"_s },
        { "BT-81", [](const InvoiceModel &m) { return m.paymentMeans.value(0).typeCode.value; }, u"30"_s,
            u"30"_s },
        { "BT-83", [](const InvoiceModel &m) { return m.paymentMeans.value(0).remittanceInformation.value; },
            u"Deb. 10202 / Fact. 12115118"_s, u"Deb. 10202 / Fact. 12115118"_s },
        { "BT-84", [](const InvoiceModel &m) { return m.paymentMeans.value(0).accountId.value; },
            u"NL57 RABO 0107307510"_s, u"NL57 RABO 0107307510"_s },
        { "BT-106", [](const InvoiceModel &m) { return m.totals.lineTotal.value; }, u"229.60"_s, u"229.6"_s },
        { "BT-109", [](const InvoiceModel &m) { return m.totals.taxExclusive.value; }, u"229.60"_s,
            u"229.6"_s },
        { "BT-110", [](const InvoiceModel &m) { return m.totals.taxTotal.value; }, u"20.73"_s, u"20.73"_s },
        { "BT-110 currency", [](const InvoiceModel &m) { return m.totals.taxTotal.qualifier; }, u"EUR"_s,
            u"EUR"_s },
        { "BT-112", [](const InvoiceModel &m) { return m.totals.taxInclusive.value; }, u"250.33"_s,
            u"250.33"_s },
        { "BT-113 absent",
            [](const InvoiceModel &m) { return QString::number(m.totals.prepaid.isPresent()); }, u"0"_s,
            u"0"_s },
        { "BT-115", [](const InvoiceModel &m) { return m.totals.payable.value; }, u"250.33"_s, u"250.33"_s },
        { "BG-23 count", [](const InvoiceModel &m) { return QString::number(m.vatBreakdowns.size()); },
            u"2"_s, u"2"_s },
        { "BT-116", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).taxableAmount.value; },
            u"183.23"_s, u"183.23"_s },
        { "BT-117", [](const InvoiceModel &m) { return m.vatBreakdowns.value(0).taxAmount.value; },
            u"10.99"_s, u"10.99"_s },
        { "BT-118", [](const InvoiceModel &m) { return m.vatBreakdowns.value(1).category.value; }, u"S"_s,
            u"S"_s },
        { "BT-119", [](const InvoiceModel &m) { return m.vatBreakdowns.value(1).rate.value; }, u"21"_s,
            u"21"_s },
        { "BG-25 count", [](const InvoiceModel &m) { return QString::number(m.lines.size()); }, u"20"_s,
            u"20"_s },
        { "BT-126", [](const InvoiceModel &m) { return m.lines.value(1).id.value; }, u"2"_s, u"2"_s },
        { "BT-129", [](const InvoiceModel &m) { return m.lines.value(0).quantity.value; }, u"2"_s, u"2"_s },
        { "BT-130", [](const InvoiceModel &m) { return m.lines.value(0).quantity.qualifier; }, u"EA"_s,
            u"H87"_s },
        { "BT-131", [](const InvoiceModel &m) { return m.lines.value(0).netAmount.value; }, u"19.90"_s,
            u"19.9"_s },
        { "BT-146", [](const InvoiceModel &m) { return m.lines.value(0).netPrice.value; }, u"9.95"_s,
            u"9.95"_s },
        { "BT-151", [](const InvoiceModel &m) { return m.lines.value(0).vatCategory.value; }, u"S"_s,
            u"S"_s },
        { "BT-152", [](const InvoiceModel &m) { return m.lines.value(0).vatRate.value; }, u"6"_s, u"6"_s },
        { "BT-153", [](const InvoiceModel &m) { return m.lines.value(0).itemName.value; },
            u"PATAT FRITES 10MM 10KG"_s, u"PATAT FRITES 10MM 10KG"_s },
    };
}

} // namespace

void TestEinvoiceModel::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    m_ubl = load(u"ubl/cen-examples/ubl-tc434-example1.xml"_s);
    m_cii = load(u"cii/cen-examples/CII_example1.xml"_s);
    QCOMPARE(m_ubl.syntax, InvoiceModel::Syntax::Ubl);
    QCOMPARE(m_cii.syntax, InvoiceModel::Syntax::Cii);
}

void TestEinvoiceModel::term_data()
{
    QTest::addColumn<bool>("ubl");
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("expected");
    const QList<Row> all = rows();
    for (int i = 0; i < all.size(); ++i) {
        QTest::addRow("UBL %s", all[i].bt) << true << i << all[i].ubl;
        QTest::addRow("CII %s", all[i].bt) << false << i << all[i].cii;
    }
}

void TestEinvoiceModel::term()
{
    QFETCH(bool, ubl);
    QFETCH(int, row);
    QFETCH(QString, expected);
    QCOMPARE(rows().at(row).get(ubl ? m_ubl : m_cii), expected);
}

void TestEinvoiceModel::paths_data()
{
    QTest::addColumn<bool>("ubl");
    QTest::addColumn<QString>("actual");
    QTest::addColumn<QString>("expected");
    QTest::newRow("UBL BT-1") << true << m_ubl.invoiceNumber.path.toString() << u"/Invoice/cbc:ID"_s;
    QTest::newRow("CII BT-1") << false << m_cii.invoiceNumber.path.toString()
                              << u"/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID"_s;
    QTest::newRow("UBL BT-115") << true << m_ubl.totals.payable.path.toString()
                                << u"/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount"_s;
    QTest::newRow("UBL BT-131 line 3") << true << m_ubl.lines.value(2).netAmount.path.toString()
                                       << u"/Invoice/cac:InvoiceLine[3]/cbc:LineExtensionAmount"_s;
    QTest::newRow("CII BT-118 second")
        << false << m_cii.vatBreakdowns.value(1).category.path.toString()
        << u"/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[2]/ram:CategoryCode"_s;
    QTest::newRow("absent BT-113") << true << m_ubl.totals.prepaid.path.toString() << QString();
}

void TestEinvoiceModel::paths()
{
    QFETCH(QString, actual);
    QFETCH(QString, expected);
    QCOMPARE(actual, expected);
}

void TestEinvoiceModel::creditNote()
{
    QFile file(
        ades::test::sharedDataDir() + u"/einvoice/invoices/ubl/cen-examples/ubl-tc434-creditnote1.xml"_s);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const ValidationReport report = EinvoiceValidator::validate(file.readAll());
    QCOMPARE(report.syntax, u"UBL"_s);
    QCOMPARE(report.documentType, u"CreditNote"_s);
    QVERIFY(report.model.has_value());
    QCOMPARE(report.model->rootPath, u"/CreditNote"_s);
    QVERIFY(report.model->typeCode.isPresent());
    QVERIFY(report.model->typeCode.path.endsWith(u"cbc:CreditNoteTypeCode"_s));
    QVERIFY(!report.model->lines.isEmpty());
    QVERIFY(report.model->lines.first().quantity.path.contains(u"cbc:CreditedQuantity"_s));
}

void TestEinvoiceModel::exampleIsValid()
{
    // Both encodings are valid for the official artefacts, so every rule must pass on them.
    for (const InvoiceModel *m : { &m_ubl, &m_cii }) {
        const QList<Finding> findings = EinvoiceValidator::checkModel(*m);
        QStringList ids;
        for (const Finding &f : findings)
            ids << f.id + u" at "_s + f.location;
        QVERIFY2(findings.isEmpty(), qPrintable(ids.join(u", "_s)));
    }
}

QTEST_GUILESS_MAIN(TestEinvoiceModel)
#include "TestEinvoiceModel.moc"
