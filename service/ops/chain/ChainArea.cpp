#include "ChainArea.h"

#include "ChainSettings.h"
#include "RegisterChain.h"
#include "area/AreaContext.h"
#include "preflight/CounterpartyScreen.h"
#include "rpc/ChainPools.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::chain {

ChainArea::ChainArea() = default;
ChainArea::~ChainArea() = default;

QString ChainArea::name() const
{
    return u"chain"_s;
}

SettingSpecs ChainArea::settings() const
{
    return ChainSettings::all();
}

QList<UpstreamSource> ChainArea::sources() const
{
    // One source per chain: its timeout is the per-request timeout of every endpoint of the chain, its id
    // what a 503 names. The endpoints themselves are chain/<name>/endpoints (the pool fails over them).
    QList<UpstreamSource> sources;
    for (const ChainInfo &chain : ChainInfo::all()) {
        UpstreamSource source;
        source.id = chain.sourceId();
        source.name = u"EVM JSON-RPC (%1)"_s.arg(chain.title);
        source.baseUrl = QUrl(chain.defaultEndpoints.first());
        source.timeoutMs = 8000;
        sources.append(source);
    }
    return sources;
}

void ChainArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_pools = std::make_unique<ChainPools>(context.settings, context.upstream, context.clock);
    m_screen = std::make_unique<CounterpartyScreen>(catalog);
    registerChain(catalog, context, *m_pools, *m_screen);
}

QJsonObject ChainArea::health() const
{
    return m_pools ? QJsonObject { { u"rpc_pools"_s, m_pools->health() } } : QJsonObject {};
}

} // namespace ades::chain
