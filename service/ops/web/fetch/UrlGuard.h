#pragma once

#include "FetchOptions.h"
#include "core/Result.h"

#include <QHostAddress>
#include <QUrl>
#include <optional>

namespace ades::web {

// A URL the guard accepted: https, no user info, an allowed port, and a host that is either a public IP
// address or a DNS name still to be resolved (and its answer checked with checkResolved()).
struct GuardedUrl
{
    QUrl url; // normalised: lower-case ASCII host without trailing dot, no fragment
    QString host; // ASCII (IDNA) name or the address's text
    quint16 port = 443;
    std::optional<QHostAddress> literal; // set when the host is an IP address
    QByteArray requestTarget; // "/path?query", percent-encoded
    QByteArray hostHeader; // "host" or "host:port"
};

// The SSRF guard's URL half (docs/web-reader.md, "Fetching safely"): refuses what must never be fetched
// before any lookup or connection, and every answer of the one lookup. Refusals are uncharged 400s whose
// code names the reason ("url_loopback", "url_userinfo" ...) and whose param is `url`.
class UrlGuard
{
public:
    explicit UrlGuard(const FetchOptions &options);

    Result<GuardedUrl> check(const QString &url) const;
    // The lookup's answer for `url`: refused when ANY address is internal (a name with one internal answer
    // is a name pointing inside, whichever address a retry would pick).
    Result<QList<QHostAddress>> checkResolved(
        const GuardedUrl &url, const QList<QHostAddress> &addresses) const;

    static constexpr qsizetype MaxUrlLength = 4096;

private:
    Result<GuardedUrl> checkHost(GuardedUrl guarded, const QString &rawHost) const;

    QList<quint16> m_ports;
    bool m_loopbackForTests = false;
};

} // namespace ades::web
