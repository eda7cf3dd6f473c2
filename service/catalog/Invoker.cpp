#include "Invoker.h"

#include "ArgumentDecoder.h"
#include "SchemaValidator.h"

using namespace Qt::StringLiterals;

namespace ades {

namespace {

// Reports the field as the caller spelled it on this channel ("value", not "iban", on /v1/iban).
ServiceError spelledAsSent(const Exposure &exposure, const ServiceError &error)
{
    const QString param = error.param();
    const QString head = param.section(u'.', 0, 0).section(u'[', 0, 0);
    const QString wire = ArgumentDecoder::wireName(exposure, head);
    if (wire == head || head.isEmpty())
        return error;
    QString renamed = param;
    renamed.replace(0, head.size(), wire);
    QString message = error.message();
    if (message.startsWith(param))
        message.replace(0, param.size(), renamed);
    ServiceError out = error;
    out.setParam(renamed).setMessage(message);
    return out;
}

} // namespace

Result<QJsonObject> Invoker::prepare(
    const Operation &operation, const Exposure &exposure, QJsonObject arguments)
{
    const QJsonObject schema = exposure.inputSchema(operation);
    // The channel's own defaults first (Exposure::defaulting), then the schema's.
    const QJsonObject filled
        = SchemaValidator::withDefaults(schema, exposure.withArgumentDefaults(std::move(arguments)));
    if (auto error = SchemaValidator::validate(schema, filled))
        return spelledAsSent(exposure, *error);
    if (operation.check) {
        if (auto error = operation.check(filled))
            return spelledAsSent(exposure, *error);
    }
    return filled;
}

void Invoker::invoke(const Operation &operation, const Exposure &exposure, QJsonObject arguments,
    const CallContext &context, Completion done)
{
    Result<QJsonObject> prepared = prepare(operation, exposure, std::move(arguments));
    if (!prepared.ok()) {
        done(prepared.error());
        return;
    }
    operation.handler(prepared.value(), context, std::move(done));
}

} // namespace ades
