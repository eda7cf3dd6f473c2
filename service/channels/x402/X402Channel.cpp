#include "X402Channel.h"

#include "PaidCall.h"
#include "catalog/Invoker.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ades {

X402Channel::X402Channel(ServiceContext &context)
    : m_context(context)
    , m_routes(context.catalog(), Channel::X402)
    , m_offers(context.settings(), &context.networkGate())
    , m_facilitator(context.upstream())
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
        return reply.sendError(x402::X402Offers::notConfiguredError());

    Result<QJsonObject> args = CatalogRoutes::decodeArguments(*match, request);
    if (!args.ok())
        return reply.sendError(args.error());
    Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, args.value());
    if (!prepared.ok())
        return reply.sendError(prepared.error());

    const QList<QJsonObject> requirements = m_offers.requirements(exposure.price);
    if (requirements.isEmpty())
        return reply.sendError(x402::X402Offers::noNetworkError());
    const QString resource = resourceUrl(request);
    const Usdc price = exposure.price;
    const QString summary = operation.summary;
    const x402::X402Offers &offers = m_offers;
    auto challenge = [&offers, price, resource, summary](HttpReply &reply, const QString &error) {
        const QJsonObject required = offers.paymentRequired(price, resource, summary, error);
        reply.sendJson(402, required,
            { { "PAYMENT-REQUIRED", x402::X402Offers::encodeHeader(required) },
                { "Cache-Control", "no-store" } });
    };

    const QByteArray signature = request.header("PAYMENT-SIGNATURE");
    if (signature.isEmpty())
        return challenge(reply, u"Payment required"_s);
    // An undecodable header is treated as absent, as the official server does (reference/x402.md §1.8).
    const Result<QJsonObject> payment = x402::X402Offers::decodeHeader(signature);
    if (!payment.ok())
        return challenge(reply, payment.error().code());
    const x402::ExactEvmPrecheck::Outcome precheck = x402::ExactEvmPrecheck::check(
        payment.value(), requirements, m_context.clock().now().toSecsSinceEpoch());
    if (!precheck.ok)
        return challenge(reply, precheck.reason);

    // What was asked, so that an identical retry is recognised and the payment is not reused elsewhere.
    const QByteArray requestHash
        = QCryptographicHash::hash(QByteArray(request.method + ' ' + request.path.toUtf8() + '\n'
                                       + CanonicalJson::serialise(prepared.value())),
            QCryptographicHash::Sha256)
              .toHex();
    PaidCall::Sink sink;
    sink.delivered = [reply](const QByteArray &result, const QByteArray &paymentResponse) mutable {
        reply.send(200, result, "application/json",
            { { "PAYMENT-RESPONSE", paymentResponse.toBase64() }, { "Cache-Control", "private" } });
    };
    sink.refused = [reply, challenge](const QString &reason) mutable { challenge(reply, reason); };
    sink.failed = [reply](const ServiceError &error) mutable { reply.sendError(error); };
    // reference/x402.md §1.8: 402 with PAYMENT-RESPONSE, no PAYMENT-REQUIRED, no result.
    sink.settlementFailed = [reply](const QJsonObject &paymentResponse) mutable {
        reply.sendJson(402, QJsonObject {},
            { { "PAYMENT-RESPONSE", x402::X402Offers::encodeHeader(paymentResponse) },
                { "Cache-Control", "no-store" } });
    };
    sink.noted = [reply](const QString &payer, const QString &network, const QString &transaction,
                     qint64 units) mutable {
        reply.notes().principal = payer;
        reply.notes().network = network;
        reply.notes().transaction = transaction;
        reply.notes().priceUnits = units;
    };
    auto call = std::make_shared<PaidCall>(m_context, m_facilitator, operation, Channel::X402,
        prepared.value(), payment.value(), precheck, QString::fromLatin1(requestHash), std::move(sink));
    call->start();
}

} // namespace ades
