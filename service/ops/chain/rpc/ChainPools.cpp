#include "ChainPools.h"

#include "core/Settings.h"
#include "ops/chain/ChainSettings.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

ChainPools::ChainPools(const Settings &settings, const UpstreamClient &upstream, const Clock &clock)
{
    const RpcPool::Limits limits { settings.get(ChainSettings::RequestsPerMinute),
        settings.get(ChainSettings::CooldownSeconds) };
    for (const ChainInfo &chain : ChainInfo::all()) {
        QStringList urls;
        for (const QString &item :
            settings.get(ChainSettings::endpoints(chain)).split(u',', Qt::SkipEmptyParts))
            urls.append(item.trimmed());
        m_pools.push_back(std::make_unique<RpcPool>(chain, urls, upstream, clock, limits));
    }
}

ChainPools::~ChainPools() = default;

const RpcPool *ChainPools::pool(const QString &chain) const
{
    for (const auto &p : m_pools) {
        if (p->chain().name == chain)
            return p.get();
    }
    return nullptr;
}

QJsonObject ChainPools::health() const
{
    QJsonObject json;
    for (const auto &p : m_pools)
        json.insert(p->chain().name, p->health());
    return json;
}

} // namespace ades::chain
