#pragma once

#include "core/Usdc.h"

#include <QByteArray>
#include <QString>

namespace ades::market {

struct FundingAsset;
struct FundingRequest;

// Coinbase Onramp's session-token exchange (../shared/reference/upstreams.md, "Onramp links";
// docs.cdp.coinbase.com, "Create session token"): the request body naming the one address and asset the
// session may deliver to, the reading of the answer, and the hosted link the token opens. The token is
// single use and lives five minutes, so it is never cached.
namespace OnrampSession {

inline constexpr qint64 TokenLifetimeSeconds = 300;
// Far above any token seen (48 characters); a QR code holds about 2,300 bytes at level M.
inline constexpr qsizetype MaxTokenLength = 1024;
inline constexpr qint64 MaxAnswerBytes = 64 * 1024;

// {"addresses":[{"address","blockchains":[chain]}],"assets":[symbol],"clientIp"}.
QByteArray requestBody(const FundingRequest &request);

struct Answer
{
    QString token; // empty when refused
    QString problem; // why there is no token: status and CDP's own message, bounded and printable
};
Answer read(int httpStatus, const QByteArray &body);

// <base>?sessionToken=..&defaultNetwork=..&defaultAsset=..&presetFiatAmount=..&fiatCurrency=USD
QString link(const QString &base, const QString &token, const FundingAsset &asset, Usdc amount);

} // namespace OnrampSession

} // namespace ades::market
