#include "ChainArguments.h"

#include "abi/HexQuantity.h"
#include "rpc/ChainInfo.h"
#include "rpc/ChainPools.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

std::optional<ServiceError> ChainArguments::checkChain(const QJsonObject &args)
{
    const QString name = args.value(u"chain"_s).toString(u"base"_s);
    if (ChainInfo::find(name))
        return std::nullopt;
    ServiceError error = ServiceError::unprocessable(u"unknown_chain"_s,
        u"Unknown chain '%1'. Supported chains: %2."_s.arg(name, ChainInfo::names().join(u", "_s)),
        u"chain"_s);
    error.setExtra(u"accepted"_s, QJsonArray::fromStringList(ChainInfo::names()));
    return error;
}

const RpcPool &ChainArguments::pool(const ChainPools &pools, const QJsonObject &args)
{
    // checkChain() ran before any handler, so the name is one of the five.
    return *pools.pool(args.value(u"chain"_s).toString(u"base"_s));
}

Result<EvmAddress> ChainArguments::address(const QJsonObject &args, const QString &field)
{
    if (!args.value(field).isString())
        return ServiceError::badRequest(u"missing_argument"_s, u"'%1' is required."_s.arg(field), field);
    return EvmAddress::parse(args.value(field).toString(), field);
}

Result<std::optional<EvmAddress>> ChainArguments::optionalAddress(
    const QJsonObject &args, const QString &field)
{
    const QJsonValue value = args.value(field);
    if (value.isUndefined() || value.isNull() || value.toString().isEmpty())
        return std::optional<EvmAddress>();
    const Result<EvmAddress> parsed = EvmAddress::parse(value.toString(), field);
    if (!parsed.ok())
        return parsed.error();
    return std::optional<EvmAddress>(parsed.value());
}

Result<QByteArray> ChainArguments::calldata(const QJsonObject &args, const QString &field)
{
    const auto bytes = Hex::data(args.value(field).toString(u"0x"_s));
    if (!bytes)
        return ServiceError::badRequest(u"invalid_hex"_s,
            u"'%1' must be hex data: 0x followed by an even number of hex digits."_s.arg(field), field);
    return *bytes;
}

QString ChainArguments::amountText(const QJsonValue &value)
{
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    return value.isString() ? value.toString().trimmed() : QString();
}

std::optional<ServiceError> ChainArguments::checkTokenAmount(const QJsonValue &value, const QString &field)
{
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    // 30 decimals is beyond any token in use; the token's own decimals are checked once read.
    if (Uint256::fromUnits(amountText(value), 30))
        return std::nullopt;
    return ServiceError::badRequest(u"invalid_amount"_s,
        u"'%1' must be a non-negative decimal number in token units, sent as a string (\"1.5\"); got '%2'."_s
            .arg(field, amountText(value)),
        field);
}

Result<Uint256> ChainArguments::amount(const QJsonValue &value, int decimals, const QString &field)
{
    const QString text = amountText(value);
    const auto parsed = Uint256::fromUnits(text, decimals);
    if (!parsed)
        return ServiceError::badRequest(u"invalid_amount"_s,
            u"'%1' must be a non-negative decimal number with at most %2 decimals, sent as a string "
            "(\"1.5\"); got '%3'."_s.arg(field)
                .arg(decimals)
                .arg(text),
            field);
    return *parsed;
}

QJsonObject ChainArguments::transaction(const QJsonObject &args, const QString &valueField)
{
    QJsonObject tx { { u"to"_s, address(args, u"to"_s).value().lower() },
        { u"data"_s, Hex::fromData(calldata(args, u"data"_s).value()) },
        { u"value"_s, amount(args.value(valueField), 18, valueField).value().toQuantity() } };
    if (const auto sender = optionalAddress(args, u"sender"_s).value())
        tx.insert(u"from"_s, sender->lower());
    return tx;
}

std::optional<ServiceError> ChainArguments::firstProblem(
    std::initializer_list<std::optional<ServiceError>> problems)
{
    for (const auto &p : problems) {
        if (p)
            return p;
    }
    return std::nullopt;
}

} // namespace ades::chain
