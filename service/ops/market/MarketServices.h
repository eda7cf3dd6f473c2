#pragma once

namespace ades {
class Catalog;
class Clock;
class Settings;
class Store;
class UpstreamClient;
} // namespace ades

namespace ades::market {

class CoinArchive;
class SourceCache;

// What the market operations share, built once by MarketArea and outliving every call. The catalog is
// how the area reaches another area's operations (chain.gas.estimate, chain.rpc.proxy) without naming its
// classes: looked up per call, since areas register in any order.
struct MarketServices
{
    const Settings &settings;
    const Clock &clock;
    const UpstreamClient &upstream;
    Store &store;
    const Catalog &catalog;
    SourceCache &cache;
    CoinArchive &archive; // the 6-hourly coin readings (coin/)
};

} // namespace ades::market
