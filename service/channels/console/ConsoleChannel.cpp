#include "ConsoleChannel.h"

#include "catalog/Invoker.h"
#include "channels/Delivery.h"
#include "core/Clock.h"
#include "host/ServiceContext.h"
#include "receipts/ReceiptVerifier.h"
#include "store/CallLog.h"
#include "store/Store.h"

#include <QElapsedTimer>
#include <QUuid>
#include <memory>

using namespace Qt::StringLiterals;

namespace ades {

ConsoleChannel::ConsoleChannel(ServiceContext &context)
    : m_context(context)
{ }

Exposure ConsoleChannel::exposureOf(const Operation &operation)
{
    return Exposure { .channel = Channel::Console, .route = operation.id, .price = Usdc::free() };
}

QString ConsoleChannel::principal()
{
    return u"operator"_s;
}

void ConsoleChannel::run(
    const Operation &operation, QJsonObject arguments, std::function<void(ConsoleOutcome)> done) const
{
    auto timer = std::make_shared<QElapsedTimer>();
    timer->start();
    CallRecord record;
    record.at = m_context.clock().now();
    record.channel = channelName(Channel::Console);
    record.method = u"RUN"_s;
    record.target = operation.id;
    record.operationId = operation.id;
    record.principal = principal();
    record.requestId = u"console-"_s + QUuid::createUuid().toString(QUuid::Id128).left(12);

    ServiceContext &context = m_context;
    const Operation *op = &operation;
    const CallContext callContext { Channel::Console, record.requestId };
    Invoker::invoke(operation, exposureOf(operation), std::move(arguments), callContext,
        [&context, op, record, timer, done = std::move(done)](Outcome outcome) mutable {
            ConsoleOutcome result;
            if (outcome.ok()) {
                const ReceiptSigner::Signed delivered
                    = Delivery::signAndRecord(context, *op, outcome.value(), Channel::Console);
                result.ok = true;
                result.body = delivered.body;
                result.canonicalBody = delivered.body.canonical();
                result.verdict = context.verifier().verifyDocument(result.canonicalBody);
                record.status = 200;
            } else {
                result.body = outcome.error().toJson();
                record.status = outcome.error().httpStatus();
            }
            // Never charged: no price, no settlement, whatever the operation costs elsewhere.
            record.priceUnits = 0;
            record.latencyMs = timer->elapsed();
            // The row id lets the live list and the detail pane find this call in the store.
            record.id = context.store().calls().logCall(record);
            result.record = record;
            done(std::move(result));
        });
}

} // namespace ades
