#include "ApiKeys.h"

#include "core/Clock.h"
#include "store/ActiveKeyCache.h"
#include "store/Database.h"
#include "store/SqlSupport.h"
#include "store/Transaction.h"
#include "store/WriteBehindQueue.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QLatin1StringView KeyScheme("ades_");
constexpr qsizetype KeyBodyLength = 40;
constexpr qsizetype KeyLength = 5 + KeyBodyLength;
constexpr qsizetype MaxLabelLength = 200;
constexpr qsizetype MaxEmailLength = 254; // RFC 5321 §4.5.3.1

QString generateKey()
{
    // Uniform base62: bytes >= 248 (= 4 * 62) are rejected, so no character is more likely than another.
    static constexpr char Alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    QString key = KeyScheme;
    key.reserve(KeyLength);
    QRandomGenerator *const random = QRandomGenerator::system();
    while (key.size() < KeyLength) {
        quint32 word = random->generate();
        for (int i = 0; i < 4 && key.size() < KeyLength; ++i, word >>= 8) {
            const quint32 byte = word & 0xffu;
            if (byte < 248u)
                key.append(QLatin1Char(Alphabet[byte % 62u]));
        }
    }
    return key;
}

constexpr QStringView KeyColumns
    = u"k.id, k.key_prefix, k.label, k.plan, k.created_at, k.revoked_at, "
      "q.call_limit, q.calls_used, k.email FROM api_keys k LEFT JOIN quotas q ON q.key_id = k.id";

ApiKeyRecord readKey(const QSqlQuery &query)
{
    ApiKeyRecord record;
    record.id = query.value(0).toString();
    record.prefix = query.value(1).toString();
    record.label = query.value(2).toString();
    record.plan = query.value(3).toString();
    record.createdAt = parseTime(query.value(4));
    if (!query.value(5).isNull())
        record.revokedAt = parseTime(query.value(5));
    record.callLimit = optionalInt(query.value(6));
    record.callsUsed = query.value(7).toLongLong();
    record.email = query.value(8).toString();
    return record;
}

} // namespace

ApiKeys::ApiKeys(Database &db, ActiveKeyCache &cache)
    : m_db(db)
    , m_cache(cache)
{ }

QString ApiKeys::hashKey(const QString &plaintextKey)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(plaintextKey.toUtf8(), QCryptographicHash::Sha256).toHex());
}

std::optional<ServiceError> ApiKeys::checkPlan(const QString &plan, std::optional<qint64> callLimit)
{
    if (plan != u"free"_s && plan != u"full"_s)
        return ServiceError::badRequest(
            u"invalid_plan"_s, u"plan must be \"free\" or \"full\"."_s, u"plan"_s);
    if (callLimit && *callLimit < 0)
        return ServiceError::badRequest(
            u"invalid_call_limit"_s, u"call_limit must not be negative."_s, u"call_limit"_s);
    return std::nullopt;
}

Result<NewApiKey> ApiKeys::create(
    const QString &label, const QString &plan, std::optional<qint64> callLimit, const QString &email)
{
    if (const std::optional<ServiceError> problem = checkPlan(plan, callLimit))
        return *problem;
    const QString cleanLabel = label.trimmed();
    if (cleanLabel.size() > MaxLabelLength)
        return ServiceError::badRequest(
            u"invalid_label"_s, u"label must be at most %1 characters."_s.arg(MaxLabelLength), u"label"_s);
    // The address is checked by whoever took it in (signup, console, command line); here only its size.
    const QString cleanEmail = email.trimmed();
    if (cleanEmail.size() > MaxEmailLength)
        return ServiceError::badRequest(
            u"invalid_email"_s, u"email must be at most %1 characters."_s.arg(MaxEmailLength), u"email"_s);

    NewApiKey created;
    created.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    created.key = generateKey();
    created.prefix = created.key.left(KeyPrefixLength);

    QSqlDatabase db = m_db.connection();
    Transaction transaction(db);
    if (!transaction.isActive())
        return storeUnavailable(u"create the API key"_s, db.lastError());
    {
        PreparedQuery insertKey
            = m_db.prepare(u"INSERT INTO api_keys (id, key_hash, key_prefix, label, email, plan, created_at) "
                           "VALUES (:id, :hash, :prefix, :label, :email, :plan, :at)"_s);
        insertKey->bindValue(u":id"_s, created.id);
        insertKey->bindValue(u":hash"_s, hashKey(created.key));
        insertKey->bindValue(u":prefix"_s, created.prefix);
        insertKey->bindValue(u":label"_s, sqlText(cleanLabel));
        insertKey->bindValue(u":email"_s, sqlText(cleanEmail));
        insertKey->bindValue(u":plan"_s, plan);
        insertKey->bindValue(u":at"_s, isoUtc(m_db.now()));
        if (!insertKey->exec())
            return storeUnavailable(u"create the API key"_s, insertKey->lastError());
        PreparedQuery insertQuota
            = m_db.prepare(u"INSERT INTO quotas (key_id, call_limit, calls_used) VALUES (:id, :limit, 0)"_s);
        insertQuota->bindValue(u":id"_s, created.id);
        insertQuota->bindValue(u":limit"_s, sqlNullableInt(callLimit));
        if (!insertQuota->exec())
            return storeUnavailable(u"create the API key"_s, insertQuota->lastError());
    }
    if (!transaction.commit())
        return storeUnavailable(u"create the API key"_s, QSqlError(transaction.commitError()));
    qCInfo(lcStore, "created API key %s (plan %s)", qUtf8Printable(created.prefix), qUtf8Printable(plan));
    return created;
}

std::optional<ApiKeyRecord> ApiKeys::findActive(const QString &plaintextKey)
{
    Result<std::optional<ApiKeyRecord>> found = lookupActive(plaintextKey);
    return found.ok() ? found.value() : std::nullopt;
}

Result<std::optional<ApiKeyRecord>> ApiKeys::lookupActive(const QString &plaintextKey)
{
    // Cheap shape check first: garbage from the network never reaches SQL.
    if (plaintextKey.size() != KeyLength || !plaintextKey.startsWith(KeyScheme))
        return std::optional<ApiKeyRecord>();
    const QString hash = hashKey(plaintextKey);
    if (std::optional<ActiveKeyCache::Entry> kept = m_cache.find(hash)) {
        // An unlimited key is counted write-behind: add what this process counted since the key was read.
        if (!kept->record.callLimit)
            kept->record.callsUsed
                += m_db.writes().callsUsed(kept->record.id).counted - kept->callsCountedAtRead;
        return Result<std::optional<ApiKeyRecord>>(std::move(kept->record));
    }
    static const QString sql
        = u"SELECT "_s + KeyColumns + u" WHERE k.key_hash = :hash AND k.revoked_at IS NULL"_s;
    const quint64 generation = m_cache.generation();
    std::optional<ApiKeyRecord> record;
    {
        PreparedQuery query = m_db.prepare(sql);
        query->bindValue(u":hash"_s, hash);
        if (!execLogged(*query, "look up an API key"))
            return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
                u"The store could not look up the API key; nothing was charged. Try again."_s)
                .setRetryable(true);
        if (!query->next())
            return std::optional<ApiKeyRecord>();
        record = readKey(*query);
    }
    // An unlimited key may have calls counted by Quotas::consumeCall(ApiKeyRecord) and not written yet.
    const WriteBehindQueue::CallsUsed queued = m_db.writes().callsUsed(record->id);
    if (!record->callLimit)
        record->callsUsed += queued.pending;
    m_cache.keep(hash, { *record, queued.counted }, generation);
    return Result<std::optional<ApiKeyRecord>>(std::move(record));
}

QList<ApiKeyRecord> ApiKeys::list()
{
    QList<ApiKeyRecord> keys;
    m_db.flush(); // calls_used of unlimited keys
    static const QString sql = u"SELECT "_s + KeyColumns + u" ORDER BY k.created_at, k.id"_s;
    PreparedQuery query = m_db.prepare(sql);
    if (!execLogged(*query, "list API keys"))
        return keys;
    while (query->next())
        keys.append(readKey(*query));
    // Usage rows are per UTC day: a key's last use is its latest day with a counted call.
    PreparedQuery lastUse = m_db.prepare(u"SELECT key_id, MAX(day) FROM usage GROUP BY key_id"_s);
    if (!execLogged(*lastUse, "read the API keys' last use"))
        return keys;
    QHash<QString, QDate> lastDays;
    while (lastUse->next())
        lastDays.insert(
            lastUse->value(0).toString(), QDate::fromString(lastUse->value(1).toString(), Qt::ISODate));
    for (ApiKeyRecord &key : keys)
        key.lastUsedDay = lastDays.value(key.id);
    return keys;
}

std::optional<QString> ApiKeys::resolveId(const QString &idOrPrefix)
{
    const QString value = idOrPrefix.trimmed();
    if (value.isEmpty())
        return std::nullopt;
    QStringList ids;
    {
        PreparedQuery find = m_db.prepare(
            u"SELECT id FROM api_keys WHERE id = :id OR key_prefix = :prefix OR key_hash = :hash"_s);
        find->bindValue(u":id"_s, value);
        find->bindValue(u":prefix"_s, value);
        find->bindValue(u":hash"_s, hashKey(value));
        if (!execLogged(*find, "find the API key"))
            return std::nullopt;
        while (find->next())
            ids.append(find->value(0).toString());
    }
    if (ids.size() != 1) {
        if (ids.size() > 1)
            qCWarning(lcStore, "%s matches %d keys; use the key id", qUtf8Printable(value), int(ids.size()));
        return std::nullopt;
    }
    return ids.constFirst();
}

bool ApiKeys::revoke(const QString &idOrPrefix)
{
    const std::optional<QString> id = resolveId(idOrPrefix);
    if (!id)
        return false;
    // One statement: the guard on revoked_at makes a second revocation (any process) update nothing.
    PreparedQuery revoke
        = m_db.prepare(u"UPDATE api_keys SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL"_s);
    revoke->bindValue(u":at"_s, isoUtc(m_db.now()));
    revoke->bindValue(u":id"_s, *id);
    const bool executed = execLogged(*revoke, "revoke an API key");
    m_cache.clear();
    return executed && revoke->numRowsAffected() == 1;
}

Result<ApiKeyRecord> ApiKeys::changePlan(
    const QString &idOrPrefix, const QString &plan, std::optional<qint64> callLimit)
{
    if (const std::optional<ServiceError> problem = checkPlan(plan, callLimit))
        return *problem;
    const std::optional<QString> id = resolveId(idOrPrefix);
    if (!id)
        return ServiceError(ServiceError::Kind::NotFound, u"unknown_api_key"_s,
            u"No key, or more than one, matches %1."_s.arg(idOrPrefix.trimmed()))
            .setParam(u"key"_s);
    // The calls of an unlimited key still queued are written first: the new limit is compared with every
    // call counted so far, not with a count that jumps once the queue is written.
    m_db.flush();
    QSqlDatabase db = m_db.connection();
    Transaction transaction(db);
    if (!transaction.isActive())
        return storeUnavailable(u"change the plan"_s, db.lastError());
    {
        // A revoked key stays revoked: its plan is history, not something to edit.
        PreparedQuery setPlan
            = m_db.prepare(u"UPDATE api_keys SET plan = :plan WHERE id = :id AND revoked_at IS NULL"_s);
        setPlan->bindValue(u":plan"_s, plan);
        setPlan->bindValue(u":id"_s, *id);
        if (!setPlan->exec())
            return storeUnavailable(u"change the plan"_s, setPlan->lastError());
        if (setPlan->numRowsAffected() != 1)
            return ServiceError(ServiceError::Kind::NotFound, u"revoked_api_key"_s,
                u"The key %1 is revoked; its plan cannot change."_s.arg(idOrPrefix.trimmed()))
                .setParam(u"key"_s);
        // A limit below the calls already used is allowed: the key is then spent until the limit rises.
        PreparedQuery setLimit = m_db.prepare(u"UPDATE quotas SET call_limit = :limit WHERE key_id = :id"_s);
        setLimit->bindValue(u":limit"_s, sqlNullableInt(callLimit));
        setLimit->bindValue(u":id"_s, *id);
        if (!setLimit->exec())
            return storeUnavailable(u"change the plan"_s, setLimit->lastError());
    }
    const bool committed = transaction.commit();
    m_cache.clear(); // also after a failed commit: whatever the key is now, the next call reads it
    if (!committed)
        return storeUnavailable(u"change the plan"_s, QSqlError(transaction.commitError()));
    qCInfo(lcStore, "API key %s now on plan %s", qUtf8Printable(*id), qUtf8Printable(plan));
    static const QString sql = u"SELECT "_s + KeyColumns + u" WHERE k.id = :id"_s;
    PreparedQuery read = m_db.prepare(sql);
    read->bindValue(u":id"_s, *id);
    if (!read->exec() || !read->next())
        return storeUnavailable(u"read the changed key"_s, read->lastError());
    return readKey(*read);
}

} // namespace ades
