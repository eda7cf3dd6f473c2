#include "PreflightFacts.h"

#include "core/CanonicalWriter.h"
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

// A check's evidence object, written member by member; close() ends it with what was written so far (a check
// may decide before it has written every member) and is the last thing a check does with it.
class Evidence
{
public:
    Evidence() { m_out.beginObject(); }
    CanonicalWriter &key(CanonicalWriter::Key key) { return m_out.key(key); }
    CanonicalWriter &key(QStringView key) { return m_out.key(key); }
    QByteArray close() { return m_out.endObject().take(); }

private:
    CanonicalWriter m_out { 256 };
};

void writeWei(CanonicalWriter &out, const std::optional<Uint256> &value)
{
    if (value)
        out.string(value->toDecimal());
    else
        out.null();
}

// The members of a JSON object written into the open object of `out` (a part built elsewhere).
void writeMembers(Evidence &out, const QJsonObject &members)
{
    for (auto it = members.begin(); it != members.end(); ++it)
        out.key(QStringView(it.key())).value(it.value());
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
    Evidence evidence;
    evidence.key("balance_wei").string(balance->toDecimal());
    evidence.key("value_wei").string(f.value.toDecimal());
    if (*balance < f.value)
        return { name, Status::Fail, u"the balance is below the value sent, before any gas"_s,
            evidence.close() };
    const RpcPool::Reply *simulation = replyOf(f.simulation);
    const auto gas = simulation ? simulation->answers[1].quantity() : std::nullopt;
    const RpcPool::Reply *fees = replyOf(f.fees);
    if (!gas || !fees)
        return { name, Status::Unknown,
            !gas ? u"no gas estimate (the call reverts or the node failed), so the gas cost is unknown"_s
                 : u"no fee data: "_s + whyMissing(f.fees),
            evidence.close() };
    const FeeQuote quote = FeeQuote::read(fees->answers[0], fees->answers[2], fees->answers[1]);
    const auto now = quote.effectivePrice();
    const auto max = quote.maxFeePerGas();
    const auto costNow = now ? Uint256::multiply(*gas, *now) : std::nullopt;
    const auto costMax = max ? Uint256::multiply(*gas, *max) : std::nullopt;
    const auto needNow = costNow ? Uint256::add(*costNow, f.value) : std::nullopt;
    const auto needMax = costMax ? Uint256::add(*costMax, f.value) : std::nullopt;
    evidence.key("gas_estimate").string(gas->toDecimal());
    evidence.key("fees").value(quote.toJson());
    writeWei(evidence.key("required_now_wei"), needNow);
    writeWei(evidence.key("required_at_max_fee_wei"), needMax);
    if (!needNow)
        return { name, Status::Unknown, u"no gas price to cost the gas with"_s, evidence.close() };
    if (*balance < *needNow)
        return { name, Status::Fail, u"the balance does not cover value plus gas at today's fees"_s,
            evidence.close() };
    if (needMax && *balance < *needMax)
        return { name, Status::Warn,
            u"the balance covers today's fees but not the max fee a wallet would sign"_s, evidence.close() };
    QString note
        = f.chain->rollup ? u" (execution gas only; the rollup's L1 data fee comes on top)"_s : QString();
    return { name, Status::Pass, u"the balance covers value plus gas at the max fee"_s + note,
        evidence.close() };
}

PreflightCheck simulationCheck(const PreflightFacts &f)
{
    const QString name = u"simulation"_s;
    const RpcPool::Reply *simulation = replyOf(f.simulation);
    if (!simulation)
        return unknown(name, whyMissing(f.simulation));
    const RpcAnswer &call = simulation->answers[0];
    Evidence evidence;
    evidence.key("block").string(simulation->block.toDecimal());
    evidence.key("endpoint").string(simulation->endpoint);
    if (call.isRevert()) {
        const RevertReason reason = RevertReason::decode(call.revertData());
        reason.write(evidence.key("revert"));
        return { name, Status::Fail, u"the call reverts: "_s + reason.summary(), evidence.close() };
    }
    if (call.isError()) {
        evidence.key("error").string(call.errorMessage());
        return { name, Status::Unknown, u"the node refused to simulate: "_s + call.errorMessage(),
            evidence.close() };
    }
    evidence.key("return_data").value(call.result());
    return { name, Status::Pass, u"eth_call on the latest state succeeds"_s, evidence.close() };
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
    Evidence written;
    written.key("nonce_latest").string(latest->toDecimal());
    written.key("nonce_pending").string(pending->toDecimal());
    if (queued >= 0)
        written.key("queued_behind_gap").integer(queued);
    else
        written.key("queued_behind_gap").null();
    const QByteArray evidence = written.close();
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
    Evidence written;
    writeMembers(written, kind.toJson());
    written.key("code_size").integer(code->size());
    const QByteArray evidence = written.close();
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
    Evidence written;
    writeWei(written.key("allowance_atomic"), allowance);
    writeWei(written.key("amount_atomic"), amount);
    writeWei(written.key("balance_atomic"), balance);
    if (decimals >= 0)
        written.key("decimals").integer(decimals);
    else
        written.key("decimals").null();
    written.key("spender").string(spender);
    written.key("token").string(token);
    const QByteArray evidence = written.close();
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
    Evidence written;
    CanonicalWriter &screened = written.key("screens").beginArray();
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
        screened.beginObject();
        screened.key("address").string(address);
        // A screen that could not read the lists has no hits or lists_screened: left out, not null.
        for (const QLatin1StringView member : { "hits"_L1, "lists_screened"_L1, "result"_L1 }) {
            const QJsonValue v = s.value(member);
            if (!v.isUndefined())
                screened.key(member).value(v);
        }
        screened.key("wallet").value(wallet);
        screened.endObject();
        if (wallet.value(u"listed"_s).toBool())
            listedWallets.append(address);
        else if (s.value(u"result"_s).toString() != u"no_match"_s)
            hits.append(address);
    }
    screened.endArray();
    const QByteArray evidence = written.close();
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
