// The tests build their PDFs with qpdf, the library the extractor reads them with.
#define POINTERHOLDER_TRANSITION 4

#include "HandMadePdf.h"
#include "TestData.h"
#include "ops/eu/einvoice/EinvoiceCheck.h"
#include "ops/eu/einvoice/PdfInvoiceExtractor.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEFStreamObjectHelper.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::eu;

namespace {

struct Embedded
{
    std::string name;
    std::string data;
    std::string relationship = "/Alternative"; // empty: no /AFRelationship
    bool inCatalogAf = true;
    std::string mime = "text/xml";
};

enum class Encryption
{
    None,
    EmptyUserPassword,
    UserPassword,
};

// XMP as the FeRD examples write it; %1 = fx:DocumentFileName, %2 = fx:ConformanceLevel, %3 = pdfaid:part.
QByteArray xmpPacket(
    const QString &fileName, const QString &level = u"EN 16931"_s, const QString &part = u"3"_s)
{
    return uR"(<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" rdf:about="" pdfaid:part="%3" pdfaid:conformance="B"/>
<rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>%1</fx:DocumentFileName>
<fx:Version>1.0</fx:Version><fx:ConformanceLevel>%2</fx:ConformanceLevel></rdf:Description>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>)"_s.arg(fileName, level, part)
        .toUtf8();
}

// `xmp`: null gives a packet naming the first file; empty gives no /Metadata at all.
QByteArray buildPdf(const std::vector<Embedded> &files, Encryption encryption = Encryption::None,
    QByteArray xmp = QByteArray())
{
    QPDF pdf;
    pdf.emptyPDF();
    if (xmp.isNull() && !files.empty())
        xmp = xmpPacket(QString::fromStdString(files.front().name));
    if (!xmp.isEmpty()) {
        QPDFObjectHandle metadata = QPDFObjectHandle::newStream(&pdf, xmp.toStdString());
        metadata.getDict().replaceKey("/Type", QPDFObjectHandle::newName("/Metadata"));
        metadata.getDict().replaceKey("/Subtype", QPDFObjectHandle::newName("/XML"));
        pdf.getRoot().replaceKey("/Metadata", pdf.makeIndirectObject(metadata));
    }
    QPDFEmbeddedFileDocumentHelper embedded(pdf);
    QPDFObjectHandle af = QPDFObjectHandle::newArray();
    for (const Embedded &f : files) {
        QPDFEFStreamObjectHelper stream = QPDFEFStreamObjectHelper::createEFStream(pdf, f.data);
        stream.setSubtype(f.mime);
        QPDFFileSpecObjectHelper spec = QPDFFileSpecObjectHelper::createFileSpec(pdf, f.name, stream);
        if (!f.relationship.empty())
            spec.getObjectHandle().replaceKey("/AFRelationship", QPDFObjectHandle::newName(f.relationship));
        embedded.replaceEmbeddedFile(f.name, spec);
        if (f.inCatalogAf)
            af.appendItem(spec.getObjectHandle());
    }
    if (af.getArrayNItems() > 0)
        pdf.getRoot().replaceKey("/AF", af);
    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    if (encryption != Encryption::None) {
        const char *user = encryption == Encryption::UserPassword ? "secret" : "";
        writer.setR6EncryptionParameters(
            user, "owner", true, true, true, true, true, true, qpdf_r3p_full, true);
    }
    writer.write();
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return QByteArray(reinterpret_cast<const char *>(buffer->getBuffer()), qsizetype(buffer->getSize()));
}

const std::string SmallXml = "<?xml version=\"1.0\"?><rsm:CrossIndustryInvoice "
                             "xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\"/>";

QStringList ids(const QList<Finding> &findings)
{
    QStringList out;
    for (const Finding &f : findings)
        out.append(f.id);
    return out;
}

} // namespace

class TestPdfInvoiceExtractor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneAttachment_data();
    void oneAttachment();
    void wiringProblemsAreWarnings();
    void noInvoiceAttachmentIsAFinding();
    void twoInvoiceAttachmentsAreAFinding();
    void xmpProblemsAreWarnings_data();
    void xmpProblemsAreWarnings();
    void xmpLevelAgainstBt24();
    void plainPdfIsNotSupported();
    void unusable_data();
    void unusable();
    void decompressionBombStopsAtTheCap();
    void decodeParameterBombIsRefusedAtOnce_data();
    void decodeParameterBombIsRefusedAtOnce();
    void decodeBudgetStopsAFilterChain();
    void handMadeXrefStreamWithPredictorReads();
    void corpusPdfs();
};

void TestPdfInvoiceExtractor::oneAttachment_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("factur-x") << u"factur-x.xml"_s;
    QTest::newRow("xrechnung") << u"xrechnung.xml"_s;
    QTest::newRow("zugferd-2.0") << u"zugferd-invoice.xml"_s;
    QTest::newRow("zugferd-1.0") << u"ZUGFeRD-invoice.xml"_s;
}

void TestPdfInvoiceExtractor::oneAttachment()
{
    QFETCH(QString, name);
    const QByteArray pdf = buildPdf(
        { { name.toStdString(), SmallXml }, { "logo.png", "PNG", "/Supplement", false, "image/png" } });
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    const PdfExtraction &x = r.value();
    QCOMPARE(x.attachments.size(), 2);
    QVERIFY(x.invoiceAttachment >= 0);
    const PdfAttachment &a = x.attachments.at(x.invoiceAttachment);
    QCOMPARE(a.name, name);
    QCOMPARE(a.afRelationship, u"Alternative"_s);
    QCOMPARE(a.mimeType, u"text/xml"_s);
    QVERIFY(a.listedInCatalogAf);
    QCOMPARE(a.size, qint64(SmallXml.size()));
    QCOMPARE(x.xml, QByteArray::fromStdString(SmallXml));
    QCOMPARE(ids(x.findings), QStringList());
}

void TestPdfInvoiceExtractor::wiringProblemsAreWarnings()
{
    const QByteArray pdf = buildPdf({ { "factur-x.xml", SmallXml, "", false, "application/octet-stream" } });
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY(r.ok());
    QCOMPARE(r.value().xml, QByteArray::fromStdString(SmallXml));
    QCOMPARE(ids(r.value().findings), (QStringList { u"ADES-PDF-03"_s, u"ADES-PDF-04"_s, u"ADES-PDF-05"_s }));
    for (const Finding &f : r.value().findings)
        QCOMPARE(f.severity, Finding::Severity::Warning);
}

void TestPdfInvoiceExtractor::noInvoiceAttachmentIsAFinding()
{
    const QByteArray pdf = buildPdf({ { "order-x.xml", SmallXml } });
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY(r.ok());
    QCOMPARE(r.value().invoiceAttachment, -1);
    QVERIFY(r.value().xml.isEmpty());
    QCOMPARE(ids(r.value().findings), QStringList { u"ADES-PDF-01"_s });
    QCOMPARE(r.value().findings.first().severity, Finding::Severity::Fatal);
    QVERIFY(r.value().findings.first().message.contains(u"order-x.xml"_s));
    // As a delivered check: invalid, no syntax, and no rule set claimed as checked.
    const Result<QJsonObject> checked = EinvoiceCheck::check(pdf, u"order.pdf"_s);
    QVERIFY(checked.ok());
    QCOMPARE(checked.value().value(u"valid"_s).toBool(true), false);
    QCOMPARE(checked.value().value(u"syntax"_s).toString(), u"NONE"_s);
    QCOMPARE(checked.value().value(u"rule_sets"_s).toObject().value(u"checked"_s).toArray(), QJsonArray());
}

void TestPdfInvoiceExtractor::twoInvoiceAttachmentsAreAFinding()
{
    const QByteArray pdf = buildPdf({ { "factur-x.xml", SmallXml }, { "xrechnung.xml", SmallXml } });
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY(r.ok());
    QCOMPARE(r.value().invoiceAttachment, -1);
    QCOMPARE(ids(r.value().findings), QStringList { u"ADES-PDF-02"_s });
    QVERIFY(r.value().findings.first().message.contains(u"xrechnung.xml"_s));
}

void TestPdfInvoiceExtractor::xmpProblemsAreWarnings_data()
{
    QTest::addColumn<QByteArray>("xmp");
    QTest::addColumn<QStringList>("findings");
    QTest::addColumn<QString>("level");
    QTest::newRow("consistent") << xmpPacket(u"factur-x.xml"_s) << QStringList() << u"EN 16931"_s;
    QTest::newRow("no-metadata") << QByteArray("") << QStringList { u"ADES-PDF-06"_s } << QString();
    QTest::newRow("not-facturx") << QByteArray("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>")
                                 << QStringList { u"ADES-PDF-06"_s, u"ADES-PDF-08"_s } << QString();
    QTest::newRow("other-file-name") << xmpPacket(u"zugferd-invoice.xml"_s)
                                     << QStringList { u"ADES-PDF-07"_s } << u"EN 16931"_s;
    QTest::newRow("pdfa-2") << xmpPacket(u"factur-x.xml"_s, u"BASIC"_s, u"2"_s)
                            << QStringList { u"ADES-PDF-08"_s } << u"BASIC"_s;
    QTest::newRow("dtd-refused") << QByteArray("<!DOCTYPE x [<!ENTITY a \"aaaa\">]>")
            + xmpPacket(u"factur-x.xml"_s)
                                 << QStringList { u"ADES-PDF-06"_s, u"ADES-PDF-08"_s } << QString();
}

void TestPdfInvoiceExtractor::xmpProblemsAreWarnings()
{
    QFETCH(QByteArray, xmp);
    QFETCH(QStringList, findings);
    QFETCH(QString, level);
    const Result<PdfExtraction> r
        = PdfInvoiceExtractor::extract(buildPdf({ { "factur-x.xml", SmallXml } }, Encryption::None, xmp));
    QVERIFY(r.ok());
    QCOMPARE(ids(r.value().findings), findings);
    for (const Finding &f : r.value().findings)
        QCOMPARE(f.severity, Finding::Severity::Warning);
    QCOMPARE(r.value().xmp.conformanceLevel, level);
    QVERIFY(!r.value().xml.isEmpty()); // warnings never cost the invoice
}

void TestPdfInvoiceExtractor::xmpLevelAgainstBt24()
{
    ADES_REQUIRE_SHARED_DATA();
    QFile xml(
        ades::test::sharedDataDir() + u"/einvoice/invoices/cii/zugferd-2.4/EN16931/EN16931_Einfach.xml"_s);
    QVERIFY(xml.open(QIODevice::ReadOnly));
    const std::string invoice = xml.readAll().toStdString();
    const auto findingIds = [](const QJsonObject &result) {
        QStringList out;
        for (const QJsonValue &v : result.value(u"findings"_s).toArray())
            out.append(v.toObject().value(u"id"_s).toString());
        return out;
    };
    const Result<QJsonObject> agree
        = EinvoiceCheck::check(buildPdf({ { "factur-x.xml", invoice } }, Encryption::None,
                                   xmpPacket(u"factur-x.xml"_s, u"EN 16931"_s)),
            u"a.pdf"_s);
    QVERIFY(agree.ok());
    QVERIFY(!findingIds(agree.value()).contains(u"ADES-PDF-09"_s));
    const Result<QJsonObject> disagree
        = EinvoiceCheck::check(buildPdf({ { "factur-x.xml", invoice } }, Encryption::None,
                                   xmpPacket(u"factur-x.xml"_s, u"EXTENDED"_s)),
            u"a.pdf"_s);
    QVERIFY(disagree.ok());
    QVERIFY(findingIds(disagree.value()).contains(u"ADES-PDF-09"_s));
    QCOMPARE(disagree.value().value(u"profile"_s).toString(), u"EN16931"_s); // BT-24 decides
    QCOMPARE(disagree.value().value(u"en16931_applies"_s).toBool(), true);
    QCOMPARE(disagree.value().value(u"valid"_s).toBool(), agree.value().value(u"valid"_s).toBool());
}

void TestPdfInvoiceExtractor::plainPdfIsNotSupported()
{
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(buildPdf({}));
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"pdf_not_einvoice"_s);
    QCOMPARE(r.error().httpStatus(), 400);
    QVERIFY(r.error().message().contains(u"not supported"_s));
}

void TestPdfInvoiceExtractor::unusable_data()
{
    QTest::addColumn<QByteArray>("pdf");
    QTest::addColumn<QString>("errorCode");
    const QByteArray good = buildPdf({ { "factur-x.xml", SmallXml } });
    QTest::newRow("not-a-pdf") << QByteArray("<Invoice/>") << u"pdf_unreadable"_s;
    QTest::newRow("header-only") << QByteArray("%PDF-1.7\n") << u"pdf_unreadable"_s;
    QTest::newRow("header-then-garbage")
        << QByteArray("%PDF-1.7\n").append(QByteArray(4096, '\x9c')) << u"pdf_unreadable"_s;
    QByteArray badXref = good;
    badXref.replace("/EmbeddedFiles", "/EmbeddedFilez");
    QTest::newRow("embedded-files-key-damaged") << badXref << u"pdf_not_einvoice"_s;
    QTest::newRow("encrypted-empty-user-password")
        << buildPdf({ { "factur-x.xml", SmallXml } }, Encryption::EmptyUserPassword) << u"pdf_encrypted"_s;
    QTest::newRow("encrypted-user-password")
        << buildPdf({ { "factur-x.xml", SmallXml } }, Encryption::UserPassword) << u"pdf_encrypted"_s;
    QTest::newRow("too-large") << QByteArray("%PDF-1.7\n").append(QByteArray(17 * 1024 * 1024, ' '))
                               << u"pdf_too_large"_s;
}

void TestPdfInvoiceExtractor::unusable()
{
    QFETCH(QByteArray, pdf);
    QFETCH(QString, errorCode);
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), errorCode);
    QCOMPARE(r.error().httpStatus(), 400);
    QCOMPARE(r.error().param(), u"document"_s);
}

void TestPdfInvoiceExtractor::decompressionBombStopsAtTheCap()
{
    // 4 MiB of one byte compresses to a few KiB: the decoded size is what the cap must catch.
    const QByteArray pdf = buildPdf({ { "factur-x.xml", std::string(4 * 1024 * 1024, '<') } });
    QVERIFY(pdf.size() < 64 * 1024);
    PdfLimits limits;
    limits.maxXmlBytes = 1024 * 1024;
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf, limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"pdf_attachment_too_large"_s);
    limits.maxXmlBytes = 8 * 1024 * 1024;
    const Result<PdfExtraction> allowed = PdfInvoiceExtractor::extract(pdf, limits);
    QVERIFY(allowed.ok());
    QCOMPARE(allowed.value().xml.size(), 4 * 1024 * 1024);
}

void TestPdfInvoiceExtractor::decodeParameterBombIsRefusedAtOnce_data()
{
    // Issue 12: a 5 KB PDF whose PNG predictor declares /Columns 536870911 made qpdf 11.3 allocate two rows
    // of 512 MiB each (1 GB, 13 s). The declared parameters are refused before any decoder exists, wherever
    // qpdf meets them: the invoice stream, a filter in a chain, the cross-reference stream while parsing.
    QTest::addColumn<QByteArray>("pdf");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("named"); // the parameter the message names
    const QByteArray bomb = "<< /Predictor 12 /Columns 536870911 >>";
    const QByteArray xml = QByteArray::fromStdString(SmallXml);
    QTest::newRow("invoice-png-columns") << test::facturXWithRawStream(
        "/Filter /FlateDecode /DecodeParms " + bomb, test::HandMadePdf::deflate('\0' + xml))
                                         << u"the embedded invoice factur-x.xml"_s << u"/Columns 536870911"_s;
    QTest::newRow("invoice-chain-parms-array")
        << test::facturXWithRawStream(
               "/Filter [/ASCIIHexDecode /FlateDecode] /DecodeParms [null " + bomb + "]",
               test::HandMadePdf::deflate('\0' + xml).toHex() + ">")
        << u"the embedded invoice factur-x.xml"_s << u"/Columns 536870911"_s;
    QTest::newRow("invoice-lzw-colors") << test::facturXWithRawStream(
        "/Filter /LZWDecode /DecodeParms << /Predictor 2 /Colors 100000 /Columns 100000 >>", xml)
                                        << u"the embedded invoice factur-x.xml"_s << u"/Colors 100000"_s;
    test::HandMadePdf xref;
    const int catalog = xref.add("<< /Type /Catalog /Pages 2 0 R >>");
    xref.add("<< /Type /Pages /Kids [] /Count 0 >>");
    QTest::newRow("xref-stream-png-columns")
        << xref.withXrefStream(catalog, bomb) << u"a cross-reference or object stream"_s
        << u"/Columns 536870911"_s;
}

void TestPdfInvoiceExtractor::decodeParameterBombIsRefusedAtOnce()
{
    QFETCH(QByteArray, pdf);
    QFETCH(QString, where);
    QFETCH(QString, named);
    QVERIFY(pdf.size() < 5 * 1024);
    QElapsedTimer timer;
    timer.start();
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf);
    QVERIFY(timer.elapsed() < 1000);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"pdf_decode_parameters"_s);
    QCOMPARE(r.error().httpStatus(), 400);
    QCOMPARE(r.error().param(), u"document"_s);
    QVERIFY2(r.error().message().contains(u"in "_s + where + u", the /"_s), qPrintable(r.error().message()));
    QVERIFY2(r.error().message().contains(named), qPrintable(r.error().message()));
}

void TestPdfInvoiceExtractor::decodeBudgetStopsAFilterChain()
{
    // Deflated whitespace under /ASCIIHexDecode: nothing reaches the invoice cap, every stage is charged.
    const QByteArray pdf = test::facturXWithRawStream("/Filter [/FlateDecode /ASCIIHexDecode]",
        test::HandMadePdf::deflate(QByteArray(16 * 1024 * 1024, ' ')));
    QVERIFY(pdf.size() < 64 * 1024);
    PdfLimits limits;
    limits.maxDecodedBytes = 4 * 1024 * 1024;
    const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(pdf, limits);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code(), u"pdf_decode_limit"_s);
    QVERIFY2(r.error().message().contains(u"the embedded invoice factur-x.xml"_s),
        qPrintable(r.error().message()));
    limits.maxDecodedBytes = 32 * 1024 * 1024; // enough: the chain then decodes to an empty invoice
    const Result<PdfExtraction> allowed = PdfInvoiceExtractor::extract(pdf, limits);
    QVERIFY2(allowed.ok(), qPrintable(allowed.ok() ? QString() : allowed.error().message()));
    QVERIFY(allowed.value().xml.isEmpty());
}

void TestPdfInvoiceExtractor::handMadeXrefStreamWithPredictorReads()
{
    // A cross-reference stream with the usual PNG predictor, read by ADES's filter instead of qpdf's.
    test::HandMadePdf pdf;
    const int catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names "
                                "[(factur-x.xml) 3 0 R] >> >> >>");
    pdf.add("<< /Type /Pages /Kids [] /Count 0 >>");
    pdf.add("<< /Type /Filespec /F (factur-x.xml) /EF << /F 4 0 R >> >>");
    const QByteArray xml = QByteArray::fromStdString(SmallXml);
    pdf.add(test::HandMadePdf::stream(
        "/Type /EmbeddedFile /Filter /FlateDecode", test::HandMadePdf::deflate(xml)));
    const Result<PdfExtraction> r
        = PdfInvoiceExtractor::extract(pdf.withXrefStream(catalog, "<< /Predictor 12 /Columns 7 >>"));
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    QCOMPARE(r.value().xml, xml);
}

void TestPdfInvoiceExtractor::corpusPdfs()
{
    ADES_REQUIRE_SHARED_DATA();
    const QString root = ades::test::sharedDataDir() + u"/einvoice/"_s;
    QDirIterator it(root + u"invoices/pdf"_s, { u"*.pdf"_s }, QDir::Files, QDirIterator::Subdirectories);
    int count = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(root).relativeFilePath(path);
        QFile expectedFile(
            root + u"expected/"_s + rel.mid(u"invoices/"_s.size()).replace(u".pdf"_s, u".json"_s));
        QVERIFY2(expectedFile.open(QIODevice::ReadOnly), qPrintable(rel));
        const QJsonObject expected = QJsonDocument::fromJson(expectedFile.readAll()).object();
        const QJsonObject expectedPdf = expected.value(u"pdf"_s).toObject();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();

        const Result<PdfExtraction> r = PdfInvoiceExtractor::extract(bytes);
        QVERIFY2(r.ok(), qPrintable(rel));
        const PdfExtraction &x = r.value();
        QVERIFY2(x.invoiceAttachment >= 0, qPrintable(rel));
        const PdfAttachment &a = x.attachments.at(x.invoiceAttachment);
        QCOMPARE(a.name, expectedPdf.value(u"invoice_attachment"_s).toString());
        QCOMPARE(x.attachments.size(), expectedPdf.value(u"attachments"_s).toArray().size());
        for (const QJsonValue &v : expectedPdf.value(u"attachments"_s).toArray()) {
            const QJsonObject e = v.toObject();
            if (e.value(u"name"_s).toString() != a.name)
                continue;
            QCOMPARE(a.afRelationship, e.value(u"AFRelationship"_s).toString());
            QCOMPARE(a.size, qint64(e.value(u"size"_s).toInt()));
        }

        // Profile and the CEN layer's applicability as the corpus records them ("BASIC-WL" there).
        const Result<QJsonObject> checked = EinvoiceCheck::check(bytes, file.fileName());
        QVERIFY2(checked.ok(), qPrintable(rel));
        QCOMPARE(checked.value().value(u"profile"_s).toString().replace(u' ', u'-'),
            expected.value(u"facturx_profile"_s).toString());
        QCOMPARE(checked.value().value(u"en16931_applies"_s).toBool(),
            expected.value(u"en16931_applies"_s).toBool());
        QCOMPARE(checked.value().value(u"syntax"_s).toString(), expected.value(u"syntax"_s).toString());
        // The official examples are wired consistently: no container warning at all.
        for (const QJsonValue &f : checked.value().value(u"findings"_s).toArray())
            QVERIFY2(!f.toObject().value(u"id"_s).toString().startsWith(u"ADES-PDF"_s), qPrintable(rel));
        QCOMPARE(x.xmp.conformanceLevel,
            expectedPdf.value(u"xmp"_s).toObject().value(u"ConformanceLevel"_s).toString());
        QCOMPARE(x.xmp.pdfaPart, expectedPdf.value(u"xmp"_s).toObject().value(u"pdfa_part"_s).toString());
        ++count;
    }
    QVERIFY(count > 0);
    qInfo("%d corpus PDFs: invoice attachment, AFRelationship, size, XMP and profile as expected", count);
}

QTEST_APPLESS_MAIN(TestPdfInvoiceExtractor)
#include "TestPdfInvoiceExtractor.moc"
