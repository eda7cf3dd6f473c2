#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace ades {

// The outcome of verifying one receipt-bearing result. `valid` means: the receipt is complete, the result
// hashes to result_hash, signed_message is the canonical envelope and the signature recovers to the issuer.
// Expiry and "issued by this service" are reported separately: an old receipt is still authentic.
struct ReceiptVerdict
{
    bool valid = false;
    // false: the input is not a receipt-bearing JSON object at all
    bool usable = true;
    // "service-receipt/2" or "service-receipt/1"
    QString standard;
    // recovered signer address (EIP-55), empty if recovery failed
    QString issuer;
    // now > valid_until
    bool expired = false;
    bool issuedByThisService = false;
    // stable, machine-readable codes listed in ReceiptVerifier.h ("result_hash_mismatch" ...)
    QStringList problems;
    // the receipt's members its standard defines and its signature covers; never any other member
    QJsonObject receipt;

    // {valid, usable, standard, issuer, expired, issued_by_this_service, problems, receipt}: the body of
    // POST /verify and of the verify_compliance_receipt tool.
    QJsonObject toJson() const;
};

} // namespace ades
