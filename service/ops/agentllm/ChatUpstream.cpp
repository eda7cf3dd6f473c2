#include "ChatUpstream.h"

#include "ChatTier.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

ChatUpstream::ChatUpstream(const UpstreamClient &upstream, const ChatTier &tier, QString model)
    : m_upstream(upstream)
    , m_tier(tier)
    , m_model(std::move(model))
{ }

UpstreamSource ChatUpstream::sourceDefaults(const QString &upstreamKey)
{
    UpstreamSource source;
    source.id = u"agentllm-"_s + upstreamKey;
    source.name = u"AgentLLM %1 upstream (OpenAI-compatible)"_s.arg(upstreamKey);
    source.baseUrl = QUrl(u"https://api.openai.com/v1"_s);
    source.timeoutMs = 30000;
    // Chat answers take seconds: more calls wait on the upstream at once than on a register lookup.
    source.maxConnections = 24;
    return source;
}

ServiceError ChatUpstream::unavailable(const QString &what) const
{
    return ServiceError::sourceUnavailable(m_tier.upstreamSource(),
        u"The %1 tier's upstream %2; nothing was charged, retry later."_s.arg(m_tier.key, what));
}

void ChatUpstream::complete(
    const QJsonArray &messages, int maxOutputTokens, std::function<void(Result<ChatAnswer>)> done) const
{
    attempt(messages, maxOutputTokens, false, std::move(done));
}

void ChatUpstream::attempt(const QJsonArray &messages, int maxOutputTokens, bool isRetry,
    std::function<void(Result<ChatAnswer>)> done) const
{
    const QJsonObject body {
        { u"model"_s, m_model },
        { u"messages"_s, messages }, // as the caller sent them: no hidden system prompt
        { u"max_tokens"_s, maxOutputTokens },
        { u"stream"_s, false },
    };
    UpstreamRequest request;
    request.source = m_tier.upstreamSource();
    request.path = u"/chat/completions"_s;
    request.method = "POST";
    request.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    request.headers.append({ QByteArrayLiteral("Content-Type"), QByteArrayLiteral("application/json") });
    request.maxResponseBytes = 1024 * 1024;
    if (const UpstreamSource *source = m_upstream.source(request.source); source && !source->apiKey.isEmpty())
        request.headers.append(
            { QByteArrayLiteral("Authorization"), QByteArray("Bearer " + source->apiKey.toUtf8()) });

    m_upstream.fetch(request,
        [this, messages, maxOutputTokens, isRetry, done = std::move(done)](
            Result<UpstreamResponse> response) {
            if (!response.ok())
                return done(unavailable(u"could not be reached or timed out"_s));
            const int status = response.value().httpStatus;
            if (status >= 500 && !isRetry) {
                // One retry, shorter, so that it fits the time an agent waits (docs/agentllm.md).
                return attempt(messages, qMin(maxOutputTokens, m_tier.retryMaxOutputTokens), true, done);
            }
            if (status < 200 || status >= 300)
                // The body is not passed on: a provider's 401 quotes part of the key.
                return done(unavailable(u"answered HTTP %1"_s.arg(status)));
            Result<ChatAnswer> answer = read(response.value(), maxOutputTokens);
            if (answer.ok()) {
                ChatAnswer a = answer.value();
                a.retried = isRetry;
                return done(std::move(a));
            }
            done(answer.error());
        });
}

Result<ChatAnswer> ChatUpstream::read(const UpstreamResponse &response, int maxOutputTokens) const
{
    const QJsonDocument doc = QJsonDocument::fromJson(response.body);
    if (!doc.isObject())
        return unavailable(u"sent an answer that is not a JSON object"_s);
    const QJsonObject root = doc.object();
    const QJsonObject choice = root.value(u"choices"_s).toArray().at(0).toObject();
    const QJsonObject message = choice.value(u"message"_s).toObject();
    ChatAnswer answer;
    answer.content = message.value(u"content"_s).toString();
    if (answer.content.trimmed().isEmpty())
        return unavailable(u"sent an empty answer"_s);
    answer.finishReason = choice.value(u"finish_reason"_s).toString(u"stop"_s);
    answer.upstreamModel = root.value(u"model"_s).toString(m_model);
    const QJsonObject usage = root.value(u"usage"_s).toObject();
    answer.promptTokens = usage.value(u"prompt_tokens"_s).toInteger();
    answer.completionTokens = usage.value(u"completion_tokens"_s).toInteger();
    answer.totalTokens
        = usage.value(u"total_tokens"_s).toInteger(answer.promptTokens + answer.completionTokens);
    // An upstream that ignores max_tokens would deliver more than the tier sells: not a complete answer of
    // this tier, so nothing is charged for it.
    if (answer.completionTokens > maxOutputTokens)
        return unavailable(u"returned %1 output tokens where %2 were asked"_s.arg(answer.completionTokens)
                               .arg(maxOutputTokens));
    answer.askedMaxOutputTokens = maxOutputTokens;
    answer.snapshot = response.snapshot;
    return answer;
}

} // namespace ades::agentllm
