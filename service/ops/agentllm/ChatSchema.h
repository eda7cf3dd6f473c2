#pragma once

#include <QJsonObject>

namespace ades::agentllm {

struct ChatTier;

// JSON Schemas built from the tier table, so that the limits a schema advertises (OpenAPI, MCP inputSchema)
// are the ones ChatTier declares.
namespace ChatSchema {

// SPEC §2.4: only model, messages, max_tokens, max_completion_tokens and stream (false); roles developer,
// system, user, assistant; content a non-empty string; the tier's message count and output cap.
QJsonObject request(const ChatTier &tier);

} // namespace ChatSchema

} // namespace ades::agentllm
