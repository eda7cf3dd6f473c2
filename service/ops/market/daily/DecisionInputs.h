#pragma once

#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace ades::market {

// What the daily market decision pack is decided from: figures read from the price and perps sources at one
// moment. An input that could not be read stays empty and is named in `missing` with its source.
struct DecisionInputs
{
    std::optional<double> btcPrice; // exchange median, USD
    std::optional<double> btcSpreadPercent; // highest vs lowest exchange quote
    std::optional<double> btcChangePercent; // Hyperliquid mark vs previous day
    std::optional<double> ethChangePercent;
    std::optional<double> btcFundingAnnualPercent;
    std::optional<double> ethFundingAnnualPercent;
    std::optional<double> btcPremiumPercent; // perp mark vs oracle
    std::optional<int> marketsUp; // of the largest perps markets by volume, how many rose in 24 h
    std::optional<int> marketsCounted;
    QStringList missing; // "perps (hyperliquid): why"
    QStringList missingSources; // their source ids

    QJsonObject toJson() const;
};

} // namespace ades::market
