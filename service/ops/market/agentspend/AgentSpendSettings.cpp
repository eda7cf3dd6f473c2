#include "AgentSpendSettings.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString contractProblem(const QString &value)
{
    static const QRegularExpression shape(u"^0x[0-9a-fA-F]{40}$"_s);
    return shape.match(value.trimmed()).hasMatch() ? QString() : u"not a 0x-prefixed 20-byte address"_s;
}

} // namespace

namespace AgentSpendSettings {

const TextSetting UsdcContract
    = textSetting(u"market/agentspend/usdc_contract"_s, u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s,
        u"USDC contract on Base whose Transfer logs the agent-spend statement reads (6 decimals)"_s,
        &contractProblem);
// 10,000 is the largest range the common public Base endpoints accept (the recorded -32005 "query exceeds
// max block range 10000"); a smaller cap is found by refusal.
const IntSetting WindowBlocks = intSetting(u"market/agentspend/window_blocks"_s, 10'000, 10, 1'000'000,
    u"Blocks per eth_getLogs window of the agent-spend statement; halved for a window a provider refuses"_s);
// 90 days of Base in 10,000-block windows, both directions, 20 per batch: 39 batches, plus six for the
// start-block search and the block timestamps.
const IntSetting MaxRpcBatches = intSetting(u"market/agentspend/max_rpc_batches"_s, 200, 10, 2'000,
    u"JSON-RPC batches (of up to 20 calls) one agent-spend statement may send through chain.rpc.proxy"_s);
const IntSetting MaxTransfers = intSetting(u"market/agentspend/max_transfers"_s, 2'000, 1, 20'000,
    u"USDC transfers one agent-spend statement may list; more is refused (422) asking for fewer days"_s);

SettingSpecs all()
{
    return { UsdcContract.spec, WindowBlocks.spec, MaxRpcBatches.spec, MaxTransfers.spec };
}

} // namespace AgentSpendSettings

} // namespace ades::market
