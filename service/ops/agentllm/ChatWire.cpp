#include "ChatWire.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

QByteArray ChatWire::request(const QString &model, const QJsonArray &messages, int maxOutputTokens)
{
    const QJsonObject body {
        { u"model"_s, model },
        { u"messages"_s, messages }, // as the caller sent them: no hidden system prompt
        { u"max_tokens"_s, maxOutputTokens },
        { u"stream"_s, false },
    };
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

std::optional<ChatAnswer> ChatWire::readAnswer(
    const QByteArray &body, int maxOutputTokens, const QString &configuredModel, QString *problem)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isObject()) {
        *problem = u"sent an answer that is not a JSON object"_s;
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    const QJsonObject choice = root.value(u"choices"_s).toArray().at(0).toObject();
    const QJsonObject message = choice.value(u"message"_s).toObject();
    ChatAnswer answer;
    answer.content = message.value(u"content"_s).toString();
    if (answer.content.trimmed().isEmpty()) {
        *problem = u"sent an empty answer"_s;
        return std::nullopt;
    }
    answer.finishReason = choice.value(u"finish_reason"_s).toString(u"stop"_s);
    answer.upstreamModel = root.value(u"model"_s).toString(configuredModel);
    const QJsonObject usage = root.value(u"usage"_s).toObject();
    answer.promptTokens = usage.value(u"prompt_tokens"_s).toInteger();
    answer.completionTokens = usage.value(u"completion_tokens"_s).toInteger();
    answer.totalTokens
        = usage.value(u"total_tokens"_s).toInteger(answer.promptTokens + answer.completionTokens);
    // An upstream that ignores max_tokens would deliver more than the tier sells: not a complete answer of
    // this tier, so nothing is charged for it.
    if (answer.completionTokens > maxOutputTokens) {
        *problem = u"returned %1 output tokens where %2 were asked"_s.arg(answer.completionTokens)
                       .arg(maxOutputTokens);
        return std::nullopt;
    }
    answer.askedMaxOutputTokens = maxOutputTokens;
    return answer;
}

} // namespace ades::agentllm
