#pragma once

#include <QHash>
#include <QString>
#include <memory>

namespace ades {
class Catalog;
struct AreaContext;
} // namespace ades

namespace ades::agentllm {

class ChatUpstream;

// The AgentLLM area's table of contents: every agentllm.* operation with its routes, prices and schemas,
// one paid operation per tier of the tier table (ChatTier). `upstreams` holds one ChatUpstream per upstream
// key.
void registerAgentLlm(Catalog &catalog, const AreaContext &context,
    const QHash<QString, std::shared_ptr<const ChatUpstream>> &upstreams);

} // namespace ades::agentllm
