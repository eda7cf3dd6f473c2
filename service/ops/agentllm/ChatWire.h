#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades::agentllm {

// What an OpenAI-compatible upstream answered, reduced to what a delivered completion needs.
struct ChatAnswer
{
    QString content;
    QString finishReason;
    QString upstreamModel; // the model the upstream says answered; the configured one when it says none
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 totalTokens = 0;
    int askedMaxOutputTokens = 0; // the cap of the attempt that answered
    bool retried = false;
    QJsonObject snapshot; // UpstreamClient's evidence of the answering fetch
};

// The OpenAI chat-completions wire format as ADES speaks it to an upstream: the request it sends and the
// reading of the answer. Pure; ChatUpstream does the HTTP.
namespace ChatWire {

// {model, messages, max_tokens, stream:false}: the caller's messages unchanged, nothing added.
QByteArray request(const QString &model, const QJsonArray &messages, int maxOutputTokens);
// The answer of a 2xx, or nullopt with `problem` saying why it is not a complete answer of at most
// `maxOutputTokens` tokens (not JSON, no choice, empty content, more tokens than asked).
std::optional<ChatAnswer> readAnswer(
    const QByteArray &body, int maxOutputTokens, const QString &configuredModel, QString *problem);

} // namespace ChatWire

} // namespace ades::agentllm
