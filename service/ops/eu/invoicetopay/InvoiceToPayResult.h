#pragma once

#include "PayCheck.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace ades::eu {

class InvoiceToPayDecision;
struct InvoiceExamination;
struct InvoiceToPayInput;

// The dossier's result object (contract eu-invoice-to-pay/1, exactly the fields of docs/interface.md §2.3;
// docs/invoice-to-pay.md, "Result"): the invoice's facts without its number (hashed) and with IBANs masked,
// the checks, their evidence and sources, the coverage, next actions, validity, limitations, pricing and
// privacy. Pure.
namespace InvoiceToPayResult {

// What one run gathered besides its checks.
struct Parts
{
    const InvoiceToPayInput &input;
    const InvoiceExamination &exam;
    QString documentSha256;
    QJsonArray viesSnapshots; // the VIES calls' own source snapshots (seller and buyer)
    QDateTime now;
};

QJsonObject build(const Parts &parts, const QList<PayCheck> &checks, const InvoiceToPayDecision &decision);

} // namespace InvoiceToPayResult

} // namespace ades::eu
