#pragma once

#include "host/NotInAreas.h"

#include <QHash>
#include <QMutex>
#include <QQueue>
#include <QString>
#include <optional>

namespace ades {

// The query and bodies of the most recent calls, in memory only, for the console's detail pane. Never
// written to disk: operations promise that the documents, secrets and personal data they are sent are not
// stored (invoice-to-pay keeps no byte of the invoice, a US import job keeps only the hash of its recovery
// secret), and a body in the call log would break each of those promises. Bounded by count and by bytes;
// the oldest call is forgotten first. Thread-safe: every I/O thread adds, the console reads.
class RecentCallBodies
{
public:
    struct Bodies
    {
        QString query;
        QString requestBody;
        QString responseBody;
    };

    static constexpr int MaxCalls = 1000;
    static constexpr qsizetype MaxBytes = 16 * 1024 * 1024;

    void keep(qint64 callId, Bodies bodies);
    std::optional<Bodies> find(qint64 callId) const;

private:
    static qsizetype sizeOf(const Bodies &bodies);

    mutable QMutex m_mutex;
    QHash<qint64, Bodies> m_bodies;
    QQueue<qint64> m_order;
    qsizetype m_bytes = 0;
};

} // namespace ades
