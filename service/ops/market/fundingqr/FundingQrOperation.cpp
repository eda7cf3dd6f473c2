#include "FundingQrOperation.h"

#include "FundingQr.h"
#include "FundingResult.h"
#include "catalog/Catalog.h"
#include "ops/market/MarketSources.h"

using namespace Qt::StringLiterals;

namespace ades::market {

void addFundingQrOperation(Catalog &catalog, const MarketServices &services)
{
    const QString id = u"market.funding_qr"_s;
    const Exposure x402 = Exposure::x402(u"/x402/funding-qr"_s, Usdc::atomicUnits(5'000));
    catalog.add({
        .id = id,
        .title = u"Wallet funding link and QR code"_s,
        .summary
        = u"A prefilled link to fund a wallet with USDC on Base and its QR code (base64 PNG, made locally): "
          "a Coinbase Onramp session when the operator has CDP credentials, otherwise an EIP-681 transfer "
          "request. Address format and the onramp's limits are checked; funds never pass through the "
          "service."_s,
        .area = u"market"_s,
        .outputContract = QString::fromLatin1(FundingResult::Contract),
        .inputSchema = Catalog::loadSchema(u":/schemas/market/market.funding_qr.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/market/market.funding_qr.out.json"_s),
        .exposures = { x402, Exposure::mcp(u"funding_qr"_s, x402.price), Exposure::cli(id) },
        .handler = makeFundingQrHandler(services),
        .check = [&services](const QJsonObject &arguments) { return checkFundingQr(services, arguments); },
        .sources = { QString::fromUtf16(MarketSource::CoinbaseOnramp) },
    });
}

} // namespace ades::market
