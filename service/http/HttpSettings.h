#pragma once

#include "core/SettingSpec.h"
#include "http/GuardLimits.h"

namespace ades {
class Settings;
}

namespace ades::HttpSettings {

// The guard's limits (GuardLimits says what each one does) and the number of I/O threads.
inline const IntSetting MaxBodyBytes = intSetting(QStringLiteral("http/max_body_bytes"), 1024 * 1024, 1024,
    1024 * 1024 * 1024, QStringLiteral("larger bodies get 413 before they are read"));
inline const IntSetting MaxUploadBytes
    = intSetting(QStringLiteral("http/max_upload_bytes"), 24 * 1024 * 1024, 1024, 1024 * 1024 * 1024,
        QStringLiteral(
            "body limit on the paths that take a document (and the MCP endpoint when a tool takes one)"));
inline const IntSetting MaxHeaderBytes = intSetting(QStringLiteral("http/max_header_bytes"), 16 * 1024, 1024,
    1024 * 1024, QStringLiteral("larger header blocks get 431"));
inline const IntSetting RequestTimeoutMs = intSetting(QStringLiteral("http/request_timeout_ms"), 15000, 100,
    600000, QStringLiteral("a request must arrive completely within this time, else 408"));
inline const IntSetting IdleTimeoutMs = intSetting(QStringLiteral("http/idle_timeout_ms"), 30000, 100,
    3600000, QStringLiteral("idle keep-alive connections are closed after this time"));
inline const IntSetting MaxConnections = intSetting(QStringLiteral("http/max_connections"), 256, 1, 100000,
    QStringLiteral("beyond this, new connections get 503 (shared evenly between the I/O threads)"));
inline const IntSetting MaxConnectionsPerAddress
    = intSetting(QStringLiteral("http/max_connections_per_address"), 32, 1, 100000,
        QStringLiteral(
            "beyond this many open connections from one client address (IPv6: per /64; trusted proxies "
            "exempt), new ones get 429"));
inline const IntSetting MaxConcurrentUploads = intSetting(QStringLiteral("http/max_concurrent_uploads"), 4, 1,
    1024,
    QStringLiteral(
        "uploads larger than http/max_body_bytes in progress at once, across all I/O threads; more get 503"));
inline const IntSetting BusyPercent = intSetting(QStringLiteral("http/busy_percent"), 75, 1, 100,
    QStringLiteral("at this share of the connection cap in use, the busy timeouts apply"));
inline const IntSetting BusyIdleTimeoutMs = intSetting(QStringLiteral("http/busy_idle_timeout_ms"), 1000, 100,
    3600000, QStringLiteral("idle connections are closed after this time while the server is busy"));
inline const IntSetting BusyHeaderTimeoutMs = intSetting(QStringLiteral("http/busy_header_timeout_ms"), 2000,
    100, 600000,
    QStringLiteral("while the server is busy, a request's headers must arrive within this time, else 408"));
inline const IntSetting Threads = intSetting(QStringLiteral("http/threads"), 2, 1, 16,
    QStringLiteral("I/O threads, each with its own HTTP server, fed by one acceptor"));

inline const BoolSetting AccessLog = boolSetting(QStringLiteral("http/access_log"), true,
    QStringLiteral("one JSON line per answered request on standard error (category ades.access)"));

QString trustedProxiesProblem(const QString &value);
inline const TextSetting TrustedProxies = listSetting(QStringLiteral("http/trusted_proxies"), QString(),
    QStringLiteral("addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed"),
    &trustedProxiesProblem);

SettingSpecs all();
// The configured limits, without upload paths (those come from the catalog).
GuardLimits limits(const Settings &settings);

} // namespace ades::HttpSettings
