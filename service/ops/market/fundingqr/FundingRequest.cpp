#include "FundingRequest.h"

#include "FundingAmount.h"
#include "FundingAsset.h"
#include "upstream/AddressPolicy.h"

#include <QHostAddress>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

Result<Usdc> amountOf(const QJsonValue &value, const FundingLimits &limits)
{
    const QString field = u"amount"_s;
    const QString text = FundingAmount::text(value);
    const FundingAmount::Parsed parsed = FundingAmount::parse(text);
    if (parsed.problem == FundingAmount::Problem::NotADecimal)
        return ServiceError::unprocessable(u"invalid_amount"_s,
            u"'amount' must be a decimal number of USD / USDC (\"20\", \"12.5\"); got '%1'."_s.arg(
                text.left(40)),
            field);
    if (parsed.problem == FundingAmount::Problem::TooPrecise)
        return ServiceError::unprocessable(u"amount_precision"_s,
            u"'amount' has more than 6 decimals, USDC's precision; got '%1'."_s.arg(text.left(40)), field);
    if (parsed.problem == FundingAmount::Problem::TooLarge || parsed.amount->units() > limits.maximum.units())
        return ServiceError::unprocessable(u"amount_above_maximum"_s,
            u"'amount' is above the maximum of USD %1 (the onramp's guest limit)."_s.arg(
                limits.maximum.toDecimalString()),
            field)
            .setExtra(u"maximum"_s, limits.maximum.toDecimalString());
    if (parsed.amount->units() < limits.minimum.units())
        return ServiceError::unprocessable(u"amount_below_minimum"_s,
            u"'amount' is below the onramp's minimum of USD %1."_s.arg(limits.minimum.toDecimalString()),
            field)
            .setExtra(u"minimum"_s, limits.minimum.toDecimalString());
    return *parsed.amount;
}

} // namespace

Result<FundingRequest> FundingRequest::parse(const QJsonObject &arguments, const FundingLimits &limits)
{
    FundingRequest request;
    const QString symbol = arguments.value(u"asset"_s).toString();
    request.asset = FundingAsset::find(symbol);
    if (!request.asset) {
        ServiceError error = ServiceError::unprocessable(u"unsupported_asset"_s,
            u"'asset' must be one of %1 (on Base); got '%2'."_s.arg(
                FundingAsset::accepted().join(u", "_s), symbol.left(40)),
            u"asset"_s);
        error.setExtra(u"accepted"_s, QJsonArray::fromStringList(FundingAsset::accepted()));
        return error;
    }
    const Result<FundingAddress> address = FundingAddress::parse(
        arguments.value(u"address"_s).toString(), u"address"_s, request.asset->contractBytes);
    if (!address.ok())
        return address.error();
    request.address = address.value();
    const Result<Usdc> amount = amountOf(arguments.value(u"amount"_s), limits);
    if (!amount.ok())
        return amount.error();
    request.amount = amount.value();
    if (const QJsonValue ip = arguments.value(u"client_ip"_s); !ip.isUndefined() && !ip.isNull()) {
        const QHostAddress host(ip.toString());
        // Coinbase binds a session token to the end user's address; a private or special-purpose one
        // (AddressPolicy: every IANA special range, IPv6 forms carrying IPv4) can only be wrong.
        if (host.isNull() || AddressPolicy::refusal(host))
            return ServiceError::unprocessable(u"invalid_client_ip"_s,
                u"'client_ip' must be the end user's public IPv4 or IPv6 address."_s, u"client_ip"_s);
        request.clientIp = host.toString();
    }
    return request;
}

} // namespace ades::market
