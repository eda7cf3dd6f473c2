#include "Eip681Uri.h"

#include "FundingAddress.h"
#include "FundingAsset.h"

using namespace Qt::StringLiterals;

namespace ades::market::Eip681Uri {

QString transfer(const FundingAsset &asset, const FundingAddress &recipient, Usdc amount)
{
    Q_ASSERT(asset.decimals == Usdc::Decimals);
    return u"ethereum:%1@%2/transfer?address=%3&uint256=%4"_s.arg(
        asset.contract, QString::number(asset.chainId), recipient.checksummed(), amount.toAtomicString());
}

} // namespace ades::market::Eip681Uri
