#include "Store.h"

#include "store/ActiveKeyCache.h"
#include "store/ApiKeys.h"
#include "store/CallLog.h"
#include "store/CallStatistics.h"
#include "store/Database.h"
#include "store/Jobs.h"
#include "store/MarketSnapshots.h"
#include "store/PaymentLedger.h"
#include "store/ProbeCounters.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/ViesObservations.h"
#include "store/WriteBehindQueue.h"

namespace ades {

Result<std::unique_ptr<Store>> Store::open(
    const QString &databasePath, const Clock *clock, const StoreOptions &options)
{
    return open(StoreLocation::sqlite(databasePath), clock, options);
}

Result<std::unique_ptr<Store>> Store::open(
    const StoreLocation &location, const Clock *clock, const StoreOptions &options)
{
    // The order of a batch's parts is the order the write-behind rows were always written in.
    Result<std::unique_ptr<Database>> db = Database::open(location, clock,
        { ReceiptArchive::writeQueued, CallLog::writeQueued, Quotas::writeQueuedUsage,
            Quotas::writeQueuedCallsUsed, ProbeCounters::writeQueued, ViesObservations::writeQueued });
    if (!db.ok())
        return db.error();
    return std::unique_ptr<Store>(new Store(std::move(db.value()), options));
}

Store::Store(std::unique_ptr<Database> db, const StoreOptions &options)
    : m_db(std::move(db))
    , m_keyCache(std::make_unique<ActiveKeyCache>())
    , m_keys(std::make_unique<ApiKeys>(*m_db, *m_keyCache))
    , m_quotas(std::make_unique<Quotas>(*m_db, *m_keyCache))
    , m_calls(std::make_unique<CallLog>(*m_db))
    , m_callStatistics(std::make_unique<CallStatistics>(*m_db))
    , m_probes(std::make_unique<ProbeCounters>(*m_db))
    , m_receipts(std::make_unique<ReceiptArchive>(*m_db))
    , m_payments(std::make_unique<PaymentLedger>(*m_db))
    , m_jobs(std::make_unique<Jobs>(*m_db))
    , m_marketSnapshots(std::make_unique<MarketSnapshots>(*m_db))
    , m_viesObservations(std::make_unique<ViesObservations>(*m_db))
    , m_retention(std::make_unique<RetentionPurge>(
          *m_db, *m_calls, *m_receipts, *m_probes, *m_quotas, *m_jobs, options))
{
    RetentionPurge *retention = m_retention.get();
    m_db->writes().setMaintenance(
        [retention] { return retention->step(); }, options.purgeFirstDelayMs, options.purgeIntervalMs);
}

Store::~Store()
{
    // Waits for a purge step that is running: the step uses the classes destroyed below.
    m_db->writes().setMaintenance({}, 0, 0);
}

QString Store::databasePath() const
{
    return m_db->path();
}

StoreLocation::Engine Store::engine() const
{
    return m_db->engine();
}

int Store::schemaVersion() const
{
    return m_db->schemaVersion();
}

WriteBehindQueue::OneJournalWrite Store::oneJournalWrite() const
{
    return WriteBehindQueue::OneJournalWrite(m_db->writes());
}

bool Store::flush()
{
    return m_db->flush();
}

int Store::pendingWrites() const
{
    return m_db->writes().pendingRowCount();
}

qint64 Store::sizeOnDisk() const
{
    return m_db->sizeOnDisk();
}

RetentionPurge::Removed Store::purgeExpired()
{
    return m_retention->purgeAll();
}

} // namespace ades
