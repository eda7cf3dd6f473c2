#include "McpToolCall.h"

#include "McpArgumentHints.h"
#include "McpLimits.h"
#include "McpProtocol.h"
#include "McpSettings.h"
#include "McpToolResult.h"
#include "catalog/ArgumentDecoder.h"
#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "core/CanonicalJson.h"
#include "host/ServiceContext.h"
#include "payments/PaymentGate.h"
#include "store/Quotas.h"

#include <QJsonDocument>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

// Room in a reply for what surrounds a tool result: the JSON-RPC envelope with its id, and the
// x402/payment-response that is added once the payment settled (a few hundred bytes).
constexpr qsizetype ReplyOverheadBytes = 4096;

} // namespace

McpToolCall::McpToolCall(ServiceContext &context)
    : m_context(context)
    , m_quotas(context)
    , m_maxReplyBytes(McpLimits::from(context.settings()).maxResponseBytes)
{ }

void McpToolCall::run(const McpToolCatalog::Tool &tool, const QJsonObject &arguments, const QJsonObject &meta,
    const QString &caller, Done done) const
{
    const Operation &operation = *tool.operation;
    const Exposure &exposure = *tool.exposure;
    const McpCallNote ran { operation.id, 0, {}, {}, {} };
    const QJsonObject wire = McpToolCatalog::withChannelDefaults(exposure, arguments);
    const Result<QJsonObject> prepared
        = Invoker::prepare(operation, exposure, ArgumentDecoder::fromJson(exposure, wire));
    if (!prepared.ok()) {
        const QJsonObject schema = McpToolCatalog::inputSchema(operation, exposure);
        return done(
            McpToolResult::failure(McpArgumentHints::annotate(prepared.error(), schema, wire), tool.name),
            ran);
    }
    if (!exposure.price.isFree())
        return runPaid(tool, prepared.value(), meta, std::move(done));
    if (const Exposure *keyless = operation.exposure(Channel::Free)) {
        // As on the /free/ path: a slot is taken before the handler runs and kept whatever it answers.
        const FreeQuotaCounter::Counter counter = m_quotas.counterFor(keyless->freeQuota, caller);
        const Result<QuotaDecision> taken = m_quotas.take(counter);
        if (!taken.ok())
            return done(McpToolResult::failure(taken.error(), tool.name), ran);
        if (!taken.value().allowed)
            return done(McpToolResult::failure(m_quotas.exhausted(counter, taken.value()), tool.name), ran);
    }
    runFree(tool, prepared.value(), std::move(done));
}

void McpToolCall::runFree(const McpToolCatalog::Tool &tool, const QJsonObject &prepared, Done done) const
{
    const Operation &operation = *tool.operation;
    const McpCallNote ran { operation.id, 0, {}, {}, {} };
    ServiceContext &context = m_context;
    const QString name = tool.name;
    const CallContext callContext { Channel::Mcp, QString() };
    operation.handler(prepared, callContext, [done, name, ran, &context, &operation](Outcome outcome) {
        if (!outcome.ok())
            return done(McpToolResult::failure(outcome.error(), name), ran);
        // The same signed body as the key channel; its receipt also rides in _meta for SDK clients.
        const ReceiptSigner::Signed signed_
            = Delivery::signAndRecord(context, operation, outcome.value(), Channel::Mcp);
        done(McpToolResult::success(signed_.body, QJsonObject { { ReceiptKey, signed_.receipt } }), ran);
    });
}

// x402 over MCP, tool-result binding of the x402 v2 MCP transport (docs/mcp.md, Tools): an unpaid call
// answers the PaymentRequired as an isError tool result; params._meta["x402/payment"] pays; the settlement
// returns in result._meta["x402/payment-response"]. Same checks, ledger and settlement as the HTTP channel.
void McpToolCall::runPaid(
    const McpToolCatalog::Tool &tool, const QJsonObject &prepared, const QJsonObject &meta, Done done) const
{
    const Operation &operation = *tool.operation;
    const Exposure &exposure = *tool.exposure;
    const QString name = tool.name;
    x402::PaymentGate::Call call;
    call.price = exposure.price;
    call.resource = u"mcp://tool/"_s + name;
    call.description = operation.summary;
    call.operationId = operation.id;
    call.request = "tools/call " + name.toUtf8();
    call.arguments = prepared;
    const QJsonValue payment = meta.value(PaymentKey);
    if (payment.isObject())
        call.payment = payment.toObject();

    // The payer and the settlement as the gate learns them; the price counts only once delivered.
    auto note = std::make_shared<McpCallNote>(McpCallNote { operation.id, 0, {}, {}, {} });
    x402::PaymentGate::Binding binding;
    binding.noted = [note](const x402::PaymentGate::Settled &settled) {
        note->payer = settled.payer;
        note->network = settled.network;
        note->transaction = settled.transaction;
        note->priceUnits = settled.units;
    };
    const auto unpaid = [note]() {
        McpCallNote n = *note;
        n.priceUnits = 0;
        n.network.clear();
        n.transaction.clear();
        return n;
    };
    binding.settled = Delivery::settledHook(operation, prepared);
    binding.delivered = [done, note](const QByteArray &result, const QByteArray &paymentResponse) {
        const QJsonObject body = QJsonDocument::fromJson(result).object();
        done(McpToolResult::success(body,
                 QJsonObject { { PaymentResponseKey, QJsonDocument::fromJson(paymentResponse).object() },
                     { ReceiptKey, body.value(u"receipt"_s) } }),
            *note);
    };
    binding.paymentRequired
        = [done, unpaid](const QJsonObject &required) { done(McpToolResult::failure(required), unpaid()); };
    binding.failed = [done, unpaid, name](
                         const ServiceError &error) { done(McpToolResult::failure(error, name), unpaid()); };
    // §8.1 item 7: no tool output and no x402/payment-response on a failed settlement.
    const x402::X402Offers &offers = m_context.paymentGate().offers();
    binding.settlementFailed = [done, unpaid, &offers, call](const QJsonObject &paymentResponse) {
        done(McpToolResult::failure(offers.paymentRequired(call.price, call.resource, call.description,
                 u"Payment settlement failed: "_s + paymentResponse.value(u"errorReason"_s).toString())),
            unpaid());
    };
    // A result that cannot fit in any reply (mcp/max_response_bytes) would be settled and then replaced by
    // an error, and an identical retry would meet the same limit: it is refused before the payment
    // settles, uncharged.
    x402::PaymentGate::Deliver deliver =
        [inner
            = Delivery::paidDelivery(m_context, operation, prepared, CallContext { Channel::Mcp, QString() }),
            cap = m_maxReplyBytes](std::function<void(Result<ReceiptSigner::Signed>)> delivered) {
            inner([delivered, cap](Result<ReceiptSigner::Signed> signed_) {
                if (signed_.ok()) {
                    const QJsonObject result = McpToolResult::success(
                        signed_.value().body, QJsonObject { { ReceiptKey, signed_.value().receipt } });
                    const qsizetype size = CanonicalJson::serialise(result).size() + ReplyOverheadBytes;
                    if (size > cap)
                        return delivered(ServiceError(ServiceError::Kind::Internal, u"result_too_large"_s,
                            u"The result (about %1 bytes as a tool result) is larger than this server's MCP "
                            "reply limit of %2 bytes (%3). Nothing was charged; call the operation over "
                            "HTTP instead."_s.arg(size)
                                .arg(cap)
                                .arg(McpSettings::MaxResponseBytes.spec.key)));
                }
                delivered(std::move(signed_));
            });
        };
    m_context.paymentGate().take(std::move(call), std::move(deliver), std::move(binding));
}

} // namespace ades::mcp
