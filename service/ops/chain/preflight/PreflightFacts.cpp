#include "PreflightFacts.h"

#include "core/JsonShape.h"
#include "ops/chain/abi/Erc20.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/contract/AddressKind.h"
#include "ops/chain/gas/FeeQuote.h"
#include "ops/chain/token/TokenVerdict.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

using Status = PreflightCheck::Status;

const RpcPool::Reply *replyOf(const std::optional<Result<RpcPool::Reply>> &branch)
{
    return branch && branch->ok() ? &branch->value() : nullptr;
}

QString whyMissing(const std::optional<Result<RpcPool::Reply>> &branch)
{
    return branch && !branch->ok() ? branch->error().message() : u"not asked"_s;
}

PreflightCheck unknown(const QString &name, const QString &why)
{
    return { name, Status::Unknown, u"could not run: "_s + why, {} };
}

PreflightCheck gasAgainstBalance(const PreflightFacts &f)
{
    const QString name = u"gas_vs_balance"_s;
    const RpcPool::Reply *account = replyOf(f.account);
    const auto balance = account ? account->answers[0].quantity() : std::nullopt;
    if (!balance)
        return unknown(name, u"no balance: "_s + whyMissing(f.account));
    static const QJsonObject shape = jsonShape({ u"balance_wei"_s, u"value_wei"_s });
    QJsonObject evidence = shape;
    evidence.insert(u"balance_wei"_s, balance->toDecimal());
    evidence.insert(u"value_wei"_s, f.value.toDecimal());
    if (*balance < f.value)
        return { name, Status::Fail, u"the balance is below the value sent, before any gas"_s, evidence };
    const RpcPool::Reply *simulation = replyOf(f.simulation);
    const auto gas = simulation ? simulation->answers[1].quantity() : std::nullopt;
    const RpcPool::Reply *fees = replyOf(f.fees);
    if (!gas || !fees)
        return { name, Status::Unknown,
            !gas ? u"no gas estimate (the call reverts or the node failed), so the gas cost is unknown"_s
                 : u"no fee data: "_s + whyMissing(f.fees),
            evidence };
    const FeeQuote quote = FeeQuote::read(fees->answers[0], fees->answers[2], fees->answers[1]);
    const auto now = quote.effectivePrice();
    const auto max = quote.maxFeePerGas();
    const auto costNow = now ? Uint256::multiply(*gas, *now) : std::nullopt;
    const auto costMax = max ? Uint256::multiply(*gas, *max) : std::nullopt;
    const auto needNow = costNow ? Uint256::add(*costNow, f.value) : std::nullopt;
    const auto needMax = costMax ? Uint256::add(*costMax, f.value) : std::nullopt;
    evidence.insert(u"gas_estimate"_s, gas->toDecimal());
    evidence.insert(u"fees"_s, quote.toJson());
    evidence.insert(u"required_now_wei"_s, FeeQuote::wei(needNow));
    evidence.insert(u"required_at_max_fee_wei"_s, FeeQuote::wei(needMax));
    if (!needNow)
        return { name, Status::Unknown, u"no gas price to cost the gas with"_s, evidence };
    if (*balance < *needNow)
        return { name, Status::Fail, u"the balance does not cover value plus gas at today's fees"_s,
            evidence };
    if (needMax && *balance < *needMax)
        return { name, Status::Warn,
            u"the balance covers today's fees but not the max fee a wallet would sign"_s, evidence };
    QString note
        = f.chain->rollup ? u" (execution gas only; the rollup's L1 data fee comes on top)"_s : QString();
    return { name, Status::Pass, u"the balance covers value plus gas at the max fee"_s + note, evidence };
}

PreflightCheck simulationCheck(const PreflightFacts &f)
{
    const QString name = u"simulation"_s;
    const RpcPool::Reply *simulation = replyOf(f.simulation);
    if (!simulation)
        return unknown(name, whyMissing(f.simulation));
    const RpcAnswer &call = simulation->answers[0];
    static const QJsonObject shape = jsonShape({ u"block"_s, u"endpoint"_s });
    QJsonObject evidence = shape;
    evidence.insert(u"block"_s, simulation->block.toDecimal());
    evidence.insert(u"endpoint"_s, simulation->endpoint);
    if (call.isRevert()) {
        const RevertReason reason = RevertReason::decode(call.revertData());
        evidence.insert(u"revert"_s, reason.toJson());
        return { name, Status::Fail, u"the call reverts: "_s + reason.summary(), evidence };
    }
    if (call.isError()) {
        evidence.insert(u"error"_s, call.errorMessage());
        return { name, Status::Unknown, u"the node refused to simulate: "_s + call.errorMessage(), evidence };
    }
    evidence.insert(u"return_data"_s, call.result());
    return { name, Status::Pass, u"eth_call on the latest state succeeds"_s, evidence };
}

// The sender's queued transactions (nonce above the pending nonce) in a txpool answer, or -1 when the
// endpoint did not show its pool. txpool_contentFrom nests {queued: {nonce: tx}}, txpool_content
// {queued: {address: {nonce: tx}}} with the address in any case.
qsizetype queuedCount(const PreflightFacts &f)
{
    const RpcPool::Reply *txpool = replyOf(f.txpool);
    if (!txpool || txpool->answers[0].isError() || !txpool->answers[0].result().isObject())
        return -1;
    const QJsonObject queued = txpool->answers[0].result().toObject().value(u"queued"_s).toObject();
    for (auto it = queued.begin(); it != queued.end(); ++it) {
        if (it.key().compare(f.sender.lower(), Qt::CaseInsensitive) == 0)
            return it.value().toObject().size();
    }
    const bool byNonce = !queued.isEmpty() && !queued.begin().key().startsWith(u"0x"_s);
    return byNonce ? queued.size() : 0;
}

PreflightCheck stuckNonces(const PreflightFacts &f)
{
    const QString name = u"stuck_nonces"_s;
    const RpcPool::Reply *account = replyOf(f.account);
    const auto pending = account ? account->answers[1].quantity() : std::nullopt;
    const auto latest = account ? account->answers[2].quantity() : std::nullopt;
    if (!pending || !latest)
        return unknown(name, whyMissing(f.account));
    const qsizetype queued = queuedCount(f);
    static const QJsonObject shape
        = jsonShape({ u"nonce_latest"_s, u"nonce_pending"_s, u"queued_behind_gap"_s });
    QJsonObject evidence = shape;
    evidence.insert(u"nonce_latest"_s, latest->toDecimal());
    evidence.insert(u"nonce_pending"_s, pending->toDecimal());
    evidence.insert(u"queued_behind_gap"_s, queued >= 0 ? QJsonValue(qint64(queued)) : QJsonValue());
    if (queued > 0)
        return { name, Status::Warn,
            u"%1 transaction(s) of the sender wait in the pool behind a nonce gap: nothing after nonce %2 is "
            "mined until a transaction with nonce %2 is sent"_s.arg(queued)
                .arg(pending->toDecimal()),
            evidence };
    if (*pending > *latest)
        return { name, Status::Warn,
            u"%1 earlier transaction(s) of the sender are pending: this one waits behind them (or replaces "
            "one at the same nonce)"_s.arg(Uint256::subtract(*pending, *latest)->toDecimal()),
            evidence };
    return { name, Status::Pass,
        queued < 0 ? u"no pending transactions ahead of this one (the endpoint does not show its pool, so "
                     "transactions queued behind a nonce gap cannot be seen)"_s
                   : u"no pending or queued transactions ahead of this one"_s,
        evidence };
}

PreflightCheck recipientCheck(const PreflightFacts &f)
{
    const QString name = u"recipient_type"_s;
    const RpcPool::Reply *recipient = replyOf(f.recipient);
    const auto code = recipient ? recipient->answers[0].data() : std::nullopt;
    if (!code)
        return unknown(name, whyMissing(f.recipient));
    const AddressKind kind = AddressKind::classify(*f.chain, f.to, *code);
    QJsonObject evidence = kind.toJson();
    evidence.insert(u"code_size"_s, qint64(code->size()));
    if (kind.type == AddressKind::Type::PrecompileOrSystem)
        return { name, Status::Warn,
            u"the recipient is a precompile or system address ("_s + kind.systemName + u')', evidence };
    if (kind.type == AddressKind::Type::EoaOrEmpty && !kind.delegatedTo && !f.data.isEmpty())
        return { name, Status::Warn,
            u"calldata sent to an address without code runs nothing: was a contract meant?"_s, evidence };
    const QString what = kind.type == AddressKind::Type::DeployedContract ? u"a deployed contract"_s
        : kind.delegatedTo ? u"an account delegated by EIP-7702"_s
                           : u"an externally owned account (or an empty address)"_s;
    return { name, Status::Pass, u"the recipient is "_s + what, evidence };
}

PreflightCheck allowanceCheck(const PreflightFacts &f)
{
    const QString name = u"erc20_allowance"_s;
    if (!f.token || f.amountText.isEmpty())
        return { name, Status::NotApplicable, u"no token and amount given"_s, {} };
    const RpcPool::Reply *reads = replyOf(f.tokenReads);
    if (!reads)
        return unknown(name, whyMissing(f.tokenReads));
    const auto balanceBytes = reads->answers[0].data();
    const auto allowanceBytes = reads->answers[1].data();
    const auto decimalsBytes = reads->answers[2].data();
    const auto balance = balanceBytes ? Erc20::readAmount(*balanceBytes) : std::nullopt;
    const auto allowance = allowanceBytes ? Erc20::readAmount(*allowanceBytes) : std::nullopt;
    // -1: unknown (an optional<int> here trips g++ 12's maybe-uninitialized).
    const int decimals = decimalsBytes ? Erc20::readDecimals(*decimalsBytes).value_or(-1) : -1;
    const auto amount = decimals >= 0 ? Uint256::fromUnits(f.amountText, decimals) : std::nullopt;
    // A token transfer is sent to the token itself: its EIP-55 text is then the recipient's, which the result
    // shows as `to` too, so the Keccak-256 behind it runs once.
    const QString token = *f.token == f.to ? f.to.checksummed() : f.token->checksummed();
    const QString spender = f.spender ? f.spender->checksummed() : f.to.checksummed();
    static const QJsonObject shape = jsonShape({ u"allowance_atomic"_s, u"amount_atomic"_s,
        u"balance_atomic"_s, u"decimals"_s, u"spender"_s, u"token"_s });
    QJsonObject evidence = shape;
    evidence.insert(u"allowance_atomic"_s, FeeQuote::wei(allowance));
    evidence.insert(u"amount_atomic"_s, FeeQuote::wei(amount));
    evidence.insert(u"balance_atomic"_s, FeeQuote::wei(balance));
    evidence.insert(u"decimals"_s, decimals >= 0 ? QJsonValue(decimals) : QJsonValue());
    evidence.insert(u"spender"_s, spender);
    evidence.insert(u"token"_s, token);
    if (!amount)
        return { name, Status::Unknown,
            decimals >= 0 ? u"the amount has more decimals than the token"_s
                          : u"the token's decimals are unknown, so the amount cannot be compared"_s,
            evidence };
    // chain.token.check's rule: a known shortfall blocks even when the other fact is unknown.
    const TokenVerdict verdict = TokenVerdict::decide(*amount, balance, true, allowance);
    if (verdict.blockingReason == u"balance"_s)
        return { name, Status::Fail, u"the sender's token balance is below the amount"_s, evidence };
    if (verdict.blockingReason == u"allowance"_s)
        return { name, Status::Fail, u"the allowance of the spender is below the amount"_s, evidence };
    if (!verdict.wouldSucceed)
        return { name, Status::Unknown, u"the token did not answer balanceOf or allowance"_s, evidence };
    return { name, Status::Pass, u"token balance and allowance cover the amount"_s, evidence };
}

PreflightCheck sanctionsCheck(const PreflightFacts &f)
{
    const QString name = u"sanctions_screen"_s;
    if (f.screens.isEmpty())
        return unknown(name, u"no screen ran"_s);
    static const QJsonObject shape
        = jsonShape({ u"address"_s, u"hits"_s, u"lists_screened"_s, u"result"_s, u"wallet"_s });
    QJsonArray screened;
    QStringList failed;
    QStringList hits;
    QStringList listedWallets;
    for (const auto &[address, screen] : f.screens) {
        if (!screen.ok()) {
            failed.append(address + u": "_s + screen.error().message());
            continue;
        }
        const QJsonObject s = screen.value();
        const QJsonObject wallet = s.value(u"wallet"_s).toObject();
        QJsonObject entry = shape;
        entry.insert(u"address"_s, address);
        entry.insert(u"hits"_s, s.value(u"hits"_s));
        entry.insert(u"lists_screened"_s, s.value(u"lists_screened"_s));
        entry.insert(u"result"_s, s.value(u"result"_s));
        entry.insert(u"wallet"_s, wallet);
        screened.append(entry);
        if (wallet.value(u"listed"_s).toBool())
            listedWallets.append(address);
        else if (s.value(u"result"_s).toString() != u"no_match"_s)
            hits.append(address);
    }
    const QJsonObject evidence { { u"screens"_s, screened } };
    if (!listedWallets.isEmpty())
        return { name, Status::Fail,
            u"a sanctions list names this wallet address: "_s + listedWallets.join(u", "_s), evidence };
    if (!hits.isEmpty())
        return { name, Status::Fail, u"potential sanctions match for "_s + hits.join(u", "_s), evidence };
    if (!failed.isEmpty())
        return { name, Status::Unknown, u"could not run: "_s + failed.join(u"; "_s), evidence };
    return { name, Status::Pass,
        u"no match on the EU, UN and UK lists (as text; the lists name few addresses)"_s, evidence };
}

} // namespace

QList<PreflightCheck> PreflightFacts::evaluate() const
{
    return { gasAgainstBalance(*this), simulationCheck(*this), stuckNonces(*this), recipientCheck(*this),
        allowanceCheck(*this), sanctionsCheck(*this) };
}

bool PreflightFacts::chainUnreachable() const
{
    for (const auto *branch : { &account, &recipient, &fees, &simulation, &tokenReads }) {
        if (*branch && (*branch)->ok())
            return false;
    }
    return true;
}

} // namespace ades::chain
