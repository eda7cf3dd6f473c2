#pragma once

#include <QByteArray>
#include <QJsonObject>

namespace ades {
struct AreaDocumentInputs;
}

namespace ades::agentllm {

// The agent-facing guides of SPEC §4.6, generated from the models catalog (and so from the catalog):
// /agentllm/quickstart.json, a machine-readable recipe with one ready request per tier, and
// /agentllm/SKILL.md, the same as an agent skill file (YAML front matter, then Markdown).
namespace AgentLlmGuide {

inline constexpr const char *QuickstartPath = "/agentllm/quickstart.json";
inline constexpr const char *SkillPath = "/agentllm/SKILL.md";

QJsonObject quickstart(const AreaDocumentInputs &inputs);
QByteArray skill(const AreaDocumentInputs &inputs);

} // namespace AgentLlmGuide

} // namespace ades::agentllm
