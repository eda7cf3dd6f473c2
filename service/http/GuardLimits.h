#pragma once

#include <QByteArrayList>
#include <QString>
#include <QtGlobal>

namespace ades {

// What the guard listener (GuardedTcpServer) enforces in front of QHttpServer 6.4, which has no limits of its
// own (docs/architecture.md, Qt 6.4 pitfalls: no-limits). Values apply per connection unless they say
// otherwise.
struct GuardLimits
{
    // Largest request body. A Content-Length above it is refused with 413 before the body is read; a chunked
    // body is counted as it arrives, chunk framing included, and refused once it passes the limit.
    qint64 maxBodyBytes = 1024 * 1024;
    // Documents are larger than arguments: a request to one of uploadPaths (exact paths, no query) may carry
    // up to maxUploadBodyBytes instead. A body larger than maxBodyBytes there is a "large upload": the body
    // gate may answer it before its body is read, and at most maxConcurrentUploads run at once.
    qint64 maxUploadBodyBytes = 24 * 1024 * 1024;
    QByteArrayList uploadPaths;
    // Large uploads in progress at once, across every I/O thread (from the header block until the response
    // is written); one more is answered 503 (retryable) before its body is read.
    int maxConcurrentUploads = 4;
    // Largest header block: request line, header fields and the blank line that ends them (431).
    qint64 maxHeaderBytes = 16 * 1024;
    // A request must arrive completely (headers and body) within this time from its first byte; slowloris
    // defence (408). Time spent in the handler does not count.
    int requestTimeoutMs = 15000;
    // A keep-alive connection with no request in progress and nothing being written is closed silently after
    // this time. An asynchronous handler must answer within it.
    int idleTimeoutMs = 30000;
    // Connections open at once on one guard (the service divides http/max_connections between its I/O
    // threads). At the cap, the connection idle the longest is closed to make room; with none idle, one more
    // is answered 503 (retryable) and closed.
    int maxConnections = 256;
    // Connections open at once from one client address, across every I/O thread (ConnectionBudget says how
    // addresses count and why trusted proxies are exempt); one more is answered 429 and closed.
    int maxConnectionsPerAddress = 32;
    // Comma-separated addresses and CIDR ranges of the operator's reverse proxies (http/trusted_proxies).
    QString trustedProxies;
    // Under pressure (open connections at or above busyPercent of maxConnections), idle connections get
    // busyIdleTimeoutMs instead of idleTimeoutMs, and a header block must arrive within busyHeaderTimeoutMs
    // of its first byte; both apply at once to the connections already open.
    int busyPercent = 75;
    int busyIdleTimeoutMs = 1000;
    int busyHeaderTimeoutMs = 2000;
};

} // namespace ades
