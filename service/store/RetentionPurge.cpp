#include "RetentionPurge.h"

#include "store/CallLog.h"
#include "store/Database.h"
#include "store/Jobs.h"
#include "store/ProbeCounters.h"
#include "store/Quotas.h"
#include "store/ReceiptArchive.h"
#include "store/SqlSupport.h"

#include <QMutexLocker>

namespace ades {

RetentionPurge::RetentionPurge(Database &db, CallLog &calls, ReceiptArchive &receipts, ProbeCounters &probes,
    Quotas &quotas, Jobs &jobs, const StoreOptions &options)
    : m_db(db)
    , m_calls(calls)
    , m_receipts(receipts)
    , m_probes(probes)
    , m_quotas(quotas)
    , m_jobs(jobs)
    , m_options(options)
{ }

void RetentionPurge::Removed::add(const Removed &other)
{
    calls += other.calls;
    receipts += other.receipts;
    probeCounters += other.probeCounters;
    freeCounters += other.freeCounters;
    jobs += other.jobs;
}

bool RetentionPurge::step()
{
    QMutexLocker locker(&m_mutex);
    Removed removed = stepLocked();
    if (removed.total() > 0)
        return true;
    if (m_run.total() > 0)
        qCInfo(lcStore,
            "retention purge: removed %d call log rows, %d receipts, %d probe counters, %d free-tier "
            "counters "
            "and %d expired jobs",
            m_run.calls, m_run.receipts, m_run.probeCounters, m_run.freeCounters, m_run.jobs);
    m_run = {};
    return false;
}

RetentionPurge::Removed RetentionPurge::stepLocked()
{
    const QDateTime now = m_db.now();
    const int chunk = qMax(1, m_options.purgeChunkRows);
    // The first table with expired rows gets this step; the others wait for the next one.
    Removed removed;
    if (m_options.callLogDays > 0) {
        const QDateTime before = now.addDays(-m_options.callLogDays);
        removed.calls = m_calls.purgeCallsBefore(before, chunk);
        // A day's counters are a few dozen rows: no chunking needed.
        if (removed.total() == 0)
            removed.probeCounters = m_probes.purgeBefore(before.date());
    }
    if (removed.total() == 0 && m_options.receiptDays > 0)
        removed.receipts = m_receipts.purgeIssuedBefore(now.addDays(-m_options.receiptDays), chunk);
    // Yesterday's counters stay one more day: instances whose clocks differ a little still agree on them.
    if (removed.total() == 0)
        removed.freeCounters = m_quotas.purgeFreeQuotaBefore(now.date().addDays(-1), chunk);
    if (removed.total() == 0)
        removed.jobs = m_jobs.purgeExpired(now, chunk);
    m_run.add(removed);
    return removed;
}

RetentionPurge::Removed RetentionPurge::purgeAll()
{
    QMutexLocker locker(&m_mutex);
    Removed total;
    for (Removed removed = stepLocked(); removed.total() > 0; removed = stepLocked())
        total.add(removed);
    m_run = {};
    return total;
}

} // namespace ades
