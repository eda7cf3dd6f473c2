#include "Delivery.h"

#include "host/ServiceContext.h"
#include "receipts/ReceiptSigner.h"
#include "store/ReceiptArchive.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades {

ReceiptSigner::Signed Delivery::signAndRecord(
    const ServiceContext &context, const Operation &operation, const OperationResult &result, Channel channel)
{
    ReceiptSigner::Signed signedBody = context.signer().attach(result.data, result.subject);
    StoredReceipt stored;
    stored.signature = signedBody.receipt.value(u"signature"_s).toString();
    stored.resultHash = signedBody.receipt.value(u"result_hash"_s).toString();
    stored.operationId = operation.id;
    stored.subject = result.subject;
    stored.channel = channelName(channel);
    stored.issuedAt = signedBody.issuedAt;
    stored.validUntil = signedBody.validUntil;
    stored.issuer = signedBody.receipt.value(u"issuer"_s).toString();
    stored.receiptJson = signedBody.receiptJson;
    // Journaled before this returns, so before the caller hands the body to the socket: a receipt whose
    // result was sent survives a kill -9 (docs/reliability.md).
    context.store().receipts().storeReceipt(stored);
    return signedBody;
}

std::function<void(const QByteArray &result)> Delivery::settledHook(
    const Operation &operation, const QJsonObject &arguments)
{
    if (!operation.settled)
        return {};
    return [&operation, arguments](const QByteArray &result) { operation.settled(arguments, result); };
}

x402::PaymentGate::Deliver Delivery::paidDelivery(
    ServiceContext &context, const Operation &operation, QJsonObject arguments, CallContext callContext)
{
    return [&context, &operation, arguments = std::move(arguments), callContext](
               std::function<void(Result<ReceiptSigner::Signed>)> done) {
        operation.handler(arguments, callContext, [&context, &operation, callContext, done](Outcome outcome) {
            if (!outcome.ok())
                return done(outcome.error());
            done(signAndRecord(context, operation, outcome.value(), callContext.channel));
        });
    };
}

} // namespace ades
