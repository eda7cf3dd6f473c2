#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace ades {

// A delivered receipt, kept for the console's receipt view and redelivery. One row per receipt, identified
// by its signature: two deliveries of the same result are two receipts (different issued_at, hence
// different signatures), and both are kept. receiptJson holds the exact bytes that were sent: they are what
// the signature covers.
struct StoredReceipt
{
    QString signature; // the receipt's `signature` field: its identity (RFC 6979, so one per signed message)
    QString resultHash;
    QString operationId;
    QString subject;
    QString channel;
    QDateTime issuedAt;
    QDateTime validUntil;
    QString issuer;
    QByteArray receiptJson; // UTF-8

    friend bool operator==(const StoredReceipt &, const StoredReceipt &) = default;
};

} // namespace ades
