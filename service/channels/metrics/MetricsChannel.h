#pragma once

#include "channels/HttpChannel.h"
#include "http/ClientAddress.h"

namespace ades {

class ServiceContext;

// GET /metrics: the instance's ServiceMetrics in the Prometheus text format, for the operator's scraper.
// Not a product route: no discovery document lists it, and metrics/access and metrics/token decide who
// reads it (a refused client gets 401 and learns nothing else).
class MetricsChannel : public HttpChannel
{
public:
    explicit MetricsChannel(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;

    static constexpr const char *Path = "/metrics";

private:
    bool mayRead(const HttpRequestData &request) const;

    ServiceContext &m_context;
    const QString m_access;
    const QByteArray m_token;
    const ClientAddress m_clientAddress;
};

} // namespace ades
