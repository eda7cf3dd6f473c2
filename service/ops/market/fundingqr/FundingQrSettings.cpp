#include "FundingQrSettings.h"

#include "core/Usdc.h"
#include "crypto/CdpSigningKey.h"

using namespace Qt::StringLiterals;

namespace ades::market::FundingQrSettings {

namespace {

QString usdProblem(const QString &value)
{
    const std::optional<Usdc> amount = Usdc::fromDecimal(value);
    if (!amount || amount->isFree())
        return u"a positive decimal amount in US dollars with at most 6 decimals (\"5\", \"500.00\")"_s;
    return {};
}

QString keyProblem(const QString &value)
{
    QString why;
    if (!CdpSigningKey::fromSecret(value, &why))
        return why;
    return {};
}

} // namespace

const TextSetting MinimumUsd = textSetting(u"market/fundingqr/minimum_usd"_s, u"5"_s,
    u"smallest funding amount accepted, in USD (Coinbase Onramp guest checkout: about USD 5)"_s, usdProblem);
const TextSetting MaximumUsd = textSetting(u"market/fundingqr/maximum_usd"_s, u"500"_s,
    u"largest funding amount accepted, in USD (Coinbase Onramp guest checkout: about USD 500 a week)"_s,
    usdProblem);
const TextSetting CdpKeyId = textSetting(u"market/fundingqr/cdp_key_id"_s, QString(),
    u"id of the CDP Secret API key that signs onramp session-token requests; empty: EIP-681 links only"_s);
const TextSetting CdpKeySecret = secretSetting(u"market/fundingqr/cdp_key_secret"_s,
    u"secret of the CDP Secret API key: EC P-256 PEM or base64 Ed25519 key; never shown or logged"_s,
    keyProblem);
const TextSetting OnrampLinkBase = urlSetting(u"market/fundingqr/onramp_link_base"_s,
    u"https://pay.coinbase.com/buy/select-asset"_s, u"hosted onramp page the session token is handed to"_s);

SettingSpecs all()
{
    return { MinimumUsd.spec, MaximumUsd.spec, CdpKeyId.spec, CdpKeySecret.spec, OnrampLinkBase.spec };
}

} // namespace ades::market::FundingQrSettings
