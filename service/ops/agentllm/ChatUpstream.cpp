#include "ChatUpstream.h"

#include "ChatTier.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

ChatUpstream::ChatUpstream(const UpstreamClient &upstream, const ChatTier &tier, QString model)
    : m_upstream(upstream)
    , m_tier(tier)
    , m_model(std::move(model))
{ }

UpstreamSource ChatUpstream::sourceDefaults(const ChatTier &tier)
{
    UpstreamSource source;
    source.id = tier.upstreamSource();
    source.name = u"AgentLLM %1 upstream (OpenAI-compatible)"_s.arg(tier.upstreamKey);
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
    UpstreamRequest request;
    request.source = m_tier.upstreamSource();
    request.path = u"/chat/completions"_s;
    request.method = "POST";
    request.body = ChatWire::request(m_model, messages, maxOutputTokens);
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
            QString problem;
            std::optional<ChatAnswer> answer
                = ChatWire::readAnswer(response.value().body, maxOutputTokens, m_model, &problem);
            if (!answer)
                return done(unavailable(problem));
            answer->retried = isRetry;
            answer->snapshot = response.value().snapshot;
            done(std::move(*answer));
        });
}

} // namespace ades::agentllm
