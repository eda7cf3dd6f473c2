#pragma once

#include "channels/CatalogRoutes.h"
#include "channels/HttpChannel.h"
#include "http/ClientAddress.h"

#include <memory>

namespace ades {

class GatewayAccount;
class ServiceContext;
struct ApiKeyRecord;

// The API-key channel under /v1/ (docs/interface.md §4.3, §5): X-API-Key, the 100-call free tier, signup and
// usage. A call counts against the quota only when it delivered a result (docs/interface.md §7 rule 1).
// Exposures marked acceptsGatewaySecret also serve the operator's gateway without a key (GatewayAccount).
class KeyChannel final : public HttpChannel
{
public:
    explicit KeyChannel(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;
    QList<DocumentedRoute> documentedRoutes() const override;
    // A large document upload without a usable key (or gateway secret) gets its 401, and a spent free tier
    // its 402, before the body is read.
    std::optional<HttpAnswer> answerBeforeBody(const HttpRequestData &head) const override;

private:
    void health(HttpReply &reply) const;
    void signup(const HttpRequestData &request, HttpReply &reply) const;
    void usage(const HttpRequestData &request, HttpReply &reply) const;
    void call(const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const;
    void callForGateway(
        const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const;
    std::optional<ApiKeyRecord> authenticate(const HttpRequestData &request, HttpReply &reply) const;
    // The active key of X-API-Key, or the 401 to send (with keyChallenge()).
    Result<ApiKeyRecord> findKey(const HttpRequestData &request) const;
    static HeaderList keyChallenge();
    // The exposure serves the gateway without a key and this request presents the gateway's secret instead.
    bool isGatewayCall(const CatalogRoutes::Match &match, const HttpRequestData &request) const;

    ServiceContext &m_context;
    CatalogRoutes m_routes;
    ClientAddress m_clientAddress;
    std::shared_ptr<GatewayAccount> m_gateway; // shared with completions that outlive a call
};

} // namespace ades
