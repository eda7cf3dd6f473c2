#include "McpOriginPolicy.h"

#include <QHostAddress>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

bool isLoopbackName(const QString &host)
{
    return host == u"localhost"_s || host == u"127.0.0.1"_s || host == u"::1"_s;
}

// "example.org:8402", "[::1]:8402", "127.0.0.1" -> host name without port or brackets, lower case.
QString hostOnly(const QString &hostHeader)
{
    const QUrl url(u"http://"_s + hostHeader.trimmed());
    return url.isValid() ? url.host().toLower() : QString();
}

} // namespace

McpOriginPolicy::McpOriginPolicy(
    const QString &allowedOrigins, const QString &allowedHosts, const QString &publicUrl)
{
    const QStringList origins = allowedOrigins.split(u',', Qt::SkipEmptyParts);
    for (const QString &origin : origins) {
        m_origins.append(origin.trimmed());
        m_hosts.append(QUrl(origin.trimmed()).host().toLower());
    }
    const QStringList hosts = allowedHosts.split(u',', Qt::SkipEmptyParts);
    for (const QString &host : hosts)
        m_hosts.append(hostOnly(host));
    m_hosts.append(QUrl(publicUrl).host().toLower());
    m_hosts.removeAll(QString());
}

bool McpOriginPolicy::allowsOrigin(const QByteArray &origin) const
{
    if (origin.isEmpty())
        return true;
    const QString text = QString::fromUtf8(origin.trimmed());
    const QUrl url(text);
    if ((url.scheme() == u"http"_s || url.scheme() == u"https"_s) && isLoopbackName(url.host()))
        return true;
    return m_origins.contains(text);
}

bool McpOriginPolicy::allowsHost(const QByteArray &host, const QHostAddress &remote) const
{
    if (host.isEmpty() || !remote.isLoopback())
        return true;
    const QString name = hostOnly(QString::fromUtf8(host));
    return isLoopbackName(name) || m_hosts.contains(name);
}

} // namespace ades::mcp
