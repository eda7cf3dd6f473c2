#include "MarketDataOperation.h"

#include "GasBoard.h"
#include "MarketBrief.h"
#include "YieldBoard.h"
#include "catalog/Catalog.h"
#include "core/Clock.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// Every product's answer gets the same frame: contract, product, time.
std::function<void(Result<QJsonObject>)> framed(const QString &product, const Clock &clock, Completion done)
{
    return [product, &clock, done](Result<QJsonObject> result) {
        if (!result.ok())
            return done(result.error());
        QJsonObject data = result.value();
        data.insert(u"contract"_s, u"market-data/1"_s);
        data.insert(u"product"_s, product);
        data.insert(u"checked_at"_s, isoUtc(clock.now()));
        done(OperationResult { data, product });
    };
}

} // namespace

void addMarketDataOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(10'000);
    catalog.add({
        .id = u"market.market"_s,
        .title = u"Market brief, yields and gas"_s,
        .summary
        = u"market_brief: exchange-median prices, perp funding and open interest and gas for the "
          "main coins; yield: the largest and highest-yielding stablecoin pools from DeFiLlama; gas: "
          "gas prices on five chains. Each part names its source; a failed part is named, never "
          "filled in."_s,
        .area = u"market"_s,
        .outputContract = u"market-data/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.market.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.market.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/market"_s, price), Exposure::mcp(u"market_data"_s, price),
            Exposure::cli(u"market.market"_s) },
        .handler =
            [&services](const QJsonObject &args, const CallContext &, Completion done) {
                const QString product = args.value(u"product"_s).toString(u"market_brief"_s);
                auto answer = framed(product, services.clock, std::move(done));
                if (product == u"yield"_s)
                    return YieldBoard(services).read(answer);
                if (product == u"gas"_s)
                    return GasBoard(services).read([answer](Result<GasBoard::Board> board) {
                        if (!board.ok())
                            return answer(board.error());
                        answer(QJsonObject { { u"chains"_s, board.value().chains },
                            { u"unavailable"_s, board.value().unavailable } });
                    });
                MarketBrief(services).read(answer);
            },
        .sources = { QString::fromUtf16(MarketSource::Binance), QString::fromUtf16(MarketSource::Coinbase),
            QString::fromUtf16(MarketSource::Kraken), QString::fromUtf16(MarketSource::Hyperliquid),
            QString::fromUtf16(MarketSource::DefiLlama), GasBoard::missingSource() },
    });
}

} // namespace ades::market
