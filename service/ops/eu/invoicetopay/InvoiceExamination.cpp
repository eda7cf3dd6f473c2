#include "InvoiceExamination.h"

#include <QObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// Smaller documents validate in well under a millisecond: not worth a thread hop.
constexpr qsizetype PoolThresholdBytes = 64 * 1024;

// Why a document whose syntax is NONE (not well-formed) or OTHER (another root) cannot be decided on.
ServiceError notAnInvoice(const QString &syntax, const QString &reason, const QString &field)
{
    if (syntax == u"NONE"_s)
        return ServiceError::badRequest(
            u"einvoice_malformed_xml"_s, u"%1: the XML is not well-formed: %2"_s.arg(field, reason), field);
    return ServiceError::badRequest(u"einvoice_unsupported"_s,
        u"%1: the XML is not a UBL 2.1 or CII D16B invoice: %2"_s.arg(field, reason), field);
}

} // namespace

Result<InvoiceExamination> InvoiceExamination::examine(const QByteArray &document, const QString &field)
{
    Result<InvoiceContainer> container = InvoiceContainer::open(document, field);
    if (!container.ok())
        return container.error();
    InvoiceExamination out;
    out.container = container.value();
    out.report = EinvoiceValidator::validate(
        out.container.xml, ValidationOptions { {}, out.container.container == u"pdf"_s, std::nullopt });
    if (out.report.syntax != u"UBL"_s && out.report.syntax != u"CII"_s) {
        const QString reason
            = out.report.findings.isEmpty() ? QString() : out.report.findings.first().message;
        return notAnInvoice(out.report.syntax, reason, field);
    }
    if (!out.report.model)
        return ServiceError::badRequest(u"einvoice_unsupported"_s,
            u"%1: the invoice could not be read into the EN 16931 model."_s.arg(field), field);
    out.facts = InvoiceFacts::of(*out.report.model);
    // The raw bytes are not needed once validated (the model keeps the parsed elements its terms point into,
    // for their paths, until the dossier is done; nothing of it is stored).
    out.container.xml.clear();
    return out;
}

std::optional<ServiceError> InvoiceExamination::unreadable(const QByteArray &document, const QString &field)
{
    Result<InvoiceContainer> container = InvoiceContainer::open(document, field);
    if (!container.ok())
        return container.error();
    const ValidationReport sniffed = EinvoiceValidator::identify(container.value().xml);
    if (sniffed.syntax == u"UBL"_s || sniffed.syntax == u"CII"_s)
        return std::nullopt;
    return notAnInvoice(
        sniffed.syntax, sniffed.findings.isEmpty() ? QString() : sniffed.findings.first().message, field);
}

void InvoiceExamination::examineAsync(
    QByteArray document, QString field, std::function<void(Result<InvoiceExamination>)> done)
{
    if (document.size() < PoolThresholdBytes)
        return done(examine(document, field));
    // The guard lives in the calling thread, so the queued completion runs there.
    auto *guard = new QObject;
    QThreadPool::globalInstance()->start([guard, document, field, done]() {
        Result<InvoiceExamination> examined = examine(document, field);
        QMetaObject::invokeMethod(
            guard,
            [guard, done, examined]() {
                guard->deleteLater();
                done(examined);
            },
            Qt::QueuedConnection);
    });
}

} // namespace ades::eu
