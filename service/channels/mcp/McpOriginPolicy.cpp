#include "McpOriginPolicy.h"

#include "core/Settings.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::mcp {

McpOriginPolicy::McpOriginPolicy(const Settings &settings)
    : McpOriginPolicy(settings.value(u"mcp/allowed_origins"_s).split(u',', Qt::SkipEmptyParts))
{ }

McpOriginPolicy::McpOriginPolicy(QStringList allowedOrigins)
{
    for (const QString &origin : std::as_const(allowedOrigins))
        m_allowed.append(origin.trimmed());
}

bool McpOriginPolicy::allows(const QByteArray &origin) const
{
    if (origin.isEmpty())
        return true;
    const QString text = QString::fromUtf8(origin.trimmed());
    const QUrl url(text);
    const QString host = url.host();
    if ((url.scheme() == u"http"_s || url.scheme() == u"https"_s)
        && (host == u"localhost"_s || host == u"127.0.0.1"_s || host == u"::1"_s))
        return true;
    return m_allowed.contains(text);
}

} // namespace ades::mcp
