#include "OnrampRequest.h"

#include "CdpJwt.h"
#include "FundingQrSettings.h"
#include "FundingRequest.h"
#include "OnrampSession.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/SourceCache.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

OnrampOutcome failed(const QString &reason, const QJsonObject &source = {})
{
    return { OnrampOutcome::Status::Failed, {}, {}, reason, source };
}

} // namespace

void requestOnrampSession(const MarketServices &services, const CdpCredentials::Key &credentials,
    const FundingRequest &request, std::function<void(OnrampOutcome)> done)
{
    const QString sourceId = QString::fromUtf16(MarketSource::CoinbaseOnramp);
    const UpstreamSource *source = services.upstream.source(sourceId);
    if (!source || !credentials.key)
        return done(failed(u"Coinbase Onramp is not registered or its key could not be read."_s));
    UpstreamRequest call;
    call.source = sourceId;
    call.path = u"/token"_s;
    call.method = "POST";
    call.body = OnrampSession::requestBody(request);
    call.maxResponseBytes = OnrampSession::MaxAnswerBytes;
    QString url = source->baseUrl.toString();
    while (url.endsWith(u'/'))
        url.chop(1);
    url += call.path;
    const QByteArray jwt = CdpJwt::sign(*credentials.key, credentials.id,
        CdpJwt::requestUri(call.method, QUrl(url)), services.clock.now(), CdpJwt::randomNonce());
    if (jwt.isEmpty())
        return done(failed(u"The CDP API key could not sign the request."_s));
    call.headers = { { "Authorization", "Bearer " + jwt }, { "Content-Type", "application/json" },
        { "Accept", "application/json" } };

    // Coinbase's five minutes start when it issues the token, after we asked: counted from the asking, the
    // expiry stated is never later than the real one.
    const QDateTime sentAt = services.clock.now();
    const QJsonObject attempt { { u"source"_s, sourceId }, { u"url"_s, url },
        { u"attempted_at"_s, isoUtc(sentAt) } };
    const FundingAsset *asset = request.asset;
    const Usdc amount = request.amount;
    // Not through the cache: every token is single use.
    SourceCache::upstreamFetch(services.upstream, call,
        services.clock)([&services, done, sentAt, attempt, asset, amount](SourceCache::Fetched fetched) {
        if (!fetched.ok())
            return done(failed(fetched.error().message(), attempt));
        const QJsonObject evidence = fetched.value().provenance(services.clock.now());
        const OnrampSession::Answer token
            = OnrampSession::read(fetched.value().httpStatus, fetched.value().body);
        if (token.token.isEmpty())
            return done(failed(
                u"Coinbase Onramp refused the session token request (%1)."_s.arg(token.problem), evidence));
        const QString link = OnrampSession::link(
            services.settings.get(FundingQrSettings::OnrampLinkBase), token.token, *asset, amount);
        done({ OnrampOutcome::Status::Issued, link, sentAt.addSecs(OnrampSession::TokenLifetimeSeconds), {},
            evidence });
    });
}

} // namespace ades::market
