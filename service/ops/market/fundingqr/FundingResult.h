#pragma once

#include "FundingRequest.h"
#include "core/JsonBody.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace ades::market {

class QrImageCache;

// What became of the onramp session for one call: the hosted link when Coinbase issued a token, otherwise
// why not (not configured, no end-user IP to bind it to, or the source failed and how).
struct OnrampOutcome
{
    enum class Status
    {
        Issued,
        NotConfigured,
        ClientIpRequired,
        Failed,
    };
    Status status = Status::NotConfigured;
    QString link; // Issued
    QDateTime expiresAt; // Issued
    QString reason; // not Issued
    QJsonObject source; // provenance of the token request, when one was sent

    static QString statusName(Status status);
};

// The answer of market.funding_qr (schemas/market.funding_qr.out.json): the link the QR code holds (the
// onramp session when issued, else the EIP-681 transfer), both links' details, the QR code as base64 PNG,
// the limits applied, the custody statement, and every source named with its evidence or its failure.
namespace FundingResult {

inline constexpr char Contract[] = "market-funding-qr/1";

// 500 only if the link does not fit a QR code, which the bounded token length rules out. The QR image of
// an EIP-681 link is taken from `images` when it was made before (and kept there when not); an onramp
// link's is always made anew.
Result<JsonBody> build(const FundingRequest &request, const FundingLimits &limits,
    const OnrampOutcome &onramp, const QDateTime &now, QrImageCache &images);

} // namespace FundingResult

} // namespace ades::market
