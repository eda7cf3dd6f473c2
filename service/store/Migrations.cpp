#include "Migrations.h"

#include "core/Clock.h"

#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcMigrations, "ades.store")

namespace ades {

namespace {

// The advisory lock key of schema migrations: any fixed 64-bit number unlikely to be used by another program
// sharing the database ("ADESMIGR" in ASCII).
constexpr qint64 MigrationLockKey = 0x414445534d494752;

ServiceError migrationError(const QString &message)
{
    return ServiceError(ServiceError::Kind::Internal, u"store_migration_failed"_s, message);
}

// The receipts table's columns, in the order steps 5 and 12 create and copy them. The steps' own copy of
// ReceiptArchive's list: a released step runs the text it ran even when the archive's columns change.
constexpr QStringView ReceiptColumns = u"signature, result_hash, operation_id, subject, channel, issued_at, "
                                       "valid_until, issuer, receipt_json";

// The receipts table as steps 5 and 12 create it under another name before the old one is dropped: keyed by
// the signature alone (5) or by issue time and signature (12). Released steps keep their text: this gives
// each exactly the statement it ran.
QString createReceiptsTable(const QString &name, bool keyedByTime)
{
    QString sql = u"CREATE TABLE %1 ("_s.arg(name);
    sql += keyedByTime ? u"signature TEXT NOT NULL, "_s : u"signature TEXT PRIMARY KEY, "_s;
    sql += u"result_hash TEXT NOT NULL, operation_id TEXT NOT NULL, subject TEXT NOT NULL, "
           "channel TEXT NOT NULL, issued_at TEXT NOT NULL, valid_until TEXT NOT NULL, "
           "issuer TEXT NOT NULL, receipt_json TEXT NOT NULL"_s;
    sql += keyedByTime ? u", PRIMARY KEY (issued_at, signature))"_s : u")"_s;
    return sql;
}

// Step 5, the one step whose SQL differs per engine: the signature is read out of the stored receipt JSON.
Migration receiptsBySignature()
{
    // Two deliveries of one result are two receipts (each signed at its own time); keyed by the result hash,
    // the second was silently dropped. The signature identifies a receipt: the signatures are deterministic
    // (RFC 6979), so equal signatures mean the same signed message.
    const QString create = createReceiptsTable(u"receipts_by_signature"_s, false);
    // The old key was unique, so a row whose JSON holds no signature stays unique under it.
    const auto copy = [](const QString &signatureOfJson) -> QString {
        return u"INSERT INTO receipts_by_signature ("_s + ReceiptColumns
            + u") "
              "SELECT COALESCE(%1, 'result:' || result_hash), "
              "result_hash, operation_id, subject, channel, issued_at, valid_until, issuer, receipt_json "
              "FROM receipts"_s.arg(signatureOfJson);
    };
    const QStringList after {
        u"DROP TABLE receipts"_s,
        u"ALTER TABLE receipts_by_signature RENAME TO receipts"_s,
        u"CREATE INDEX receipts_result_hash ON receipts (result_hash)"_s,
        // The retention purge deletes by age (RetentionPurge.h).
        u"CREATE INDEX receipts_issued_at ON receipts (issued_at)"_s,
    };
    Migration step { 5, u"Receipts keyed by their signature, not by result hash"_s, {}, {} };
    step.statements = QStringList { create,
        copy(u"CASE WHEN json_valid(receipt_json) "
             "THEN json_extract(receipt_json, '$.signature') END"_s) }
        + after;
    // PostgreSQL 15 cannot test text for JSON without failing on the first bad row (IS JSON is 16). The
    // signature is a hex string, never escaped, so the pattern finds it in any receipt ADES wrote.
    step.postgresStatements = QStringList {
        create, copy(u"substring(receipt_json from '\"signature\"\\s*:\\s*\"([^\"\\\\]+)\"')"_s)
    } + after;
    return step;
}

// Step 12.
Migration receiptsByTime()
{
    // Keyed by the 132-character signature and indexed by the 66-character result hash, every receipt went
    // to a random page of two B-trees that outgrow the page cache at a few thousand distinct receipts a
    // second (docs/benchmarks.md). The key now leads with the issue time, so it grows at its end; it is as
    // unique as the signature (the signature fixes the signed message, issued_at included). Signature and
    // result hash are found through indexes of their first 18 characters (0x and 64 random bits, a fifth of
    // the size; ReceiptArchive::LookupPrefix), the lookup comparing the whole value too.
    const QString copy = u"INSERT INTO receipts_by_time ("_s + ReceiptColumns + u") SELECT "_s
        + ReceiptColumns + u" FROM receipts"_s;
    Migration step { 12, u"Receipts keyed by issue time and signature; short lookup indexes"_s, {}, {} };
    step.statements = QStringList {
        createReceiptsTable(u"receipts_by_time"_s, true),
        copy,
        u"DROP TABLE receipts"_s,
        u"ALTER TABLE receipts_by_time RENAME TO receipts"_s,
        u"CREATE INDEX receipts_signature_prefix ON receipts ((substr(signature, 1, 18)))"_s,
        u"CREATE INDEX receipts_result_hash_prefix ON receipts ((substr(result_hash, 1, 18)))"_s,
    };
    return step;
}

} // namespace

QList<Migration> Migrations::all()
{
    // Never edit a step once released: add a new one. Ids are application-generated (UUID text, 63-bit
    // integers: random, or time-ordered for the call log, CallIds.h), so no AUTOINCREMENT/SERIAL is needed
    // and both engines read the same DDL.
    return {
        { 1, u"API keys, quotas, usage, call log, receipts, keyless free tier"_s,
            {
                u"CREATE TABLE api_keys ("
                "id TEXT PRIMARY KEY, "
                "key_hash TEXT NOT NULL UNIQUE, "
                "key_prefix TEXT NOT NULL, "
                "label TEXT NOT NULL DEFAULT '', "
                "plan TEXT NOT NULL CHECK (plan IN ('free', 'full')), "
                "created_at TEXT NOT NULL, "
                "revoked_at TEXT NULL)"_s,
                u"CREATE INDEX api_keys_prefix ON api_keys (key_prefix)"_s,
                u"CREATE TABLE quotas ("
                "key_id TEXT PRIMARY KEY REFERENCES api_keys (id) ON DELETE CASCADE, "
                "call_limit BIGINT NULL CHECK (call_limit >= 0), "
                "calls_used BIGINT NOT NULL DEFAULT 0 CHECK (calls_used >= 0))"_s,
                u"CREATE TABLE usage ("
                "key_id TEXT NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE, "
                "operation_id TEXT NOT NULL, "
                "day TEXT NOT NULL, "
                "calls BIGINT NOT NULL DEFAULT 0, "
                "PRIMARY KEY (key_id, operation_id, day))"_s,
                u"CREATE TABLE call_log ("
                "id BIGINT PRIMARY KEY, "
                "at TEXT NOT NULL, "
                "channel TEXT NOT NULL, "
                "method TEXT NOT NULL DEFAULT '', "
                "target TEXT NOT NULL DEFAULT '', "
                "operation_id TEXT NOT NULL DEFAULT '', "
                "status INTEGER NOT NULL, "
                "price_units BIGINT NOT NULL DEFAULT 0, "
                "latency_ms BIGINT NOT NULL DEFAULT 0, "
                "principal TEXT NOT NULL DEFAULT '', "
                "request_id TEXT NOT NULL DEFAULT '')"_s,
                u"CREATE INDEX call_log_at ON call_log (at)"_s,
                u"CREATE TABLE receipts ("
                "result_hash TEXT PRIMARY KEY, "
                "operation_id TEXT NOT NULL, "
                "subject TEXT NOT NULL, "
                "channel TEXT NOT NULL, "
                "issued_at TEXT NOT NULL, "
                "valid_until TEXT NOT NULL, "
                "issuer TEXT NOT NULL, "
                "receipt_json TEXT NOT NULL)"_s,
                u"CREATE TABLE free_quota ("
                "address TEXT NOT NULL, "
                "day TEXT NOT NULL, "
                "calls BIGINT NOT NULL DEFAULT 0, "
                "PRIMARY KEY (address, day))"_s,
            } },
        { 2, u"x402 settlement ledger"_s,
            {
                u"CREATE TABLE payments ("
                "id TEXT PRIMARY KEY, "
                "payer TEXT NOT NULL, "
                "nonce TEXT NOT NULL, "
                "network TEXT NOT NULL, "
                "operation_id TEXT NOT NULL, "
                "request_hash TEXT NOT NULL, "
                "amount_units BIGINT NOT NULL CHECK (amount_units >= 0), "
                "pay_to TEXT NOT NULL, "
                "state TEXT NOT NULL CHECK (state IN ('reserved', 'settled')), "
                "transaction_hash TEXT NULL, "
                "receipt_hash TEXT NULL, "
                "result_json TEXT NULL, "
                "payment_response TEXT NULL, "
                "created_at TEXT NOT NULL, "
                "settled_at TEXT NULL, "
                "UNIQUE (payer, nonce))"_s,
                u"CREATE INDEX payments_state ON payments (state, network)"_s,
            } },
        { 3, u"Settlement network and transaction in the call log"_s,
            {
                u"ALTER TABLE call_log ADD COLUMN network TEXT NOT NULL DEFAULT ''"_s,
                u"ALTER TABLE call_log ADD COLUMN transaction_hash TEXT NOT NULL DEFAULT ''"_s,
            } },
        { 4, u"Recoverable jobs"_s,
            {
                // secret_hash: hex SHA-256 of the caller's recovery secret, never the secret (Jobs.h).
                u"CREATE TABLE jobs ("
                "id TEXT PRIMARY KEY, "
                "kind TEXT NOT NULL, "
                "state TEXT NOT NULL CHECK (state IN ('pending', 'completed', 'failed')), "
                "secret_hash TEXT NOT NULL, "
                "input_fingerprint TEXT NOT NULL DEFAULT '', "
                "result_json TEXT NULL, "
                "failure_reason TEXT NULL, "
                "created_at TEXT NOT NULL, "
                "completed_at TEXT NULL, "
                "expires_at TEXT NOT NULL)"_s,
                u"CREATE INDEX jobs_expires_at ON jobs (expires_at)"_s,
            } },
        receiptsBySignature(),
        { 6, u"Daily counters of unauthenticated probes"_s,
            {
                // One row per UTC day and kind of request that named neither a caller nor a delivered
                // operation (health checks, discovery documents, 404s ...), instead of one call_log row
                // each (ProbeCounters.h). route is a fixed path or '*', never text a client chose.
                u"CREATE TABLE probe_counts ("
                "day TEXT NOT NULL, "
                "channel TEXT NOT NULL, "
                "method TEXT NOT NULL, "
                "route TEXT NOT NULL, "
                "operation_id TEXT NOT NULL, "
                "status INTEGER NOT NULL, "
                "calls BIGINT NOT NULL DEFAULT 0, "
                "PRIMARY KEY (day, channel, method, route, operation_id, status))"_s,
            } },
        { 7, u"Delivery journal segments already written"_s,
            {
                // A journal segment whose batch was committed (DeliveryJournal.h): replaying it again after
                // a crash between the commit and the file's removal would count its calls twice.
                u"CREATE TABLE journal_segments ("
                "segment TEXT PRIMARY KEY, "
                "committed_at TEXT NOT NULL)"_s,
            } },
        { 8, u"Archive of VIES answers"_s,
            {
                // One row per answer VIES gave (ViesObservations.h); name, address, consultation number and
                // requester stay NULL when VIES sent none. valid: 0/1.
                u"CREATE TABLE vies_observations ("
                "id BIGINT PRIMARY KEY, "
                "observed_at TEXT NOT NULL, "
                "country TEXT NOT NULL, "
                "number TEXT NOT NULL, "
                "valid INTEGER NOT NULL CHECK (valid IN (0, 1)), "
                "name TEXT NULL, "
                "address TEXT NULL, "
                "consultation_number TEXT NULL, "
                "requester_vat_id TEXT NULL, "
                "endpoint TEXT NOT NULL DEFAULT '', "
                "source_url TEXT NOT NULL DEFAULT '', "
                "vies_request_date TEXT NOT NULL DEFAULT '', "
                "response_sha256 TEXT NOT NULL DEFAULT '')"_s,
                u"CREATE INDEX vies_observations_number ON vies_observations (country, number, observed_at)"_s,
            } },
        { 9, u"Market snapshots"_s,
            {
                // One row per coin and 6-hour slot (MarketSnapshots.h): the market area's own archive for the
                // coin snapshot's trend. figures_json: the area's figures as compact JSON.
                u"CREATE TABLE market_snapshots ("
                "symbol TEXT NOT NULL, "
                "slot TEXT NOT NULL, "
                "taken_at TEXT NOT NULL, "
                "figures_json TEXT NOT NULL, "
                "PRIMARY KEY (symbol, slot))"_s,
            } },
        { 10, u"Contact e-mail of an API key"_s,
            {
                // The console's key list shows whom a key belongs to. Keys from POST /v1/signup carried the
                // address as their label until now; those labels are copied, other labels are names.
                u"ALTER TABLE api_keys ADD COLUMN email TEXT NOT NULL DEFAULT ''"_s,
                u"UPDATE api_keys SET email = label WHERE label LIKE '%_@_%._%' AND label NOT LIKE '% %' "
                "AND label NOT LIKE 'gateway:%'"_s,
            } },
        { 11, u"Call detail for the console: masked headers, sizes and sources of each logged call"_s,
            {
                // Headers masked before they are written (host/CallCapture.h: Authorization, API keys and
                // payment headers); *_bytes: the body sizes as received and sent; sources: the upstream
                // source ids the answer's evidence names, comma-separated. Purged with the row
                // (store/call_log_days). The query and the bodies are never stored: they hold documents,
                // secrets and personal data the operations promise not to keep (host/RecentCallBodies.h
                // holds the last ones in memory for the console).
                u"ALTER TABLE call_log ADD COLUMN request_headers TEXT NOT NULL DEFAULT ''"_s,
                u"ALTER TABLE call_log ADD COLUMN request_bytes BIGINT NOT NULL DEFAULT 0"_s,
                u"ALTER TABLE call_log ADD COLUMN response_bytes BIGINT NOT NULL DEFAULT 0"_s,
                u"ALTER TABLE call_log ADD COLUMN sources TEXT NOT NULL DEFAULT ''"_s,
            } },
        receiptsByTime(),
    };
}

int Migrations::latestVersion()
{
    const QList<Migration> steps = all();
    return steps.isEmpty() ? 0 : steps.constLast().version;
}

Result<int> Migrations::currentVersion(QSqlDatabase &db)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(u"SELECT MAX(version) FROM schema_migrations"_s) || !query.next())
        return migrationError(u"Cannot read schema_migrations: %1"_s.arg(query.lastError().text()));
    return query.value(0).isNull() ? 0 : query.value(0).toInt();
}

Result<int> Migrations::apply(QSqlDatabase &db, const QDateTime &now)
{
    const bool postgres = db.driverName() == u"QPSQL"_s;
    if (!postgres)
        return applyPending(db, now, false);
    // Two instances starting at once: the second waits here until the first has migrated, then finds
    // nothing to do. Without it, both would race on CREATE TABLE IF NOT EXISTS, which PostgreSQL does not
    // make atomic. A session lock, released explicitly and in any case when the connection closes.
    QSqlQuery lock(db);
    if (!lock.exec(u"SELECT pg_advisory_lock(%1)"_s.arg(MigrationLockKey)))
        return migrationError(u"Cannot take the migration lock: %1"_s.arg(lock.lastError().text()));
    lock.finish();
    const Result<int> version = applyPending(db, now, true);
    QSqlQuery unlock(db);
    if (!unlock.exec(u"SELECT pg_advisory_unlock(%1)"_s.arg(MigrationLockKey)))
        qCWarning(
            lcMigrations, "cannot release the migration lock: %s", qUtf8Printable(unlock.lastError().text()));
    return version;
}

Result<int> Migrations::applyPending(QSqlDatabase &db, const QDateTime &now, bool postgres)
{
    {
        QSqlQuery query(db);
        if (!query.exec(u"CREATE TABLE IF NOT EXISTS schema_migrations ("
                        "version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"_s))
            return migrationError(u"Cannot create schema_migrations: %1"_s.arg(query.lastError().text()));
    }
    Result<int> current = currentVersion(db);
    if (!current.ok())
        return current;
    const int latest = latestVersion();
    if (current.value() > latest) {
        return ServiceError(ServiceError::Kind::Internal, u"store_schema_too_new"_s,
            u"The database %1 has schema version %2, newer than the version %3 this ADES "
            "understands; open it with a newer ADES."_s.arg(db.databaseName())
                .arg(current.value())
                .arg(latest));
    }

    int version = current.value();
    const QList<Migration> steps = all();
    for (const Migration &step : steps) {
        if (step.version <= version)
            continue;
        if (!db.transaction())
            return migrationError(
                u"Cannot begin migration %1: %2"_s.arg(step.version).arg(db.lastError().text()));
        // The version row first: it takes the write lock (SQLite) or the key lock (PostgreSQL), so a second
        // process migrating the same database at the same moment fails here instead of half-way.
        QSqlQuery mark(db);
        mark.prepare(u"INSERT INTO schema_migrations (version, applied_at) VALUES (:version, :at)"_s);
        mark.bindValue(u":version"_s, step.version);
        mark.bindValue(u":at"_s, isoUtc(now));
        if (!mark.exec()) {
            const QString reason = mark.lastError().text();
            mark.finish();
            db.rollback();
            const Result<int> again = currentVersion(db);
            if (again.ok() && again.value() >= step.version) {
                version = again.value();
                continue;
            }
            return migrationError(u"Cannot record migration %1: %2"_s.arg(step.version).arg(reason));
        }
        const QStringList &statements
            = postgres && !step.postgresStatements.isEmpty() ? step.postgresStatements : step.statements;
        for (const QString &statement : statements) {
            QSqlQuery query(db);
            if (!query.exec(statement)) {
                const QString reason = query.lastError().text();
                query.finish();
                mark.finish();
                db.rollback();
                return migrationError(
                    u"Migration %1 (%2) failed: %3"_s.arg(step.version).arg(step.description, reason));
            }
        }
        mark.finish();
        if (!db.commit()) {
            const QString reason = db.lastError().text();
            db.rollback();
            return migrationError(u"Cannot commit migration %1: %2"_s.arg(step.version).arg(reason));
        }
        qCInfo(
            lcMigrations, "applied schema migration %d (%s)", step.version, qUtf8Printable(step.description));
        version = step.version;
    }
    return version;
}

} // namespace ades
