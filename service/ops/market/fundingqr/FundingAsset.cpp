#include "FundingAsset.h"

#include "crypto/Hex.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

FundingAsset usdcOnBase()
{
    FundingAsset usdc;
    usdc.symbol = u"USDC"_s;
    usdc.chain = u"base"_s;
    usdc.chainName = u"Base"_s;
    usdc.chainId = 8453;
    usdc.contract = u"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"_s;
    usdc.contractBytes = decodeHex(usdc.contract, 20).value_or(QByteArray());
    usdc.decimals = 6;
    usdc.contractSource = u"https://developers.circle.com/stablecoins/usdc-contract-addresses"_s;
    return usdc;
}

const QList<FundingAsset> &assets()
{
    static const QList<FundingAsset> all { usdcOnBase() };
    return all;
}

} // namespace

const FundingAsset *FundingAsset::find(const QString &symbol)
{
    for (const FundingAsset &asset : assets()) {
        if (asset.symbol.compare(symbol, Qt::CaseInsensitive) == 0)
            return &asset;
    }
    return nullptr;
}

QStringList FundingAsset::accepted()
{
    QStringList symbols;
    for (const FundingAsset &asset : assets())
        symbols.append(asset.symbol);
    return symbols;
}

} // namespace ades::market
