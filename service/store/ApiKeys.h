#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"

#include <QList>
#include <QString>
#include <optional>

namespace ades {

class Database;

// The API keys of the key channel (docs/interface.md §5), in api_keys with their quota row in quotas. Only a
// key's SHA-256 is stored; the plaintext exists in the return value of create() and nowhere else.
//
// Lookups always read the database, never a cache: a revocation by any thread or process stops the key at its
// next lookup. Thread-safe; every call blocks on SQL (Database.h). Errors never throw: create() returns a
// Result, lookups an empty optional or list and log the SQL error to "ades.store".
class ApiKeys
{
public:
    explicit ApiKeys(Database &db);
    Q_DISABLE_COPY_MOVE(ApiKeys)

    static constexpr qsizetype KeyPrefixLength = 12;

    // A new key "ades_" + 40 base62 characters from the system CSPRNG, with its quota row, in one
    // transaction. plan: "free" or "full"; callLimit empty: unlimited.
    Result<NewApiKey> create(const QString &label, const QString &plan = QStringLiteral("free"),
        std::optional<qint64> callLimit = 100);
    // The key's record when it exists and is not revoked. callsUsed includes the key's queued calls (an
    // unlimited key is counted write-behind: Quotas::consumeCall).
    std::optional<ApiKeyRecord> findActive(const QString &plaintextKey);
    // All keys, revoked ones included, oldest first (flushes the write-behind queue first).
    QList<ApiKeyRecord> list();
    // Revokes the key with this id, this 12-character prefix or this full key. False when nothing matched,
    // the prefix is ambiguous, or the key was already revoked.
    bool revoke(const QString &idOrPrefix);

    // Hex SHA-256 of the UTF-8 key: what api_keys.key_hash holds.
    static QString hashKey(const QString &plaintextKey);

private:
    Database &m_db;
};

} // namespace ades
