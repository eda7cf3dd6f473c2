#pragma once

#include "channels/HttpChannel.h"

namespace ades {

class ServiceContext;

// Documents generated from the catalog (/openapi.json, /mcp-tools.json) and receipt verification
// (GET /verify describes the standard and the issuer key; POST /verify returns a verdict). All free.
class DiscoveryChannel final : public HttpChannel
{
public:
    explicit DiscoveryChannel(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;

private:
    ServiceContext &m_context;
    QByteArray m_openApi; // generated once: the catalog is immutable
    QByteArray m_mcpTools;
};

} // namespace ades
