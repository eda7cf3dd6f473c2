#include "ChatOffer.h"

#include "ChatRequest.h"
#include "ChatTier.h"
#include "catalog/Catalog.h"
#include "catalog/SchemaValidator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

namespace {

QJsonObject problemOf(const ServiceError &error)
{
    return QJsonObject { { u"code"_s, error.code() }, { u"param"_s, error.param() },
        { u"message"_s, error.message() } };
}

// How to pay (SPEC §3, §5): the x402 v2 exchange, and the rules an agent keeps while doing it.
QJsonObject paymentOf(Usdc price)
{
    return QJsonObject {
        { u"protocol"_s, u"x402"_s },
        { u"x402_version"_s, 2 },
        { u"scheme"_s, u"exact"_s },
        { u"asset"_s, u"USDC"_s },
        { u"amount_atomic_units"_s, price.toAtomicString() },
        { u"how"_s,
            u"Send the paid request without payment; answer its 402 PAYMENT-REQUIRED challenge by signing "
            "exactly its amount (never more than max_amount_atomic_units) and repeat the identical request "
            "once with the PAYMENT-SIGNATURE header. 400, 422 and 503 answers are never charged."_s },
    };
}

} // namespace

QJsonObject ChatOffer::check(const Catalog &catalog, const QJsonObject &body)
{
    QJsonArray problems;
    const QJsonValue model = body.value(u"model"_s);
    const ChatTier *tier = model.isString() ? tierForModel(model.toString()) : nullptr;
    // The tier's operation: its input schema and exposures are what the paid call checks and sells.
    const Operation *operation = tier ? catalog.find(tier->operationId()) : nullptr;
    if (!operation) {
        QStringList models;
        for (const ChatTier &t : chatTiers())
            models += t.acceptedModels();
        problems.append(problemOf(ServiceError::unprocessable(u"unknown_model"_s,
            u"model: must be one of %1 (got %2)"_s.arg(
                models.join(u", "_s), model.isString() ? model.toString() : u"no string"_s),
            u"model"_s)));
    } else if (auto error = SchemaValidator::validate(operation->inputSchema, body)) {
        problems.append(problemOf(*error));
    } else if (auto limit = ChatRequest::problem(*tier, body)) {
        problems.append(problemOf(*limit));
    }
    const bool ready = problems.isEmpty();
    QJsonObject result {
        { u"ok"_s, ready },
        { u"ready_to_buy"_s, ready },
        { u"problems"_s, problems },
        { u"charged"_s, false },
        { u"upstream_called"_s, false },
    };
    const Exposure *paid = operation ? operation->exposure(Channel::X402) : nullptr;
    if (!paid)
        return result;
    const Exposure *tool = operation->exposure(Channel::Mcp);
    const ChatRequest request = ChatRequest::read(*tier, body);
    result.insert(u"tier"_s, tier->key);
    result.insert(u"model"_s, tier->productId());
    result.insert(u"contract"_s, tier->outputContract);
    result.insert(u"input_bytes"_s, ChatRequest::inputBytesOf(body.value(u"messages"_s).toArray()));
    result.insert(u"message_count"_s, body.value(u"messages"_s).toArray().size());
    result.insert(
        u"accepted_max_output_tokens"_s, ready ? QJsonValue(request.acceptedMaxOutputTokens) : QJsonValue());
    result.insert(u"limits"_s, tier->limits());
    result.insert(u"fixed_price_usdc"_s, paid->price.toDecimalString());
    result.insert(u"price_atomic_units"_s, paid->price.toAtomicString());
    // The exact price is the cap: an x402 challenge for more than this is not this product.
    result.insert(u"max_amount_atomic_units"_s, paid->price.toAtomicString());
    result.insert(u"paid_request"_s,
        QJsonObject {
            { u"method"_s, u"POST"_s },
            { u"url"_s, paid->route },
            { u"content_type"_s, u"application/json"_s },
            { u"body"_s, u"the same JSON body as this check"_s },
        });
    result.insert(u"paid_tool"_s, tool ? QJsonValue(tool->route) : QJsonValue());
    result.insert(u"paid_arguments"_s, tool && ready ? QJsonValue(body) : QJsonValue());
    result.insert(u"payment"_s, paymentOf(paid->price));
    return result;
}

QJsonObject ChatOffer::microBody(const QJsonObject &prepareArguments)
{
    const ChatTier &micro = *tierByKey(u"micro"_s);
    QJsonArray messages;
    const QString system = prepareArguments.value(u"system"_s).toString();
    if (!system.isEmpty())
        messages.append(QJsonObject { { u"role"_s, u"system"_s }, { u"content"_s, system } });
    messages.append(QJsonObject {
        { u"role"_s, u"user"_s }, { u"content"_s, prepareArguments.value(u"prompt"_s).toString() } });
    return QJsonObject {
        { u"model"_s, micro.productId() },
        { u"messages"_s, messages },
        { u"max_tokens"_s, prepareArguments.value(u"max_tokens"_s).toInt(80) },
        { u"stream"_s, false },
    };
}

} // namespace ades::agentllm
