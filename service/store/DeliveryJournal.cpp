#include "DeliveryJournal.h"

#include "store/JournalCodec.h"
#include "store/SqlSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr QFileDevice::Permissions OwnerOnlyFolder
    = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner;
constexpr QFileDevice::Permissions OwnerOnlyFile = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

// A lock that only a dead owner frees: staleness by age would let a second process take the lock of a
// live instance that merely ran longer than the stale time.
std::unique_ptr<QLockFile> lockFor(const QString &path)
{
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0);
    return lock;
}

} // namespace

DeliveryJournal::DeliveryJournal(QString folder, QString instance, std::unique_ptr<QLockFile> lock)
    : m_folder(std::move(folder))
    , m_instance(std::move(instance))
    , m_lock(std::move(lock))
{ }

DeliveryJournal::~DeliveryJournal()
{
    // An open segment holds records no batch has taken (the queue flushes before it lets the journal go,
    // so only after a failure): it stays on disk, and the next start replays it.
    m_segment.close();
    releaseClaimed();
    if (m_lock)
        m_lock->unlock();
}

std::unique_ptr<DeliveryJournal> DeliveryJournal::open(const QString &folder, QString *error)
{
    const QString path = QFileInfo(folder).absoluteFilePath();
    if (!QFileInfo::exists(path)) {
        if (!QDir().mkpath(path)) {
            if (error)
                *error = u"cannot create the delivery journal folder %1"_s.arg(path);
            return nullptr;
        }
    }
    // The segments hold receipts and key ids: owner-only, like the database.
    QFile::setPermissions(path, OwnerOnlyFolder);
    const QString instance
        = QString::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, u'0');
    std::unique_ptr<QLockFile> lock = lockFor(QDir(path).filePath(instance + u".lock"_s));
    if (!lock->tryLock(0)) {
        if (error)
            *error = u"cannot lock the delivery journal in %1 (error %2)"_s.arg(path).arg(int(lock->error()));
        return nullptr;
    }
    return std::unique_ptr<DeliveryJournal>(new DeliveryJournal(path, instance, std::move(lock)));
}

QString DeliveryJournal::pathOf(const QString &name) const
{
    return m_folder + u'/' + name;
}

bool DeliveryJournal::append(const QByteArray &record)
{
    if (!m_segment.isOpen()) {
        // Zero-padded, so the names of one instance sort in the order they were written.
        m_segmentName = m_instance + u'.' + QString::number(m_nextSequence++).rightJustified(8, u'0');
        m_segment.setFileName(pathOf(m_segmentName));
        m_segmentBytes = 0;
        // Unbuffered: every write() below is one write(2) straight into the kernel.
        if (!m_segment.open(
                QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered | QIODevice::NewOnly,
                OwnerOnlyFile)) {
            if (m_failedAppends++ % 1000 == 0)
                qCWarning(lcStore, "cannot create the journal segment %s: %s", qUtf8Printable(m_segmentName),
                    qUtf8Printable(m_segment.errorString()));
            m_segmentName.clear();
            return false;
        }
    }
    const QByteArray bytes = m_segmentBytes == 0 ? JournalCodec::segmentHeader() + record : record;
    const qint64 written = m_segment.write(bytes);
    if (written == bytes.size()) {
        m_segmentBytes += written;
        return true;
    }
    // A short write (disk full) leaves a torn frame, and the replay stops at a torn frame: cut it off. Should
    // that fail too, the segment keeps its first records; the batch itself is still written from memory.
    if (m_failedAppends++ % 1000 == 0)
        qCWarning(lcStore, "cannot append to the journal segment %s: %s", qUtf8Printable(m_segmentName),
            qUtf8Printable(m_segment.errorString()));
    if (written > 0)
        m_segment.resize(m_segmentBytes);
    return false;
}

QString DeliveryJournal::seal()
{
    if (!m_segment.isOpen())
        return {};
    m_segment.close();
    return std::exchange(m_segmentName, QString());
}

bool DeliveryJournal::remove(const QString &segment)
{
    QFile file(pathOf(segment));
    if (file.remove() || !file.exists())
        return true;
    qCWarning(lcStore, "cannot remove the written journal segment %s: %s", qUtf8Printable(segment),
        qUtf8Printable(file.errorString()));
    return false;
}

qint64 DeliveryJournal::sizeOnDisk() const
{
    qint64 bytes = 0;
    const QFileInfoList files = QDir(m_folder).entryInfoList(QDir::Files | QDir::Hidden);
    for (const QFileInfo &file : files)
        bytes += file.size();
    return bytes;
}

QHash<QString, QStringList> DeliveryJournal::claimAbandoned()
{
    static const QRegularExpression segmentName(u"^([0-9a-f]+)\\.([0-9]+)$"_s);
    static const QRegularExpression lockName(u"^([0-9a-f]+)\\.lock$"_s);
    QHash<QString, QStringList> segments;
    const QStringList names = QDir(m_folder).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &name : names) {
        if (const QRegularExpressionMatch segment = segmentName.match(name); segment.hasMatch())
            segments[segment.captured(1)].append(name);
        else if (const QRegularExpressionMatch lock = lockName.match(name); lock.hasMatch())
            segments[lock.captured(1)]; // a lock left without segments is claimed too, to remove it
    }
    QHash<QString, QStringList> claimed;
    for (auto it = segments.begin(); it != segments.end(); ++it) {
        if (it.key() == m_instance || m_claimed.contains(it.key()))
            continue;
        // Taken only when its owner is gone: QLockFile sees that the process in the lock file has ended.
        std::shared_ptr<QLockFile> lock = lockFor(pathOf(it.key() + u".lock"_s));
        if (!lock->tryLock(0))
            continue;
        m_claimed.insert(it.key(), lock);
        QStringList names = it.value();
        std::sort(names.begin(), names.end());
        claimed.insert(it.key(), names);
    }
    return claimed;
}

QByteArray DeliveryJournal::read(const QString &segment) const
{
    QFile file(pathOf(segment));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

void DeliveryJournal::setAside(const QString &segment)
{
    const QString aside = pathOf(segment + u".failed"_s);
    QFile::remove(aside);
    if (!QFile::rename(pathOf(segment), aside))
        qCWarning(lcStore, "cannot set the journal segment %s aside", qUtf8Printable(segment));
}

void DeliveryJournal::releaseClaimed()
{
    for (const std::shared_ptr<QLockFile> &lock : std::as_const(m_claimed))
        lock->unlock();
    m_claimed.clear();
}

} // namespace ades
