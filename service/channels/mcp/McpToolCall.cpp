#include "McpToolCall.h"

#include "McpArgumentHints.h"
#include "McpProtocol.h"
#include "McpToolResult.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "channels/x402/PaidCall.h"
#include "core/CanonicalJson.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "payments/NetworkGate.h"

#include <QCryptographicHash>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::mcp {

McpToolCall::McpToolCall(ServiceContext &context)
    : m_context(context)
    , m_offers(context.settings(), &context.networkGate())
    , m_facilitator(context.upstream())
{ }

void McpToolCall::run(
    const McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &meta, Done done) const
{
    const Operation &operation = *tool.operation;
    const Exposure &exposure = *tool.exposure;
    const QJsonObject wire = McpToolCatalog::withChannelDefaults(exposure, arguments);
    const Result<QJsonObject> prepared
        = Invoker::prepare(operation, exposure, ArgumentDecoder::fromJson(exposure, wire));
    if (!prepared.ok()) {
        const QJsonObject schema = McpToolCatalog::inputSchema(operation, exposure);
        return done(
            McpToolResult::failure(McpArgumentHints::annotate(prepared.error(), schema, wire), tool.name));
    }
    if (!exposure.price.isFree())
        return runPaid(tool, prepared.value(), meta, std::move(done));

    ServiceContext &context = m_context;
    const QString name = tool.name;
    const CallContext callContext { Channel::Mcp, QString() };
    operation.handler(prepared.value(), callContext, [done, name, &context, &operation](Outcome outcome) {
        if (!outcome.ok())
            return done(McpToolResult::failure(outcome.error(), name));
        // The same signed body as the key channel; its receipt also rides in _meta for SDK clients.
        const QJsonObject body = Delivery::signAndRecord(context, operation, outcome.value(), Channel::Mcp);
        done(McpToolResult::success(body, QJsonObject { { ReceiptKey, body.value(u"receipt"_s) } }));
    });
}

// x402 over MCP, tool-result binding (reference/mcp.md §8.1): an unpaid call answers the PaymentRequired as
// an isError tool result; params._meta["x402/payment"] pays; the settlement returns in
// result._meta["x402/payment-response"]. Same checks, ledger and settlement as the HTTP channel.
void McpToolCall::runPaid(
    const McpToolCatalog::Tool &tool, const QJsonObject &prepared, const QJsonObject &meta, Done done) const
{
    const Operation &operation = *tool.operation;
    const Exposure &exposure = *tool.exposure;
    const QString name = tool.name;
    if (!m_offers.isConfigured())
        return done(McpToolResult::failure(x402::X402Offers::notConfiguredError(), name));
    const QList<QJsonObject> requirements = m_offers.requirements(exposure.price);
    if (requirements.isEmpty())
        return done(McpToolResult::failure(x402::X402Offers::noNetworkError(), name));

    const QString resource = u"mcp://tool/"_s + name;
    const x402::X402Offers &offers = m_offers;
    const Usdc price = exposure.price;
    const QString summary = operation.summary;
    auto paymentRequired = [done, &offers, price, resource, summary](const QString &error) {
        done(McpToolResult::failure(offers.paymentRequired(price, resource, summary, error)));
    };
    const QJsonValue payment = meta.value(PaymentKey);
    if (!payment.isObject())
        return paymentRequired(u"Payment required"_s);
    const x402::ExactEvmPrecheck::Outcome precheck = x402::ExactEvmPrecheck::check(
        payment.toObject(), requirements, m_context.clock().now().toSecsSinceEpoch());
    if (!precheck.ok)
        return paymentRequired(precheck.reason);

    const QByteArray requestHash = QCryptographicHash::hash(
        QByteArray("tools/call " + name.toUtf8() + '\n' + CanonicalJson::serialise(prepared)),
        QCryptographicHash::Sha256)
                                       .toHex();
    PaidCall::Sink sink;
    sink.delivered = [done](const QByteArray &result, const QByteArray &paymentResponse) {
        const QJsonObject body = QJsonDocument::fromJson(result).object();
        done(McpToolResult::success(body,
            QJsonObject { { PaymentResponseKey, QJsonDocument::fromJson(paymentResponse).object() },
                { ReceiptKey, body.value(u"receipt"_s) } }));
    };
    sink.refused = paymentRequired;
    sink.failed = [done, name](const ServiceError &error) { done(McpToolResult::failure(error, name)); };
    // §8.1 item 7: no tool output and no x402/payment-response on a failed settlement.
    sink.settlementFailed = [paymentRequired](const QJsonObject &paymentResponse) {
        paymentRequired(
            u"Payment settlement failed: "_s + paymentResponse.value(u"errorReason"_s).toString());
    };
    auto call = std::make_shared<PaidCall>(m_context, m_facilitator, operation, Channel::Mcp, prepared,
        payment.toObject(), precheck, QString::fromLatin1(requestHash), std::move(sink));
    call->start();
}

} // namespace ades::mcp
