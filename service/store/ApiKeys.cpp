#include "ApiKeys.h"

#include "core/Clock.h"
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
      "q.call_limit, q.calls_used FROM api_keys k LEFT JOIN quotas q ON q.key_id = k.id";

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
    return record;
}

} // namespace

ApiKeys::ApiKeys(Database &db)
    : m_db(db)
{ }

QString ApiKeys::hashKey(const QString &plaintextKey)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(plaintextKey.toUtf8(), QCryptographicHash::Sha256).toHex());
}

Result<NewApiKey> ApiKeys::create(const QString &label, const QString &plan, std::optional<qint64> callLimit)
{
    if (plan != u"free"_s && plan != u"full"_s)
        return ServiceError::badRequest(
            u"invalid_plan"_s, u"plan must be \"free\" or \"full\"."_s, u"plan"_s);
    if (callLimit && *callLimit < 0)
        return ServiceError::badRequest(
            u"invalid_call_limit"_s, u"call_limit must not be negative."_s, u"call_limit"_s);
    const QString cleanLabel = label.trimmed();
    if (cleanLabel.size() > MaxLabelLength)
        return ServiceError::badRequest(
            u"invalid_label"_s, u"label must be at most %1 characters."_s.arg(MaxLabelLength), u"label"_s);

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
            = m_db.prepare(u"INSERT INTO api_keys (id, key_hash, key_prefix, label, plan, created_at) "
                           "VALUES (:id, :hash, :prefix, :label, :plan, :at)"_s);
        insertKey->bindValue(u":id"_s, created.id);
        insertKey->bindValue(u":hash"_s, hashKey(created.key));
        insertKey->bindValue(u":prefix"_s, created.prefix);
        insertKey->bindValue(u":label"_s, sqlText(cleanLabel));
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
    // Cheap shape check first: garbage from the network never reaches SQL.
    if (plaintextKey.size() != KeyLength || !plaintextKey.startsWith(KeyScheme))
        return std::nullopt;
    static const QString sql
        = u"SELECT "_s + KeyColumns + u" WHERE k.key_hash = :hash AND k.revoked_at IS NULL"_s;
    std::optional<ApiKeyRecord> record;
    {
        PreparedQuery query = m_db.prepare(sql);
        query->bindValue(u":hash"_s, hashKey(plaintextKey));
        if (!execLogged(*query, "look up an API key") || !query->next())
            return std::nullopt;
        record = readKey(*query);
    }
    // An unlimited key may have calls counted by Quotas::consumeCall(ApiKeyRecord) and not written yet.
    if (!record->callLimit)
        record->callsUsed += m_db.writes().pendingCallsUsed(record->id);
    return record;
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
    return keys;
}

bool ApiKeys::revoke(const QString &idOrPrefix)
{
    const QString value = idOrPrefix.trimmed();
    if (value.isEmpty())
        return false;
    QStringList ids;
    {
        PreparedQuery find = m_db.prepare(
            u"SELECT id FROM api_keys WHERE id = :id OR key_prefix = :prefix OR key_hash = :hash"_s);
        find->bindValue(u":id"_s, value);
        find->bindValue(u":prefix"_s, value);
        find->bindValue(u":hash"_s, hashKey(value));
        if (!execLogged(*find, "find the API key to revoke"))
            return false;
        while (find->next())
            ids.append(find->value(0).toString());
    }
    if (ids.size() != 1) {
        if (ids.size() > 1)
            qCWarning(lcStore, "not revoking: %s matches %d keys; use the key id", qUtf8Printable(value),
                int(ids.size()));
        return false;
    }
    // One statement: the guard on revoked_at makes a second revocation (any process) update nothing.
    PreparedQuery revoke
        = m_db.prepare(u"UPDATE api_keys SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL"_s);
    revoke->bindValue(u":at"_s, isoUtc(m_db.now()));
    revoke->bindValue(u":id"_s, ids.constFirst());
    if (!execLogged(*revoke, "revoke an API key"))
        return false;
    return revoke->numRowsAffected() == 1;
}

} // namespace ades
