#pragma once

#include "core/Result.h"
#include "ops/eu/sanctions/SanctionsIndex.h"

#include <QMutex>
#include <QStringList>
#include <memory>

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

    std::shared_ptr<const SanctionsIndex> index() const;
    QString folder() const;

private:
    Result<int> rebuild(const QList<QByteArray> &contents);

    QString m_dataDir;
    mutable QMutex m_mutex;
    std::shared_ptr<const SanctionsIndex> m_index;
};

} // namespace ades::eu
