#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::eu {

// One check of an invoice-to-pay dossier and what it contributes to the decision (docs/invoice-to-pay.md,
// "Checks" and "Decision table").
struct PayCheck
{
    enum class Status
    {
        Pass, // nothing against paying
        Hold, // a person must look before approval
        DoNotPay, // a reason not to pay this invoice as it stands
        Missing, // could not run (source down, or the invoice lacks what it needs): never READY
        NotRequested, // an optional comparison the caller gave no value for
    };

    QString id; // "payee_iban", "supplier_vat_vies" ...
    Status status = Status::Missing;
    QString code; // the outcome, stable snake_case ("iban_mismatch")
    QString message; // English, for a person
    // What the check looked at and found (never a full IBAN, never document text beyond the result's facts).
    QJsonObject evidence;
    // Where the answer came from: {"source", "name", "checked_at", "version"}.
    QJsonObject source;
    // Upstream source ids a Missing check needed ("vies", "sanctions_lists"), for the 503's `missing`.
    QStringList missingSources;
    // True for the checks that ask an outside source (VIES, the sanctions lists): a dossier is delivered only
    // when at least one of them ran.
    bool live = false;

    static QString statusName(Status status); // "pass", "hold", "do_not_pay", "missing", "not_requested"
    QJsonObject toJson() const; // {id, status, code, message, source}
};

} // namespace ades::eu
