#pragma once

#include <QByteArrayList>
#include <QtGlobal>

namespace ades {

// What the guard listener (GuardedTcpServer) enforces in front of QHttpServer 6.4, which has no limits of its
// own (docs/architecture.md, Qt 6.4 pitfalls: no-limits). Every value but maxConnections applies per
// connection.
struct GuardLimits
{
    // Largest request body. A Content-Length above it is refused with 413 before the body is read; a chunked
    // body is counted as it arrives, chunk framing included, and refused once it passes the limit.
    qint64 maxBodyBytes = 1024 * 1024;
    // Documents are larger than arguments: a request to one of uploadPaths (exact paths, no query) may carry
    // up to maxUploadBodyBytes instead. The default holds a 16 MiB PDF as base64 inside JSON.
    qint64 maxUploadBodyBytes = 24 * 1024 * 1024;
    QByteArrayList uploadPaths;
    // Largest header block: request line, header fields and the blank line that ends them (431).
    qint64 maxHeaderBytes = 16 * 1024;
    // A request must arrive completely (headers and body) within this time from its first byte; slowloris
    // defence (408). Time spent in the handler does not count.
    int requestTimeoutMs = 15000;
    // A keep-alive connection with no request in progress and nothing being written is closed silently after
    // this time. An asynchronous handler must answer within it.
    int idleTimeoutMs = 30000;
    // Connections open at once; one more is answered 503 (retryable) and closed.
    int maxConnections = 256;
};

} // namespace ades
