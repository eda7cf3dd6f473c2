#pragma once

#include "ExchangeQuote.h"

#include <optional>

namespace ades::market {

// What one exchange said about a coin: a quote, or why there is none. "Not listed" is the exchange's
// business answer (it has no such pair) and differs from "unavailable" (it did not answer usefully): a
// coin two exchanges do not list is the caller's mistake (422), two silent exchanges are ours (503).
struct TickerReading
{
    enum class Problem
    {
        None,
        NotListed,
        Unavailable,
    };
    std::optional<ExchangeQuote> quote;
    Problem problem = Problem::None;
    QString reason; // why there is no quote, in words, for the result's "excluded"/"failed" lists
    QString exchange; // source id, set by whoever fetched it (also when there is no quote)
    QJsonObject source; // provenance of the fetch, when there was an answer

    static TickerReading of(ExchangeQuote quote) { return { std::move(quote), Problem::None, {} }; }
    static TickerReading notListed(const QString &reason)
    {
        return { std::nullopt, Problem::NotListed, reason };
    }
    static TickerReading unavailable(const QString &reason)
    {
        return { std::nullopt, Problem::Unavailable, reason };
    }
};

} // namespace ades::market
