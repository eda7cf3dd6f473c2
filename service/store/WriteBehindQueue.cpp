#include "WriteBehindQueue.h"

#include "store/DeliveryJournal.h"
#include "store/JournalCodec.h"
#include "store/SqlSupport.h"

#include <QMutexLocker>
#include <QThread>

namespace ades {

size_t qHash(const UsageDay &usage, size_t seed) noexcept
{
    return qHashMulti(seed, usage.keyId, usage.operationId, usage.day);
}

qsizetype PendingWrites::rowCount() const
{
    return calls.size() + receipts.size() + usage.size() + callsUsed.size() + probes.size()
        + viesObservations.size();
}

std::shared_ptr<WriteBehindQueue> WriteBehindQueue::create(
    Writer writer, std::unique_ptr<DeliveryJournal> journal)
{
    std::shared_ptr<WriteBehindQueue> queue(new WriteBehindQueue(std::move(writer), std::move(journal)));
    // A QThread, so that the store's per-thread connection of the writer closes when it finishes.
    WriteBehindQueue *raw = queue.get();
    queue->m_thread.reset(QThread::create([raw] { raw->writeWhenDue(); }));
    queue->m_thread->setObjectName(QStringLiteral("ades-store-writer"));
    queue->m_thread->start();
    return queue;
}

std::shared_ptr<WriteBehindQueue> WriteBehindQueue::create(Writer writer)
{
    return create(std::move(writer), nullptr);
}

WriteBehindQueue::WriteBehindQueue(Writer writer, std::unique_ptr<DeliveryJournal> journal)
    : m_writer(std::move(writer))
    , m_journal(std::move(journal))
{ }

WriteBehindQueue::~WriteBehindQueue()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
    }
    m_wake.wakeAll();
    if (m_thread)
        m_thread->wait();
    // The second flush only drops the journal_segments row of the segment the first one committed and
    // removed: nothing is left that a later start would have to look at.
    if (flush())
        flush();
}

void WriteBehindQueue::writeWhenDue()
{
    QMutexLocker locker(&m_mutex);
    while (!m_stopping) {
        if (!m_pending.isEmpty() && (m_pending.rowCount() >= MaxRows || m_oldest.elapsed() >= MaxDelayMs)) {
            locker.unlock();
            flush();
            locker.relock();
            continue;
        }
        if (m_nextMaintenance.hasExpired()) {
            m_nextMaintenance = QDeadlineTimer(QDeadlineTimer::Forever);
            locker.unlock();
            const bool more = runMaintenance();
            locker.relock();
            // Unless setMaintenance() changed the schedule while the step ran.
            if (m_maintenanceIntervalMs > 0 && m_nextMaintenance.isForever())
                m_nextMaintenance = QDeadlineTimer(more ? MaintenancePauseMs : m_maintenanceIntervalMs);
            continue;
        }
        QDeadlineTimer until = m_nextMaintenance;
        if (!m_pending.isEmpty()) {
            const QDeadlineTimer batchDue(qMax<qint64>(0, MaxDelayMs - m_oldest.elapsed()));
            if (batchDue < until)
                until = batchDue;
        }
        m_wake.wait(&m_mutex, until);
    }
}

bool WriteBehindQueue::runMaintenance()
{
    QMutexLocker locker(&m_maintenanceMutex);
    return m_maintenance ? m_maintenance() : false;
}

void WriteBehindQueue::setMaintenance(Maintenance step, int firstDelayMs, int intervalMs)
{
    {
        QMutexLocker maintenanceLocker(&m_maintenanceMutex); // waits for a step that is running
        m_maintenance = std::move(step);
        QMutexLocker locker(&m_mutex);
        m_maintenanceIntervalMs = m_maintenance ? qMax(1, intervalMs) : 0;
        m_nextMaintenance
            = m_maintenance ? QDeadlineTimer(qMax(0, firstDelayMs)) : QDeadlineTimer(QDeadlineTimer::Forever);
    }
    m_wake.wakeAll();
}

namespace {

// The OneJournalWrite open on this thread, if any.
thread_local WriteBehindQueue::OneJournalWrite *t_openWrite = nullptr;

} // namespace

WriteBehindQueue::OneJournalWrite::OneJournalWrite(WriteBehindQueue &queue)
{
    if (t_openWrite)
        return; // joins the one already open
    m_queue = &queue;
    t_openWrite = this;
}

WriteBehindQueue::OneJournalWrite::~OneJournalWrite()
{
    if (!m_queue)
        return;
    t_openWrite = nullptr;
    if (m_adds.isEmpty())
        return;
    m_queue->journalAndQueue(m_records, [this](PendingWrites &pending) {
        for (const auto &add : std::as_const(m_adds))
            add(pending);
    });
}

void WriteBehindQueue::appendCall(const CallRecord &record)
{
    enqueue([&record](PendingWrites &pending) { pending.calls.append(record); });
}

void WriteBehindQueue::appendReceipt(const StoredReceipt &receipt)
{
    // Encoded before the lock is taken: only the write(2) itself runs under it. The receipt is copied into
    // the step, which may run later (OneJournalWrite).
    enqueue([receipt](PendingWrites &pending) { pending.receipts.append(receipt); },
        m_journal ? JournalCodec::receipt(receipt) : QByteArray());
}

void WriteBehindQueue::countUsage(const UsageDay &usage, Quota quota, qint64 calls)
{
    enqueue(
        [this, usage, quota, calls](PendingWrites &pending) {
            pending.usage[usage] += calls;
            if (quota == Quota::Count) {
                pending.callsUsed[usage.keyId] += calls;
                m_callsCounted[usage.keyId] += calls;
            }
        },
        m_journal ? JournalCodec::usage(usage, quota == Quota::Count, calls) : QByteArray());
}

void WriteBehindQueue::countProbe(const ProbeKey &probe)
{
    enqueue([&probe](PendingWrites &pending) { ++pending.probes[probe]; });
}

void WriteBehindQueue::appendViesObservation(const VatObservation &observation)
{
    // Not journaled: an archive of what VIES said, not delivered work (docs/reliability.md).
    enqueue([&observation](PendingWrites &pending) { pending.viesObservations.append(observation); });
}

template <typename Add> void WriteBehindQueue::enqueue(Add add, const QByteArray &journalRecord)
{
    // A journaled record waits for the end of a OneJournalWrite open on this thread for this queue.
    if (!journalRecord.isEmpty() && t_openWrite && t_openWrite->m_queue == this) {
        t_openWrite->m_records += journalRecord;
        t_openWrite->m_adds.append(std::move(add));
        return;
    }
    journalAndQueue(journalRecord, add);
}

template <typename AddAll> void WriteBehindQueue::journalAndQueue(const QByteArray &records, AddAll addAll)
{
    // Journaled and queued under the lock that flush() takes the batch and seals its segment under: a
    // segment holds exactly the records of the batch taken with it, which is what lets the replay skip
    // committed segments whole. What has no journal record takes only the queue's own lock.
    QMutexLocker journalLocker(records.isEmpty() ? nullptr : &m_journalMutex);
    if (!records.isEmpty())
        m_journal->append(records);
    bool wake = false;
    {
        QMutexLocker locker(&m_mutex);
        if (m_pending.isEmpty()) {
            m_oldest.start();
            wake = true; // the writer sleeps without a batch deadline while the queue is empty
        }
        const qsizetype before = m_pending.rowCount();
        addAll(m_pending);
        wake = wake || (before < MaxRows && m_pending.rowCount() >= MaxRows);
    }
    if (journalLocker.isLocked())
        journalLocker.unlock();
    if (wake)
        m_wake.wakeOne();
}

bool WriteBehindQueue::flush()
{
    // The batch is taken under m_writeMutex: a flush() that finds the queue empty because another thread
    // took the batch waits here until that batch is committed, so readers that flush first never miss it.
    QMutexLocker writeLocker(&m_writeMutex);
    PendingWrites due;
    {
        QMutexLocker journalLocker(&m_journalMutex);
        QMutexLocker locker(&m_mutex);
        std::swap(due, m_pending);
        if (m_journal)
            due.journalSegment = m_journal->seal();
    }
    due.retiredSegments = m_retiredSegments;
    if (due.isEmpty() && due.retiredSegments.isEmpty())
        return true;
    if (!m_writer || !m_writer(due)) {
        if (!due.journalSegment.isEmpty())
            qCWarning(lcStore,
                "the receipts and counts of the failed batch stay in the journal segment %s; "
                "the next start writes them",
                qUtf8Printable(due.journalSegment));
        return false;
    }
    m_retiredSegments.clear();
    if (!due.journalSegment.isEmpty() && m_journal->remove(due.journalSegment))
        m_retiredSegments.append(due.journalSegment);
    return true;
}

int WriteBehindQueue::pendingCallCount() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_pending.calls.size());
}

int WriteBehindQueue::pendingRowCount() const
{
    QMutexLocker locker(&m_mutex);
    return int(m_pending.calls.size() + m_pending.receipts.size() + m_pending.usage.size()
        + m_pending.callsUsed.size() + m_pending.probes.size() + m_pending.viesObservations.size());
}

WriteBehindQueue::CallsUsed WriteBehindQueue::callsUsed(const QString &keyId) const
{
    QMutexLocker locker(&m_mutex);
    return { m_pending.callsUsed.value(keyId), m_callsCounted.value(keyId) };
}

qint64 WriteBehindQueue::journalBytes() const
{
    // sizeOnDisk() reads only the folder, which never changes: no lock, so appends never wait for it.
    return m_journal ? m_journal->sizeOnDisk() : 0;
}

} // namespace ades
