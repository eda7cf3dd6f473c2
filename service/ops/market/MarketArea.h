#pragma once

#include "area/Area.h"

#include <memory>

namespace ades::market {

class CoinArchive;
class SourceCache;
struct MarketServices;

// Market data (SPEC.md §4.1, §2.5; docs/market.md): median spot price, perpetual markets, open social
// search, the market brief, yield and gas, the daily decision pack, the per-coin snapshot with its own
// 6-hourly archive, coffee supply stress, the agent-spend statement and the funding QR. Every part of every
// answer names its source, when it was fetched and its age; the per-source cache keeps the upstream traffic
// bounded whatever the call rate.
class MarketArea : public Area
{
public:
    MarketArea();
    ~MarketArea() override;

    QString name() const override;
    SettingSpecs settings() const override;
    QList<UpstreamSource> sources() const override;
    void registerOperations(Catalog &catalog, const AreaContext &context) override;
    void startRecurring(QObject *owner) override;
    QJsonObject health() const override;

private:
    std::unique_ptr<SourceCache> m_cache;
    std::unique_ptr<CoinArchive> m_archive;
    std::unique_ptr<MarketServices> m_services;
};

} // namespace ades::market
