#pragma once

#include "catalog/Operation.h"
#include "host/NotInAreas.h"
#include "payments/PaymentGate.h"
#include "receipts/ReceiptSigner.h"

#include <QJsonObject>

namespace ades {

class ServiceContext;

// Turns a handler's result into a delivered, receipt-bearing body: signs it (receipt and
// extensions.delivery-receipt), keeps the receipt in the store (journaled before it returns, so call it
// before the body is sent) and returns the body to send. Every channel
// that delivers paid or metered results goes through here, so all of them sign the same way.
class Delivery
{
public:
    // The signed body, and the same body as the canonical JSON bytes that are sent and kept.
    static ReceiptSigner::Signed signAndRecord(const ServiceContext &context, const Operation &operation,
        const OperationResult &result, Channel channel);
    // The paid work the payment gate runs once a payment verified: the handler with these arguments, then
    // signAndRecord(). `operation` and `context` must outlive the call.
    static x402::PaymentGate::Deliver paidDelivery(
        ServiceContext &context, const Operation &operation, QJsonObject arguments, CallContext callContext);
    // The PaymentGate binding's `settled` for `operation`: its Operation::settled with these arguments, or
    // empty when it has none. `operation` must outlive the call.
    static std::function<void(const QByteArray &result)> settledHook(
        const Operation &operation, const QJsonObject &arguments);
};

} // namespace ades
