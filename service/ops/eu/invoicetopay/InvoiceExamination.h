#pragma once

#include "InvoiceContainer.h"
#include "InvoiceFacts.h"
#include "core/Result.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"

#include <QByteArray>
#include <QString>
#include <functional>
#include <optional>

namespace ades::eu {

// One document read for invoice-to-pay: its container, the EN 16931 validation with the layers BT-24
// selects (EinvoiceValidator, public API only) and the facts the decision reads.
struct InvoiceExamination
{
    InvoiceContainer container;
    ValidationReport report;
    InvoiceFacts facts;

    // The uncharged 400s of InvoiceContainer::open, and XML that is no UBL 2.1 / CII D16B invoice. Pure and
    // synchronous.
    static Result<InvoiceExamination> examine(const QByteArray &document, const QString &field);
    // The same off the calling thread for large documents (as eu.einvoice.validate does); `done` runs once
    // on the calling thread, which must have an event loop.
    static void examineAsync(
        QByteArray document, QString field, std::function<void(Result<InvoiceExamination>)> done);
    // The same 400s without the rules: the container opens, the XML is well-formed and is a UBL 2.1 / CII
    // D16B invoice. Run as the operations' input check, before any quota or payment, so nobody is asked to
    // pay for a document the dossier would refuse. Synchronous: parsing costs milliseconds per megabyte
    // (docs/benchmarks.md), far less than the body's transfer.
    static std::optional<ServiceError> unreadable(const QByteArray &document, const QString &field);
};

} // namespace ades::eu
