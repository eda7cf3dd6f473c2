#pragma once

#include <QString>
#include <QtGlobal>

namespace ades {

// What one probe counter counts: requests of one kind answered on one UTC day (ProbeCounters.h). Every
// member comes from a small fixed set (a channel, an HTTP method, a fixed path or "*", an operation id, a
// status), never from text a client chose, so the counters stay few however many requests arrive.
struct ProbeKey
{
    QString day; // "2025-03-14" (UTC)
    QString channel; // "key", "mcp", "http" (answered before any channel) ...
    QString method; // "GET"
    QString route; // "/v1/health"; "*" for paths no channel serves
    QString operationId; // empty unless an operation was refused (401, 402, 429 ...)
    int status = 0;

    friend bool operator==(const ProbeKey &, const ProbeKey &) = default;
};
size_t qHash(const ProbeKey &key, size_t seed = 0) noexcept;

} // namespace ades
