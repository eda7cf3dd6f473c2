#pragma once

#include "core/Result.h"
#include "crypto/Secp256k1Key.h"

#include <QString>
#include <QStringList>

class QDateTime;

namespace ades {

// The receipt issuer key at `path`, a file holding the secret as 64 hex digits. If the file is absent a
// key is generated and written there, created owner-only (0600) before any secret byte is written; the
// parent folder is created if needed. A file that group or others may access is refused (error code
// "issuer_key_permissions": the operator runs chmod 600), as is one without a valid key
// ("issuer_key_invalid"); I/O failures give "issuer_key_io". Blocks on file I/O: call at startup.
Result<PrivateKey> loadOrCreateIssuerKey(const QString &path);
// The key at `path`, with the same checks; never creates one.
Result<PrivateKey> loadIssuerKey(const QString &path);

struct RotatedIssuerKey
{
    QString oldAddress;
    QString newAddress;
    QString retiredPath; // where the old key now is
};
// Rotation: the key at `path` moves to `path`.retired-<UTC time> (kept, owner-only, so receipts it signed
// stay recognised as this service's) and a fresh key is created at `path`. The running signer is not
// touched: the new key signs after the next start.
Result<RotatedIssuerKey> rotateIssuerKey(const QString &path, const QDateTime &now);
// The addresses of the keys rotateIssuerKey() retired beside `path`, oldest first.
QStringList retiredIssuerAddresses(const QString &path);

} // namespace ades
