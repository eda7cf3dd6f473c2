#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace ades {

// A delivered receipt kept for lookup by result hash (the console's receipt view, idempotent redelivery).
// receiptJson holds the exact bytes that were sent: they are what the signature covers.
struct StoredReceipt
{
    QString resultHash;
    QString operationId;
    QString subject;
    QString channel;
    QDateTime issuedAt;
    QDateTime validUntil;
    QString issuer;
    QByteArray receiptJson; // UTF-8
};

} // namespace ades
