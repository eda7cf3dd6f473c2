#pragma once

#include "area/Area.h"

#include <QHash>
#include <memory>
#include <optional>

namespace ades::agentllm {

class ChatUpstream;

// AgentLLM: fixed-price OpenAI-compatible chat completions in tiers (micro, basic, chat, plus), each
// answered by an upstream the operator configures (docs/agentllm.md). Holds one ChatUpstream per upstream.
class AgentLlmArea : public Area
{
public:
    AgentLlmArea();
    ~AgentLlmArea() override;

    QString name() const override;
    SettingSpecs settings() const override;
    QList<UpstreamSource> sources() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    QJsonObject health() const override;
    QList<AreaDocument> documents() const override;

private:
    QHash<QString, std::shared_ptr<const ChatUpstream>> m_upstreams; // by upstream key
    const UpstreamClient *m_client = nullptr;
};

} // namespace ades::agentllm
