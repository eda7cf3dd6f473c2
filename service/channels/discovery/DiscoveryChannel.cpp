#include "DiscoveryChannel.h"

#include "AgentCard.h"
#include "AgentsManifest.h"
#include "DiscoveryInputs.h"
#include "LlmsTxt.h"
#include "OpenApiDocument.h"
#include "X402Discovery.h"
#include "area/Area.h"
#include "catalog/Catalog.h"
#include "channels/mcp/McpSettings.h"
#include "channels/mcp/McpToolCatalog.h"
#include "host/ServiceContext.h"
#include "payments/PaymentGate.h"
#include "payments/X402Offers.h"
#include "receipts/ReceiptFormat.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QString McpToolsPath = u"/mcp-tools.json"_s;
const QString VerifyPath = u"/verify"_s;
const QByteArray Json = "application/json";
const QByteArray Markdown = "text/markdown; charset=utf-8";
// The documents change only with the catalog and the settings, i.e. on a restart. /.well-known/x402 also
// follows the start-up check of the payment networks, so it is cached for less.
const QByteArray DocumentCaching = "public, max-age=300";
const QByteArray OffersCaching = "public, max-age=60";

QJsonObject schema(const QString &name)
{
    return Catalog::loadSchema(u":/schemas/channels/discovery/"_s + name);
}

DocumentedRoute document(const QString &path, const QString &summary, const QString &mediaType,
    const QJsonObject &responseSchema, const QString &tag = u"discovery"_s)
{
    DocumentedRoute route;
    route.method = u"GET"_s;
    route.path = path;
    route.summary = summary;
    route.tag = tag;
    route.responses = { { 200, summary, mediaType, responseSchema } };
    return route;
}

QList<DocumentedRoute> ownRoutes()
{
    QList<DocumentedRoute> routes {
        document(OpenApiDocument::path(), u"OpenAPI 3.1 description of every HTTP route"_s,
            QString::fromLatin1(Json), schema(u"openapi.schema.json"_s)),
        document(McpToolsPath, u"The MCP tools with their schemas, prices and source provenance"_s,
            QString::fromLatin1(Json), schema(u"mcp-tools.schema.json"_s)),
        document(LlmsTxt::path(), u"Guide for language models (llms.txt): how to pay, channels, operations"_s,
            QString::fromLatin1(Markdown), QJsonObject { { u"type"_s, u"string"_s } }),
        document(AgentsManifest::path(),
            u"Agent manifest: authentication, payment and every operation's channels"_s,
            QString::fromLatin1(Json), schema(u"agents.schema.json"_s)),
        document(X402Discovery::path(),
            u"x402 discovery: the paid resources with the payment requirements offered now"_s,
            QString::fromLatin1(Json), schema(u"x402.schema.json"_s)),
        document(AgentCard::path(), u"A2A agent card: one skill per MCP tool"_s, QString::fromLatin1(Json),
            schema(u"agent-card.schema.json"_s)),
        document(VerifyPath, u"The receipt standard and the official issuer key"_s, QString::fromLatin1(Json),
            schema(u"verify-get.schema.json"_s), u"receipts"_s),
    };
    DocumentedRoute verify;
    verify.method = u"POST"_s;
    verify.path = VerifyPath;
    verify.summary = u"Verify a signed result"_s;
    verify.description = u"The body is the complete JSON result with its receipt (service-receipt/2 or /1). "
                         "Free, no account."_s;
    verify.tag = u"receipts"_s;
    verify.requestMediaType = QString::fromLatin1(Json);
    verify.requestSchema = QJsonObject { { u"type"_s, u"object"_s },
        { u"description"_s, u"A delivered result, unchanged, including `receipt`."_s } };
    verify.responses = { { 200, u"The verdict"_s, QString::fromLatin1(Json),
                             schema(u"verify-post.schema.json"_s) },
        DocumentedRoute::error(400,
            u"The body is not a receipt-bearing JSON result (`not_a_receipt`), or repeats a member name "
            "within an object (`duplicate_json_key`)."_s) };
    routes.append(verify);
    return routes;
}

} // namespace

DiscoveryChannel::DiscoveryChannel(ServiceContext &context, const QList<DocumentedRoute> &otherRoutes)
    : m_context(context)
    , m_otherRoutes(otherRoutes)
{
    for (const auto &area : context.areas())
        m_areaDocuments += area->documents();
}

QList<DocumentedRoute> DiscoveryChannel::servedRoutes() const
{
    QList<DocumentedRoute> routes = ownRoutes();
    for (const AreaDocument &d : m_areaDocuments)
        routes.append(document(d.path, d.summary, QString::fromLatin1(d.mediaType),
            d.responseSchema.isEmpty() && d.mediaType != Json ? QJsonObject { { u"type"_s, u"string"_s } }
                                                              : d.responseSchema));
    return routes;
}

void DiscoveryChannel::generateDocuments()
{
    // On the first request, not at construction: the channel exists before the service listens, and the
    // documents name the address it actually serves (ServiceContext::publicUrl()).
    if (m_x402)
        return;
    const ServiceContext &context = m_context;
    const mcp::McpToolCatalog tools(context.catalog());
    // The payment gate's own offers: the documents list exactly what a paid route would offer.
    const x402::X402Offers &offers = context.paymentGate().offers();
    const ReceiptIssuer issuer = context.signer().issuer();
    const DiscoveryInputs inputs {
        context.catalog(),
        tools,
        offers,
        m_otherRoutes + servedRoutes(),
        context.publicUrl(),
        QString(context.publicUrl() + context.settings().get(mcp::McpSettings::Path)),
        issuer.service,
        issuer.issuerName,
        context.clock().now(),
    };
    const auto compact
        = [](const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Compact); };
    // The same generated and validated tool list that tools/list serves, plus each tool's provenance.
    m_documents = {
        { OpenApiDocument::path(), Json, compact(OpenApiDocument(inputs).json()) },
        { McpToolsPath, Json, compact(tools.document(inputs.mcpUrl)) },
        { LlmsTxt::path(), Markdown, LlmsTxt(inputs).text() },
        { AgentsManifest::path(), Json, compact(AgentsManifest(inputs).json()) },
        { AgentCard::path(), Json, compact(AgentCard(inputs).json()) },
    };
    const AreaDocumentInputs areaInputs = context.documentInputs();
    for (const AreaDocument &d : std::as_const(m_areaDocuments))
        m_documents.append({ d.path, d.mediaType, d.build(areaInputs) });
    m_x402 = std::make_unique<X402Discovery>(inputs);
}

DiscoveryChannel::~DiscoveryChannel() = default;

QList<DocumentedRoute> DiscoveryChannel::documentedRoutes() const
{
    return servedRoutes();
}

QStringList DiscoveryChannel::allowedMethods(const QString &path) const
{
    static const QStringList documentPaths { OpenApiDocument::path(), McpToolsPath, LlmsTxt::path(),
        AgentsManifest::path(), AgentCard::path(), X402Discovery::path() };
    const bool areaDocument = std::any_of(m_areaDocuments.cbegin(), m_areaDocuments.cend(),
        [&path](const AreaDocument &d) { return d.path == path; });
    if (documentPaths.contains(path) || areaDocument)
        return { u"GET"_s, u"HEAD"_s };
    if (path == VerifyPath)
        return { u"GET"_s, u"HEAD"_s, u"POST"_s };
    return {};
}

void DiscoveryChannel::handle(const HttpRequestData &request, HttpReply reply)
{
    generateDocuments();
    for (const Document &document : std::as_const(m_documents)) {
        if (document.path == request.path)
            return reply.send(
                200, document.body, document.mediaType, { { "Cache-Control", DocumentCaching } });
    }
    if (request.path == X402Discovery::path())
        return reply.send(200, QJsonDocument(m_x402->json()).toJson(QJsonDocument::Compact), Json,
            { { "Cache-Control", OffersCaching } });
    if (request.method == "POST") {
        const ReceiptVerdict verdict = m_context.verifier().verifyDocument(request.body);
        if (!verdict.usable) {
            // A repeated member name is named, not lumped in with "not a receipt".
            const QString duplicate = u"duplicate_key:"_s;
            for (const QString &problem : verdict.problems) {
                if (problem.startsWith(duplicate))
                    return reply.sendError(ServiceError::badRequest(u"duplicate_json_key"_s,
                        u"The body repeats the member name at %1; JSON member names must be unique, or "
                        "readers disagree on which value counts."_s.arg(problem.mid(duplicate.size())),
                        u"body"_s));
            }
            return reply.sendError(ServiceError::badRequest(u"not_a_receipt"_s,
                u"The body must be the complete JSON result including its receipt."_s, u"body"_s));
        }
        return reply.sendJson(200, verdict.toJson());
    }
    describeVerification(reply);
}

void DiscoveryChannel::describeVerification(HttpReply &reply) const
{
    const ReceiptSigner &signer = m_context.signer();
    const ReceiptIssuer issuer = signer.issuer();
    QJsonArray fields;
    for (const QLatin1StringView field : ReceiptFormat::V2Fields)
        fields.append(QString(field));
    reply.sendJson(200,
        QJsonObject {
            { u"standard"_s, u"service-receipt/2"_s },
            { u"also_verifies"_s, QJsonArray { u"service-receipt/1"_s } },
            { u"service"_s, issuer.service },
            { u"issuer"_s, signer.issuerAddress() },
            { u"issuer_name"_s, issuer.issuerName },
            { u"issuer_key"_s, QString(u"0x"_s + QString::fromLatin1(signer.issuerPublicKey().toHex())) },
            { u"key_id"_s, signer.keyId() },
            { u"verify_url"_s, issuer.verifyUrl },
            { u"how_to_verify"_s, ReceiptSigner::howToVerify() },
            { u"fields"_s, fields },
            { u"post"_s, u"POST the complete JSON result (with its receipt) to this URL for a verdict."_s },
        });
}

} // namespace ades
