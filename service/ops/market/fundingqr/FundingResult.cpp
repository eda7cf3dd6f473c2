#include "FundingResult.h"

#include "Eip681Uri.h"
#include "FundingAsset.h"
#include "QrCode.h"
#include "QrImageCache.h"
#include "core/CanonicalWriter.h"
#include "core/Clock.h"
#include "ops/market/MarketSources.h"

#include <QJsonArray>
#include <QLatin1StringView>

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

Result<JsonBody> FundingResult::build(const FundingRequest &request, const FundingLimits &limits,
    const OnrampOutcome &onramp, const QDateTime &now, QrImageCache &images)
{
    const FundingAsset &asset = *request.asset;
    const QString transfer = Eip681Uri::transfer(asset, request.address, request.amount);
    const bool issued = onramp.status == OnrampOutcome::Status::Issued;
    const QString link = issued ? onramp.link : transfer;
    const std::optional<QrImage> qr = issued ? QrImage::of(link.toUtf8()) : images.imageOf(link);
    if (!qr)
        return ServiceError::internal(u"The funding link does not fit a QR code."_s);

    // Written as canonical text (core/CanonicalWriter): a QJsonObject copied the 1.7 KB of base64 through
    // two temporary containers and cost a fifth of an answer for a link seen before (BenchMarketFundingQr).
    // Members in key order.
    CanonicalWriter out(2048 + qr->pngBase64.size());
    out.beginObject();
    out.key("address"_L1).string(request.address.checksummed());
    out.key("amount"_L1).string(request.amount.toDecimalString());
    out.key("amount_units"_L1).string(request.amount.toAtomicString());
    out.key("asset"_L1).string(asset.symbol);
    out.key("chain"_L1).string(asset.chain);
    out.key("chain_id"_L1).integer(asset.chainId);
    out.key("contract"_L1).string(QLatin1StringView(Contract));
    out.key("custody"_L1).string("non_custodial"_L1);
    out.key("custody_note"_L1)
        .string(
            "Funds never pass through this service: the onramp delivers to the address above and an EIP-681 "
            "transfer goes from the payer's wallet straight to it. This service only builds the link and the "
            "QR code."_L1);
    out.key("eip681_uri"_L1).string(transfer);
    out.key("generated_at"_L1).string(isoUtc(now));
    out.key("limits"_L1).beginObject();
    out.key("basis"_L1)
        .string("Coinbase Onramp guest checkout: about USD 5 at least and about USD 500 a week; "
                "account holders follow their own limits."_L1);
    out.key("maximum_usd"_L1).string(limits.maximum.toDecimalString());
    out.key("minimum_usd"_L1).string(limits.minimum.toDecimalString());
    out.endObject();
    out.key("link"_L1).string(link);
    out.key("method"_L1).string(issued ? "coinbase_onramp"_L1 : "eip681"_L1);
    if (onramp.status == OnrampOutcome::Status::Failed) {
        out.key("missing_sources"_L1).beginArray().beginObject();
        out.key("reason"_L1).string(onramp.reason);
        out.key("source"_L1).string(QStringView(MarketSource::CoinbaseOnramp));
        out.endObject().endArray();
    }
    out.key("onramp"_L1).beginObject();
    if (issued) {
        out.key("expires_at"_L1).string(isoUtc(onramp.expiresAt));
        out.key("fiat_currency"_L1).string("USD"_L1);
        out.key("link"_L1).string(onramp.link);
        out.key("preset_fiat_amount"_L1).string(request.amount.toDecimalString());
    }
    out.key("provider"_L1).string("Coinbase Onramp"_L1);
    if (!issued)
        out.key("reason"_L1).string(onramp.reason);
    if (issued)
        out.key("single_use"_L1).boolean(true);
    if (!onramp.source.isEmpty())
        out.key("source"_L1).value(onramp.source);
    out.key("status"_L1).string(OnrampOutcome::statusName(onramp.status));
    out.endObject();
    out.key("qr"_L1).beginObject();
    out.key("content"_L1).string(link);
    out.key("error_correction"_L1).string(QLatin1StringView(&QrCode::ErrorCorrection, 1));
    out.key("generated"_L1).string("locally (libqrencode)"_L1);
    out.key("media_type"_L1).string("image/png"_L1);
    out.key("modules"_L1).integer(qr->modules);
    out.key("pixels"_L1).integer((qr->modules + 2 * QrCode::QuietZoneModules) * QrCode::PixelsPerModule);
    out.key("png_base64"_L1).string(qr->pngBase64);
    out.key("version"_L1).integer(qr->version);
    out.endObject();
    out.key("sources"_L1).beginArray();
    if (!onramp.source.isEmpty())
        out.value(onramp.source);
    out.endArray();
    out.key("token_contract"_L1).string(asset.contract);
    out.key("token_contract_source"_L1).string(asset.contractSource);
    out.endObject();
    return JsonBody::fromCanonical(out.take());
}

} // namespace ades::market
