#define POINTERHOLDER_TRANSITION 4

#include "FakeFacilitator.h"
#include "FakeVies.h"
#include "HttpTestClient.h"
#include "RunningService.h"
#include "TestAreas.h"
#include "TestData.h"
#include "TestPayments.h"
#include "crypto/Secp256k1Key.h"
#include "ops/eu/sanctions/SanctionsIndex.h"
#include "ops/eu/sanctions/SanctionsLists.h"
#include "receipts/ReceiptVerifier.h"
#include "store/CallLog.h"
#include "store/Store.h"
#include "store/ViesObservations.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFEFStreamObjectHelper.hh>
#include <qpdf/QPDFEmbeddedFileDocumentHelper.hh>
#include <qpdf/QPDFFileSpecObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::test;

namespace {

const QString TrustedIban = u"DE89370400440532013000"_s; // the payee account of tests/data/invoicetopay
const QString OtherIban = u"GB82WEST12345698765432"_s; // valid, but not the invoice's
const QString InvoiceNumber = u"ITP-2026-0042"_s;
// Text of the test invoice that no result needs: the store must never hold it.
const QStringList DistinctiveText { u"Zebrafinch consulting retainer"_s, u"Quokka integration workshop"_s,
    u"Quittenstrasse 17"_s, u"Beispiel Handel AG"_s };

QByteArray testInvoice()
{
    QFile f(sourceDir() + u"/tests/data/invoicetopay/domestic-de.xml"_s);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray corpusFile(const QString &relative)
{
    QFile f(sharedDataDir() + u"/einvoice/invoices/"_s + relative);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray written(QPDF &pdf)
{
    QPDFWriter writer(pdf);
    writer.setOutputMemory();
    writer.write();
    const std::shared_ptr<Buffer> buffer = writer.getBufferSharedPointer();
    return QByteArray(reinterpret_cast<const char *>(buffer->getBuffer()), qsizetype(buffer->getSize()));
}

// A PDF with one empty page and no embedded file: what a printed or scanned invoice looks like here.
QByteArray plainPdf()
{
    QPDF pdf;
    pdf.emptyPDF();
    return written(pdf);
}

// A PDF embedding `xml` once under each of `names`.
QByteArray pdfWithAttachments(const QStringList &names, const QByteArray &xml)
{
    QPDF pdf;
    pdf.emptyPDF();
    QPDFEmbeddedFileDocumentHelper embedded(pdf);
    for (const QString &name : names) {
        const std::string file = name.toStdString();
        QPDFEFStreamObjectHelper stream = QPDFEFStreamObjectHelper::createEFStream(pdf, xml.toStdString());
        stream.setSubtype("text/xml");
        auto spec = QPDFFileSpecObjectHelper::createFileSpec(pdf, file, stream);
        embedded.replaceEmbeddedFile(file, spec);
    }
    return written(pdf);
}

QString xmlEscaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QJsonObject body(const QByteArray &xml, const QString &trusted = TrustedIban,
    const QString &amount = u"1190.00"_s, const QString &currency = u"EUR"_s)
{
    return QJsonObject { { u"invoice_xml"_s, QString::fromUtf8(xml) }, { u"buyer_country"_s, u"DE"_s },
        { u"expected_amount"_s, amount }, { u"expected_currency"_s, currency },
        { u"trusted_payee_iban"_s, trusted }, { u"expected_supplier_vat"_s, u"DE136695976"_s },
        { u"purchase_order_reference"_s, u"PO-7781"_s }, { u"supply_type"_s, u"service"_s },
        { u"b2b"_s, true } };
}

QJsonObject pdfBody(const QByteArray &pdf)
{
    QJsonObject b = body({});
    b.remove(u"invoice_xml"_s);
    b.insert(u"document_base64"_s, QString::fromLatin1(pdf.toBase64()));
    return b;
}

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString checkStatus(const QJsonObject &dossier, const QString &id)
{
    for (const QJsonValue &c : dossier.value(u"checks"_s).toArray()) {
        if (c.toObject().value(u"id"_s).toString() == id)
            return c.toObject().value(u"status"_s).toString();
    }
    return u"(absent)"_s;
}

QString checkCode(const QJsonObject &dossier, const QString &id)
{
    for (const QJsonValue &c : dossier.value(u"checks"_s).toArray()) {
        if (c.toObject().value(u"id"_s).toString() == id)
            return c.toObject().value(u"code"_s).toString();
    }
    return u"(absent)"_s;
}

QStringList keysOf(const QJsonObject &o)
{
    QStringList keys = o.keys();
    keys.removeAll(u"receipt"_s);
    keys.removeAll(u"extensions"_s);
    keys.sort();
    return keys;
}

// Every file of a data folder (SQLite database, its WAL, the delivery journal, anything else).
QList<QPair<QString, QByteArray>> filesUnder(const QString &dir)
{
    QList<QPair<QString, QByteArray>> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            files.append({ path, f.readAll() });
    }
    return files;
}

} // namespace

// eu.invoice_to_pay.check and eu.invoice_to_pay.dossier (docs/invoice-to-pay.md) on their channels, with the
// fake VIES and the shared sanctions lists: every decision path, missing checks, the uncharged refusals,
// the masked IBAN, and a store that holds no byte of the document.
class TestInvoiceToPay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void freeCheckIsLocalAndFree();
    void freeCheckListsProblemsAsIssues();
    void documentChoiceIs400BeforeAnything_data();
    void documentChoiceIs400BeforeAnything();
    void unreadableDocumentIs400BeforeTheChallenge_data();
    void unreadableDocumentIs400BeforeTheChallenge();
    void paidInputIsCheckedBeforeTheChallenge();
    void readyDossier();
    void ibanMismatchIsDoNotPay();
    void sanctionsMatchIsDoNotPay();
    void amountOrCurrencyDifferenceHolds();
    void invalidInvoiceHolds();
    void reverseChargeAcrossBorders();
    void viesDownIsMissingAndHolds();
    void noLiveCheckIsUncharged503();
    void ordinaryPdfIsUncharged400();
    void pdfWithSeveralInvoicesIsUncharged400();
    void facturXPdfIsRead();
    void cenExampleWithPayeeIban();
    void storeHoldsNoByteOfTheDocument();
    void mcpToolsArePricedAndFree();
    void freeMcpToolSharesTheDailyQuota();

private:
    HttpTestResponse postPaid(const QJsonObject &b, const QByteArray &payment = {});
    QByteArray pay(const QJsonObject &b);
    QByteArray paymentFor(const HttpTestResponse &challenge) const;
    // Pays and returns the delivered dossier (empty when the call failed).
    QJsonObject dossier(const QJsonObject &b);
    QString listedEntityName() const;

    std::unique_ptr<FakeVies> m_vies;
    FakeFacilitator m_facilitator;
    RunningService m_service;
    PrivateKey m_payer = PrivateKey::generate();
};

void TestInvoiceToPay::initTestCase()
{
    ADES_REQUIRE_SHARED_DATA();
    QVERIFY2(!testInvoice().isEmpty(), "tests/data/invoicetopay/domestic-de.xml is missing");
    m_vies = std::make_unique<FakeVies>();
    QVERIFY2(m_vies->isReady(), qPrintable(m_vies->errorString()));
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"upstream/vies/base_url"_s, m_vies->baseUrl());
    QVERIFY(m_service.start(settings));
    const Result<int> imported
        = sanctionsOf(*m_service.context)
              .import({ sharedDataDir() + u"/sanctions/index_all_lists.derived.jsonl.gz"_s });
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().message()));
}

void TestInvoiceToPay::init()
{
    ADES_REQUIRE_SHARED_DATA();
    m_vies->setDown(false);
}

HttpTestResponse TestInvoiceToPay::postPaid(const QJsonObject &b, const QByteArray &payment)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!payment.isEmpty())
        headers.append({ "PAYMENT-SIGNATURE", payment });
    return m_service.client->post(u"/x402/invoice-to-pay"_s, compact(b), headers);
}

QByteArray TestInvoiceToPay::pay(const QJsonObject &b)
{
    return paymentFor(postPaid(b));
}

// The PAYMENT-SIGNATURE header value that pays the first offer of a 402 challenge.
QByteArray TestInvoiceToPay::paymentFor(const HttpTestResponse &challenge) const
{
    return ades::test::paymentFor(m_payer, challenge.header("PAYMENT-REQUIRED"));
}

QJsonObject TestInvoiceToPay::dossier(const QJsonObject &b)
{
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = postPaid(b, pay(b));
    if (r.status != 200) {
        qWarning("dossier: %d %s", r.status, r.body.constData());
        return {};
    }
    if (m_facilitator.settleCount() != settles + 1)
        return {};
    return r.json();
}

QString TestInvoiceToPay::listedEntityName() const
{
    const auto index = sanctionsOf(*m_service.context).index();
    for (const auto &entry : index->entries()) {
        if (entry.subjectType == eu::SanctionsEntry::SubjectType::Entity && entry.displayName().size() > 8)
            return entry.displayName();
    }
    return {};
}

void TestInvoiceToPay::freeCheckIsLocalAndFree()
{
    const int viesRequests = m_vies->requestCount();
    const HttpTestResponse r
        = m_service.client->post(u"/free/invoice-to-pay/check"_s, compact(body(testInvoice())));
    QCOMPARE(r.status, 200);
    QCOMPARE(r.header("X-Free-Quota-Limit"), QByteArray("50")); // the input-check quota
    const QJsonObject result = r.json();
    // Exactly the fields of SPEC §2.3's free check (the channel adds the receipt).
    QCOMPARE(keysOf(result),
        QStringList(
            { u"chargeable"_s, u"contract"_s, u"coverage"_s, u"detected"_s, u"eligible_for_paid_dossier"_s,
                u"input_fingerprint"_s, u"issues"_s, u"price"_s, u"privacy"_s, u"purchase"_s }));
    QCOMPARE(result.value(u"contract"_s).toString(), u"eu-invoice-to-pay/1"_s);
    QCOMPARE(result.value(u"price"_s).toString(), u"free"_s);
    QCOMPARE(result.value(u"chargeable"_s).toBool(true), false);
    QCOMPARE(result.value(u"eligible_for_paid_dossier"_s).toBool(), true);
    QVERIFY2(result.value(u"issues"_s).toArray().isEmpty(), r.body.constData());
    const QJsonObject purchase = result.value(u"purchase"_s).toObject();
    QCOMPARE(purchase.value(u"url"_s).toString(), u"/x402/invoice-to-pay"_s);
    QCOMPARE(purchase.value(u"amount_atomic_units"_s).toString(), u"1000000"_s);
    const QJsonObject detected = result.value(u"detected"_s).toObject();
    QCOMPARE(detected.value(u"syntax"_s).toString(), u"UBL"_s);
    QCOMPARE(detected.value(u"payee_ibans_masked"_s).toArray(), QJsonArray { u"DE89****3000"_s });
    QVERIFY(!r.body.contains(TrustedIban.toUtf8()));
    QVERIFY(!r.body.contains(InvoiceNumber.toUtf8()));
    QCOMPARE(m_vies->requestCount(), viesRequests); // no VIES, no charge

    // The dossier computes the same fingerprint for the same request.
    const QJsonObject paid = dossier(body(testInvoice()));
    QCOMPARE(paid.value(u"input_fingerprint"_s), result.value(u"input_fingerprint"_s));
}

void TestInvoiceToPay::freeCheckListsProblemsAsIssues()
{
    QJsonObject b = pdfBody(plainPdf());
    b.insert(u"trusted_payee_iban"_s, u"DE89370400440532013001"_s); // wrong check digits
    b.insert(u"expected_amount"_s, u"1.190,00"_s);
    const HttpTestResponse r = m_service.client->post(u"/free/invoice-to-pay/check"_s, compact(b));
    QCOMPARE(r.status, 200);
    const QJsonObject result = r.json();
    QCOMPARE(result.value(u"eligible_for_paid_dossier"_s).toBool(true), false);
    QVERIFY(result.value(u"purchase"_s).isNull());
    QStringList codes;
    for (const QJsonValue &issue : result.value(u"issues"_s).toArray())
        codes.append(issue.toObject().value(u"code"_s).toString());
    QVERIFY2(codes.contains(u"pdf_not_einvoice"_s), qPrintable(codes.join(u", "_s)));
    QVERIFY(codes.contains(u"invalid_iban"_s));
    QVERIFY(codes.contains(u"invalid_value"_s));

    // What the dossier will certainly hold on is a warning, not a blocker.
    const HttpTestResponse other
        = m_service.client->post(u"/free/invoice-to-pay/check"_s, compact(body(testInvoice(), OtherIban)));
    QCOMPARE(other.json().value(u"eligible_for_paid_dossier"_s).toBool(), true);
    QVERIFY(other.body.contains("payee_iban_differs"));
}

void TestInvoiceToPay::documentChoiceIs400BeforeAnything_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("both");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("param");
    QTest::newRow("paid-neither") << u"/x402/invoice-to-pay"_s << false << u"missing_document"_s
                                  << u"invoice_xml"_s;
    QTest::newRow("paid-both") << u"/x402/invoice-to-pay"_s << true << u"conflicting_documents"_s
                               << u"document_base64"_s;
    QTest::newRow("free-neither") << u"/free/invoice-to-pay/check"_s << false << u"missing_document"_s
                                  << u"invoice_xml"_s;
    QTest::newRow("free-both") << u"/free/invoice-to-pay/check"_s << true << u"conflicting_documents"_s
                               << u"document_base64"_s;
}

void TestInvoiceToPay::documentChoiceIs400BeforeAnything()
{
    QFETCH(QString, path);
    QFETCH(bool, both);
    QFETCH(QString, code);
    QFETCH(QString, param);
    QJsonObject b = body(testInvoice());
    if (both)
        b.insert(u"document_base64"_s, QString::fromLatin1(testInvoice().toBase64()));
    else
        b.insert(u"invoice_xml"_s, QString()); // empty counts as absent (the MCP default)
    const HttpTestResponse r = m_service.client->post(path, compact(b));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), code);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), param);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
}

void TestInvoiceToPay::unreadableDocumentIs400BeforeTheChallenge_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("code");
    // Only the paid path: the free check reports these as issues (freeCheckListsProblemsAsIssues).
    const QString path = u"/x402/invoice-to-pay"_s;
    QByteArray truncated = testInvoice();
    truncated.chop(40);
    QTest::newRow("truncated-xml") << path << u"invoice_xml"_s << truncated << u"einvoice_malformed_xml"_s;
    QTest::newRow("other-root") << path << u"invoice_xml"_s
                                << QByteArray("<Order xmlns=\"urn:example:order\"><ID>1</ID></Order>")
                                << u"einvoice_unsupported"_s;
    QTest::newRow("ordinary-pdf") << path << u"document_base64"_s << plainPdf() << u"pdf_not_einvoice"_s;
}

// A document the dossier could not decide on is an uncharged 400 before the 402 challenge: nobody is asked
// to pay for it.
void TestInvoiceToPay::unreadableDocumentIs400BeforeTheChallenge()
{
    QFETCH(QString, path);
    QFETCH(QString, field);
    QFETCH(QByteArray, document);
    QFETCH(QString, code);
    QJsonObject b = body({});
    b.insert(field,
        field == u"invoice_xml"_s ? QString::fromUtf8(document) : QString::fromLatin1(document.toBase64()));
    const HttpTestResponse r = m_service.client->post(path, compact(b));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), code);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), field);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
}

void TestInvoiceToPay::paidInputIsCheckedBeforeTheChallenge()
{
    HttpTestResponse r = postPaid(body(testInvoice()));
    QCOMPARE(r.status, 402);
    const QJsonObject challenge
        = QJsonDocument::fromJson(QByteArray::fromBase64(r.header("PAYMENT-REQUIRED"))).object();
    // Exactly the official x402 client's default per-payment cap: 1 USDC.
    QCOMPARE(
        challenge.value(u"accepts"_s).toArray().at(0).toObject().value(u"amount"_s).toString(), u"1000000"_s);

    r = postPaid(body(testInvoice(), u"DE89370400440532013001"_s));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"trusted_payee_iban"_s);
    QVERIFY(r.header("PAYMENT-REQUIRED").isEmpty());
    r = postPaid(body(testInvoice(), TrustedIban, u"1190,00"_s));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"expected_amount"_s);
    r = postPaid(body(testInvoice(), TrustedIban, u"1190.00"_s, u"EURO"_s));
    QCOMPARE(r.status, 422);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"expected_currency"_s);
}

void TestInvoiceToPay::readyDossier()
{
    ViesObservations &archive = m_service.context->store().viesObservations();
    const qint64 observedBefore = archive.count(u"DE"_s, u"136695976"_s).value_or(-1);
    const QJsonObject d = dossier(body(testInvoice()));
    QVERIFY(!d.isEmpty());
    QCOMPARE(d.value(u"decision"_s).toString(), u"READY_FOR_BUYER_APPROVAL"_s);
    QCOMPARE(keysOf(d),
        QStringList({ u"checks"_s, u"contract"_s, u"decision"_s, u"evidence"_s, u"evidence_coverage"_s,
            u"input_fingerprint"_s, u"invoice"_s, u"limitations"_s, u"next_actions"_s, u"payment"_s,
            u"policy_version"_s, u"pricing"_s, u"privacy"_s, u"source_snapshots"_s, u"supplier"_s,
            u"validity"_s }));
    QCOMPARE(d.value(u"contract"_s).toString(), u"eu-invoice-to-pay/1"_s);
    for (const QString &id : { u"einvoice"_s, u"totals"_s, u"payee_iban"_s, u"supplier_vat_vies"_s,
             u"sanctions"_s, u"vat_treatment"_s, u"expected_amount"_s, u"expected_currency"_s, u"buyer"_s,
             u"expected_supplier"_s, u"purchase_order"_s })
        QVERIFY2(checkStatus(d, id) == u"pass"_s, qPrintable(id + u": "_s + checkStatus(d, id)));
    QCOMPARE(d.value(u"evidence_coverage"_s).toObject().value(u"complete"_s).toBool(), true);
    QCOMPARE(d.value(u"evidence_coverage"_s).toObject().value(u"missing_checks"_s).toArray(), QJsonArray());
    // The IBAN only masked, the invoice number only hashed.
    const QByteArray raw = QJsonDocument(d).toJson(QJsonDocument::Compact);
    QVERIFY(!raw.contains(TrustedIban.toUtf8()));
    QVERIFY(!raw.contains(InvoiceNumber.toUtf8()));
    QCOMPARE(d.value(u"payment"_s).toObject().value(u"trusted_iban_masked"_s).toString(), u"DE89****3000"_s);
    QCOMPARE(d.value(u"invoice"_s).toObject().value(u"amount_due"_s).toString(), u"1190.00"_s);
    QCOMPARE(d.value(u"supplier"_s).toObject().value(u"vat_id"_s).toString(), u"DE136695976"_s);
    // Each check cites its source and time; VIES answered through the area's archive.
    for (const QJsonValue &c : d.value(u"checks"_s).toArray())
        QVERIFY(c.toObject().value(u"source"_s).toObject().contains(u"checked_at"_s));
    QCOMPARE(archive.count(u"DE"_s, u"136695976"_s).value_or(-1), observedBefore + 1);
    QCOMPARE(d.value(u"pricing"_s).toObject().value(u"amount_atomic_units"_s).toString(), u"1000000"_s);
    QVERIFY(d.value(u"receipt"_s)
                .toObject()
                .value(u"subject"_s)
                .toString()
                .startsWith(u"invoice-to-pay sha256:"_s));
    QVERIFY(m_service.context->verifier().verify(d).valid);
}

void TestInvoiceToPay::ibanMismatchIsDoNotPay()
{
    const QJsonObject d = dossier(body(testInvoice(), OtherIban));
    QCOMPARE(d.value(u"decision"_s).toString(), u"DO_NOT_PAY"_s);
    QCOMPARE(checkStatus(d, u"payee_iban"_s), u"do_not_pay"_s);
    QCOMPARE(checkCode(d, u"payee_iban"_s), u"iban_mismatch"_s);
    const QByteArray raw = QJsonDocument(d).toJson(QJsonDocument::Compact);
    QVERIFY(!raw.contains(OtherIban.toUtf8()));
    QVERIFY(!raw.contains(TrustedIban.toUtf8()));
    QCOMPARE(d.value(u"payment"_s).toObject().value(u"trusted_iban_masked"_s).toString(), u"GB82****5432"_s);
    QVERIFY(d.value(u"next_actions"_s).toArray().first().toString().startsWith(u"Do not pay"_s));
}

void TestInvoiceToPay::sanctionsMatchIsDoNotPay()
{
    const QString listed = listedEntityName();
    QVERIFY(!listed.isEmpty());
    QByteArray xml = testInvoice();
    xml.replace("Muster Software GmbH", xmlEscaped(listed).toUtf8());
    const QJsonObject d = dossier(body(xml));
    QCOMPARE(d.value(u"decision"_s).toString(), u"DO_NOT_PAY"_s);
    QCOMPARE(checkStatus(d, u"sanctions"_s), u"do_not_pay"_s);
    QCOMPARE(checkCode(d, u"sanctions"_s), u"sanctions_match"_s);
}

void TestInvoiceToPay::amountOrCurrencyDifferenceHolds()
{
    QJsonObject d = dossier(body(testInvoice(), TrustedIban, u"1180.00"_s));
    QCOMPARE(d.value(u"decision"_s).toString(), u"HOLD_FOR_REVIEW"_s);
    QCOMPARE(checkCode(d, u"expected_amount"_s), u"amount_differs"_s);
    QCOMPARE(d.value(u"evidence"_s)
                 .toObject()
                 .value(u"expected_amount"_s)
                 .toObject()
                 .value(u"difference"_s)
                 .toString(),
        u"10"_s);
    // 1190 and 1190.00 are the same amount.
    d = dossier(body(testInvoice(), TrustedIban, u"1190"_s));
    QCOMPARE(checkStatus(d, u"expected_amount"_s), u"pass"_s);
    d = dossier(body(testInvoice(), TrustedIban, u"1190.00"_s, u"CHF"_s));
    QCOMPARE(d.value(u"decision"_s).toString(), u"HOLD_FOR_REVIEW"_s);
    QCOMPARE(checkCode(d, u"expected_currency"_s), u"currency_differs"_s);
}

void TestInvoiceToPay::invalidInvoiceHolds()
{
    // The amount due no longer follows from the totals (BR-CO-16): fatal findings, never READY.
    QByteArray xml = testInvoice();
    xml.replace(
        "<cbc:PayableAmount currencyID=\"EUR\">1190.00", "<cbc:PayableAmount currencyID=\"EUR\">1200.00");
    const QJsonObject d = dossier(body(xml, TrustedIban, u"1200.00"_s));
    QCOMPARE(d.value(u"decision"_s).toString(), u"HOLD_FOR_REVIEW"_s);
    QCOMPARE(checkCode(d, u"einvoice"_s), u"invoice_invalid"_s);
    QCOMPARE(checkStatus(d, u"totals"_s), u"hold"_s);
    QVERIFY(d.value(u"evidence"_s).toObject().value(u"einvoice"_s).toObject().value(u"fatal_count"_s).toInt()
        > 0);
}

void TestInvoiceToPay::reverseChargeAcrossBorders()
{
    // An Irish supplier's service to a German business: the VAT rules expect the reverse charge (AE), which
    // rests on the buyer's VAT ID being valid in VIES; the invoice says AE.
    QFile f(sourceDir() + u"/tests/data/invoicetopay/reverse-charge-ie-de.xml"_s);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray xml = f.readAll();
    QJsonObject b = body(xml, TrustedIban, u"1000.00"_s);
    b.insert(u"expected_supplier_vat"_s, u"IE6388047V"_s);
    QJsonObject d = dossier(b);
    QCOMPARE(d.value(u"decision"_s).toString(), u"READY_FOR_BUYER_APPROVAL"_s);
    const QJsonObject vat = d.value(u"evidence"_s).toObject().value(u"vat_treatment"_s).toObject();
    QCOMPARE(vat.value(u"expected_category"_s).toString(), u"AE"_s);
    QCOMPARE(vat.value(u"buyer_vat_valid_in_vies"_s).toBool(), true);
    QCOMPARE(vat.value(u"reverse_charge"_s).toBool(), true);
    // VIES registers the seller's VAT ID to the name on the invoice.
    QCOMPARE(d.value(u"supplier"_s).toObject().value(u"vies_name_match"_s).toString(), u"same"_s);

    // Sold to a consumer, the same service is taxed by the supplier: the invoice's AE is then wrong.
    b.insert(u"b2b"_s, false);
    d = dossier(b);
    QCOMPARE(d.value(u"decision"_s).toString(), u"HOLD_FOR_REVIEW"_s);
    QCOMPARE(checkStatus(d, u"vat_treatment"_s), u"hold"_s);
}

void TestInvoiceToPay::viesDownIsMissingAndHolds()
{
    m_vies->setDown(true);
    const QJsonObject d = dossier(body(testInvoice()));
    QCOMPARE(d.value(u"decision"_s).toString(), u"HOLD_FOR_REVIEW"_s);
    QCOMPARE(checkStatus(d, u"supplier_vat_vies"_s), u"missing"_s);
    QCOMPARE(d.value(u"evidence_coverage"_s).toObject().value(u"missing_checks"_s).toArray(),
        QJsonArray { u"supplier_vat_vies"_s });
    QCOMPARE(d.value(u"evidence_coverage"_s).toObject().value(u"complete"_s).toBool(true), false);
}

void TestInvoiceToPay::noLiveCheckIsUncharged503()
{
    // A service whose sanctions lists were never loaded, with VIES down: nothing outside could be asked.
    FakeFacilitator facilitator;
    RunningService bare;
    QHash<QString, QString> settings = localX402Settings(facilitator.baseUrl());
    settings.insert(u"upstream/vies/base_url"_s, m_vies->baseUrl());
    QVERIFY(bare.start(settings));
    m_vies->setDown(true);
    const QByteArray b = compact(body(testInvoice()));
    const HttpTestResponse challenge = bare.client->post(u"/x402/invoice-to-pay"_s, b);
    QCOMPARE(challenge.status, 402);
    const QByteArray payment = paymentFor(challenge);
    const HttpTestResponse r
        = bare.client->post(u"/x402/invoice-to-pay"_s, b, { { "PAYMENT-SIGNATURE", payment } });
    QCOMPARE(r.status, 503);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    const QStringList missing = r.json().value(u"missing"_s).toVariant().toStringList();
    QVERIFY2(missing.contains(u"vies"_s) && missing.contains(u"sanctions_lists"_s), r.body.constData());
    const QStringList missingChecks = r.json().value(u"missing_checks"_s).toVariant().toStringList();
    QVERIFY(missingChecks.contains(u"supplier_vat_vies"_s) && missingChecks.contains(u"sanctions"_s));
    QCOMPARE(facilitator.settleCount(), 0);
}

void TestInvoiceToPay::ordinaryPdfIsUncharged400()
{
    const QJsonObject b = pdfBody(plainPdf());
    const QByteArray payment = pay(body(testInvoice())); // a payment of the right amount
    const int settles = m_facilitator.settleCount();
    const HttpTestResponse r = postPaid(b, payment);
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"pdf_not_einvoice"_s);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"document_base64"_s);
    QCOMPARE(r.json().value(u"charged"_s).toBool(true), false);
    QCOMPARE(m_facilitator.settleCount(), settles);

    // A PDF's bytes given as invoice_xml are refused too, naming that field.
    QJsonObject asXml = body({});
    asXml.insert(u"invoice_xml"_s, u"%PDF-1.7 not xml"_s);
    const HttpTestResponse xml = postPaid(asXml, payment);
    QCOMPARE(xml.status, 400);
    QCOMPARE(xml.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"invoice_xml"_s);
}

void TestInvoiceToPay::pdfWithSeveralInvoicesIsUncharged400()
{
    const QByteArray twice = pdfWithAttachments({ u"factur-x.xml"_s, u"xrechnung.xml"_s }, testInvoice());
    QJsonObject b = pdfBody(twice);
    const int settles = m_facilitator.settleCount();
    HttpTestResponse r = postPaid(b, pay(body(testInvoice())));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"pdf_several_invoices"_s);
    QCOMPARE(r.json().value(u"error"_s).toObject().value(u"param"_s).toString(), u"document_base64"_s);

    b = pdfBody(pdfWithAttachments({ u"notes.xml"_s }, testInvoice())); // an embedded file, but no invoice
    r = postPaid(b, pay(body(testInvoice())));
    QCOMPARE(r.status, 400);
    QCOMPARE(r.json().value(u"error_code"_s).toString(), u"pdf_not_einvoice"_s);
    QCOMPARE(m_facilitator.settleCount(), settles);

    // Exactly one embedded invoice XML is read like the XML itself.
    b = pdfBody(pdfWithAttachments({ u"factur-x.xml"_s }, testInvoice()));
    const QJsonObject d = dossier(b);
    QCOMPARE(d.value(u"invoice"_s).toObject().value(u"container"_s).toString(), u"pdf"_s);
    QCOMPARE(checkStatus(d, u"payee_iban"_s), u"pass"_s);
}

void TestInvoiceToPay::facturXPdfIsRead()
{
    const QByteArray pdf = corpusFile(u"pdf/zugferd-2.4/EN16931/EN16931_Einfach_fx.pdf"_s);
    if (pdf.isEmpty())
        QSKIP("the corpus's EN16931_Einfach.pdf is absent");
    const QJsonObject d = dossier(pdfBody(pdf));
    QVERIFY(!d.isEmpty());
    QCOMPARE(d.value(u"invoice"_s).toObject().value(u"container"_s).toString(), u"pdf"_s);
    QCOMPARE(d.value(u"invoice"_s).toObject().value(u"syntax"_s).toString(), u"CII"_s);
    // Its payee account is not ours: never READY.
    QVERIFY(d.value(u"decision"_s).toString() != u"READY_FOR_BUYER_APPROVAL"_s);
}

void TestInvoiceToPay::cenExampleWithPayeeIban()
{
    // A valid example of the CEN artefacts whose BT-84 is a real-looking IBAN: trusted, it matches.
    const QByteArray xml = corpusFile(u"ubl/cen-examples/ubl-tc434-example9.xml"_s);
    if (xml.isEmpty())
        QSKIP("the corpus's ubl-tc434-example9.xml is absent");
    QJsonObject b = body(xml, u"NL13RABO0377815500"_s);
    b.remove(u"expected_supplier_vat"_s);
    b.remove(u"purchase_order_reference"_s);
    // The free check tells what the invoice asks for; the dossier is then asked with exactly that.
    const QJsonObject detected = m_service.client->post(u"/free/invoice-to-pay/check"_s, compact(b))
                                     .json()
                                     .value(u"detected"_s)
                                     .toObject();
    b.insert(u"expected_amount"_s, detected.value(u"amount_due"_s).toString());
    b.insert(u"expected_currency"_s, detected.value(u"currency"_s).toString());
    const QJsonObject d = dossier(b);
    QVERIFY(!d.isEmpty());
    QCOMPARE(checkStatus(d, u"einvoice"_s), u"pass"_s); // the official artefacts call it valid
    QCOMPARE(checkStatus(d, u"totals"_s), u"pass"_s);
    QCOMPARE(checkStatus(d, u"payee_iban"_s), u"pass"_s);
    QCOMPARE(checkStatus(d, u"expected_amount"_s), u"pass"_s);
    QCOMPARE(d.value(u"payment"_s).toObject().value(u"invoice_ibans_masked"_s).toArray(),
        QJsonArray { u"NL13****5500"_s });
    QVERIFY(d.value(u"decision"_s).toString() != u"DO_NOT_PAY"_s);
}

void TestInvoiceToPay::storeHoldsNoByteOfTheDocument()
{
    const QByteArray xml = testInvoice();
    const QJsonObject d = dossier(body(xml));
    QCOMPARE(d.value(u"decision"_s).toString(), u"READY_FOR_BUYER_APPROVAL"_s);
    const QJsonObject viaPdf = dossier(pdfBody(pdfWithAttachments({ u"factur-x.xml"_s }, xml)));
    QVERIFY(!viaPdf.isEmpty());
    m_service.client->post(u"/free/invoice-to-pay/check"_s, compact(body(xml)));
    // Let the call log's write-behind rows arrive, then commit everything queued.
    QTRY_VERIFY_WITH_TIMEOUT(m_service.context->store().calls().recentCalls(50).size() >= 3, 5000);
    QVERIFY(m_service.context->store().flush());

    QList<QByteArray> needles { InvoiceNumber.toUtf8(), TrustedIban.toUtf8(), xml.left(200), xml.mid(600, 64),
        xml.toBase64().left(64), xml.toBase64().mid(400, 64) };
    for (const QString &text : DistinctiveText) {
        needles.append(text.toUtf8());
        // SQLite may hold text as UTF-16.
        needles.append(QByteArray(reinterpret_cast<const char *>(text.utf16()), text.size() * 2));
    }
    const auto files = filesUnder(m_service.dir.path());
    QVERIFY(files.size() >= 2); // the database and its WAL at least
    qint64 scanned = 0;
    bool sawReceipts = false;
    for (const auto &[path, bytes] : files) {
        scanned += bytes.size();
        sawReceipts = sawReceipts || bytes.contains("invoice-to-pay sha256:");
        for (const QByteArray &needle : std::as_const(needles))
            QVERIFY2(needle.isEmpty() || !bytes.contains(needle),
                qPrintable(u"%1 holds document bytes: %2"_s.arg(path, QString::fromUtf8(needle.left(40)))));
    }
    QVERIFY(scanned > 0);
    QVERIFY(sawReceipts); // the scan saw what was stored for these calls
    // Control: what the signed result itself says (kept in the ledger for identical retries) is found, so
    // the scan reads the stored bytes as they are.
    bool sawResult = false;
    for (const auto &[path, bytes] : files)
        sawResult = sawResult || bytes.contains("Muster Software GmbH");
    QVERIFY(sawResult);
}

void TestInvoiceToPay::mcpToolsArePricedAndFree()
{
    QJsonObject args = body(testInvoice());
    const QJsonObject offer = m_service.client->mcpToolOffer(u"invoice_to_pay_dossier_eu"_s, args);
    QCOMPARE(offer.value(u"amount"_s).toString(), u"1000000"_s);
    const QJsonObject free = m_service.client->callMcpTool(u"prepare_invoice_to_pay_eu"_s, args);
    QVERIFY(!free.value(u"isError"_s).toBool());
    QCOMPARE(
        free.value(u"structuredContent"_s).toObject().value(u"eligible_for_paid_dossier"_s).toBool(), true);

    // The paid tool with its MCP defaults (empty document_base64, filename invoice.xml).
    args.remove(u"purchase_order_reference"_s);
    const int settles = m_facilitator.settleCount();
    const QJsonObject paid = m_service.client->callMcpTool(u"invoice_to_pay_dossier_eu"_s, args,
        { { u"x402/payment"_s,
            signedPayment(m_payer, m_service.client->mcpToolOffer(u"invoice_to_pay_dossier_eu"_s, args)) } });
    QVERIFY2(!paid.value(u"isError"_s).toBool(), QJsonDocument(paid).toJson().constData());
    QCOMPARE(paid.value(u"structuredContent"_s).toObject().value(u"decision"_s).toString(),
        u"READY_FOR_BUYER_APPROVAL"_s);
    QCOMPARE(m_facilitator.settleCount(), settles + 1);
}

// The free MCP tool spends the same per-address counter as /free/invoice-to-pay/check: switching channels
// never doubles the daily quota, and a spent quota is an error result naming it, never a check that ran.
void TestInvoiceToPay::freeMcpToolSharesTheDailyQuota()
{
    RunningService small;
    QHash<QString, QString> settings = localX402Settings(m_facilitator.baseUrl());
    settings.insert(u"free/daily_input_checks"_s, u"2"_s);
    QVERIFY(small.start(settings));
    const QJsonObject args = body(testInvoice());

    const HttpTestResponse first = small.client->post(u"/free/invoice-to-pay/check"_s, compact(args));
    QCOMPARE(first.status, 200);
    QCOMPARE(first.header("X-Free-Quota-Remaining"), QByteArray("1"));
    const QJsonObject second = small.client->callMcpTool(u"prepare_invoice_to_pay_eu"_s, args);
    QVERIFY2(!second.value(u"isError"_s).toBool(), QJsonDocument(second).toJson().constData());

    const QJsonObject third = small.client->callMcpTool(u"prepare_invoice_to_pay_eu"_s, args);
    QVERIFY(third.value(u"isError"_s).toBool());
    const QJsonObject error = third.value(u"structuredContent"_s).toObject();
    QCOMPARE(error.value(u"error_code"_s).toString(), u"free_quota_exhausted"_s);
    QVERIFY(!error.contains(u"eligible_for_paid_dossier"_s));
    const HttpTestResponse fourth = small.client->post(u"/free/invoice-to-pay/check"_s, compact(args));
    QCOMPARE(fourth.status, 429);

    // Input refused by the check costs no slot on MCP either.
    QJsonObject neither = args;
    neither.insert(u"invoice_xml"_s, QString());
    const QJsonObject refused = small.client->callMcpTool(u"prepare_invoice_to_pay_eu"_s, neither);
    QCOMPARE(refused.value(u"structuredContent"_s).toObject().value(u"error_code"_s).toString(),
        u"missing_document"_s);
}

QTEST_GUILESS_MAIN(TestInvoiceToPay)
#include "TestInvoiceToPay.moc"
