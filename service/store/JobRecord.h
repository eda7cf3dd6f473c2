#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace ades {

// One long-running job whose caller may come back for the result (the US import recovery): the caller
// holds a recovery secret, the store only its SHA-256 (Jobs::hashSecret). A job is pending until it is
// completed with its settled, signed result or failed with a reason; either happens once. Rows are
// dropped once expired (Jobs::purgeExpired).
struct JobRecord
{
    enum class State
    {
        Pending,
        Completed,
        Failed,
    };

    QString id; // chosen by the caller, unique
    QString kind; // what the job does, e.g. "us.import"
    State state = State::Pending;
    QString secretHash; // lower-case hex SHA-256 of the recovery secret; never the secret
    QString inputFingerprint; // what was asked (a hash of the canonical input), to match a retry
    QByteArray resultJson; // the settled signed result, once completed
    QString failureReason; // why, once failed
    QDateTime createdAt;
    QDateTime completedAt; // completed or failed; invalid while pending
    QDateTime expiresAt;
};

} // namespace ades
