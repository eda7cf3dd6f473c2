#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades::eu;

// Safe XML loading: DTDs (and with them external entities and entity expansion) are refused, size and
// depth are bounded, malformed input becomes a syntax finding instead of a crash.
class TestEinvoiceXml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void refused_data();
    void refused();
    void depthLimit();
    void sizeLimit();
    void elementLimit();
    void namespacesAndPaths();
    void syntaxFindings_data();
    void syntaxFindings();
};

void TestEinvoiceXml::refused_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QString>("reason");
    QTest::newRow("xxe file") << QByteArray(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
        "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\">&xxe;</Invoice>")
                              << u"DTD"_s;
    QTest::newRow("xxe parameter entity") << QByteArray(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY % p SYSTEM \"http://127.0.0.1:1/x.dtd\"> %p;]>\n<r/>")
                                          << u"DTD"_s;
    QByteArray laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n";
    for (int i = 1; i <= 9; ++i)
        laughs += "<!ENTITY lol" + QByteArray::number(i) + " \""
            + QByteArray("&lol" + (i == 1 ? QByteArray() : QByteArray::number(i - 1)) + ";").repeated(10)
            + "\">\n";
    laughs += "]>\n<lolz>&lol9;</lolz>";
    QTest::newRow("billion laughs") << laughs << u"DTD"_s;
    QTest::newRow("external doctype") << QByteArray(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Invoice SYSTEM \"http://127.0.0.1:1/invoice.dtd\">\n<Invoice/>")
                                      << u"DTD"_s;
    QTest::newRow("undeclared entity") << QByteArray("<Invoice>&undeclared;</Invoice>") << u"line 1"_s;
    QTest::newRow("not well-formed") << QByteArray("<Invoice><cbc:ID>1</Invoice>") << u"not well-formed"_s;
    QTest::newRow("empty") << QByteArray() << u"line"_s;
    QTest::newRow("text only") << QByteArray("hello") << u"not well-formed"_s;
}

void TestEinvoiceXml::refused()
{
    QFETCH(QByteArray, xml);
    QFETCH(QString, reason);
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    QVERIFY(!doc.ok());
    QCOMPARE(doc.error().code(), u"einvoice_malformed_xml"_s);
    QVERIFY2(doc.error().message().contains(reason), qPrintable(doc.error().message()));
    // The validator turns the same input into one syntax finding, never a crash.
    const ValidationReport report = EinvoiceValidator::validate(xml);
    QCOMPARE(report.syntax, u"NONE"_s);
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings.first().id, u"ADES-XML-01"_s);
    QVERIFY(!report.isValid());
    QVERIFY(!report.findings.first().message.contains(u"root:"_s)); // /etc/passwd never leaks
}

void TestEinvoiceXml::depthLimit()
{
    XmlLimits limits;
    limits.maxDepth = 10;
    const QByteArray deep = QByteArray("<a>").repeated(11) + QByteArray("</a>").repeated(11);
    const ades::Result<XmlDocument> rejected = XmlDocument::parse(deep, limits);
    QVERIFY(!rejected.ok());
    QVERIFY(rejected.error().message().contains(u"deeper than the limit of 10"_s));
    const QByteArray shallow = QByteArray("<a>").repeated(10) + QByteArray("</a>").repeated(10);
    QVERIFY(XmlDocument::parse(shallow, limits).ok());
    // The default limit also stops a pathological nesting long before the stack is at risk.
    const QByteArray veryDeep = QByteArray("<a>").repeated(100000) + QByteArray("</a>").repeated(100000);
    QVERIFY(!XmlDocument::parse(veryDeep).ok());
}

void TestEinvoiceXml::sizeLimit()
{
    XmlLimits limits;
    limits.maxBytes = 1000;
    const QByteArray big = "<a>" + QByteArray(2000, 'x') + "</a>";
    const ades::Result<XmlDocument> rejected = XmlDocument::parse(big, limits);
    QVERIFY(!rejected.ok());
    QVERIFY(rejected.error().message().contains(u"limit of 1000 bytes"_s));
    QVERIFY(XmlDocument::parse("<a>" + QByteArray(900, 'x') + "</a>", limits).ok());
}

void TestEinvoiceXml::elementLimit()
{
    XmlLimits limits;
    limits.maxElements = 100;
    const QByteArray many = "<a>" + QByteArray("<b/>").repeated(200) + "</a>";
    QVERIFY(!XmlDocument::parse(many, limits).ok());
    QVERIFY(XmlDocument::parse("<a>" + QByteArray("<b/>").repeated(50) + "</a>", limits).ok());
}

void TestEinvoiceXml::namespacesAndPaths()
{
    const QByteArray xml
        = "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\""
          " xmlns:c=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">"
          "<c:Note>one</c:Note><c:Note lang=\"en\">two</c:Note></Invoice>";
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    QVERIFY(doc.ok());
    const XmlDocument &d = doc.value();
    const std::vector<int> notes = d.children(
        d.root(), u"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"_s, u"Note"_s);
    QCOMPARE(notes.size(), size_t(2));
    QCOMPARE(d.element(notes[1]).text, u"two"_s);
    QCOMPARE(d.attribute(notes[1], u"lang"_s), u"en"_s);
    QVERIFY(!d.hasAttribute(notes[0], u"lang"_s));
    // Paths use the conventional prefix whatever the document chose, with positions when repeated.
    QCOMPARE(d.path(notes[1]), u"/Invoice/cbc:Note[2]"_s);
}

void TestEinvoiceXml::syntaxFindings_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QString>("syntax");
    QTest::addColumn<QString>("findingId");
    QTest::newRow("not an invoice") << QByteArray("<Order xmlns=\"urn:example\"/>") << u"OTHER"_s
                                    << u"ADES-XML-02"_s;
    QTest::newRow("zugferd 1") << QByteArray(
        "<rsm:CrossIndustryDocument xmlns:rsm=\"urn:ferd:CrossIndustryDocument:invoice:1p0\"/>")
                               << u"OTHER"_s << u"ADES-XML-02"_s;
    QTest::newRow("non-numeric amount") << QByteArray(
        "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\""
        " xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\""
        " xmlns:cbc=\"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2\">"
        "<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID=\"EUR\">ten</cbc:PayableAmount>"
        "</cac:LegalMonetaryTotal></Invoice>")
                                        << u"UBL"_s << u"ADES-XML-03"_s;
    QTest::newRow("non-boolean indicator") << QByteArray(
        "<rsm:CrossIndustryInvoice xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\""
        " xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\""
        " xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\">"
        "<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement><ram:"
        "SpecifiedTradeAllowanceCharge>"
        "<ram:ChargeIndicator><udt:Indicator>value</udt:Indicator></ram:ChargeIndicator>"
        "</ram:SpecifiedTradeAllowanceCharge></ram:ApplicableHeaderTradeSettlement></"
        "rsm:SupplyChainTradeTransaction>"
        "</rsm:CrossIndustryInvoice>") << u"CII"_s
                                           << u"ADES-XML-03"_s;
}

void TestEinvoiceXml::syntaxFindings()
{
    QFETCH(QByteArray, xml);
    QFETCH(QString, syntax);
    QFETCH(QString, findingId);
    const ValidationReport report = EinvoiceValidator::validate(xml);
    QCOMPARE(report.syntax, syntax);
    QVERIFY(std::any_of(report.findings.begin(), report.findings.end(),
        [&](const Finding &f) { return f.id == findingId && !f.message.isEmpty(); }));
    QVERIFY(!report.isValid());
}

QTEST_GUILESS_MAIN(TestEinvoiceXml)
#include "TestEinvoiceXml.moc"
