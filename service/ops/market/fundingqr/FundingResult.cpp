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
    out.key("address").string(request.address.checksummed());
    out.key("amount").string(request.amount.toDecimalString());
    out.key("amount_units").string(request.amount.toAtomicString());
    out.key("asset").string(asset.symbol);
    out.key("chain").string(asset.chain);
    out.key("chain_id").integer(asset.chainId);
    out.key("contract").string(QLatin1StringView(Contract));
    out.key("custody").string("non_custodial"_L1);
    out.key("custody_note")
        .string(
            "Funds never pass through this service: the onramp delivers to the address above and an EIP-681 "
            "transfer goes from the payer's wallet straight to it. This service only builds the link and the "
            "QR code."_L1);
    out.key("eip681_uri").string(transfer);
    out.key("generated_at").string(isoUtc(now));
    out.key("limits").beginObject();
    out.key("basis").string("Coinbase Onramp guest checkout: about USD 5 at least and about USD 500 a week; "
                            "account holders follow their own limits."_L1);
    out.key("maximum_usd").string(limits.maximum.toDecimalString());
    out.key("minimum_usd").string(limits.minimum.toDecimalString());
    out.endObject();
    out.key("link").string(link);
    out.key("method").string(issued ? "coinbase_onramp"_L1 : "eip681"_L1);
    if (onramp.status == OnrampOutcome::Status::Failed) {
        out.key("missing_sources").beginArray().beginObject();
        out.key("reason").string(onramp.reason);
        out.key("source").string(QStringView(MarketSource::CoinbaseOnramp));
        out.endObject().endArray();
    }
    out.key("onramp").beginObject();
    if (issued) {
        out.key("expires_at").string(isoUtc(onramp.expiresAt));
        out.key("fiat_currency").string("USD"_L1);
        out.key("link").string(onramp.link);
        out.key("preset_fiat_amount").string(request.amount.toDecimalString());
    }
    out.key("provider").string("Coinbase Onramp"_L1);
    if (!issued)
        out.key("reason").string(onramp.reason);
    if (issued)
        out.key("single_use").boolean(true);
    if (!onramp.source.isEmpty())
        out.key("source").value(onramp.source);
    out.key("status").string(OnrampOutcome::statusName(onramp.status));
    out.endObject();
    out.key("qr").beginObject();
    out.key("content").string(link);
    out.key("error_correction").string(QLatin1StringView(&QrCode::ErrorCorrection, 1));
    out.key("generated").string("locally (libqrencode)"_L1);
    out.key("media_type").string("image/png"_L1);
    out.key("modules").integer(qr->modules);
    out.key("pixels").integer((qr->modules + 2 * QrCode::QuietZoneModules) * QrCode::PixelsPerModule);
    out.key("png_base64").string(qr->pngBase64);
    out.key("version").integer(qr->version);
    out.endObject();
    out.key("sources").beginArray();
    if (!onramp.source.isEmpty())
        out.value(onramp.source);
    out.endArray();
    out.key("token_contract").string(asset.contract);
    out.key("token_contract_source").string(asset.contractSource);
    out.endObject();
    return JsonBody::fromCanonical(out.take());
}

} // namespace ades::market
