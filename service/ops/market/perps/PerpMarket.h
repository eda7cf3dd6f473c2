#pragma once

#include <QJsonObject>
#include <QString>

namespace ades::market {

// One listed perpetual market of Hyperliquid with its live context (../shared/reference/upstreams.md,
// "Hyperliquid"). Prices stay the decimal strings Hyperliquid sent; the doubles order and derive.
struct PerpMarket
{
    QString coin; // "BTC"
    QString markPrice;
    QString oraclePrice;
    QString midPrice; // empty when the book has no mid
    QString previousDayPrice;
    QString fundingHourly; // the current hourly rate as a fraction, as sent
    QString premium; // empty when absent
    QString openInterestCoins;
    QString dayNotionalVolumeUsd;
    int maxLeverage = 0;
    bool onlyIsolated = false;

    double mark = 0;
    double oracle = 0;
    double funding = 0;
    double openInterest = 0;
    double dayVolumeUsd = 0;
    double previousDay = 0;

    double openInterestUsd() const { return openInterest * mark; }
    // Hyperliquid pays funding every hour: the annual figure is the hourly rate times 24 × 365, not
    // compounded, in percent.
    double fundingAnnualPercent() const { return funding * 24 * 365 * 100; }
    // Mark against the oracle, in percent: how far the perp trades from spot.
    double premiumPercent() const { return oracle > 0 ? (mark - oracle) / oracle * 100 : 0; }
    double dayChangePercent() const { return previousDay > 0 ? (mark - previousDay) / previousDay * 100 : 0; }

    QJsonObject toJson() const;
};

} // namespace ades::market
