#define POINTERHOLDER_TRANSITION 4

#include "FakeFacilitator.h"
#include "HandMadePdf.h"
#include "HttpTestClient.h"
#include "TestData.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "ops/eu/einvoice/EinvoiceCheck.h"
#include "receipts/ReceiptVerifier.h"
#include "store/ApiKeys.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QByteArray Boundary = "ades-test-boundary-7f3a";

QJsonObject decodeHeader(const QByteArray &header)
{
    return QJsonDocument::fromJson(QByteArray::fromBase64(header)).object();
}

QByteArray corpusFile(const QString &relative)
{
    QFile f(sharedDataDir() + u"/einvoice/invoices/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A PDF with one empty page and no embedded file: what a scanned or printed invoice looks like here.
QByteArray plainPdf()
{
    QPDF pdf;
    pdf.emptyPDF();
    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.write();
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return QByteArray(reinterpret_cast<const char *>(buffer->getBuffer()), qsizetype(buffer->getSize()));
}

QByteArray multipart(const QByteArray &fieldName, const QByteArray &filename, const QByteArray &data)
{
    return "--" + Boundary + "\r\nContent-Disposition: form-data; name=\"" + fieldName + "\"; filename=\""
        + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n" + data + "\r\n--" + Boundary
        + "--\r\n";
}

QStringList findingIds(const QJsonObject &result)
{
    QStringList ids;
    for (const QJsonValue &v : result.value(u"findings"_s).toArray())
        ids.append(v.toObject().value(u"id"_s).toString());
    return ids;
}

} // namespace

class TestEinvoiceOperation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void keyChannelValidatesRawXml();
    void jsonBodyCarriesBase64Document();
    void invalidInvoiceIsA200WithFindings();
    void keyChannelUnusableInputIs400_data();
    void keyChannelUnusableInputIs400();
    void utf16InvoiceIsValidated();
    void facturXMinimumSaysCenDoesNotApply();
    void largeDocumentIsValidatedOffTheServerThread();
    void layerNotCheckedIsNamed();
    void x402MultipartChallengeThenPayment();
    void x402MultipartWithoutFileIs400();
    void x402PlainPdfIsNeverSettled();
    void mcpToolIsPaid();
    void mcpPaidCallValidatesBase64Document();
    void mcpBadBase64IsNeverSettled();
    void mcpResultOverTheReplyLimitIsNeverSettled();

private:
    HttpTestResponse postKey(const QByteArray &body, const QByteArray &contentType = "application/xml");
    HttpTestResponse postX402(const QByteArray &body, const QByteArray &payment = {});
    QByteArray pay(const QByteArray &body);

    QTemporaryDir m_dir;
    FakeFacilitator m_facilitator;
    std::unique_ptr<ServiceContext> m_context;
    std::unique_ptr<ServiceHost> m_host;
    std::unique_ptr<HttpTestClient> m_client;
    QString m_key;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestEinvoiceOperation::initTestCase()
{
    QVERIFY(m_facilitator.port() != 0);
    QHash<QString, QString> settings = test::localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"http/max_body_bytes"_s, u"4194304"_s);
    // The smallest MCP reply limit, so that an invalid invoice's result can exceed it.
    settings.insert(u"mcp/max_response_bytes"_s, u"65536"_s);
    m_context = ServiceContext::createForTests(m_dir.path(), settings);
    m_host = std::make_unique<ServiceHost>(*m_context);
    QSignalSpy started(m_host.get(), &ServiceHost::started);
    m_host->start(QHostAddress::LocalHost, 0);
    QVERIFY(started.wait(5000));
    m_client = std::make_unique<HttpTestClient>(m_host->port());
    const auto key = m_context->store().keys().create(u"t"_s, u"full"_s, std::nullopt);
    QVERIFY(key.ok());
    m_key = key.value().key;
}

HttpTestResponse TestEinvoiceOperation::postKey(const QByteArray &body, const QByteArray &contentType)
{
    return m_client->post(u"/v1/einvoice"_s, body, { { "X-API-Key", m_key.toUtf8() } }, contentType);
}

HttpTestResponse TestEinvoiceOperation::postX402(const QByteArray &body, const QByteArray &payment)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!payment.isEmpty())
        headers.append({ "PAYMENT-SIGNATURE", payment });
    return m_client->post(u"/x402/einvoice"_s, body, headers, "multipart/form-data; boundary=" + Boundary);
}

QByteArray TestEinvoiceOperation::pay(const QByteArray &body)
{
    const HttpTestResponse challenge = postX402(body);
    const QJsonObject offer
        = decodeHeader(challenge.header("PAYMENT-REQUIRED")).value(u"accepts"_s).toArray().at(0).toObject();
    return QJsonDocument(test::signedPayment(m_payer, offer)).toJson(QJsonDocument::Compact).toBase64();
}

void TestEinvoiceOperation::keyChannelValidatesRawXml()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray xml = corpusFile(u"cii/cen-examples/CII_example1.xml"_s);
    QVERIFY(!xml.isEmpty());
    const HttpTestResponse r = postKey(xml);
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"valid"_s).toBool(), true); // the official artefacts call it valid
    QCOMPARE(json.value(u"syntax"_s).toString(), u"CII"_s);
    QCOMPARE(json.value(u"container"_s).toString(), u"xml"_s);
    QCOMPARE(json.value(u"filename"_s).toString(), u"invoice.xml"_s); // schema default
    QCOMPARE(json.value(u"en16931_applies"_s).toBool(), true);
    QVERIFY(json.value(u"totals"_s).toObject().value(u"checks"_s).toArray().size() >= 7);
    QVERIFY(!json.value(u"vat_breakdown"_s).toArray().isEmpty());
    QVERIFY(json.contains(u"receipt"_s));
    QVERIFY(m_context->verifier().verify(json).valid);
}

void TestEinvoiceOperation::jsonBodyCarriesBase64Document()
{
    ADES_REQUIRE_SHARED_DATA();
    // The form OpenAPI describes for every POST: the schema's arguments as a JSON object.
    const QByteArray xml = corpusFile(u"ubl/cen-examples/guide-example1.xml"_s);
    const QJsonObject body { { u"document"_s, QString::fromLatin1(xml.toBase64()) },
        { u"filename"_s, u"guide.xml"_s } };
    const HttpTestResponse r
        = postKey(QJsonDocument(body).toJson(QJsonDocument::Compact), "application/json");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"syntax"_s).toString(), u"UBL"_s);
    QCOMPARE(r.json().value(u"filename"_s).toString(), u"guide.xml"_s);
    QCOMPARE(r.json().value(u"document_sha256"_s).toString(),
        QString::fromLatin1(QCryptographicHash::hash(xml, QCryptographicHash::Sha256).toHex()));
    // A JSON body without the document names the field (422 from the schema).
    const HttpTestResponse missing = postKey("{\"filename\": \"a.xml\"}", "application/json");
    QCOMPARE(missing.status, 422);
    QCOMPARE(missing.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"file"_s);
    // "file" is a JSON field name too: the exposure's renames apply to JSON bodies.
    const HttpTestResponse renamed
        = postKey(QJsonDocument(QJsonObject { { u"file"_s, QString::fromLatin1(xml.toBase64()) } }).toJson(),
            "application/json");
    QCOMPARE(renamed.status, 200);
    QCOMPARE(renamed.json().value(u"filename"_s).toString(), u"invoice.xml"_s);
}

void TestEinvoiceOperation::invalidInvoiceIsA200WithFindings()
{
    ADES_REQUIRE_SHARED_DATA();
    // A CEN unit test whose payable amount breaks BR-CO-15 (and, as a fragment, much else).
    const HttpTestResponse r = postKey(corpusFile(u"cii/cen-unit/BR-CO-15-2__02.xml"_s));
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"valid"_s).toBool(true), false);
    QVERIFY(findingIds(json).contains(u"BR-CO-15"_s));
    QVERIFY(json.value(u"fatal_count"_s).toInt() > 0);
    bool sawBt112 = false;
    for (const QJsonValue &v : json.value(u"totals"_s).toObject().value(u"checks"_s).toArray()) {
        if (v.toObject().value(u"bt"_s).toString() == u"BT-112"_s) {
            sawBt112 = true;
            QCOMPARE(v.toObject().value(u"consistent"_s).toBool(true), false);
        }
    }
    QVERIFY(sawBt112);
    for (const QJsonValue &v : json.value(u"findings"_s).toArray()) {
        const QJsonObject f = v.toObject();
        QVERIFY(!f.value(u"message"_s).toString().isEmpty());
        QVERIFY(f.value(u"severity"_s).toString() == u"fatal"_s
            || f.value(u"severity"_s).toString() == u"warning"_s);
    }
    QVERIFY(m_context->verifier().verify(json).valid);
}

void TestEinvoiceOperation::keyChannelUnusableInputIs400_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("errorCode");
    QTest::newRow("garbage") << QByteArray("hello, this is not an invoice") << u"einvoice_unsupported"_s;
    QTest::newRow("not-an-invoice-xml")
        << QByteArray("<Order xmlns=\"urn:x\"/>") << u"einvoice_unsupported"_s;
    QTest::newRow("plain-pdf") << plainPdf() << u"pdf_not_einvoice"_s;
    QTest::newRow("broken-pdf") << QByteArray("%PDF-1.7\n").append(QByteArray(2000, 'x'))
                                << u"pdf_unreadable"_s;
    QTest::newRow("empty") << QByteArray() << u"empty_body"_s;
    // Issue 12: another declared encoding is refused, not read as UTF-8 (the document is otherwise valid).
    QTest::newRow("xml-windows-1252") << QByteArray("<?xml version=\"1.0\" encoding=\"windows-1252\"?>"
                                                    "<Invoice xmlns=\"urn:oasis:names:specification:ubl:"
                                                    "schema:xsd:Invoice-2\"><Note>\x80</Note></Invoice>")
                                      << u"xml_encoding_unsupported"_s;
    // Issue 12: a 700-byte PDF whose predictor asked qpdf for two rows of 512 MiB.
    QTest::newRow("pdf-predictor-columns") << test::facturXWithRawStream(
        "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 536870911 >>",
        test::HandMadePdf::deflate(QByteArray(1, '\0') + "<Invoice/>"))
                                           << u"pdf_decode_parameters"_s;
}

void TestEinvoiceOperation::keyChannelUnusableInputIs400()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, errorCode);
    QElapsedTimer timer;
    timer.start();
    const HttpTestResponse r = postKey(body, "application/octet-stream");
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), errorCode);
    // The document is named as the parameter at fault, or the body when there is none.
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(),
        errorCode == u"empty_body"_s ? u"body"_s : u"document"_s);
    QVERIFY(!r.json().contains(u"receipt"_s));
    QVERIFY(timer.elapsed() < 2000); // refused, never decoded
}

void TestEinvoiceOperation::utf16InvoiceIsValidated()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray utf8 = corpusFile(u"cii/cen-examples/CII_example1.xml"_s);
    QVERIFY(!utf8.isEmpty());
    const QJsonArray reference = postKey(utf8).json().value(u"findings"_s).toArray();
    // The same document as UTF-16 with a byte order mark, its declaration saying so in lower case.
    QString text = QString::fromUtf8(utf8);
    text.replace(u"encoding=\"UTF-8\""_s, u"encoding=\"utf-16\""_s, Qt::CaseInsensitive);
    QByteArray utf16("\xff\xfe");
    utf16.append(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
    const HttpTestResponse r = postKey(utf16);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"syntax"_s).toString(), u"CII"_s);
    QCOMPARE(r.json().value(u"findings"_s).toArray(), reference);
}

void TestEinvoiceOperation::facturXMinimumSaysCenDoesNotApply()
{
    ADES_REQUIRE_SHARED_DATA();
    const HttpTestResponse r
        = postKey(corpusFile(u"pdf/zugferd-2.4/MINIMUM/MINIMUM_Rechnung_fx.pdf"_s), "application/pdf");
    QCOMPARE(r.status, 200);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"profile"_s).toString(), u"MINIMUM"_s);
    QCOMPARE(json.value(u"en16931_applies"_s).toBool(true), false);
    QCOMPARE(json.value(u"valid"_s).toBool(), true); // as the corpus: BR-16 etc. do not count
    QVERIFY(!json.value(u"not_applicable_findings"_s).toArray().isEmpty());
    // The MINIMUM profile rule set is the one that applies, and it passes.
    QCOMPARE(json.value(u"rule_sets"_s).toObject().value(u"not_checked"_s).toArray(), QJsonArray());
    QVERIFY(
        json.value(u"rule_sets"_s).toObject().value(u"checked"_s).toArray().contains(u"facturx-MINIMUM"_s));
    QCOMPARE(json.value(u"pdf"_s).toObject().value(u"invoice_attachment"_s).toString(), u"factur-x.xml"_s);
}

void TestEinvoiceOperation::largeDocumentIsValidatedOffTheServerThread()
{
    ADES_REQUIRE_SHARED_DATA();
    // Above the 64 KiB pool threshold: the answer comes back through the queued completion.
    const QByteArray pdf = corpusFile(u"pdf/zugferd-2.4/EXTENDED/EXTENDED_Warenrechnung_fx.pdf"_s);
    QVERIFY(pdf.size() > 64 * 1024);
    const HttpTestResponse r = postKey(pdf, "application/pdf");
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json().value(u"profile"_s).toString(), u"EXTENDED"_s);
    QCOMPARE(r.json().value(u"en16931_applies"_s).toBool(true), false);
    QCOMPARE(r.json().value(u"rule_sets"_s).toObject().value(u"not_checked"_s).toArray(), QJsonArray());
    QVERIFY(r.json()
                .value(u"rule_sets"_s)
                .toObject()
                .value(u"checked"_s)
                .toArray()
                .contains(u"facturx-EXTENDED"_s));
    QVERIFY(m_context->verifier().verify(r.json()).valid);
}

void TestEinvoiceOperation::layerNotCheckedIsNamed()
{
    ADES_REQUIRE_SHARED_DATA();
    // Every profile's rule set is registered: a BASIC PDF is checked against all that BT-24 selects.
    const QByteArray pdf = corpusFile(u"pdf/zugferd-2.4/BASIC/BASIC_Einfach_fx.pdf"_s);
    const HttpTestResponse r = postKey(pdf, "application/pdf");
    QCOMPARE(r.status, 200);
    const QJsonObject ruleSets = r.json().value(u"rule_sets"_s).toObject();
    QCOMPARE(ruleSets.value(u"not_checked"_s).toArray(), QJsonArray());
    QVERIFY(ruleSets.value(u"checked"_s).toArray().contains(u"facturx-BASIC"_s));
    QVERIFY(m_context->verifier().verify(r.json()).valid);

    // A selected rule set ADES has no rules for is named, and the note says `valid` does not cover it.
    const Result<QJsonObject> partly = eu::EinvoiceCheck::check(
        pdf, u"BASIC_Einfach_fx.pdf"_s, QStringList { u"facturx-BASIC"_s, u"nl-extra"_s });
    QVERIFY(partly.ok());
    QCOMPARE(partly.value().value(u"rule_sets"_s).toObject().value(u"not_checked"_s).toArray(),
        QJsonArray { u"nl-extra"_s });
    QVERIFY2(partly.value().value(u"note"_s).toString().contains(u"nl-extra, which ADES does not check"_s),
        qPrintable(partly.value().value(u"note"_s).toString()));
}

void TestEinvoiceOperation::x402MultipartChallengeThenPayment()
{
    ADES_REQUIRE_SHARED_DATA();
    const QByteArray body = multipart(
        "file", "BASIC_Einfach_fx.pdf", corpusFile(u"pdf/zugferd-2.4/BASIC/BASIC_Einfach_fx.pdf"_s));
    const HttpTestResponse challenge = postX402(body);
    QCOMPARE(challenge.status, 402);
    const QJsonObject required = decodeHeader(challenge.header("PAYMENT-REQUIRED"));
    QCOMPARE(
        required.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"100000"_s);

    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = postX402(body, pay(body));
    QCOMPARE(r.status, 200);
    QCOMPARE(decodeHeader(r.header("PAYMENT-RESPONSE")).value(u"success"_s).toBool(), true);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
    const QJsonObject json = r.json();
    QCOMPARE(json.value(u"container"_s).toString(), u"pdf"_s);
    QCOMPARE(json.value(u"filename"_s).toString(), u"BASIC_Einfach_fx.pdf"_s); // from the part
    QCOMPARE(json.value(u"profile"_s).toString(), u"BASIC"_s);
    QCOMPARE(json.value(u"en16931_applies"_s).toBool(), true);
    QCOMPARE(json.value(u"syntax"_s).toString(), u"CII"_s);
    QVERIFY(m_context->verifier().verify(json).valid);
}

void TestEinvoiceOperation::x402MultipartWithoutFileIs400()
{
    const HttpTestResponse r = postX402(multipart("document_file", "a.xml", "<Invoice/>"));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"missing_file"_s);
    QVERIFY(r.json().value(u"message"_s).toString().contains(u"\"file\""_s));
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty()); // nobody is asked to pay for unusable input

    const HttpTestResponse broken = postX402("--" + Boundary + "\r\nno disposition\r\n\r\nx");
    QCOMPARE(broken.status, 400);
    QCOMPARE(broken.json().value(u"error_code"_s).toString(), u"invalid_multipart"_s);
}

void TestEinvoiceOperation::x402PlainPdfIsNeverSettled()
{
    const QByteArray body = multipart("file", "scan.pdf", plainPdf());
    const QByteArray payment = pay(body);
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = postX402(body, payment);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"pdf_not_einvoice"_s);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

void TestEinvoiceOperation::mcpToolIsPaid()
{
    const QJsonObject result = m_client->callMcpTool(u"validate_einvoice_eu"_s,
        { { u"document"_s, QString::fromLatin1(QByteArray("<Invoice/>").toBase64()) } });
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    const QJsonObject required = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(
        required.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"100000"_s);
}

void TestEinvoiceOperation::mcpPaidCallValidatesBase64Document()
{
    ADES_REQUIRE_SHARED_DATA();
    const QJsonObject arguments { { u"document"_s,
        QString::fromLatin1(corpusFile(u"ubl/cen-examples/guide-example1.xml"_s).toBase64()) } };
    const QJsonObject offer = m_client->mcpToolOffer(u"validate_einvoice_eu"_s, arguments);
    const int settles = m_facilitator.settleCount();
    const QJsonObject result = m_client->callMcpTool(
        u"validate_einvoice_eu"_s, arguments, { { u"x402/payment"_s, test::signedPayment(m_payer, offer) } });
    QVERIFY(!result.value(u"isError"_s).toBool());
    const QJsonObject content = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(content.value(u"syntax"_s).toString(), u"UBL"_s);
    QCOMPARE(content.value(u"valid"_s).toBool(), true); // the official artefacts call it valid
    QCOMPARE(content.value(u"filename"_s).toString(), u"invoice.xml"_s); // the MCP default
    QVERIFY(m_context->verifier().verify(content).valid);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
}

void TestEinvoiceOperation::mcpBadBase64IsNeverSettled()
{
    const QJsonObject arguments { { u"document"_s, u"<Invoice/> is not base64"_s } };
    const QJsonObject offer = m_client->mcpToolOffer(u"validate_einvoice_eu"_s, arguments);
    const int settles = m_facilitator.settleCount();
    const QJsonObject result = m_client->callMcpTool(
        u"validate_einvoice_eu"_s, arguments, { { u"x402/payment"_s, test::signedPayment(m_payer, offer) } });
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    QCOMPARE(result.value(u"structuredContent"_s).toObject().value(u"error_code"_s).toString(),
        u"invalid_base64"_s);
    QCOMPARE(m_facilitator.settleCount(), settles);
}

// A paid result that cannot fit in any MCP reply would be settled and then replaced by an error, again on
// every retry: it is refused before the payment settles. Over HTTP the same document gets its result.
void TestEinvoiceOperation::mcpResultOverTheReplyLimitIsNeverSettled()
{
    QByteArray xml
        = "<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\" "
          "xmlns:cac=\"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2\">";
    for (int i = 0; i < 600; ++i)
        xml += "<cac:InvoiceLine/>"; // each empty line breaks several line rules: a long list of findings
    xml += "</Invoice>";
    const HttpTestResponse overHttp = postKey(xml, "application/xml");
    QCOMPARE(overHttp.status, 200);
    QVERIFY(overHttp.body.size() > 65536);

    const QJsonObject arguments { { u"document"_s, QString::fromLatin1(xml.toBase64()) } };
    const QJsonObject offer = m_client->mcpToolOffer(u"validate_einvoice_eu"_s, arguments);
    const int settles = m_facilitator.settleCount();
    const QJsonObject result = m_client->callMcpTool(
        u"validate_einvoice_eu"_s, arguments, { { u"x402/payment"_s, test::signedPayment(m_payer, offer) } });
    QCOMPARE(result.value(u"isError"_s).toBool(), true);
    const QJsonObject error = result.value(u"structuredContent"_s).toObject();
    QCOMPARE(error.value(u"error_code"_s).toString(), u"result_too_large"_s);
    QCOMPARE(error.value(u"charged"_s).toBool(true), false);
    QVERIFY(error.value(u"message"_s).toString().contains(u"mcp/max_response_bytes"_s));
    QCOMPARE(m_facilitator.settleCount(), settles);
}

QTEST_GUILESS_MAIN(TestEinvoiceOperation)
#include "TestEinvoiceOperation.moc"
