#include "FundingResult.h"

#include "Eip681Uri.h"
#include "FundingAsset.h"
#include "QrCode.h"
#include "QrImageCache.h"
#include "core/Clock.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

QString OnrampOutcome::statusName(Status status)
{
    switch (status) {
    case Status::Issued:
        return u"issued"_s;
    case Status::NotConfigured:
        return u"not_configured"_s;
    case Status::ClientIpRequired:
        return u"client_ip_required"_s;
    case Status::Failed:
        return u"failed"_s;
    }
    return {};
}

Result<QJsonObject> FundingResult::build(const FundingRequest &request, const FundingLimits &limits,
    const OnrampOutcome &onramp, const QDateTime &now, QrImageCache &images)
{
    const FundingAsset &asset = *request.asset;
    const QString transfer = Eip681Uri::transfer(asset, request.address, request.amount);
    const bool issued = onramp.status == OnrampOutcome::Status::Issued;
    const QString link = issued ? onramp.link : transfer;
    const std::optional<QrImage> qr = issued ? QrImage::of(link.toUtf8()) : images.imageOf(link);
    if (!qr)
        return ServiceError::internal(u"The funding link does not fit a QR code."_s);

    QJsonObject onrampPart { { u"provider"_s, u"Coinbase Onramp"_s },
        { u"status"_s, OnrampOutcome::statusName(onramp.status) } };
    if (issued) {
        onrampPart.insert(u"link"_s, onramp.link);
        onrampPart.insert(u"expires_at"_s, isoUtc(onramp.expiresAt));
        onrampPart.insert(u"single_use"_s, true);
        onrampPart.insert(u"preset_fiat_amount"_s, request.amount.toDecimalString());
        onrampPart.insert(u"fiat_currency"_s, u"USD"_s);
    } else {
        onrampPart.insert(u"reason"_s, onramp.reason);
    }
    QJsonArray sources;
    QJsonArray missing;
    if (!onramp.source.isEmpty()) {
        onrampPart.insert(u"source"_s, onramp.source);
        sources.append(onramp.source);
    }
    if (onramp.status == OnrampOutcome::Status::Failed)
        missing.append(QJsonObject { { u"source"_s, QString::fromUtf16(MarketSource::CoinbaseOnramp) },
            { u"reason"_s, onramp.reason } });

    QJsonObject result {
        { u"contract"_s, QString::fromLatin1(Contract) },
        { u"asset"_s, asset.symbol },
        { u"chain"_s, asset.chain },
        { u"chain_id"_s, asset.chainId },
        { u"token_contract"_s, asset.contract },
        { u"token_contract_source"_s, asset.contractSource },
        { u"address"_s, request.address.checksummed() },
        { u"amount"_s, request.amount.toDecimalString() },
        { u"amount_units"_s, request.amount.toAtomicString() },
        { u"method"_s, issued ? u"coinbase_onramp"_s : u"eip681"_s },
        { u"link"_s, link },
        { u"eip681_uri"_s, transfer },
        { u"onramp"_s, onrampPart },
        { u"qr"_s,
            QJsonObject { { u"content"_s, link }, { u"media_type"_s, u"image/png"_s },
                { u"png_base64"_s, qr->pngBase64 }, { u"version"_s, qr->version },
                { u"modules"_s, qr->modules },
                { u"pixels"_s, (qr->modules + 2 * QrCode::QuietZoneModules) * QrCode::PixelsPerModule },
                { u"error_correction"_s, QString(QChar::fromLatin1(QrCode::ErrorCorrection)) },
                { u"generated"_s, u"locally (libqrencode)"_s } } },
        { u"limits"_s,
            QJsonObject { { u"minimum_usd"_s, limits.minimum.toDecimalString() },
                { u"maximum_usd"_s, limits.maximum.toDecimalString() },
                { u"basis"_s,
                    u"Coinbase Onramp guest checkout: about USD 5 at least and about USD 500 a week; account "
                    "holders follow their own limits."_s } } },
        { u"custody"_s, u"non_custodial"_s },
        { u"custody_note"_s,
            u"Funds never pass through this service: the onramp delivers to the address above and an EIP-681 "
            "transfer goes from the payer's wallet straight to it. This service only builds the link and the "
            "QR code."_s },
        { u"sources"_s, sources },
        { u"generated_at"_s, isoUtc(now) },
    };
    if (!missing.isEmpty())
        result.insert(u"missing_sources"_s, missing);
    return result;
}

} // namespace ades::market
