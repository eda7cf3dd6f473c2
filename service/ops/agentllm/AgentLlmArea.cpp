#include "AgentLlmArea.h"

#include "AgentLlmGuide.h"
#include "AgentLlmSettings.h"
#include "ChatTier.h"
#include "ChatUpstream.h"
#include "ModelsCatalog.h"
#include "RegisterAgentLlm.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "core/Settings.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

namespace {

// The tiers that own an upstream: all but /x402/chat, which borrows basic's (ChatTier::upstreamKey).
QList<const ChatTier *> upstreamTiers()
{
    QList<const ChatTier *> tiers;
    for (const ChatTier &tier : chatTiers()) {
        if (tier.upstreamKey == tier.key)
            tiers.append(&tier);
    }
    return tiers;
}

// What the console and /v1/health may show of a key: its last four characters.
QJsonValue keyHint(const QString &key)
{
    return key.isEmpty() ? QJsonValue() : QJsonValue(u"…"_s + key.right(4));
}

} // namespace

AgentLlmArea::AgentLlmArea() = default;
AgentLlmArea::~AgentLlmArea() = default;

QString AgentLlmArea::name() const
{
    return u"agentllm"_s;
}

SettingSpecs AgentLlmArea::settings() const
{
    return AgentLlmSettings::all();
}

QList<UpstreamSource> AgentLlmArea::sources() const
{
    QList<UpstreamSource> sources;
    for (const ChatTier *tier : upstreamTiers())
        sources.append(ChatUpstream::sourceDefaults(*tier));
    return sources;
}

void AgentLlmArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_client = &context.upstream;
    for (const ChatTier *tier : upstreamTiers()) {
        m_upstreams.insert(tier->key,
            std::make_shared<const ChatUpstream>(
                context.upstream, *tier, context.settings.get(AgentLlmSettings::modelSetting(tier->key))));
    }
    registerAgentLlm(catalog, context, m_upstreams);
}

QJsonObject AgentLlmArea::health() const
{
    QJsonObject upstreams;
    for (const ChatTier *tier : upstreamTiers()) {
        const UpstreamSource *source = m_client ? m_client->source(tier->upstreamSource()) : nullptr;
        const auto upstream = m_upstreams.value(tier->key);
        if (!source || !upstream)
            continue;
        upstreams.insert(tier->key,
            QJsonObject {
                { u"base_url"_s, source->baseUrl.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery) },
                { u"model"_s, upstream->model() },
                { u"timeout_ms"_s, source->timeoutMs },
                { u"api_key"_s, keyHint(source->apiKey) },
            });
    }
    return QJsonObject { { u"agentllm_upstreams"_s, upstreams } };
}

} // namespace ades::agentllm

namespace ades::agentllm {

QList<AreaDocument> AgentLlmArea::documents() const
{
    const auto json = [](const QJsonObject &o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); };
    return {
        AreaDocument { QString::fromLatin1(ModelsCatalog::Path), "application/json",
            u"AgentLLM product catalog: every tier with its price and limits (OpenAI-style model list)"_s,
            Catalog::loadSchema(u":/schemas/agentllm/models.out.json"_s),
            [json](const AreaDocumentInputs &inputs) { return json(ModelsCatalog::document(inputs)); } },
        AreaDocument { QString::fromLatin1(AgentLlmGuide::QuickstartPath), "application/json",
            u"AgentLLM quickstart: steps, purchase safety and a ready request per tier"_s,
            Catalog::loadSchema(u":/schemas/agentllm/quickstart.out.json"_s),
            [json](const AreaDocumentInputs &inputs) { return json(AgentLlmGuide::quickstart(inputs)); } },
        AreaDocument { QString::fromLatin1(AgentLlmGuide::SkillPath), "text/markdown; charset=utf-8",
            u"AgentLLM agent skill file"_s, {},
            [](const AreaDocumentInputs &inputs) { return AgentLlmGuide::skill(inputs); } },
    };
}

} // namespace ades::agentllm
