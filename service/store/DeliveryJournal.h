#pragma once

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>

class QLockFile;

namespace ades {

// The append-only journal of delivered work (docs/reliability.md): every receipt and every call count that
// the write-behind queue holds is also appended here, one write(2) per record, before the response that
// carries it is handed to the socket. A kill -9 cannot lose what the kernel already has, so a restart
// recovers what the database lacks. (Power loss is a different promise: nothing is fsync'ed.)
//
// Layout: a folder beside the database ("ades.sqlite-deliveries"), owner-only. Each process that opens the
// store is an instance with a random id and a lock file "<instance>.lock" (QLockFile: freed when the
// process dies). Its records go into numbered segments "<instance>.<seq>"; the write-behind queue seals
// the open segment when it takes a batch, so each segment holds exactly the records of one batch, and
// removes it once that batch is committed. A segment whose batch failed stays for the next start.
//
// At start-up, Database claims the segments of every instance whose lock is free (it crashed or was
// killed), replays what the database does not have yet (journal_segments records which segments were
// committed), removes them, and then releases their locks.
//
// Threads: append() and seal() must not run at the same time (the write-behind queue calls both under its
// mutex); remove(), read() and sizeOnDisk() touch only files by name and may run beside them. The recovery
// calls run at start-up, before the journal is handed to the queue.
class DeliveryJournal
{
public:
    // Opens `folder` (created owner-only when missing) for a new instance and takes its lock. nullptr, with
    // the reason in *error, when the folder or the lock cannot be made.
    static std::unique_ptr<DeliveryJournal> open(const QString &folder, QString *error);
    // Closes the open segment and removes the instance's lock. Segments still on disk (failed batches) are
    // left for the next start.
    ~DeliveryJournal();
    Q_DISABLE_COPY_MOVE(DeliveryJournal)

    QString folder() const { return m_folder; }
    QString instance() const { return m_instance; }

    // Appends one encoded record (JournalCodec) to the open segment, creating it on first use: one
    // write(2). False when it could not be written whole (logged; what was written of it is cut off again).
    bool append(const QByteArray &record);
    // Ends the open segment and returns its name; empty when nothing was appended since the last seal.
    QString seal();
    // Removes a sealed segment whose batch is committed. False (logged) when it could not be removed.
    bool remove(const QString &segment);
    // Bytes of every file in the folder (segments of this and of other instances, locks).
    qint64 sizeOnDisk() const;
    // Writes that failed since open (append() returned false).
    int failedAppends() const { return m_failedAppends; }

    // --- recovery ---

    // The instances other than this one that left segments and whose lock could be taken: each one's
    // segment names, oldest first. Their locks stay held by this journal until releaseClaimed().
    QHash<QString, QStringList> claimAbandoned();
    QByteArray read(const QString &segment) const;
    // Renames a segment that cannot be replayed to "<segment>.failed", for the operator to inspect.
    void setAside(const QString &segment);
    // Removes the locks of the instances claimed by claimAbandoned().
    void releaseClaimed();

private:
    DeliveryJournal(QString folder, QString instance, std::unique_ptr<QLockFile> lock);
    QString pathOf(const QString &name) const;

    const QString m_folder;
    const QString m_instance;
    std::unique_ptr<QLockFile> m_lock;
    QHash<QString, std::shared_ptr<QLockFile>> m_claimed;
    QFile m_segment; // open while records go into it
    QString m_segmentName;
    qint64 m_segmentBytes = 0; // written whole into the open segment, header included
    quint64 m_nextSequence = 1;
    int m_failedAppends = 0;
};

} // namespace ades
