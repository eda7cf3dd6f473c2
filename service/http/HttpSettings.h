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
inline const IntSetting Threads = intSetting(QStringLiteral("http/threads"), 2, 1, 16,
    QStringLiteral("I/O threads, each with its own HTTP server, fed by one acceptor"));

QString trustedProxiesProblem(const QString &value);
inline const TextSetting TrustedProxies = listSetting(QStringLiteral("http/trusted_proxies"), QString(),
    QStringLiteral("addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed"),
    &trustedProxiesProblem);

SettingSpecs all();
// The configured limits, without upload paths (those come from the catalog).
GuardLimits limits(const Settings &settings);

} // namespace ades::HttpSettings
