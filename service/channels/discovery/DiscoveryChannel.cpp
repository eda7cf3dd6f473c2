#include "DiscoveryChannel.h"

#include "OpenApiDocument.h"
#include "channels/mcp/McpSettings.h"
#include "channels/mcp/McpToolCatalog.h"
#include "host/ServiceContext.h"
#include "receipts/ReceiptSigner.h"
#include "receipts/ReceiptVerifier.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

const QString OpenApiPath = u"/openapi.json"_s;
const QString McpToolsPath = u"/mcp-tools.json"_s;
const QString VerifyPath = u"/verify"_s;

} // namespace

DiscoveryChannel::DiscoveryChannel(ServiceContext &context)
    : m_context(context)
{
    m_openApi = QJsonDocument(buildOpenApiDocument(context)).toJson(QJsonDocument::Compact);
    // The same generated and validated tool list that tools/list serves, plus each tool's provenance.
    const mcp::McpToolCatalog tools(context.catalog());
    const QJsonObject document
        = tools.document(QString(context.publicUrl() + context.settings().get(mcp::McpSettings::Path)));
    m_mcpTools = QJsonDocument(document).toJson(QJsonDocument::Compact);
}

QStringList DiscoveryChannel::allowedMethods(const QString &path) const
{
    if (path == OpenApiPath || path == McpToolsPath)
        return { u"GET"_s, u"HEAD"_s };
    if (path == VerifyPath)
        return { u"GET"_s, u"HEAD"_s, u"POST"_s };
    return {};
}

void DiscoveryChannel::handle(const HttpRequestData &request, HttpReply reply)
{
    if (request.path == OpenApiPath)
        return reply.send(200, m_openApi, "application/json", { { "Cache-Control", "public, max-age=300" } });
    if (request.path == McpToolsPath)
        return reply.send(
            200, m_mcpTools, "application/json", { { "Cache-Control", "public, max-age=300" } });
    if (request.method == "POST") {
        const ReceiptVerdict verdict = m_context.verifier().verifyDocument(request.body);
        if (!verdict.usable)
            return reply.sendError(ServiceError::badRequest(u"not_a_receipt"_s,
                u"The body must be the complete JSON result including its receipt."_s, u"body"_s));
        return reply.sendJson(200, verdict.toJson());
    }
    const ReceiptSigner &signer = m_context.signer();
    reply.sendJson(200,
        QJsonObject {
            { u"standard"_s, u"service-receipt/2"_s },
            { u"also_verifies"_s, QJsonArray { u"service-receipt/1"_s } },
            { u"service"_s, signer.issuer().service },
            { u"issuer"_s, signer.issuerAddress() },
            { u"issuer_name"_s, signer.issuer().issuerName },
            { u"issuer_key"_s, QString(u"0x"_s + QString::fromLatin1(signer.issuerPublicKey().toHex())) },
            { u"key_id"_s, signer.keyId() },
            { u"verify_url"_s, signer.issuer().verifyUrl },
            { u"how_to_verify"_s, ReceiptSigner::howToVerify() },
            { u"fields"_s,
                QJsonArray { u"standard"_s, u"service"_s, u"subject"_s, u"result_hash"_s, u"issued_at"_s,
                    u"valid_until"_s, u"issuer"_s, u"issuer_key"_s, u"key_id"_s, u"verify_url"_s,
                    u"how_to_verify"_s, u"signature"_s, u"signed_message"_s } },
            { u"post"_s, u"POST the complete JSON result (with its receipt) to this URL for a verdict."_s },
        });
}

} // namespace ades
