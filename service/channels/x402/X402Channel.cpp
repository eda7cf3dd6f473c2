#include "X402Channel.h"

#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "host/ServiceContext.h"
#include "payments/PaymentGate.h"

using namespace Qt::StringLiterals;

namespace ades {

X402Channel::X402Channel(ServiceContext &context)
    : m_context(context)
    , m_routes(context.catalog(), Channel::X402)
{ }

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

x402::PaymentGate::Call X402Channel::paidCall(
    const Operation &operation, const Exposure &exposure, const HttpRequestData &request) const
{
    x402::PaymentGate::Call call;
    call.price = exposure.price;
    call.resource = resourceUrl(request);
    call.description = operation.summary;
    call.operationId = operation.id;
    call.request = request.method + ' ' + request.path.toUtf8();
    const QByteArray signature = request.header("PAYMENT-SIGNATURE");
    if (!signature.isEmpty()) {
        // An undecodable header is treated as absent, as the x402 reference server does (docs/api.md, x402
        // channel, step 2).
        const Result<QJsonObject> payment = x402::X402Offers::decodeHeader(signature);
        if (payment.ok())
            call.payment = payment.value();
        else
            call.paymentProblem = payment.error().code();
    }
    return call;
}

HttpAnswer X402Channel::challengeAnswer(const QJsonObject &paymentRequired)
{
    return HttpAnswer::json(402, paymentRequired,
        { { "PAYMENT-REQUIRED", x402::X402Offers::encodeHeader(paymentRequired) },
            { "Cache-Control", "no-store" } });
}

std::optional<HttpAnswer> X402Channel::answerBeforeBody(const HttpRequestData &head) const
{
    const auto match = m_routes.find(QString::fromLatin1(head.method), head.path);
    if (!match)
        return std::nullopt;
    // The challenge (or 503) the gate would give this payment once the arguments were read; the body is
    // read only for a payment that passes the local pre-check.
    std::optional<HttpAnswer> answer;
    x402::PaymentGate::Binding binding;
    binding.paymentRequired = [&answer](const QJsonObject &required) {
        answer = challengeAnswer(required);
        answer->errorCode = u"payment_required"_s;
    };
    binding.failed = [&answer](const ServiceError &error) { answer = HttpAnswer::error(error); };
    m_context.paymentGate().refuseBeforeArguments(
        paidCall(*match->binding.operation, *match->binding.exposure, head), binding);
    return answer;
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

    Result<QJsonObject> args = CatalogRoutes::decodeArguments(*match, request);
    if (!args.ok())
        return reply.sendError(args.error());
    // Input first: nobody is asked to pay for a call that would fail with 400/422.
    Result<QJsonObject> prepared = Invoker::prepare(operation, exposure, std::move(args.value()));
    if (!prepared.ok())
        return reply.sendError(prepared.error());

    x402::PaymentGate::Call call = paidCall(operation, exposure, request);
    call.arguments = prepared.value();

    x402::PaymentGate::Binding binding;
    binding.delivered = [reply](const QByteArray &result, const QByteArray &paymentResponse) mutable {
        reply.send(200, result, "application/json",
            { { "PAYMENT-RESPONSE", paymentResponse.toBase64() }, { "Cache-Control", "private" } });
    };
    binding.paymentRequired
        = [reply](const QJsonObject &required) mutable { reply.send(challengeAnswer(required)); };
    binding.failed = [reply](const ServiceError &error) mutable { reply.sendError(error); };
    // As the x402 reference server answers a failed settlement (docs/api.md, x402 channel, step 6): 402 with
    // PAYMENT-RESPONSE, no PAYMENT-REQUIRED, no result.
    binding.settlementFailed = [reply](const QJsonObject &paymentResponse) mutable {
        reply.sendJson(402, QJsonObject {},
            { { "PAYMENT-RESPONSE", x402::X402Offers::encodeHeader(paymentResponse) },
                { "Cache-Control", "no-store" } });
    };
    binding.settled = Delivery::settledHook(operation, prepared.value());
    binding.noted = [reply](const x402::PaymentGate::Settled &note) mutable {
        reply.notes().principal = note.payer;
        reply.notes().network = note.network;
        reply.notes().transaction = note.transaction;
        reply.notes().priceUnits = note.units;
    };
    m_context.paymentGate().take(std::move(call),
        Delivery::paidDelivery(
            m_context, operation, prepared.value(), CallContext { Channel::X402, request.requestId }),
        std::move(binding));
}

} // namespace ades
