#pragma once

#include "core/SettingSpec.h"

namespace ades::agentllm::AgentLlmSettings {

// The model each tier asks of its upstream. Base URL, key and timeout are the upstream source's own settings
// (upstream/agentllm-<tier>/base_url, api_key, timeout_ms; ChatUpstream::sourceDefaults). The defaults are a
// hosted provider's small and large models; a local llama.cpp server or Ollama takes the model name it
// serves (docs/agentllm.md, "Upstream").
inline const TextSetting MicroModel = textSetting(QStringLiteral("agentllm/micro/model"),
    QStringLiteral("gpt-4o-mini"), QStringLiteral("model the micro tier asks of upstream/agentllm-micro"));
inline const TextSetting BasicModel
    = textSetting(QStringLiteral("agentllm/basic/model"), QStringLiteral("gpt-4o-mini"),
        QStringLiteral("model the basic tier and /x402/chat ask of upstream/agentllm-basic"));
inline const TextSetting PlusModel
    = textSetting(QStringLiteral("agentllm/plus/model"), QStringLiteral("gpt-4o"),
        QStringLiteral("model the plus tier (/x402/chat-plus) asks of upstream/agentllm-plus"));

// The setting naming the model of upstream `upstreamKey` ("micro", "basic", "plus").
const TextSetting &modelSetting(const QString &upstreamKey);
SettingSpecs all();

} // namespace ades::agentllm::AgentLlmSettings
