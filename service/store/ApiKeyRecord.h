#pragma once

#include <QDate>
#include <QDateTime>
#include <QMap>
#include <QString>
#include <optional>

namespace ades {

// Value types of ApiKeys and Quotas (docs/interface.md §5: free tier of 100 calls in total, full plan no
// limit).

// Returned once by ApiKeys::create: the plaintext key exists nowhere else afterwards.
struct NewApiKey
{
    QString id;
    QString key; // "ades_" + 40 base62 characters; show once, never log
    QString prefix; // first 12 characters, safe to show in lists and logs
};

struct ApiKeyRecord
{
    QString id;
    QString prefix;
    QString label;
    QString email; // contact address; empty when none was given
    QString plan; // "free" | "full"
    QDateTime createdAt;
    std::optional<QDateTime> revokedAt;
    std::optional<qint64> callLimit; // empty: unlimited
    qint64 callsUsed = 0;
    // The last UTC day with a counted call (usage rows are per day); null when never used. Filled by
    // ApiKeys::list() only: the request path does not need it.
    QDate lastUsedDay;

    bool isRevoked() const { return revokedAt.has_value(); }
};

// Calls of one key on one UTC day, all operations together: one bucket of the console's usage chart.
struct DailyUsage
{
    QDate day;
    qint64 calls = 0;
};

struct QuotaDecision
{
    bool allowed = false;
    qint64 used = 0; // calls counted after this decision
    std::optional<qint64> limit; // empty: unlimited
};

struct QuotaUsage
{
    bool known = false; // false: no such key
    qint64 used = 0;
    std::optional<qint64> limit;
    QMap<QString, qint64> callsByOperation; // operation id -> calls, over all days
};

} // namespace ades
