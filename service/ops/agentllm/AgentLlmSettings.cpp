#include "AgentLlmSettings.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

const TextSetting &AgentLlmSettings::modelSetting(const QString &upstreamKey)
{
    if (upstreamKey == u"micro"_s)
        return MicroModel;
    if (upstreamKey == u"plus"_s)
        return PlusModel;
    return BasicModel;
}

SettingSpecs AgentLlmSettings::all()
{
    return { MicroModel.spec, BasicModel.spec, PlusModel.spec };
}

} // namespace ades::agentllm
