#pragma once

#include "core/Result.h"
#include "ops/eu/sanctions/SanctionsIndex.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QMutex>
#include <QStringList>
#include <memory>
#include <mutex>

namespace ades::eu {

// The sanctions lists this service screens against: the last good list files kept in DIR/sanctions/, and the
// screening index built from them. The index is immutable; refresh and import build a new one and swap the
// pointer, so screening threads never wait for a rebuild. Thread-safe.
class SanctionsLists
{
public:
    explicit SanctionsLists(QString dataDir);

    // Builds the index from the kept files (none: no index, and screening answers 503).
    Result<int> loadKept();
    // Parses each file (official XML/CSV or the combined JSONL snapshot, gzip or plain); only when all parse,
    // keeps them in DIR/sanctions/ (replacing a kept file of the same list) and swaps in a new index.
    Result<int> import(const QStringList &files);

    // A list downloaded from its official source replaces the kept one only when it passes the sanity checks:
    // it parses, holds entries of that list, its generation date is not older than the kept one, and its
    // entry count is within 80–125 % of the kept one (the EU endpoint is known to serve error bodies).
    Result<int> acceptDownload(SanctionsEntry::List list, const QByteArray &content);
    // The outcome of the last refresh per list, for /v1/health and the console.
    void recordRefresh(SanctionsEntry::List list, const QDateTime &at, const QString &problem);
    QJsonObject refreshReport() const;

    // The current index; the kept files are indexed on the first call (about a second for all three lists),
    // so commands that never screen do not pay for it. The service warms it on a worker thread at start.
    std::shared_ptr<const SanctionsIndex> index() const;
    // The index as it is now, without loading: for status displays that must not wait.
    std::shared_ptr<const SanctionsIndex> loadedIndex() const;
    QString folder() const;

private:
    Result<int> rebuild(const QList<QByteArray> &contents);

    QString m_dataDir;
    mutable QMutex m_mutex;
    mutable std::once_flag m_loadOnce;
    std::shared_ptr<const SanctionsIndex> m_index;
    QHash<int, QPair<QDateTime, QString>> m_refreshes; // list -> (when, problem or empty)
};

} // namespace ades::eu
