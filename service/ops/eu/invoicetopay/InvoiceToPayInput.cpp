#include "InvoiceToPayInput.h"

#include "InvoiceExamination.h"
#include "catalog/ArgumentDecoder.h"
#include "core/CanonicalJson.h"
#include "ops/eu/iban/IbanValidator.h"

#include <QCryptographicHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const QString XmlField = u"invoice_xml"_s;
const QString PdfField = u"document_base64"_s;

bool given(const QJsonObject &arguments, const QString &field)
{
    return !arguments.value(field).toString().trimmed().isEmpty();
}

QString compact(const QString &text)
{
    QString out = text;
    out.remove(QRegularExpression(u"\\s"_s));
    return out.toUpper();
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// What decides a dossier, in one canonical form: the document by its hash (so base64 and raw XML of the
// same file agree, and the text is hashed once), the other fields as normalised, absent and empty alike
// left out, the filename never (it changes nothing).
QString fingerprintOf(const InvoiceToPayInput &in)
{
    QJsonObject canonical {
        { u"document_sha256"_s, sha256Hex(in.document) },
        { u"buyer_country"_s, in.buyerCountry },
        { u"expected_amount"_s, in.expectedAmountText },
        { u"expected_currency"_s, in.expectedCurrency },
        { u"trusted_payee_iban"_s, in.trustedPayeeIban },
        { u"supply_type"_s, in.supplyType },
        { u"b2b"_s, in.b2b },
    };
    const auto optional = [&canonical](const QString &name, const QString &value) {
        if (!value.isEmpty())
            canonical.insert(name, value);
    };
    optional(u"expected_supplier_vat"_s, in.expectedSupplierVat);
    optional(u"expected_supplier_name"_s, in.expectedSupplierName);
    optional(u"expected_buyer_vat"_s, in.expectedBuyerVat);
    optional(u"purchase_order_reference"_s, in.purchaseOrderReference);
    return u"sha256:"_s + sha256Hex(CanonicalJson::serialise(canonical));
}

} // namespace

std::optional<ServiceError> InvoiceToPayInput::documentChoiceProblem(const QJsonObject &arguments)
{
    const bool xml = given(arguments, XmlField);
    const bool pdf = given(arguments, PdfField);
    if (xml && pdf)
        return ServiceError::badRequest(u"conflicting_documents"_s,
            u"document_base64: give exactly one of invoice_xml and document_base64, not both."_s, PdfField);
    if (!xml && !pdf)
        return ServiceError::badRequest(u"missing_document"_s,
            u"invoice_xml: give the invoice as invoice_xml (UBL or CII XML) or as document_base64 (a "
            "ZUGFeRD/Factur-X PDF, base64)."_s,
            XmlField)
            .setMissing({ XmlField, PdfField });
    return std::nullopt;
}

std::optional<ServiceError> InvoiceToPayInput::documentProblem(const QJsonObject &arguments)
{
    Result<InvoiceToPayInput> in = read(arguments);
    if (!in.ok())
        return in.error();
    return InvoiceExamination::unreadable(in.value().document, in.value().documentField);
}

QString InvoiceToPayInput::amountProblem(const QString &amount)
{
    static const QRegularExpression plain(u"^[0-9]{1,15}(\\.[0-9]{1,4})?$"_s);
    const QString trimmed = amount.trimmed();
    if (plain.match(trimmed).hasMatch())
        return {};
    if (trimmed.contains(u','))
        return u"write the amount with a dot as decimal separator and no thousands separators (1234.56)"_s;
    return u"not a plain decimal amount (digits, optionally a dot and 1 to 4 digits: 1234.56)"_s;
}

std::optional<ServiceError> InvoiceToPayInput::paidInputProblem(const QJsonObject &arguments)
{
    if (auto problem = documentProblem(arguments))
        return problem;
    if (const QString problem = amountProblem(arguments.value(u"expected_amount"_s).toString());
        !problem.isEmpty())
        return ServiceError::unprocessable(
            u"invalid_value"_s, u"expected_amount: "_s + problem, u"expected_amount"_s);
    const IbanAnalysis iban = IbanValidator().analyse(arguments.value(u"trusted_payee_iban"_s).toString());
    if (!iban.isValid())
        return ServiceError::unprocessable(u"invalid_iban"_s,
            u"trusted_payee_iban: not a valid IBAN (%1); it must come from the buyer's master data."_s.arg(
                iban.errorCode()),
            u"trusted_payee_iban"_s);
    return std::nullopt;
}

Result<InvoiceToPayInput> InvoiceToPayInput::read(const QJsonObject &arguments)
{
    if (auto problem = documentChoiceProblem(arguments))
        return *problem;
    InvoiceToPayInput in;
    if (given(arguments, XmlField)) {
        in.documentField = XmlField;
        in.document = arguments.value(XmlField).toString().toUtf8();
    } else {
        in.documentField = PdfField;
        const std::optional<QByteArray> decoded = ArgumentDecoder::decodeBinary(arguments, PdfField);
        if (!decoded)
            return ServiceError::badRequest(u"invalid_base64"_s,
                u"document_base64: not valid base64 (standard alphabet, with padding)."_s, PdfField);
        in.document = *decoded;
    }
    in.filename = arguments.value(u"filename"_s).toString();
    in.buyerCountry = arguments.value(u"buyer_country"_s).toString().trimmed().toUpper();
    in.expectedAmountText = arguments.value(u"expected_amount"_s).toString().trimmed();
    in.expectedCurrency = arguments.value(u"expected_currency"_s).toString().trimmed().toUpper();
    in.trustedPayeeIban = IbanValidator::normalize(arguments.value(u"trusted_payee_iban"_s).toString());
    in.expectedSupplierVat = compact(arguments.value(u"expected_supplier_vat"_s).toString());
    in.expectedSupplierName = arguments.value(u"expected_supplier_name"_s).toString().simplified();
    in.expectedBuyerVat = compact(arguments.value(u"expected_buyer_vat"_s).toString());
    in.purchaseOrderReference = arguments.value(u"purchase_order_reference"_s).toString().trimmed();
    in.supplyType = arguments.value(u"supply_type"_s).toString(u"service"_s);
    if (in.supplyType.isEmpty())
        in.supplyType = u"service"_s;
    in.b2b = arguments.value(u"b2b"_s).toBool(true);
    in.fingerprint = fingerprintOf(in);
    return in;
}

} // namespace ades::eu
