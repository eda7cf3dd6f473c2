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
    bool usable = true;            // false: the input is not a receipt-bearing JSON object at all
    QString standard;              // "service-receipt/2" or "service-receipt/1"
    QString issuer;                // recovered signer address (EIP-55), empty if recovery failed
    bool expired = false;          // now > valid_until
    bool issuedByThisService = false;
    QStringList problems;          // stable, machine-readable codes: "result_hash_mismatch", "bad_signature" ...
    QJsonObject receipt;           // the receipt as found

    QJsonObject toJson() const;
};

} // namespace ades
