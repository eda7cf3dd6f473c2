#pragma once

#include "catalog/Operation.h"
#include "host/NotInAreas.h"

#include <QJsonObject>

namespace ades {

class ServiceContext;

// Turns a handler's result into a delivered, receipt-bearing body: signs it (receipt and
// extensions.delivery-receipt), keeps the receipt in the store and returns the body to send. Every channel
// that delivers paid or metered results goes through here, so all of them sign the same way.
class Delivery
{
public:
    // The signed body, and the same body as canonical JSON bytes ready to send.
    struct Delivered
    {
        QJsonObject json;
        QByteArray bytes;
    };

    static Delivered signAndRecord(const ServiceContext &context, const Operation &operation,
        const OperationResult &result, Channel channel);
};

} // namespace ades
