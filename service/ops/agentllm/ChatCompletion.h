#pragma once

#include "catalog/Operation.h"
#include "core/Usdc.h"

#include <memory>

namespace ades {
class Clock;
}

namespace ades::agentllm {

class ChatUpstream;
struct ChatAnswer;
struct ChatRequest;
struct ChatTier;

// Handler of agentllm.<tier>: the tier's upstream answers the caller's messages, and the delivered body is
// a standard chat.completion (id, object, created, model, choices, usage) plus x402_service — the tier, the
// fixed price, the limits, the upstream model that answered and its token usage (SPEC §2.4). The receipt is
// added by the channel. Only a complete answer completes with a result; everything else is the uncharged 503
// of ChatUpstream. Arguments arrive checked by the tier's schema and ChatRequest::problem.
// The delivered body for `answer` to `request` (what the handler completes with, before the receipt).
// `price` is the one the tier's exposures charge.
QJsonObject chatCompletionBody(const ChatTier &tier, Usdc price, const ChatRequest &request,
    const ChatAnswer &answer, const QString &id, qint64 created);

Handler makeChatCompletionHandler(
    const ChatTier &tier, Usdc price, std::shared_ptr<const ChatUpstream> upstream, const Clock &clock);

} // namespace ades::agentllm
