#pragma once

#include "ChatWire.h"
#include "core/Result.h"
#include "upstream/UpstreamClient.h"

#include <QJsonArray>
#include <QJsonObject>
#include <functional>

namespace ades::agentllm {

struct ChatTier;

// One tier's OpenAI-compatible upstream (POST {base_url}/chat/completions): a hosted provider, a llama.cpp
// server or Ollama. Sends the caller's messages unchanged with the configured model and the output cap;
// the key, when configured, only in the Authorization header (never logged, never in an error).
//
// An upstream 5xx is retried once, with the cap lowered to the tier's retry_max_output_tokens
// (docs/agentllm.md); anything else that is not a complete answer — unreachable, timeout, 4xx, malformed
// JSON, no choice, empty content, more tokens than asked — is an uncharged 503 naming the source.
// Completes once, on the calling thread.
class ChatUpstream
{
public:
    ChatUpstream(const UpstreamClient &upstream, const ChatTier &tier, QString model);

    // The source's official defaults: a hosted OpenAI-compatible endpoint with a 30 s transfer timeout.
    static UpstreamSource sourceDefaults(const ChatTier &tier);
    QString model() const { return m_model; }

    void complete(
        const QJsonArray &messages, int maxOutputTokens, std::function<void(Result<ChatAnswer>)> done) const;

private:
    void attempt(const QJsonArray &messages, int maxOutputTokens, bool isRetry,
        std::function<void(Result<ChatAnswer>)> done) const;
    ServiceError unavailable(const QString &what) const;

    const UpstreamClient &m_upstream;
    const ChatTier &m_tier;
    QString m_model;
};

} // namespace ades::agentllm
