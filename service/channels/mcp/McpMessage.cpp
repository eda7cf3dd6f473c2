#include "McpMessage.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

bool isValidId(const QJsonValue &id)
{
    // JSON-RPC requests in MCP: a non-null string or integer.
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double number = id.toDouble();
    return std::isfinite(number) && std::floor(number) == number;
}

} // namespace

McpMessage McpMessage::parse(const QJsonValue &value)
{
    McpMessage message;
    message.id = QJsonValue(QJsonValue::Null);
    if (!value.isObject()) {
        message.invalidReason = u"a message must be a JSON object"_s;
        return message;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue id = object.value(u"id"_s);
    if (isValidId(id))
        message.id = id;
    if (object.value(u"jsonrpc"_s) != QJsonValue(u"2.0"_s)) {
        message.invalidReason = u"jsonrpc must be \"2.0\""_s;
        return message;
    }
    const QJsonValue method = object.value(u"method"_s);
    if (method.isUndefined()) {
        if (object.contains(u"result"_s) || object.contains(u"error"_s)) {
            message.kind = Kind::Response;
            return message;
        }
        message.invalidReason = u"method is missing"_s;
        return message;
    }
    if (!method.isString() || method.toString().isEmpty()) {
        message.invalidReason = u"method must be a non-empty string"_s;
        return message;
    }
    message.method = method.toString();
    const QJsonValue params = object.value(u"params"_s);
    if (!params.isUndefined() && !params.isObject()) {
        message.invalidReason = u"params must be an object"_s;
        return message;
    }
    message.params = params.toObject();
    message.meta = message.params.value(u"_meta"_s).toObject();
    if (id.isUndefined()) {
        message.kind = Kind::Notification;
        return message;
    }
    if (!isValidId(id)) {
        message.invalidReason = u"id must be a string or an integer"_s;
        return message;
    }
    message.kind = Kind::Request;
    return message;
}

} // namespace ades::mcp
