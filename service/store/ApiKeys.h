#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"

#include <QList>
#include <QString>
#include <optional>

namespace ades {

class ActiveKeyCache;
class Database;

// The API keys of the key channel (docs/interface.md §5), in api_keys with their quota row in quotas. Only a
// key's SHA-256 is stored; the plaintext exists in the return value of create() and nowhere else.
//
// An active key's lookup is answered from ActiveKeyCache for up to a second: a revocation or plan change made
// here stops or changes the key at its next lookup, one made by another process within a second. Thread-safe;
// every other call blocks on SQL (Database.h). Errors never throw: create() returns a Result, lookups an
// empty optional or list and log the SQL error to "ades.store".
class ApiKeys
{
public:
    ApiKeys(Database &db, ActiveKeyCache &cache);
    Q_DISABLE_COPY_MOVE(ApiKeys)

    static constexpr qsizetype KeyPrefixLength = 12;

    // A new key "ades_" + 40 base62 characters from the system CSPRNG, with its quota row, in one
    // transaction. plan: "free" or "full"; callLimit empty: unlimited; email: the owner's contact address
    // (checked by the caller that took it in), may be empty.
    Result<NewApiKey> create(const QString &label, const QString &plan = QStringLiteral("free"),
        std::optional<qint64> callLimit = 100, const QString &email = {});
    // The key's record when it exists and is not revoked. callsUsed includes the key's queued calls (an
    // unlimited key is counted write-behind: Quotas::consumeCall).
    std::optional<ApiKeyRecord> findActive(const QString &plaintextKey);
    // findActive() telling "no such active key" (an empty optional) from "the store could not say" (503
    // store_unavailable, retryable): a caller must not refuse a valid key because the database hiccupped.
    Result<std::optional<ApiKeyRecord>> lookupActive(const QString &plaintextKey);
    // All keys, revoked ones included, oldest first (flushes the write-behind queue first).
    QList<ApiKeyRecord> list();
    // Revokes the key with this id, this 12-character prefix or this full key. False when nothing matched,
    // the prefix is ambiguous, or the key was already revoked.
    bool revoke(const QString &idOrPrefix);
    // Moves the key with this id, prefix or full key to `plan` with `callLimit` (empty: unlimited), in one
    // transaction; the calls used so far stay counted. The key as it is now, or 400 for a bad plan or
    // limit, 404 when nothing (or more than one key) matched or the key is revoked, 503 when the store
    // failed.
    Result<ApiKeyRecord> changePlan(
        const QString &idOrPrefix, const QString &plan, std::optional<qint64> callLimit);
    // 400 unless plan is "free" or "full" and callLimit is empty or not negative.
    static std::optional<ServiceError> checkPlan(const QString &plan, std::optional<qint64> callLimit);

    // Hex SHA-256 of the UTF-8 key: what api_keys.key_hash holds.
    static QString hashKey(const QString &plaintextKey);

private:
    // The id of the one key with this id, prefix or full key; empty when none or several match.
    std::optional<QString> resolveId(const QString &idOrPrefix);

    Database &m_db;
    ActiveKeyCache &m_cache;
};

} // namespace ades
