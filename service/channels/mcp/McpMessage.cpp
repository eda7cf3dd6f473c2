#include "McpMessage.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace ades::mcp {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Whether a JSON number's text is an integer: decided on its digits, never on a rounded double, so 1.0 and
// 1e3 are integers (as JSON Schema counts them) and 9007199254740993.5 is not. The text is a number
// QJsonDocument accepted (the grammar of RFC 8259).
bool isIntegerText(const QByteArray &text)
{
    const qsizetype size = text.size();
    qsizetype at = text.startsWith('-') ? 1 : 0;
    const qsizetype intStart = at;
    while (at < size && isDigit(text.at(at)))
        ++at;
    const qsizetype intDigits = at - intStart;
    qsizetype fractionStart = at;
    qsizetype fractionDigits = 0;
    if (at < size && text.at(at) == '.') {
        fractionStart = ++at;
        while (at < size && isDigit(text.at(at)))
            ++at;
        fractionDigits = at - fractionStart;
    }
    qint64 exponent = 0;
    if (at < size && (text.at(at) == 'e' || text.at(at) == 'E')) {
        ++at;
        const bool negative = at < size && text.at(at) == '-';
        if (at < size && (text.at(at) == '-' || text.at(at) == '+'))
            ++at;
        for (; at < size && isDigit(text.at(at)); ++at)
            exponent
                = qMin<qint64>(exponent * 10 + (text.at(at) - '0'), 1'000'000'000); // beyond: same answer
        if (negative)
            exponent = -exponent;
    }
    // The digits int+fraction with the point after intDigits, moved by the exponent: an integer when no
    // non-zero digit is left after the point.
    qsizetype lastNonZero = -1; // position among all the digits
    for (qsizetype i = fractionDigits - 1; i >= 0 && lastNonZero < 0; --i) {
        if (text.at(fractionStart + i) != '0')
            lastNonZero = intDigits + i;
    }
    for (qsizetype i = intDigits - 1; i >= 0 && lastNonZero < 0; --i) {
        if (text.at(intStart + i) != '0')
            lastNonZero = i;
    }
    return lastNonZero < 0 || lastNonZero < intDigits + exponent;
}

// The id's own text, when `idText` is that of this id: a number QJsonDocument read to the same double.
// Anything else (no scan, a scan that saw another member) is not used.
QByteArray numberText(const QJsonValue &id, const QByteArray &idText)
{
    if (!id.isDouble() || idText.isEmpty() || !(idText.at(0) == '-' || isDigit(idText.at(0))))
        return {};
    bool ok = false;
    const double value = idText.toDouble(&ok);
    return ok && value == id.toDouble() ? idText : QByteArray();
}

bool isValidId(const QJsonValue &id, const QByteArray &text)
{
    // JSON-RPC requests in MCP: a non-null string or integer.
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    if (!text.isEmpty())
        return isIntegerText(text);
    const double number = id.toDouble();
    return std::isfinite(number) && std::floor(number) == number;
}

} // namespace

McpMessage McpMessage::parse(const QJsonValue &value, const QByteArray &idText)
{
    McpMessage message;
    message.id = QJsonValue(QJsonValue::Null);
    if (!value.isObject()) {
        message.invalidReason = u"a message must be a JSON object"_s;
        return message;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue id = object.value(u"id"_s);
    const QByteArray text = numberText(id, idText);
    const bool validId = isValidId(id, text);
    if (validId) {
        message.id = id;
        message.rawId = text;
    }
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
    if (!validId) {
        message.invalidReason = u"id must be a string or an integer"_s;
        return message;
    }
    message.kind = Kind::Request;
    return message;
}

} // namespace ades::mcp
