#pragma once

#include <QJsonObject>

namespace ades {
class Catalog;
}

namespace ades::agentllm {

struct ChatTier;

// The free answer to "may I buy this exact request, and for how much?" (SPEC §2.4, §4.2): the tier its
// `model` names, the same schema and limit checks the paid call runs before any payment, and — when it
// passes — where to send it, the exact price and the hard payment cap. Never calls a model, never charges.
// Shared by POST /free/agentllm/check and the MCP tool prepare_agentllm_micro, whose answer adds the paid
// tool and its arguments.
namespace ChatOffer {

// The check of `body`, the exact JSON intended for a paid AgentLLM call; the paid route, price and tool are
// those of the tier's operation in `catalog`.
QJsonObject check(const Catalog &catalog, const QJsonObject &body);
// prepare_agentllm_micro's arguments (`prompt`, `system`, `max_tokens`) as the micro tier's request body:
// the system message first when given, then the prompt as the user message.
QJsonObject microBody(const QJsonObject &prepareArguments);

} // namespace ChatOffer

} // namespace ades::agentllm
