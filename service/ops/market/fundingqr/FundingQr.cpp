#include "FundingQr.h"

#include "CdpJwt.h"
#include "FundingAsset.h"
#include "FundingQrSettings.h"
#include "FundingResult.h"
#include "OnrampSession.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"
#include "ops/market/MarketSources.h"
#include "ops/market/fetch/SourceCache.h"
#include "ops/market/fundingqr/crypto/CdpSigningKey.h"

#include <QObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

const QString OnrampSource = QString::fromUtf16(MarketSource::CoinbaseOnramp);

// Drawing the QR code and compressing its PNG take about a millisecond (BenchMarketFundingQr): done on the
// pool, not on the I/O thread that serves other connections meanwhile. The guard lives in the calling
// thread, so the completion runs there.
void answer(const FundingRequest &request, const FundingLimits &limits, const OnrampOutcome &onramp,
    const QDateTime &now, const Completion &done)
{
    auto *guard = new QObject;
    QThreadPool::globalInstance()->start([guard, request, limits, onramp, now, done]() {
        Result<QJsonObject> data = FundingResult::build(request, limits, onramp, now);
        const QString subject = request.address.checksummed();
        QMetaObject::invokeMethod(
            guard,
            [guard, done, data, subject]() {
                guard->deleteLater();
                if (!data.ok())
                    return done(data.error());
                done(OperationResult { data.value(), subject });
            },
            Qt::QueuedConnection);
    });
}

OnrampOutcome failed(const QString &reason, const QJsonObject &source = {})
{
    return { OnrampOutcome::Status::Failed, {}, {}, reason, source };
}

} // namespace

FundingLimits fundingLimits(const MarketServices &services)
{
    // The settings' own check guarantees both parse; a broken value falls back to the documented default.
    const auto usd = [&services](const TextSetting &setting) {
        return Usdc::fromDecimal(services.settings.get(setting))
            .value_or(Usdc::fromDecimal(setting.spec.defaultValue).value_or(Usdc()));
    };
    return { usd(FundingQrSettings::MinimumUsd), usd(FundingQrSettings::MaximumUsd) };
}

std::optional<ServiceError> checkFundingQr(const MarketServices &services, const QJsonObject &arguments)
{
    const Result<FundingRequest> request = FundingRequest::parse(arguments, fundingLimits(services));
    return request.ok() ? std::nullopt : std::optional<ServiceError>(request.error());
}

Handler makeFundingQrHandler(const MarketServices &services)
{
    return [&services](const QJsonObject &arguments, const CallContext &, Completion done) {
        const FundingLimits limits = fundingLimits(services);
        const Result<FundingRequest> parsed = FundingRequest::parse(arguments, limits);
        if (!parsed.ok())
            return done(parsed.error());
        const FundingRequest request = parsed.value();
        const QString keyId = services.settings.get(FundingQrSettings::CdpKeyId).trimmed();
        const QString secret = services.settings.get(FundingQrSettings::CdpKeySecret);
        if (keyId.isEmpty() || secret.isEmpty())
            return answer(request, limits,
                { OnrampOutcome::Status::NotConfigured, {}, {},
                    u"No CDP API key is configured: Coinbase issues onramp sessions only to a backend with one."_s,
                    {} },
                services.clock.now(), done);
        if (request.clientIp.isEmpty())
            return answer(request, limits,
                { OnrampOutcome::Status::ClientIpRequired, {}, {},
                    u"Coinbase binds a session token to the end user's IP address: pass it as client_ip."_s,
                    {} },
                services.clock.now(), done);
        const std::optional<CdpSigningKey> key = CdpSigningKey::fromSecret(secret);
        const UpstreamSource *source = services.upstream.source(OnrampSource);
        if (!key || !source)
            return answer(request, limits, failed(u"The CDP API key configured could not be read."_s),
                services.clock.now(), done);

        UpstreamRequest call;
        call.source = OnrampSource;
        call.path = u"/token"_s;
        call.method = "POST";
        call.body = OnrampSession::requestBody(request);
        call.maxResponseBytes = OnrampSession::MaxAnswerBytes;
        QString base = source->baseUrl.toString();
        while (base.endsWith(u'/'))
            base.chop(1);
        const QString uri = CdpJwt::requestUri(call.method, QUrl(base + call.path));
        const QByteArray jwt = CdpJwt::sign(*key, keyId, uri, services.clock.now(), CdpJwt::randomNonce());
        if (jwt.isEmpty())
            return answer(request, limits, failed(u"The CDP API key could not sign the request."_s),
                services.clock.now(), done);
        call.headers = { { "Authorization", "Bearer " + jwt }, { "Content-Type", "application/json" },
            { "Accept", "application/json" } };
        // Coinbase's five minutes start when it issues the token, after we asked: counted from the asking,
        // the expiry stated is never later than the real one.
        const QDateTime sentAt = services.clock.now();
        const QJsonObject attempt { { u"source"_s, OnrampSource }, { u"url"_s, QString(base + call.path) },
            { u"attempted_at"_s, isoUtc(sentAt) } };
        // Not through the cache: every token is single use.
        SourceCache::upstreamFetch(
            services.upstream, call, services.clock)([&services, request, limits, done, sentAt, attempt](
                                                         SourceCache::Fetched fetched) {
            const QDateTime now = services.clock.now();
            if (!fetched.ok())
                return answer(request, limits, failed(fetched.error().message(), attempt), now, done);
            const QJsonObject evidence = fetched.value().provenance(now);
            const OnrampSession::Answer token
                = OnrampSession::read(fetched.value().httpStatus, fetched.value().body);
            if (token.token.isEmpty())
                return answer(request, limits,
                    failed(u"Coinbase Onramp refused the session token request (%1)."_s.arg(token.problem),
                        evidence),
                    now, done);
            const QString link = OnrampSession::link(services.settings.get(FundingQrSettings::OnrampLinkBase),
                token.token, *request.asset, request.amount);
            answer(request, limits,
                { OnrampOutcome::Status::Issued, link, sentAt.addSecs(OnrampSession::TokenLifetimeSeconds),
                    {}, evidence },
                now, done);
        });
    };
}

} // namespace ades::market
