#include "AgentSpendOperation.h"

#include "AgentSpendRun.h"
#include "ChainReader.h"
#include "catalog/Catalog.h"
#include "crypto/EthSignature.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

std::optional<ServiceError> checkAgentSpend(const QJsonObject &args)
{
    const QString wallet = args.value(u"wallet"_s).toString();
    const QString digits = wallet.mid(2);
    // All lower or all upper case carries no checksum; mixed case is the writer's claim to one (EIP-55).
    if (digits == digits.toLower() || digits == digits.toUpper())
        return std::nullopt;
    if (toChecksumAddress(QByteArray::fromHex(digits.toLatin1())) == wallet)
        return std::nullopt;
    return ServiceError::unprocessable(u"address_checksum"_s,
        u"wallet: the mixed-case address fails its EIP-55 checksum; check it for a typo, or send it in "
        "lower case."_s,
        u"wallet"_s);
}

void addAgentSpendOperation(Catalog &catalog, const MarketServices &services)
{
    const Usdc price = Usdc::atomicUnits(100'000); // SPEC.md §4.1: 0.10
    auto parsed = std::make_shared<ParsedRates>(); // the ECB files, parsed once a day for every call
    catalog.add({
        .id = u"market.agent_spend"_s,
        .title = u"Agent spend statement"_s,
        .summary = u"Every USDC payment of a wallet on Base over the last days (at most 90), read from the "
                   "token's Transfer logs, converted to euro at the ECB reference rate of each payment's day "
                   "(weekends and holidays: the latest earlier rate, said per payment), grouped by payee, "
                   "with the EU VAT note for purchased services; received USDC listed apart; JSON or CSV."_s,
        .area = u"market"_s,
        .outputContract = u"market-agent-spend/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.agent_spend.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.agent_spend.out.json"_s),
        .exposures = { Exposure::x402(u"/x402/agent-spend"_s, price),
            Exposure::mcp(u"agent_spend_report"_s, price), Exposure::cli(u"market.agent_spend"_s) },
        .handler =
            [&services, parsed](const QJsonObject &args, const CallContext &, Completion done) {
                AgentSpendRun::start(services, parsed,
                    { args.value(u"wallet"_s).toString().toLower(), args.value(u"days"_s).toInt(30),
                        args.value(u"format"_s).toString() == u"csv"_s },
                    std::move(done));
            },
        .check = checkAgentSpend,
        .sources = { u"evm-base"_s, QString::fromUtf16(MarketSource::EcbFx) },
    });
}

} // namespace ades::market
