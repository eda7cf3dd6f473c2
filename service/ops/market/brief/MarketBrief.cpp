#include "MarketBrief.h"

#include "BriefSettings.h"
#include "GasBoard.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/perps/PerpsFeed.h"
#include "ops/market/price/DecimalText.h"
#include "ops/market/price/PriceFeed.h"

#include <QJsonArray>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

struct Parts
{
    QStringList coins;
    QList<std::optional<Result<MedianPrice>>> prices;
    std::optional<Result<PerpsFeed::Markets>> perps;
    std::optional<Result<GasBoard::Board>> gas;
};

QString billions(double usd)
{
    return usd >= 1e9 ? decimalText(usd / 1e9, 2) + u" bn"_s : decimalText(usd / 1e6, 1) + u" m"_s;
}

QJsonObject unavailable(const QString &part, const ServiceError &error)
{
    return { { u"part"_s, part }, { u"sources"_s, QJsonArray::fromStringList(error.missing()) },
        { u"reason"_s, error.message() } };
}

Result<QJsonObject> compose(const Parts &parts, const QDateTime &now)
{
    QJsonArray coins;
    QJsonArray missing;
    QJsonArray headlines;
    QStringList missingSources;
    int answered = 0;
    for (qsizetype i = 0; i < parts.coins.size(); ++i) {
        const QString &symbol = parts.coins[i];
        QJsonObject coin { { u"symbol"_s, symbol } };
        QString headline = symbol;
        const Result<MedianPrice> &price = *parts.prices[i];
        if (price.ok()) {
            ++answered;
            QJsonObject p = price.value().toJson(now);
            p.remove(u"symbol"_s);
            coin.insert(u"price"_s, p);
            headline += u" %1 %2 (median of %3 exchanges)"_s.arg(price.value().medianText, u"USD"_s)
                            .arg(price.value().used.size());
        } else {
            coin.insert(u"price"_s, QJsonValue());
            missing.append(unavailable(QString(symbol + u" price"_s), price.error()));
            missingSources += price.error().missing();
            headline += u" price unavailable"_s;
        }
        const PerpMarket *perp = nullptr;
        if (parts.perps->ok())
            for (const PerpMarket &m : parts.perps->value().reading->markets)
                if (m.coin == symbol)
                    perp = &m;
        if (perp) {
            QJsonObject p = perp->toJson();
            p.remove(u"coin"_s);
            p.insert(u"source"_s, parts.perps->value().source);
            coin.insert(u"perp"_s, p);
            headline += u"; perp funding %1 %/yr annualised, open interest %2 USD, %3 % in 24 h"_s.arg(
                decimalText(perp->fundingAnnualPercent(), 1), billions(perp->openInterestUsd()),
                decimalText(perp->dayChangePercent(), 2));
        } else {
            coin.insert(u"perp"_s, QJsonValue());
            if (parts.perps->ok())
                missing.append(QJsonObject { { u"part"_s, QString(symbol + u" perp"_s) },
                    { u"sources"_s, QJsonArray { QString::fromUtf16(MarketSource::Hyperliquid) } },
                    { u"reason"_s, u"Hyperliquid lists no perpetual market for it."_s } });
        }
        coins.append(coin);
        headlines.append(headline);
    }
    if (parts.perps->ok()) {
        ++answered;
    } else {
        missing.append(unavailable(u"perps"_s, parts.perps->error()));
        missingSources += parts.perps->error().missing();
    }
    QJsonValue gas;
    if (parts.gas->ok()) {
        ++answered;
        gas = QJsonObject { { u"chains"_s, parts.gas->value().chains },
            { u"unavailable"_s, parts.gas->value().unavailable } };
    } else {
        missing.append(unavailable(u"gas"_s, parts.gas->error()));
        missingSources += parts.gas->error().missing();
    }
    if (answered == 0)
        return ServiceError::sourceUnavailable(missingSources.value(0, u"binance"_s),
            u"No part of the market brief could be read. Nothing was charged."_s)
            .setMissing(missingSources)
            .setExtra(u"unavailable"_s, missing);
    return QJsonObject { { u"coins"_s, coins }, { u"gas"_s, gas }, { u"headlines"_s, headlines },
        { u"unavailable"_s, missing } };
}

} // namespace

MarketBrief::MarketBrief(const MarketServices &services)
    : m_services(services)
{ }

void MarketBrief::read(std::function<void(Result<QJsonObject>)> done) const
{
    auto parts = std::make_shared<Parts>();
    parts->coins
        = CoinList::parse(m_services.settings.get(BriefSettings::BriefCoins), BriefSettings::MaxBriefCoins);
    parts->prices.resize(parts->coins.size());
    const MarketServices &services = m_services;
    auto group = CallGroup::start(int(parts->coins.size()) + 2,
        [parts, &services, done]() { done(compose(*parts, services.clock.now())); });
    for (qsizetype i = 0; i < parts->coins.size(); ++i)
        PriceFeed(services).median(parts->coins[i], [parts, i, group](Result<MedianPrice> price) {
            parts->prices[i] = std::move(price);
            group->arrive();
        });
    PerpsFeed(services).markets([parts, group](Result<PerpsFeed::Markets> markets) {
        parts->perps = std::move(markets);
        group->arrive();
    });
    GasBoard(services).read([parts, group](Result<GasBoard::Board> board) {
        parts->gas = std::move(board);
        group->arrive();
    });
}

} // namespace ades::market
