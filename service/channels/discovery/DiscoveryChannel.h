#pragma once

#include "area/AreaDocument.h"
#include "channels/HttpChannel.h"

#include <memory>

namespace ades {

class ServiceContext;
class X402Discovery;

// The discovery documents, generated once (on the first request, when the served address is known) from the
// catalog, the payment offers and the other channels' documented routes: /openapi.json, /mcp-tools.json,
// /llms.txt, /agents.json, /.well-known/x402 and
// /.well-known/agent-card.json, and the documents of the areas (Area::documents()); and receipt verification
// (GET /verify describes the standard and the issuer key; POST /verify returns a verdict). All free, GET and
// HEAD, with Cache-Control.
class DiscoveryChannel final : public HttpChannel
{
public:
    // `otherRoutes`: what the other channels return from documentedRoutes(); this channel adds its own.
    explicit DiscoveryChannel(ServiceContext &context, const QList<DocumentedRoute> &otherRoutes = {});
    ~DiscoveryChannel() override;

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;
    QList<DocumentedRoute> documentedRoutes() const override;

private:
    struct Document
    {
        QString path;
        QByteArray mediaType;
        QByteArray body;
    };

    void generateDocuments();
    // The channel's own routes and the areas' documents.
    QList<DocumentedRoute> servedRoutes() const;
    void describeVerification(HttpReply &reply) const;

    ServiceContext &m_context;
    QList<DocumentedRoute> m_otherRoutes;
    QList<AreaDocument> m_areaDocuments; // every area's documents(), gathered once
    QList<Document> m_documents; // generated once: the catalog, the settings and the served address stay
    std::unique_ptr<X402Discovery> m_x402; // its offers follow the network gate, so it answers per request
};

} // namespace ades
