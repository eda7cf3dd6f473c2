#pragma once

#include "core/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <optional>

namespace ades::agentllm {

struct ChatTier;

// A chat request a tier accepts (SPEC §2.4, §8), read from arguments the tier's schema
// (ChatSchema::request) already checked for shape. The messages go to the upstream exactly as sent: no
// system prompt is added, none is changed.
struct ChatRequest
{
    QJsonArray messages;
    int messageCount = 0;
    // UTF-8 bytes over the contents of all messages, the measure of SPEC §8.
    qint64 inputBytes = 0;
    // The output cap asked of the upstream: max_completion_tokens or max_tokens when given, else the tier's
    // maximum.
    int acceptedMaxOutputTokens = 0;

    // The limit checks the schema cannot express, each an uncharged 422 naming the limit and the value:
    // the input bytes, and max_tokens and max_completion_tokens both given with different values. Runs
    // before any payment (Operation::check).
    static std::optional<ServiceError> problem(const ChatTier &tier, const QJsonObject &arguments);
    // The request of valid arguments (problem() found nothing).
    static ChatRequest read(const ChatTier &tier, const QJsonObject &arguments);
    static qint64 inputBytesOf(const QJsonArray &messages);
};

} // namespace ades::agentllm
