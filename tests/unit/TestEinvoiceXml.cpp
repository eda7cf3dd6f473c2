#include "ops/eu/einvoice/EinvoiceValidator.h"
#include "ops/eu/einvoice/XmlDocument.h"

#include <QTest>
#include <thread>

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
    void stateBetweenDocuments();
    void text_data();
    void text();
    void encodings_data();
    void encodings();
    void longNames();
    void lines_data();
    void lines();
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
    QTest::newRow("xml 1.1") << QByteArray("<?xml version=\"1.1\"?>\n<Invoice/>") << u"XML version '1.1'"_s;
    QTest::newRow("undeclared prefix") << QByteArray("<x:Invoice/>") << u"not well-formed"_s;
    QTest::newRow("two roots") << QByteArray("<Invoice/><Invoice/>") << u"not well-formed"_s;
    QTest::newRow("doctype after nothing else") << QByteArray("<!DOCTYPE Invoice><Invoice/>") << u"DTD"_s;
    QTest::newRow("text only") << QByteArray("hello") << u"not well-formed"_s;
    // pugixml accepts all of these; XML does not, and neither may ADES.
    QTest::newRow("duplicate attribute")
        << QByteArray("<a b=\"1\" b=\"2\"/>") << u"duplicate attribute 'b'"_s;
    QByteArray many("<a");
    for (int i = 0; i < 100; ++i)
        many += " n" + QByteArray::number(i) + "=\"1\"";
    QTest::newRow("duplicate among many attributes")
        << many + " n42=\"2\"/>" << u"duplicate attribute 'n42'"_s;
    QTest::newRow("duplicate namespace declaration")
        << QByteArray("<a xmlns:p=\"urn:a\" xmlns:p=\"urn:b\"/>") << u"duplicate attribute 'xmlns:p'"_s;
    QTest::newRow("bare ampersand") << QByteArray("<a>fish & chips</a>") << u"not well-formed"_s;
    QTest::newRow("reference to NUL") << QByteArray("<a>&#0;</a>") << u"'&#0;'"_s;
    QTest::newRow("reference out of range") << QByteArray("<a>&#x110000;</a>") << u"not well-formed"_s;
    QTest::newRow("undeclared entity in attribute") << QByteArray("<a b=\"&nbsp;\"/>") << u"'&nbsp;'"_s;
    QTest::newRow("text after the root") << QByteArray("<a/>\ntext") << u"line 2"_s;
    QTest::newRow("text before the root") << QByteArray("text<a/>") << u"outside the root"_s;
    QTest::newRow("cdata end in text") << QByteArray("<a>x]]>y</a>") << u"']]>'"_s;
    QTest::newRow("less-than in attribute") << QByteArray("<a b=\"x<y\"/>") << u"attribute value"_s;
    QTest::newRow("control character") << QByteArray("<a>\n\x01</a>") << u"line 2, column 1"_s;
    // The control-character scan reads 64 bytes at a time, then 16, then single bytes: one in each stretch,
    // with allowed tab and line feed before it.
    QTest::newRow("control character in a 64-byte block")
        << "<a>\n\t" + QByteArray(100, 'x') + "\x1f</a>" << u"line 2, column 102"_s;
    QTest::newRow("control character after the 64-byte blocks")
        << "<a>" + QByteArray(140, 'y') + "\x0b</a>" << u"line 1, column 144"_s;
    QTest::newRow("non-character") << QByteArray("<a>x\xef\xbf\xbe</a>") << u"U+FFFE"_s;
    QTest::newRow("declaration not first") << QByteArray(" <?xml version=\"1.0\"?><a/>") << u"declaration"_s;
    QTest::newRow("declaration after the root")
        << QByteArray("<a/><?xml version=\"1.0\"?>") << u"declaration"_s;
    QTest::newRow("unbound attribute prefix") << QByteArray("<a x:b=\"1\"/>") << u"unbound prefix 'x'"_s;
    QTest::newRow("two colons") << QByteArray("<a:b:c xmlns:a=\"urn:a\"/>") << u"qualified name"_s;
    QTest::newRow("prefix bound to nothing") << QByteArray("<a xmlns:p=\"\"/>") << u"empty URI"_s;
    QTest::newRow("doctype after the root") << QByteArray("<a/><!DOCTYPE a>") << u"DTD"_s;
    QTest::newRow("unterminated doctype") << QByteArray("<!DOCTYPE a [<!ENTITY x \"y\">") << u"DTD"_s;
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
    // Attributes are bounded per element: a hostile element with thousands must not fill the table.
    limits.maxAttributes = 10;
    QByteArray attributes("<a");
    for (int i = 0; i < 11; ++i)
        attributes += " n" + QByteArray::number(i) + "=\"1\"";
    const ades::Result<XmlDocument> tooMany = XmlDocument::parse(attributes + "/>", limits);
    QVERIFY(!tooMany.ok());
    QVERIFY(tooMany.error().message().contains(u"more than 10 attributes"_s));
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
    // Namespace declarations are not attributes.
    QVERIFY(!d.hasAttribute(d.root(), u"c"_s));
    QVERIFY(d.element(d.root()).attributes.isEmpty());
    // Paths use the conventional prefix whatever the document chose, with positions when repeated.
    QCOMPARE(d.path(notes[1]), u"/Invoice/cbc:Note[2]"_s);
}

// The name table lives per thread across documents: nothing of one document (namespace bindings, a
// refusal, a DOCTYPE, the encoding, a huge text) may reach the next.
void TestEinvoiceXml::stateBetweenDocuments()
{
    const ades::Result<XmlDocument> bound = XmlDocument::parse("<c:a xmlns:c=\"urn:one\"><c:b/></c:a>");
    QVERIFY(bound.ok());
    QCOMPARE(bound.value().element(1).ns, u"urn:one"_s);
    // The previous document's binding of c is gone.
    QVERIFY(!XmlDocument::parse("<c:a><c:b/></c:a>").ok());
    QVERIFY(!XmlDocument::parse("<a><b></a>").ok()); // refused mid-document
    QVERIFY(!XmlDocument::parse("<!DOCTYPE a><a/>").ok());
    QVERIFY(!XmlDocument::parse("<a>\n<b/>").ok()); // not closed
    // A refused encoding, a UTF-16 document (decoded, re-read as UTF-8), then a document declaring none.
    QVERIFY(!XmlDocument::parse("<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x80</a>").ok());
    const ades::Result<XmlDocument> utf16
        = XmlDocument::parse(QByteArray("\xff\xfe<\0a\0>\0\xac\x20<\0/\0a\0>\0", 18));
    QVERIFY(utf16.ok());
    QCOMPARE(utf16.value().element(0).text, u"\u20ac"_s);
    // A document with a 2 MB text, then an ordinary one.
    QVERIFY(XmlDocument::parse("<a>" + QByteArray(2 * 1024 * 1024, 'x') + "</a>").ok());
    const ades::Result<XmlDocument> fresh = XmlDocument::parse("<r xmlns=\"urn:two\">\n<s>t</s></r>");
    QVERIFY(fresh.ok());
    const XmlDocument &d = fresh.value();
    QCOMPARE(d.elementCount(), 2);
    QCOMPARE(d.element(0).ns, u"urn:two"_s);
    QCOMPARE(d.element(1).ns, u"urn:two"_s);
    QCOMPARE(d.element(1).text, u"t"_s);
    QCOMPARE(d.line(1), 2);
    // Reused from another thread too: each thread has its own parser.
    bool otherOk = false;
    std::thread other([&otherOk] { otherOk = XmlDocument::parse("<c:a xmlns:c=\"urn:one\"/>").ok(); });
    other.join();
    QVERIFY(otherOk);
}

// Text rules the mapping relies on (kept from the QXmlStreamReader reader): character data directly inside
// an element is concatenated across comments, CDATA and references; whitespace-only runs between markup
// are dropped unless they are CDATA or come from a character reference.
void TestEinvoiceXml::text_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QString>("text");
    QTest::newRow("plain") << QByteArray("<a>one two</a>") << u"one two"_s;
    QTest::newRow("indentation dropped") << QByteArray("<a>\n  <b/>\n</a>") << QString();
    QTest::newRow("mixed content") << QByteArray("<a> x <b/> y </a>") << u" x  y "_s;
    QTest::newRow("predefined entities") << QByteArray("<a>a &amp; b &lt;c&gt;</a>") << u"a & b <c>"_s;
    QTest::newRow("character reference") << QByteArray("<a>&#x20AC;&#32;5</a>") << u"\u20AC 5"_s;
    QTest::newRow("whitespace reference kept") << QByteArray("<a>&#32;</a>") << u" "_s;
    QTest::newRow("across a comment") << QByteArray("<a>one<!-- c -->two</a>") << u"onetwo"_s;
    QTest::newRow("whitespace around a comment") << QByteArray("<a> <!-- c --> </a>") << QString();
    QTest::newRow("cdata") << QByteArray("<a>x<![CDATA[<y> & z]]>w</a>") << u"x<y> & zw"_s;
    QTest::newRow("whitespace cdata kept") << QByteArray("<a> <![CDATA[ ]]> </a>") << u" "_s;
    QTest::newRow("line ends normalised") << QByteArray("<a>1\r\n2\r3</a>") << u"1\n2\n3"_s;
    QTest::newRow("utf-8") << QByteArray("<a>Stra\xc3\x9f"
                                         "e</a>")
                           << u"Stra\u00DFe"_s;
    QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbf<a>bom</a>") << u"bom"_s;
}

void TestEinvoiceXml::text()
{
    QFETCH(QByteArray, xml);
    QFETCH(QString, text);
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    QVERIFY2(doc.ok(), doc.ok() ? "" : qPrintable(doc.error().message()));
    QCOMPARE(doc.value().element(doc.value().root()).text, text);
}

// UTF-8 is read as it is and UTF-16 decoded, with or without byte order mark, whatever the case of the
// declaration. Any other declared encoding is refused, never read as UTF-8 (issue 12), and so is a
// declaration that contradicts the bytes.
void TestEinvoiceXml::encodings_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QString>("text"); // empty: refused
    QTest::addColumn<QString>("reason"); // part of the refusal
    const auto utf16 = [](const QString &text, bool bigEndian, bool bom) {
        QByteArray out;
        if (bom)
            out = bigEndian ? QByteArray("\xfe\xff") : QByteArray("\xff\xfe");
        for (const QChar c : text) {
            const char high = char(c.unicode() >> 8), low = char(c.unicode() & 0xff);
            out.append(bigEndian ? high : low).append(bigEndian ? low : high);
        }
        return out;
    };
    QTest::newRow("utf-8-declared") << QByteArray("<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>\xc3\xa9</a>")
                                    << u"\u00E9"_s << QString();
    QTest::newRow("utf-8-lower-case")
        << QByteArray("<?xml version=\"1.0\" encoding=\"utf-8\"?><a>\xc3\xa9</a>") << u"\u00E9"_s
        << QString();
    QTest::newRow("utf-8-bom-declared")
        << QByteArray("\xef\xbb\xbf<?xml version=\"1.0\" encoding='Utf-8'?><a>\xc3\xa9</a>") << u"\u00E9"_s
        << QString();
    QTest::newRow("us-ascii-pure") << QByteArray("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a>e</a>")
                                   << u"e"_s << QString();
    QTest::newRow("utf-16le") << QByteArray("\xff\xfe<\0a\0>\0\xe9\0<\0/\0a\0>\0", 18) << u"\u00E9"_s
                              << QString();
    QTest::newRow("utf-16le-declared") << utf16(u"<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>\u00E9</a>"_s,
        false, true) << u"\u00E9"_s << QString();
    QTest::newRow("utf-16be-declared-no-bom")
        << utf16(u"<?xml version=\"1.0\" encoding=\"utf-16\"?><a>\u20AC</a>"_s, true, false) << u"\u20AC"_s
        << QString();
    QTest::newRow("iso-8859-1") << QByteArray("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>\xe9</a>")
                                << QString() << u"'ISO-8859-1'"_s;
    QTest::newRow("iso-8859-1-ascii-only")
        << QByteArray("<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><a>e</a>") << QString()
        << u"'iso-8859-1'"_s;
    QTest::newRow("windows-1252") << QByteArray(
        "<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x80\xe9</a>")
                                  << QString() << u"'windows-1252'"_s;
    QTest::newRow("iso-8859-15") << QByteArray("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><a>\xa4</a>")
                                 << QString() << u"'ISO-8859-15'"_s;
    // A byte order mark hid the declaration before: the document was then read as UTF-8.
    QTest::newRow("utf-8-bom-declares-latin-1")
        << QByteArray("\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>e</a>") << QString()
        << u"'ISO-8859-1'"_s;
    QTest::newRow("utf-16-declares-latin-1")
        << utf16(u"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>e</a>"_s, false, true) << QString()
        << u"'ISO-8859-1'"_s;
    QTest::newRow("utf-16-declares-utf-8") << utf16(u"<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>e</a>"_s,
        true, true) << QString() << u"'UTF-8' but its bytes are UTF-16"_s;
    QTest::newRow("utf-8-declares-utf-16")
        << QByteArray("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>e</a>") << QString()
        << u"'UTF-16' but has neither"_s;
    QTest::newRow("us-ascii-with-latin")
        << QByteArray("<?xml version=\"1.0\" encoding=\"us-ascii\"?><a>\xc3\xa9</a>") << QString()
        << u"beyond ASCII"_s;
    QTest::newRow("unknown encoding")
        << QByteArray("<?xml version=\"1.0\" encoding=\"bogus\"?><a>x</a>") << QString() << u"'bogus'"_s;
    QTest::newRow("invalid utf-8") << QByteArray("<a>\xc3</a>") << QString() << u"not valid UTF-8"_s;
}

void TestEinvoiceXml::encodings()
{
    QFETCH(QByteArray, xml);
    QFETCH(QString, text);
    QFETCH(QString, reason);
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    if (text.isEmpty()) {
        QVERIFY(!doc.ok());
        QVERIFY2(doc.error().message().contains(u"line 1"_s), qPrintable(doc.error().message()));
        QVERIFY2(doc.error().message().contains(reason), qPrintable(doc.error().message()));
        return;
    }
    QVERIFY2(doc.ok(), doc.ok() ? "" : qPrintable(doc.error().message()));
    QCOMPARE(doc.value().element(doc.value().root()).text, text);
}

// Each element keeps the line of its start tag; LF, CR LF and a lone CR each end a line.
void TestEinvoiceXml::lines_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QList<int>>("lines"); // of the elements in document order
    QTest::newRow("one line") << QByteArray("<a><b/><c/></a>") << QList<int> { 1, 1, 1 };
    QTest::newRow("lf") << QByteArray("<?xml version=\"1.0\"?>\n<a>\n  <b/>\n\n  <c\n x=\"1\"/>\n</a>")
                        << QList<int> { 2, 3, 5 };
    QTest::newRow("cr lf") << QByteArray("<a>\r\n<b/>\r\n\r\n<c/></a>") << QList<int> { 1, 2, 4 };
    QTest::newRow("lone cr") << QByteArray("<a>\r<b/>\r\r\n<c/></a>") << QList<int> { 1, 2, 4 };
    QTest::newRow("line ends in text and comments")
        << QByteArray("<a>x\ny<!-- \n -->\n<b>z\n</b><c/></a>") << QList<int> { 1, 4, 5 };
}

void TestEinvoiceXml::lines()
{
    QFETCH(QByteArray, xml);
    QFETCH(QList<int>, lines);
    const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
    QVERIFY2(doc.ok(), doc.ok() ? "" : qPrintable(doc.error().message()));
    QList<int> actual;
    for (int i = 0; i < doc.value().elementCount(); ++i)
        actual.append(doc.value().line(i));
    QCOMPARE(actual, lines);
}

// Names longer than the parser's name cache keeps are read the same way, and the cache does not mix them up.
void TestEinvoiceXml::longNames()
{
    const QByteArray name = "n" + QByteArray(2000, 'x');
    const QByteArray uri = "urn:example:" + QByteArray(3000, 'u');
    for (int round = 0; round < 2; ++round) {
        const QByteArray xml = "<r xmlns:p=\"" + uri + "\"><p:" + name + " " + name + "=\"v\">one</p:" + name
            + "><p:" + name + ">two</p:" + name + "><p:short/></r>";
        const ades::Result<XmlDocument> doc = XmlDocument::parse(xml);
        QVERIFY2(doc.ok(), doc.ok() ? "" : qPrintable(doc.error().message()));
        const XmlDocument &d = doc.value();
        const std::vector<int> repeated
            = d.children(d.root(), QString::fromLatin1(uri), QString::fromLatin1(name));
        QCOMPARE(repeated.size(), size_t(2));
        QCOMPARE(d.element(repeated[1]).text, u"two"_s);
        QCOMPARE(d.attribute(repeated[0], QString::fromLatin1(name)), u"v"_s);
        QVERIFY(d.child(d.root(), QString::fromLatin1(uri), u"short"_s) >= 0);
        QVERIFY(d.path(repeated[1]).endsWith(u"[2]"_s));
    }
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
