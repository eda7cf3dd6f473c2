#pragma once

#include <QByteArray>
#include <QStringList>

class QHostAddress;

namespace ades::mcp {

// DNS-rebinding defence (MCP specification 2025-11-25, transports; docs/mcp.md, Transport). Origin: absent
// (every non-browser agent) passes; otherwise it must be loopback or listed in `mcp/allowed_origins`. Host:
// checked only for connections from this machine (where a rebinding browser sits), which must name a loopback
// host, the public URL's host, an allowed origin's host or one of `mcp/allowed_hosts`, so a local reverse
// proxy keeps working.
class McpOriginPolicy
{
public:
    // `publicUrl`: ServiceContext::publicUrl(); the lists are comma-separated settings values.
    McpOriginPolicy(const QString &allowedOrigins, const QString &allowedHosts, const QString &publicUrl);

    bool allowsOrigin(const QByteArray &origin) const;
    bool allowsHost(const QByteArray &host, const QHostAddress &remote) const;

private:
    QStringList m_origins;
    QStringList m_hosts; // lower case, without port
};

} // namespace ades::mcp
