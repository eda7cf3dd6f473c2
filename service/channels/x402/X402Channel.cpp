#include "X402Channel.h"

#include "catalog/Invoker.h"
#include "host/ServiceContext.h"

using namespace Qt::StringLiterals;

namespace ades {

X402Channel::X402Channel(ServiceContext &context)
    : m_context(context)
    , m_routes(context.catalog(), Channel::X402)
    , m_offers(context.settings())
{
    const QStringList warnings = m_offers.warnings();
    for (const QString &warning : warnings)
        qWarning("x402: %s", qPrintable(warning));
}

QStringList X402Channel::allowedMethods(const QString &path) const
{
    return m_routes.allowedMethods(path);
}

QString X402Channel::resourceUrl(const HttpRequestData &request) const
{
    QString url = m_context.publicUrl() + request.path;
    const QString query = request.query.toString(QUrl::FullyEncoded);
    if (!query.isEmpty())
        url += u'?' + query;
    return url;
}

void X402Channel::handle(const HttpRequestData &request, HttpReply reply)
{
    reply.notes().channel = channelName(Channel::X402);
    const auto match = m_routes.find(QString::fromLatin1(request.method), request.path);
    if (!match)
        return reply.sendError(
            ServiceError(ServiceError::Kind::NotFound, u"not_found"_s, u"No such path."_s));
    const Operation &operation = *match->binding.operation;
    const Exposure &exposure = *match->binding.exposure;
    reply.notes().operationId = operation.id;

    if (!m_offers.isConfigured())
        return reply.sendError(ServiceError(ServiceError::Kind::Unavailable, u"payments_not_configured"_s,
            u"x402 payments are not configured on this server: no receiving "
            "address is set. Nothing was charged."_s)
                                   .setMissing({ u"x402_payto"_s }));

    Result<QJsonObject> args = CatalogRoutes::decodeArguments(*match, request);
    if (!args.ok())
        return reply.sendError(args.error());
    Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, args.value());
    if (!prepared.ok())
        return reply.sendError(prepared.error());

    const QByteArray signature = request.header("PAYMENT-SIGNATURE");
    QString error = u"Payment required"_s;
    if (!signature.isEmpty()) {
        const Result<QJsonObject> payload = x402::X402Offers::decodeHeader(signature);
        error = payload.ok()
            ? u"settlement_unavailable: this server does not settle x402 payments yet; no payment "
              "was taken"_s
            : payload.error().code();
    }
    const QJsonObject challenge
        = m_offers.paymentRequired(exposure.price, resourceUrl(request), operation.summary, error);
    reply.sendJson(402, challenge,
        { { "PAYMENT-REQUIRED", x402::X402Offers::encodeHeader(challenge) },
            { "Cache-Control", "no-store" } });
}

} // namespace ades
