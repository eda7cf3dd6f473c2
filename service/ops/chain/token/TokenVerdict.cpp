#include "TokenVerdict.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

TokenVerdict TokenVerdict::decide(const Uint256 &amount, const std::optional<Uint256> &balance,
    bool withSpender, const std::optional<Uint256> &allowance)
{
    // A known shortfall blocks even when the other fact is unknown: it fails either way.
    if (balance && *balance < amount)
        return { false, u"balance"_s };
    if (withSpender && allowance && *allowance < amount)
        return { false, u"allowance"_s };
    if (!balance || (withSpender && !allowance))
        return { std::nullopt, u"unknown"_s };
    return { true, QString() };
}

void TokenVerdict::writeTo(QJsonObject &result) const
{
    result.insert(u"would_succeed"_s, wouldSucceed ? QJsonValue(*wouldSucceed) : QJsonValue());
    result.insert(u"blocking_reason"_s, blockingReason.isEmpty() ? QJsonValue() : QJsonValue(blockingReason));
}

} // namespace ades::chain
