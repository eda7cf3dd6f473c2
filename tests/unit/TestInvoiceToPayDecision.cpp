#include "ops/eu/iban/IbanValidator.h"
#include "ops/eu/invoicetopay/InvoiceFacts.h"
#include "ops/eu/invoicetopay/InvoiceToPayDecision.h"
#include "ops/eu/invoicetopay/InvoiceToPayInput.h"
#include "ops/eu/invoicetopay/PayeeIbanMatch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::eu;

Q_DECLARE_METATYPE(ades::eu::PayCheck::Status)

// The decision table of docs/invoice-to-pay.md row by row, the IBAN comparison and masking, and the
// expected-amount syntax.
class TestInvoiceToPayDecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decide_data();
    void decide();
    void noLiveCheckIsNotDelivered();
    void nextActionsPutTheWorstFirst();
    void payeeIban_data();
    void payeeIban();
    void maskIban_data();
    void maskIban();
    void amountSyntax_data();
    void amountSyntax();
    void documentChoice();
    void unreadableDocument_data();
    void unreadableDocument();
};

namespace {

using Status = PayCheck::Status;

PayCheck check(const QString &id, Status status, bool live = false, const QString &code = u"c"_s)
{
    PayCheck c;
    c.id = id;
    c.status = status;
    c.live = live;
    c.code = code;
    c.message = u"m"_s;
    if (status == Status::Missing)
        c.missingSources = { id == u"sanctions"_s ? u"sanctions_lists"_s : u"vies"_s };
    return c;
}

// The dossier's checks, all passing, with `changed` set to `status`.
QList<PayCheck> dossierWith(const QString &changed, Status status)
{
    QList<PayCheck> checks;
    for (const QString &id : { u"einvoice"_s, u"totals"_s, u"payee_iban"_s, u"supplier_vat_vies"_s,
             u"sanctions"_s, u"vat_treatment"_s, u"expected_amount"_s, u"expected_currency"_s })
        checks.append(check(
            id, id == changed ? status : Status::Pass, id == u"supplier_vat_vies"_s || id == u"sanctions"_s));
    return checks;
}

} // namespace

void TestInvoiceToPayDecision::decide_data()
{
    QTest::addColumn<QString>("check");
    QTest::addColumn<Status>("status");
    QTest::addColumn<QString>("decision");
    QTest::newRow("all-pass") << QString() << Status::Pass << u"READY_FOR_BUYER_APPROVAL"_s;
    QTest::newRow("iban-mismatch") << u"payee_iban"_s << Status::DoNotPay << u"DO_NOT_PAY"_s;
    QTest::newRow("sanctions-match") << u"sanctions"_s << Status::DoNotPay << u"DO_NOT_PAY"_s;
    QTest::newRow("invalid-invoice") << u"einvoice"_s << Status::Hold << u"HOLD_FOR_REVIEW"_s;
    QTest::newRow("amount-differs") << u"expected_amount"_s << Status::Hold << u"HOLD_FOR_REVIEW"_s;
    QTest::newRow("currency-differs") << u"expected_currency"_s << Status::Hold << u"HOLD_FOR_REVIEW"_s;
    QTest::newRow("vies-missing") << u"supplier_vat_vies"_s << Status::Missing << u"HOLD_FOR_REVIEW"_s;
    QTest::newRow("totals-missing") << u"totals"_s << Status::Missing << u"HOLD_FOR_REVIEW"_s;
    QTest::newRow("optional-not-requested")
        << u"expected_currency"_s << Status::NotRequested << u"READY_FOR_BUYER_APPROVAL"_s;
}

void TestInvoiceToPayDecision::decide()
{
    QFETCH(QString, check);
    QFETCH(Status, status);
    QFETCH(QString, decision);
    const InvoiceToPayDecision d = InvoiceToPayDecision::decide(dossierWith(check, status));
    QVERIFY(d.delivered());
    QCOMPARE(InvoiceToPayDecision::valueName(d.value()), decision);
    const bool missing = status == Status::Missing;
    QCOMPARE(d.coverage().value(u"complete"_s).toBool(), !missing);
    QCOMPARE(d.missingChecks(), missing ? QStringList { check } : QStringList {});
}

void TestInvoiceToPayDecision::noLiveCheckIsNotDelivered()
{
    // A missing check can never make READY, and with no live check at all there is no dossier (503).
    QList<PayCheck> checks = dossierWith(u"supplier_vat_vies"_s, Status::Missing);
    for (PayCheck &c : checks) {
        if (c.id == u"sanctions"_s) {
            c.status = Status::Missing;
            c.missingSources = { u"sanctions_lists"_s };
        }
    }
    const InvoiceToPayDecision d = InvoiceToPayDecision::decide(checks);
    QVERIFY(!d.delivered());
    QCOMPARE(d.missingSources(), (QStringList { u"vies"_s, u"sanctions_lists"_s }));
    QCOMPARE(d.missingChecks(), (QStringList { u"supplier_vat_vies"_s, u"sanctions"_s }));

    // One live check is enough to deliver, even when the other is missing.
    QVERIFY(InvoiceToPayDecision::decide(dossierWith(u"sanctions"_s, Status::Missing)).delivered());
}

void TestInvoiceToPayDecision::nextActionsPutTheWorstFirst()
{
    QList<PayCheck> checks = dossierWith(u"expected_amount"_s, Status::Hold);
    checks[2] = check(u"payee_iban"_s, Status::DoNotPay, false, u"iban_mismatch"_s);
    const InvoiceToPayDecision d = InvoiceToPayDecision::decide(checks);
    QCOMPARE(InvoiceToPayDecision::valueName(d.value()), u"DO_NOT_PAY"_s);
    QVERIFY(d.nextActions().first().startsWith(u"Do not pay"_s));
    QCOMPARE(d.nextActions().size(), 2); // one per open check, no approval line for DO_NOT_PAY
}

void TestInvoiceToPayDecision::payeeIban_data()
{
    QTest::addColumn<QStringList>("accounts");
    QTest::addColumn<Status>("status");
    QTest::addColumn<QString>("code");
    const QString trusted = u"DE89370400440532013000"_s;
    QTest::newRow("match") << QStringList { trusted } << Status::Pass << u"iban_match"_s;
    QTest::newRow("match-twice") << QStringList { trusted, trusted } << Status::Pass << u"iban_match"_s;
    QTest::newRow("mismatch") << QStringList { u"GB82WEST12345698765432"_s } << Status::DoNotPay
                              << u"iban_mismatch"_s;
    QTest::newRow("not-an-iban") << QStringList { u"12345678"_s } << Status::DoNotPay << u"iban_mismatch"_s;
    QTest::newRow("additional") << QStringList { trusted, u"GB82WEST12345698765432"_s } << Status::Hold
                                << u"iban_additional_accounts"_s;
    QTest::newRow("none") << QStringList {} << Status::Hold << u"iban_not_on_invoice"_s;
}

void TestInvoiceToPayDecision::payeeIban()
{
    QFETCH(QStringList, accounts);
    QFETCH(Status, status);
    QFETCH(QString, code);
    InvoiceFacts facts;
    for (const QString &a : accounts)
        facts.accounts.append(PayeeAccount { u"58"_s, a });
    const PayCheck c = PayeeIbanMatch::check(facts, u"DE89370400440532013000"_s, IbanValidator(), {});
    QCOMPARE(c.status, status);
    QCOMPARE(c.code, code);
    // Nothing in the check shows a full IBAN.
    const QByteArray shown = QJsonDocument(c.evidence).toJson() + c.message.toUtf8();
    QVERIFY(!shown.contains("DE89370400440532013000"));
    QVERIFY(!shown.contains("GB82WEST12345698765432"));
}

void TestInvoiceToPayDecision::maskIban_data()
{
    QTest::addColumn<QString>("iban");
    QTest::addColumn<QString>("masked");
    QTest::newRow("de") << u"DE89370400440532013000"_s << u"DE89****3000"_s;
    QTest::newRow("no") << u"NO9386011117947"_s << u"NO93****7947"_s;
    QTest::newRow("short") << u"12345678"_s << u"****"_s;
}

void TestInvoiceToPayDecision::maskIban()
{
    QFETCH(QString, iban);
    QFETCH(QString, masked);
    QCOMPARE(PayeeIbanMatch::maskIban(iban), masked);
}

void TestInvoiceToPayDecision::amountSyntax_data()
{
    QTest::addColumn<QString>("amount");
    QTest::addColumn<bool>("ok");
    QTest::newRow("cents") << u"1190.00"_s << true;
    QTest::newRow("integer") << u"1190"_s << true;
    QTest::newRow("four-places") << u"0.1234"_s << true;
    QTest::newRow("comma") << u"1190,00"_s << false;
    QTest::newRow("thousands") << u"1,190.00"_s << false;
    QTest::newRow("negative") << u"-5"_s << false;
    QTest::newRow("exponent") << u"1e3"_s << false;
    QTest::newRow("five-places") << u"1.23456"_s << false;
    QTest::newRow("empty") << QString() << false;
}

void TestInvoiceToPayDecision::amountSyntax()
{
    QFETCH(QString, amount);
    QFETCH(bool, ok);
    QCOMPARE(InvoiceToPayInput::amountProblem(amount).isEmpty(), ok);
}

void TestInvoiceToPayDecision::documentChoice()
{
    const auto problem
        = [](const QJsonObject &arguments) { return InvoiceToPayInput::documentProblem(arguments); };
    const QString ubl = u"<Invoice xmlns=\"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2\"/>"_s;
    QVERIFY(!problem({ { u"invoice_xml"_s, ubl } }));
    QVERIFY(!problem({ { u"invoice_xml"_s, ubl }, { u"document_base64"_s, u""_s } }));
    QCOMPARE(problem({ { u"invoice_xml"_s, u"  "_s } })->code(), u"missing_document"_s);
    const std::optional<ServiceError> both
        = problem({ { u"invoice_xml"_s, ubl }, { u"document_base64"_s, u"JVBERi0="_s } });
    QCOMPARE(both->httpStatus(), 400);
    QCOMPARE(both->code(), u"conflicting_documents"_s);
}

void TestInvoiceToPayDecision::unreadableDocument_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("code");
    QTest::newRow("not well-formed") << u"invoice_xml"_s << u"<Invoice><ID>1</Invoice>"_s
                                     << u"einvoice_malformed_xml"_s;
    QTest::newRow("another root") << u"invoice_xml"_s << u"<Order xmlns=\"urn:example\"/>"_s
                                  << u"einvoice_unsupported"_s;
    QTest::newRow("plain text") << u"invoice_xml"_s << u"Invoice 42, pay soon"_s << u"einvoice_unsupported"_s;
    QTest::newRow("truncated PDF") << u"document_base64"_s << u"JVBERi0xLjcK"_s << QString();
    QTest::newRow("not base64") << u"document_base64"_s << u"%%%"_s << u"invalid_base64"_s;
}

// A document the dossier could not decide on is refused by the input check itself, so the paid path answers
// 400 before it asks for payment and the free path before it counts quota.
void TestInvoiceToPayDecision::unreadableDocument()
{
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, code);
    const std::optional<ServiceError> problem = InvoiceToPayInput::documentProblem({ { field, value } });
    QVERIFY(problem);
    QCOMPARE(problem->httpStatus(), 400);
    QCOMPARE(problem->param(), field);
    QVERIFY2(problem->message().startsWith(field + u": "_s), qPrintable(problem->message()));
    if (!code.isEmpty())
        QCOMPARE(problem->code(), code);
}

QTEST_APPLESS_MAIN(TestInvoiceToPayDecision)
#include "TestInvoiceToPayDecision.moc"
