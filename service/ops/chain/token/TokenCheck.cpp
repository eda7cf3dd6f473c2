#include "TokenCheck.h"

#include "TokenVerdict.h"
#include "core/Clock.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/HexQuantity.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/ChainPools.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

RpcCall ethCall(const EvmAddress &to, const QByteArray &data)
{
    return { u"eth_call"_s,
        { QJsonObject { { u"to"_s, to.lower() }, { u"data"_s, Hex::fromData(data) } }, u"latest"_s } };
}

// What a failed read says, for the notes: a revert is the token's answer, anything else the node's.
QString whyAbsent(const QString &what, const RpcAnswer &answer)
{
    if (answer.isRevert())
        return u"%1 reverted: %2"_s.arg(what, RevertReason::decode(answer.revertData()).summary());
    if (answer.isError())
        return u"%1 failed at the node: %2"_s.arg(what, answer.errorMessage());
    return u"%1 returned no readable value"_s.arg(what);
}

} // namespace

std::optional<ServiceError> checkTokenCheck(const QJsonObject &args)
{
    using namespace ChainArguments;
    return firstProblem({ checkChain(args), problemOf(address(args, u"token"_s)),
        problemOf(address(args, u"owner"_s)), problemOf(optionalAddress(args, u"spender"_s)),
        checkTokenAmount(args.value(u"amount"_s), u"amount"_s) });
}

Result<QJsonObject> tokenCheckResult(
    const ChainInfo &chain, const RpcPool::Reply &reply, const TokenQuery &query, const QDateTime &checkedAt)
{
    const auto &answers = reply.answers;
    const auto code = answers[0].data();
    if (!code)
        return ServiceError::sourceUnavailable(chain.sourceId(),
            u"%1 did not answer eth_getCode (%2). Nothing was charged."_s.arg(
                reply.endpoint, answers[0].errorMessage()));
    QJsonArray notes;
    const auto read = [&notes](const RpcAnswer &answer, const QString &what, auto reader) {
        const auto bytes = answer.data();
        auto value = bytes ? reader(*bytes) : std::nullopt;
        if (!value)
            notes.append(whyAbsent(what, answer));
        return value;
    };
    const auto balance = read(answers[1], u"balanceOf()"_s, Erc20::readAmount);
    const auto decimals = read(answers[2], u"decimals()"_s, Erc20::readDecimals);
    const auto symbol = read(answers[3], u"symbol()"_s, Erc20::readSymbol);
    const auto allowance
        = query.spender ? read(answers[4], u"allowance()"_s, Erc20::readAmount) : std::nullopt;
    const auto units = [&decimals](const std::optional<Uint256> &v) {
        return v && decimals ? QJsonValue(v->toUnits(*decimals)) : QJsonValue();
    };
    const auto atomic
        = [](const std::optional<Uint256> &v) { return v ? QJsonValue(v->toDecimal()) : QJsonValue(); };

    QJsonObject result = chainEvidence(chain, reply, checkedAt);
    result.insert(u"token"_s, query.token.checksummed());
    result.insert(u"owner"_s, query.owner.checksummed());
    result.insert(u"spender"_s, query.spender ? QJsonValue(query.spender->checksummed()) : QJsonValue());
    result.insert(u"token_has_code"_s, !code->isEmpty());
    if (code->isEmpty())
        notes.prepend(u"the token address has no code on this chain: it is not a token contract here"_s);
    result.insert(u"balance_atomic"_s, atomic(balance));
    result.insert(u"balance"_s, units(balance));
    result.insert(u"decimals"_s, decimals ? QJsonValue(*decimals) : QJsonValue());
    result.insert(u"symbol"_s, symbol ? QJsonValue(symbol->text) : QJsonValue());
    result.insert(u"symbol_encoding"_s,
        symbol ? QJsonValue(symbol->bytes32 ? u"bytes32"_s : u"string"_s) : QJsonValue());
    result.insert(u"allowance_atomic"_s, atomic(allowance));
    result.insert(u"allowance"_s, units(allowance));
    if (!query.amountText.isEmpty()) {
        result.insert(u"amount"_s, query.amountText);
        const auto amount = decimals ? Uint256::fromUnits(query.amountText, *decimals) : std::nullopt;
        if (decimals && !amount)
            return ServiceError::badRequest(u"invalid_amount"_s,
                u"'amount' has more decimals than the token's %1."_s.arg(*decimals), u"amount"_s);
        result.insert(u"amount_atomic"_s, atomic(amount));
        TokenVerdict verdict = amount
            ? TokenVerdict::decide(*amount, balance, query.spender.has_value(), allowance)
            : TokenVerdict { std::nullopt, u"unknown"_s };
        if (!decimals)
            notes.append(u"no verdict: the amount is in token units and the token's decimals are unknown"_s);
        verdict.writeTo(result);
    }
    result.insert(u"notes"_s, notes);
    return result;
}

Handler makeTokenCheckHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const EvmAddress token = ChainArguments::address(args, u"token"_s).value();
        const EvmAddress owner = ChainArguments::address(args, u"owner"_s).value();
        const std::optional<EvmAddress> spender = ChainArguments::optionalAddress(args, u"spender"_s).value();
        const QString amountText = ChainArguments::amountText(args.value(u"amount"_s));
        QList<RpcCall> calls { { u"eth_getCode"_s, { token.lower(), u"latest"_s } },
            ethCall(token, Erc20::balanceOf(owner)), ethCall(token, Erc20::decimals()),
            ethCall(token, Erc20::symbol()) };
        if (spender)
            calls.append(ethCall(token, Erc20::allowance(owner, *spender)));
        pool.call(
            calls, [&pool, &clock, token, owner, spender, amountText, done](Result<RpcPool::Reply> reply) {
                if (!reply.ok())
                    return done(reply.error());
                Result<QJsonObject> result = tokenCheckResult(pool.chain(), reply.value(),
                    TokenQuery { token, owner, spender, amountText }, clock.now());
                if (!result.ok())
                    return done(result.error());
                done(OperationResult { result.value(), token.checksummed() + u' ' + owner.checksummed() });
            });
    };
}

} // namespace ades::chain
