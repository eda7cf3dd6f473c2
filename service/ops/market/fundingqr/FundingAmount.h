#pragma once

#include "core/Usdc.h"

#include <QString>
#include <optional>

class QJsonValue;

namespace ades::market {

// The `amount` argument read exactly: a decimal in USDC (and US dollars, for the onramp's preset), never
// through a double's arithmetic. Text is read as written ("20.07", "2e1"); a JSON number by its shortest
// round-trip decimal form, which is the literal the caller wrote for any amount with up to 15 significant
// digits. Sign, hex, separators, more than 6 decimals (USDC's precision) or more than 12 integer digits are
// refused, not rounded.
namespace FundingAmount {

enum class Problem
{
    None,
    NotADecimal,
    TooPrecise, // more than 6 decimals
    TooLarge,
};

struct Parsed
{
    std::optional<Usdc> amount;
    Problem problem = Problem::None;
};

Parsed parse(const QString &text);
// The decimal text of a JSON string or number argument; empty for anything else.
QString text(const QJsonValue &value);

} // namespace FundingAmount

} // namespace ades::market
