#include "ChatRequest.h"

#include "ChatTier.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

namespace {

ServiceError overLimit(const QString &code, const QString &param, const QString &message,
    const QString &limit, qint64 limitValue, qint64 value)
{
    ServiceError error = ServiceError::unprocessable(code, message, param);
    error.setExtra(u"limit"_s, limit).setExtra(u"limit_value"_s, limitValue).setExtra(u"value"_s, value);
    return error;
}

} // namespace

qint64 ChatRequest::inputBytesOf(const QJsonArray &messages)
{
    qint64 bytes = 0;
    for (const QJsonValue &message : messages)
        bytes += message.toObject().value(u"content"_s).toString().toUtf8().size();
    return bytes;
}

std::optional<ServiceError> ChatRequest::problem(const ChatTier &tier, const QJsonObject &arguments)
{
    const QJsonArray messages = arguments.value(u"messages"_s).toArray();
    const qint64 bytes = inputBytesOf(messages);
    if (bytes > tier.maxInputBytes)
        return overLimit(u"input_too_large"_s, u"messages"_s,
            u"messages: the contents are %1 UTF-8 bytes; the %2 tier accepts at most max_input_bytes = %3."_s
                .arg(bytes)
                .arg(tier.key)
                .arg(tier.maxInputBytes),
            u"max_input_bytes"_s, tier.maxInputBytes, bytes);
    // Both names of the output cap are accepted (OpenAI renamed max_tokens); two different caps are a
    // contradiction we do not resolve by guessing.
    const QJsonValue maxTokens = arguments.value(u"max_tokens"_s);
    const QJsonValue maxCompletion = arguments.value(u"max_completion_tokens"_s);
    if (!maxTokens.isUndefined() && !maxCompletion.isUndefined()
        && maxTokens.toInteger() != maxCompletion.toInteger())
        return ServiceError::unprocessable(u"conflicting_output_caps"_s,
            u"max_completion_tokens: %1 differs from max_tokens = %2; send one of them (or the same value)."_s
                .arg(maxCompletion.toInteger())
                .arg(maxTokens.toInteger()),
            u"max_completion_tokens"_s);
    return std::nullopt;
}

ChatRequest ChatRequest::read(const ChatTier &tier, const QJsonObject &arguments)
{
    ChatRequest request;
    request.messages = arguments.value(u"messages"_s).toArray();
    request.messageCount = int(request.messages.size());
    request.inputBytes = inputBytesOf(request.messages);
    const QJsonValue cap = arguments.contains(u"max_completion_tokens"_s)
        ? arguments.value(u"max_completion_tokens"_s)
        : arguments.value(u"max_tokens"_s);
    request.acceptedMaxOutputTokens = cap.isUndefined() ? tier.maxOutputTokens : int(cap.toInteger());
    return request;
}

} // namespace ades::agentllm
