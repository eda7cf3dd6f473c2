#include "Store.h"

#include "core/Clock.h"
#include "store/ConnectionPool.h"
#include "store/Migrations.h"
#include "store/PreparedQuery.h"
#include "store/WriteBehindQueue.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <atomic>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcStore, "ades.store")

namespace ades {

namespace {

constexpr QLatin1StringView KeyScheme("ades_");
constexpr qsizetype KeyBodyLength = 40;
constexpr qsizetype KeyLength = 5 + KeyBodyLength;
constexpr qsizetype MaxLabelLength = 200;

std::atomic<quint64> s_nextStoreId { 0 };

// A failed statement on a working database (busy beyond the timeout, disk full): the caller may retry.
ServiceError unavailable(const QString &what, const QSqlError &error)
{
    qCWarning(lcStore, "cannot %s: %s", qUtf8Printable(what), qUtf8Printable(error.text()));
    return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
        u"The store could not %1; try again."_s.arg(what))
        .setRetryable(true);
}

ServiceError invalidKey()
{
    return ServiceError(ServiceError::Kind::Unauthorized, u"invalid_api_key"_s,
        u"The API key is unknown or has been revoked."_s)
        .setParam(u"x-api-key"_s);
}

bool execLogged(QSqlQuery &query, const char *what)
{
    if (query.exec())
        return true;
    qCWarning(lcStore, "cannot %s: %s", what, qUtf8Printable(query.lastError().text()));
    return false;
}

// QtSql binds a null QString as SQL NULL; the NOT NULL text columns want '' for "none".
QString text(const QString &value)
{
    return value.isNull() ? QString(u""_s) : value;
}

QVariant nullableInt(std::optional<qint64> value)
{
    return value ? QVariant::fromValue(*value) : QVariant(QMetaType::fromType<qint64>());
}

std::optional<qint64> optionalInt(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    return value.toLongLong();
}

QDateTime parseTime(const QVariant &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs).toUTC();
}

QString dayOf(const QDateTime &at)
{
    return at.toUTC().date().toString(Qt::ISODate);
}

// Rolls back unless committed: every early return leaves the database as it was.
class Transaction
{
public:
    explicit Transaction(QSqlDatabase &db)
        : m_db(db)
        , m_active(db.transaction())
    { }
    ~Transaction()
    {
        if (m_active)
            m_db.rollback();
    }
    Q_DISABLE_COPY_MOVE(Transaction)

    bool isActive() const { return m_active; }
    bool commit()
    {
        m_active = false;
        if (m_db.commit())
            return true;
        m_commitError = m_db.lastError().text(); // before the rollback replaces it
        m_db.rollback();
        return false;
    }
    QString commitError() const { return m_commitError; }

private:
    QSqlDatabase &m_db;
    bool m_active;
    QString m_commitError;
};

// Runs on every new SQLite connection (qt-stack §6.4): WAL lets readers run beside the one writer;
// synchronous=NORMAL is durable across application crashes and costs no fsync per commit in WAL mode;
// foreign keys are off by default in SQLite.
QString setupSqlite(QSqlDatabase &db)
{
    QSqlQuery query(db);
    if (!query.exec(u"PRAGMA journal_mode=WAL"_s) || !query.next())
        return u"PRAGMA journal_mode=WAL failed: %1"_s.arg(query.lastError().text());
    const QString mode = query.value(0).toString();
    query.finish();
    if (mode.compare(u"wal"_s, Qt::CaseInsensitive) != 0)
        return u"the database cannot use WAL (journal mode %1)"_s.arg(mode);
    for (const QString &pragma : { u"PRAGMA synchronous=NORMAL"_s, u"PRAGMA foreign_keys=ON"_s }) {
        if (!query.exec(pragma))
            return u"%1 failed: %2"_s.arg(pragma, query.lastError().text());
    }
    return {};
}

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

// Positive 63-bit: fits BIGINT on both engines; collisions are negligible at call-log volumes.
qint64 randomRowId()
{
    return qint64(QRandomGenerator::global()->generate64() >> 1);
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

constexpr QStringView CallColumns
    = u"at, channel, method, target, operation_id, status, price_units, latency_ms, "
      "principal, request_id, network, transaction_hash";

CallRecord readCall(const QSqlQuery &query)
{
    CallRecord record;
    record.at = parseTime(query.value(0));
    record.channel = query.value(1).toString();
    record.method = query.value(2).toString();
    record.target = query.value(3).toString();
    record.operationId = query.value(4).toString();
    record.status = query.value(5).toInt();
    record.priceUnits = query.value(6).toLongLong();
    record.latencyMs = query.value(7).toLongLong();
    record.principal = query.value(8).toString();
    record.requestId = query.value(9).toString();
    record.network = query.value(10).toString();
    record.transaction = query.value(11).toString();
    return record;
}

const QString InsertCallSql = u"INSERT INTO call_log (id, "_s + CallColumns
    + u") VALUES (:id, :at, :channel, :method, :target, :operation, :status, "
      ":price, :latency, :principal, :request, :network, :transaction)"_s;

QString writeCalls(ConnectionPool &pool, const QList<CallRecord> &calls)
{
    if (calls.isEmpty())
        return {};
    PreparedQuery insert = pool.prepare(InsertCallSql);
    for (const CallRecord &record : calls) {
        insert->bindValue(u":id"_s, randomRowId());
        insert->bindValue(u":at"_s, isoUtc(record.at));
        insert->bindValue(u":channel"_s, text(record.channel));
        insert->bindValue(u":method"_s, text(record.method));
        insert->bindValue(u":target"_s, text(record.target));
        insert->bindValue(u":operation"_s, text(record.operationId));
        insert->bindValue(u":status"_s, record.status);
        insert->bindValue(u":price"_s, record.priceUnits);
        insert->bindValue(u":latency"_s, record.latencyMs);
        insert->bindValue(u":principal"_s, text(record.principal));
        insert->bindValue(u":request"_s, text(record.requestId));
        insert->bindValue(u":network"_s, text(record.network));
        insert->bindValue(u":transaction"_s, text(record.transaction));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

QString writeReceipts(ConnectionPool &pool, const QList<StoredReceipt> &receipts)
{
    if (receipts.isEmpty())
        return {};
    PreparedQuery insert
        = pool.prepare(u"INSERT INTO receipts (result_hash, operation_id, subject, channel, issued_at, "
                       "valid_until, issuer, receipt_json) VALUES (:hash, :operation, :subject, "
                       ":channel, :issued, :valid, :issuer, :json) "
                       "ON CONFLICT (result_hash) DO NOTHING"_s);
    for (const StoredReceipt &receipt : receipts) {
        insert->bindValue(u":hash"_s, receipt.resultHash);
        insert->bindValue(u":operation"_s, text(receipt.operationId));
        insert->bindValue(u":subject"_s, text(receipt.subject));
        insert->bindValue(u":channel"_s, text(receipt.channel));
        insert->bindValue(u":issued"_s, isoUtc(receipt.issuedAt));
        insert->bindValue(u":valid"_s, isoUtc(receipt.validUntil));
        insert->bindValue(u":issuer"_s, text(receipt.issuer));
        insert->bindValue(u":json"_s, QString::fromUtf8(receipt.receiptJson));
        if (!insert->exec())
            return insert->lastError().text();
    }
    return {};
}

// Rows are updated in key order: two PostgreSQL instances flushing at once then lock them in the same
// order and cannot deadlock.
QString writeUsage(ConnectionPool &pool, const QHash<UsageDay, qint64> &usage)
{
    if (usage.isEmpty())
        return {};
    QList<UsageDay> rows = usage.keys();
    std::sort(rows.begin(), rows.end(), [](const UsageDay &a, const UsageDay &b) {
        return std::tie(a.keyId, a.operationId, a.day) < std::tie(b.keyId, b.operationId, b.day);
    });
    // A key deleted meanwhile (ON DELETE CASCADE) must not fail the whole batch on the foreign key: its
    // counts are skipped. The CAST types the parameter for PostgreSQL, which reads SELECT parameters as text.
    PreparedQuery upsert = pool.prepare(
        u"INSERT INTO usage (key_id, operation_id, day, calls) "
        "SELECT :id, :operation, :day, CAST(:calls AS BIGINT) "
        "WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = :key) "
        "ON CONFLICT (key_id, operation_id, day) DO UPDATE SET calls = usage.calls + excluded.calls"_s);
    for (const UsageDay &row : std::as_const(rows)) {
        upsert->bindValue(u":id"_s, row.keyId);
        upsert->bindValue(u":operation"_s, text(row.operationId));
        upsert->bindValue(u":day"_s, row.day);
        upsert->bindValue(u":calls"_s, usage.value(row));
        upsert->bindValue(u":key"_s, row.keyId);
        if (!upsert->exec())
            return upsert->lastError().text();
    }
    return {};
}

QString writeCallsUsed(ConnectionPool &pool, const QHash<QString, qint64> &callsUsed)
{
    if (callsUsed.isEmpty())
        return {};
    QStringList keys = callsUsed.keys();
    keys.sort();
    PreparedQuery bump
        = pool.prepare(u"UPDATE quotas SET calls_used = calls_used + :calls WHERE key_id = :id"_s);
    for (const QString &keyId : std::as_const(keys)) {
        bump->bindValue(u":calls"_s, callsUsed.value(keyId));
        bump->bindValue(u":id"_s, keyId);
        if (!bump->exec())
            return bump->lastError().text();
    }
    return {};
}

// One transaction per batch: the commit, not the row, is what costs (WriteBehindQueue.h).
bool writeBatch(ConnectionPool &pool, const PendingWrites &batch)
{
    QString failure;
    QSqlDatabase db = pool.connection(&failure);
    if (db.isOpen()) {
        Transaction transaction(db);
        if (!transaction.isActive())
            failure = db.lastError().text();
        if (failure.isEmpty())
            failure = writeReceipts(pool, batch.receipts);
        if (failure.isEmpty())
            failure = writeCalls(pool, batch.calls);
        if (failure.isEmpty())
            failure = writeUsage(pool, batch.usage);
        if (failure.isEmpty())
            failure = writeCallsUsed(pool, batch.callsUsed);
        if (failure.isEmpty() && !transaction.commit())
            failure = transaction.commitError();
        if (failure.isEmpty())
            return true;
    }
    qint64 counted = 0;
    for (const qint64 calls : batch.usage)
        counted += calls;
    qCWarning(lcStore, "dropping %d call log records, %d receipts and the usage counts of %lld calls: %s",
        int(batch.calls.size()), int(batch.receipts.size()), counted, qUtf8Printable(failure));
    return false;
}

} // namespace

Store::Store(QString databasePath, const Clock *clock)
    : m_databasePath(std::move(databasePath))
    , m_clock(clock)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
}

Store::~Store()
{
    if (m_writes)
        m_writes->flush();
}
Result<std::unique_ptr<Store>> Store::open(const QString &databasePath, const Clock *clock)
{
    const auto openError = [&databasePath](const QString &reason) {
        return ServiceError(ServiceError::Kind::Internal, u"store_open_failed"_s,
            u"Cannot open the database %1: %2"_s.arg(databasePath, reason));
    };
    if (databasePath.isEmpty())
        return openError(u"no path given"_s);
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return openError(u"the Qt SQLite driver (QSQLITE) is not installed"_s);

    const QFileInfo info(databasePath);
    const QString path = info.absoluteFilePath();
    const QDir folder = info.absoluteDir();
    if (!folder.exists()) {
        if (!QDir().mkpath(folder.absolutePath()))
            return openError(u"cannot create the folder %1"_s.arg(folder.absolutePath()));
        QFile::setPermissions(
            folder.absolutePath(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }
    if (!info.exists()) {
        // Created 0600 before SQLite sees it; SQLite gives the -wal and -shm files the same mode. The file
        // holds key hashes and receipts, and the data folder may hold the issuer key.
        QFile file(path);
        if (!file.open(
                QIODevice::WriteOnly | QIODevice::NewOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner)
            && !QFileInfo::exists(path))
            return openError(file.errorString());
    }

    const QString templateName = u"ades.store.%1"_s.arg(++s_nextStoreId);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, templateName);
        db.setDatabaseName(path);
        db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=5000"_s);
    }

    std::unique_ptr<Store> store(new Store(path, clock));
    store->m_pool = ConnectionPool::create(templateName, setupSqlite);
    const std::weak_ptr<ConnectionPool> pool = store->m_pool;
    store->m_writes = WriteBehindQueue::create([pool](const PendingWrites &batch) {
        const std::shared_ptr<ConnectionPool> alive = pool.lock();
        return alive && writeBatch(*alive, batch);
    });
    QString reason;
    QSqlDatabase db = store->m_pool->connection(&reason);
    if (!db.isOpen())
        return openError(reason);
    const Result<int> version = Migrations::apply(db, store->now());
    if (!version.ok())
        return version.error();
    return store;
}

QDateTime Store::now() const
{
    return m_clock->now().toUTC();
}

PreparedQuery Store::prepare(const QString &sql)
{
    QString reason;
    PreparedQuery query = m_pool->prepare(sql, &reason);
    if (!reason.isEmpty())
        qCWarning(lcStore, "cannot open a connection to %s: %s", qUtf8Printable(m_databasePath),
            qUtf8Printable(reason));
    return query;
}

QSqlDatabase Store::connection()
{
    QString reason;
    QSqlDatabase db = m_pool->connection(&reason);
    if (!db.isOpen())
        qCWarning(lcStore, "cannot open a connection to %s: %s", qUtf8Printable(m_databasePath),
            qUtf8Printable(reason));
    return db;
}

int Store::schemaVersion() const
{
    QSqlDatabase db = m_pool->connection();
    const Result<int> version = Migrations::currentVersion(db);
    return version.ok() ? version.value() : -1;
}

QString Store::hashKey(const QString &plaintextKey)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(plaintextKey.toUtf8(), QCryptographicHash::Sha256).toHex());
}

Result<NewApiKey> Store::createApiKey(
    const QString &label, const QString &plan, std::optional<qint64> callLimit)
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

    QSqlDatabase db = connection();
    Transaction transaction(db);
    if (!transaction.isActive())
        return unavailable(u"create the API key"_s, db.lastError());
    {
        PreparedQuery insertKey
            = prepare(u"INSERT INTO api_keys (id, key_hash, key_prefix, label, plan, created_at) "
                      "VALUES (:id, :hash, :prefix, :label, :plan, :at)"_s);
        insertKey->bindValue(u":id"_s, created.id);
        insertKey->bindValue(u":hash"_s, hashKey(created.key));
        insertKey->bindValue(u":prefix"_s, created.prefix);
        insertKey->bindValue(u":label"_s, text(cleanLabel));
        insertKey->bindValue(u":plan"_s, plan);
        insertKey->bindValue(u":at"_s, isoUtc(now()));
        if (!insertKey->exec())
            return unavailable(u"create the API key"_s, insertKey->lastError());
        PreparedQuery insertQuota
            = prepare(u"INSERT INTO quotas (key_id, call_limit, calls_used) VALUES (:id, :limit, 0)"_s);
        insertQuota->bindValue(u":id"_s, created.id);
        insertQuota->bindValue(u":limit"_s, nullableInt(callLimit));
        if (!insertQuota->exec())
            return unavailable(u"create the API key"_s, insertQuota->lastError());
    }
    if (!transaction.commit())
        return unavailable(u"create the API key"_s, QSqlError(transaction.commitError()));
    qCInfo(lcStore, "created API key %s (plan %s)", qUtf8Printable(created.prefix), qUtf8Printable(plan));
    return created;
}

std::optional<ApiKeyRecord> Store::findActiveKey(const QString &plaintextKey)
{
    // Cheap shape check first: garbage from the network never reaches SQL.
    if (plaintextKey.size() != KeyLength || !plaintextKey.startsWith(KeyScheme))
        return std::nullopt;
    static const QString sql
        = u"SELECT "_s + KeyColumns + u" WHERE k.key_hash = :hash AND k.revoked_at IS NULL"_s;
    std::optional<ApiKeyRecord> record;
    {
        PreparedQuery query = prepare(sql);
        query->bindValue(u":hash"_s, hashKey(plaintextKey));
        if (!execLogged(*query, "look up an API key") || !query->next())
            return std::nullopt;
        record = readKey(*query);
    }
    // An unlimited key may have calls counted by consumeCall(ApiKeyRecord) and not written yet.
    if (!record->callLimit)
        record->callsUsed += m_writes->pendingCallsUsed(record->id);
    return record;
}

QList<ApiKeyRecord> Store::listKeys()
{
    QList<ApiKeyRecord> keys;
    m_writes->flush(); // calls_used of unlimited keys
    static const QString sql = u"SELECT "_s + KeyColumns + u" ORDER BY k.created_at, k.id"_s;
    PreparedQuery query = prepare(sql);
    if (!execLogged(*query, "list API keys"))
        return keys;
    while (query->next())
        keys.append(readKey(*query));
    return keys;
}

bool Store::revokeKey(const QString &idOrPrefix)
{
    const QString value = idOrPrefix.trimmed();
    if (value.isEmpty())
        return false;
    QStringList ids;
    {
        PreparedQuery find = prepare(
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
        = prepare(u"UPDATE api_keys SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL"_s);
    revoke->bindValue(u":at"_s, isoUtc(now()));
    revoke->bindValue(u":id"_s, ids.constFirst());
    if (!execLogged(*revoke, "revoke an API key"))
        return false;
    return revoke->numRowsAffected() == 1;
}

Result<QuotaDecision> Store::consumeCall(
    const QString &keyId, const QString &operationId, const QDateTime &at)
{
    if (keyId.isEmpty())
        return invalidKey();
    std::optional<QuotaDecision> counted;
    {
        // One conditional UPDATE is the whole race guard: the row lock (PostgreSQL) or the write lock
        // (SQLite) serialises racers, and a racer that finds calls_used == call_limit updates nothing. It is
        // the only write of the call (the usage row is counted in the write-behind batch), so it runs as its
        // own autocommit transaction, which SQLite commits when the statement completes: the row is read
        // and the statement run to its end here, so a failed commit is an error of this call, not lost.
        PreparedQuery bump = prepare(u"UPDATE quotas SET calls_used = calls_used + 1 "
                                     "WHERE key_id = :id AND (call_limit IS NULL OR calls_used < call_limit) "
                                     "AND EXISTS (SELECT 1 FROM api_keys k WHERE k.id = quotas.key_id "
                                     "AND k.revoked_at IS NULL) "
                                     "RETURNING calls_used, call_limit"_s);
        bump->bindValue(u":id"_s, keyId);
        if (!bump->exec())
            return unavailable(u"count the call"_s, bump->lastError());
        if (bump->next()) {
            QuotaDecision decision;
            decision.allowed = true;
            decision.used = bump->value(0).toLongLong();
            decision.limit = optionalInt(bump->value(1));
            counted = decision;
        }
        if (bump->next() || bump->lastError().isValid())
            return unavailable(u"count the call"_s, bump->lastError());
    }
    if (counted) {
        // Queued only after the statement is reset: a thread that writes the due batch here must not wait
        // for the write lock its own statement still holds.
        m_writes->countUsage({ keyId, text(operationId), dayOf(at.isValid() ? at : now()) },
            WriteBehindQueue::Quota::AlreadyCounted);
        if (!counted->limit)
            counted->used += m_writes->pendingCallsUsed(keyId);
        return *counted;
    }
    // Nothing updated: spent quota, or no such active key.
    PreparedQuery state = prepare(u"SELECT q.calls_used, q.call_limit, k.revoked_at FROM quotas q "
                                  "JOIN api_keys k ON k.id = q.key_id WHERE q.key_id = :id"_s);
    state->bindValue(u":id"_s, keyId);
    if (!state->exec())
        return unavailable(u"read the quota"_s, state->lastError());
    if (!state->next() || !state->value(2).isNull())
        return invalidKey();
    QuotaDecision decision;
    decision.used = state->value(0).toLongLong();
    decision.limit = optionalInt(state->value(1));
    return decision;
}

Result<QuotaDecision> Store::consumeCall(
    const ApiKeyRecord &key, const QString &operationId, const QDateTime &at)
{
    if (key.id.isEmpty() || key.isRevoked())
        return invalidKey();
    if (key.callLimit)
        return consumeCall(key.id, operationId, at);
    // Unlimited: nothing to refuse, so nothing to decide in SQL. findActiveKey() read the key as active
    // for this request; calls_used and usage are counted with the next batch.
    m_writes->countUsage(
        { key.id, text(operationId), dayOf(at.isValid() ? at : now()) }, WriteBehindQueue::Quota::Count);
    QuotaDecision decision;
    decision.allowed = true;
    decision.used = key.callsUsed + 1;
    return decision;
}

QuotaUsage Store::usage(const QString &keyId)
{
    QuotaUsage result;
    m_writes->flush();
    {
        PreparedQuery quota = prepare(u"SELECT calls_used, call_limit FROM quotas WHERE key_id = :id"_s);
        quota->bindValue(u":id"_s, keyId);
        if (!execLogged(*quota, "read the quota") || !quota->next())
            return result;
        result.known = true;
        result.used = quota->value(0).toLongLong();
        result.limit = optionalInt(quota->value(1));
    }
    PreparedQuery perOperation
        = prepare(u"SELECT operation_id, SUM(calls) FROM usage WHERE key_id = :id GROUP BY operation_id"_s);
    perOperation->bindValue(u":id"_s, keyId);
    if (!execLogged(*perOperation, "read the usage"))
        return result;
    while (perOperation->next())
        result.callsByOperation.insert(
            perOperation->value(0).toString(), perOperation->value(1).toLongLong());
    return result;
}

Result<QuotaDecision> Store::consumeFreeCall(const QString &address, int dailyLimit, const QDateTime &at)
{
    if (address.isEmpty())
        return ServiceError::badRequest(
            u"invalid_address"_s, u"The caller address is empty."_s, u"address"_s);
    const QString day = dayOf(at.isValid() ? at : now());
    QuotaDecision decision;
    decision.limit = qMax(dailyLimit, 0);
    if (dailyLimit > 0) {
        // A single statement: insert the day's first call, or count one more only while below the limit.
        // When the WHERE of DO UPDATE is false, nothing changes and RETURNING yields no row (both engines).
        // Run to its end, like consumeCall's UPDATE: SQLite commits it then, and reports a failed commit.
        PreparedQuery bump
            = prepare(u"INSERT INTO free_quota (address, day, calls) VALUES (:address, :day, 1) "
                      "ON CONFLICT (address, day) DO UPDATE SET calls = free_quota.calls + 1 "
                      "WHERE free_quota.calls < :limit "
                      "RETURNING calls"_s);
        bump->bindValue(u":address"_s, address);
        bump->bindValue(u":day"_s, day);
        bump->bindValue(u":limit"_s, dailyLimit);
        if (!bump->exec())
            return unavailable(u"count the free call"_s, bump->lastError());
        const bool allowed = bump->next();
        if (allowed)
            decision.used = bump->value(0).toLongLong();
        if (bump->next() || bump->lastError().isValid())
            return unavailable(u"count the free call"_s, bump->lastError());
        if (allowed) {
            decision.allowed = true;
            return decision;
        }
    }
    PreparedQuery state = prepare(u"SELECT calls FROM free_quota WHERE address = :address AND day = :day"_s);
    state->bindValue(u":address"_s, address);
    state->bindValue(u":day"_s, day);
    if (!state->exec())
        return unavailable(u"read the free quota"_s, state->lastError());
    decision.used = state->next() ? state->value(0).toLongLong() : 0;
    return decision;
}

int Store::purgeFreeQuotaBefore(const QDate &day)
{
    PreparedQuery purge = prepare(u"DELETE FROM free_quota WHERE day < :day"_s);
    purge->bindValue(u":day"_s, day.toString(Qt::ISODate));
    return execLogged(*purge, "purge the free quota") ? purge->numRowsAffected() : 0;
}

void Store::logCall(const CallRecord &record)
{
    if (record.at.isValid()) {
        m_writes->appendCall(record);
        return;
    }
    CallRecord stamped = record;
    stamped.at = now();
    m_writes->appendCall(stamped);
}

bool Store::flush()
{
    return m_writes->flush();
}

int Store::queuedCallCount() const
{
    return m_writes->pendingCallCount();
}

QList<CallRecord> Store::recentCalls(int limit)
{
    QList<CallRecord> calls;
    if (limit <= 0)
        return calls;
    m_writes->flush();
    static const QString sql
        = u"SELECT "_s + CallColumns + u" FROM call_log ORDER BY at DESC, id DESC LIMIT :limit"_s;
    PreparedQuery query = prepare(sql);
    query->bindValue(u":limit"_s, limit);
    if (!execLogged(*query, "read the call log"))
        return calls;
    while (query->next())
        calls.append(readCall(*query));
    return calls;
}

int Store::purgeCallsBefore(const QDateTime &before)
{
    m_writes->flush();
    PreparedQuery purge = prepare(u"DELETE FROM call_log WHERE at < :before"_s);
    purge->bindValue(u":before"_s, isoUtc(before));
    return execLogged(*purge, "purge the call log") ? purge->numRowsAffected() : 0;
}

bool Store::storeReceipt(const StoredReceipt &receipt)
{
    if (receipt.resultHash.isEmpty())
        return false;
    m_writes->appendReceipt(receipt);
    return true;
}

std::optional<StoredReceipt> Store::receipt(const QString &resultHash)
{
    // Flushed first rather than looked up in the queue: which of two receipts for one hash wins is decided
    // by the INSERT, and flush() waits for a batch another thread is still writing.
    m_writes->flush();
    PreparedQuery query
        = prepare(u"SELECT result_hash, operation_id, subject, channel, issued_at, valid_until, "
                  "issuer, receipt_json FROM receipts WHERE result_hash = :hash"_s);
    query->bindValue(u":hash"_s, resultHash);
    if (!execLogged(*query, "read a receipt") || !query->next())
        return std::nullopt;
    StoredReceipt stored;
    stored.resultHash = query->value(0).toString();
    stored.operationId = query->value(1).toString();
    stored.subject = query->value(2).toString();
    stored.channel = query->value(3).toString();
    stored.issuedAt = parseTime(query->value(4));
    stored.validUntil = parseTime(query->value(5));
    stored.issuer = query->value(6).toString();
    stored.receiptJson = query->value(7).toString().toUtf8();
    return stored;
}

} // namespace ades
