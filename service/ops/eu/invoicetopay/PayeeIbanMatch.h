#pragma once

#include "PayCheck.h"

#include <QDateTime>
#include <QString>

namespace ades::eu {

class IbanValidator;
struct InvoiceFacts;

// Compares the payee accounts of the invoice (BT-84) with the IBAN from the buyer's master data. The result
// shows each IBAN only masked (maskIban): the dossier never carries a full IBAN (docs/interface.md §2.3).
// Pure and thread-safe.
class PayeeIbanMatch
{
public:
    // pass: every account on the invoice is the trusted IBAN; hold: the trusted IBAN is there among others
    // (iban_additional_accounts), or the invoice names none (iban_not_on_invoice); do_not_pay: no account on
    // the invoice is the trusted IBAN (iban_mismatch). `trusted` is in electronic form.
    static PayCheck check(const InvoiceFacts &facts, const QString &trusted, const IbanValidator &validator,
        const QDateTime &checkedAt);

    // Country, check digits and the last four characters: "DE89****3000". Shorter input is fully masked.
    static QString maskIban(const QString &electronic);
};

} // namespace ades::eu
