#include "FundingQr.h"

#include "CdpCredentials.h"
#include "FundingQrSettings.h"
#include "FundingResult.h"
#include "OnrampRequest.h"
#include "QrImageCache.h"
#include "core/Clock.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"

#include <QObject>
#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// Encoding a new QR code and compressing its PNG take a few hundred microseconds (BenchMarketFundingQr):
// done on the pool, not on the I/O thread that serves other connections meanwhile. The guard lives in the
// calling thread, so the completion runs there.
void answer(const FundingRequest &request, const FundingLimits &limits, const OnrampOutcome &onramp,
    const QDateTime &now, const std::shared_ptr<QrImageCache> &images, const Completion &done)
{
    auto *guard = new QObject;
    QThreadPool::globalInstance()->start([guard, request, limits, onramp, now, images, done]() {
        Result<JsonBody> data = FundingResult::build(request, limits, onramp, now, *images);
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
    const auto credentials = std::make_shared<CdpCredentials>();
    const auto images = std::make_shared<QrImageCache>();
    return [&services, credentials, images](
               const QJsonObject &arguments, const CallContext &, Completion done) {
        const FundingLimits limits = fundingLimits(services);
        const Result<FundingRequest> parsed = FundingRequest::parse(arguments, limits);
        if (!parsed.ok())
            return done(parsed.error());
        const FundingRequest request = parsed.value();
        CdpCredentials::State state = CdpCredentials::State::NotConfigured;
        const CdpCredentials::Key key = credentials->current(services.settings, &state);
        if (state == CdpCredentials::State::NotConfigured)
            return answer(request, limits,
                { OnrampOutcome::Status::NotConfigured, {}, {},
                    u"No CDP API key is configured: Coinbase issues onramp sessions only to a backend with one."_s,
                    {} },
                services.clock.now(), images, done);
        if (request.clientIp.isEmpty())
            return answer(request, limits,
                { OnrampOutcome::Status::ClientIpRequired, {}, {},
                    u"Coinbase binds a session token to the end user's IP address: pass it as client_ip."_s,
                    {} },
                services.clock.now(), images, done);
        requestOnrampSession(
            services, key, request, [&services, request, limits, images, done](OnrampOutcome onramp) {
                answer(request, limits, onramp, services.clock.now(), images, done);
            });
    };
}

} // namespace ades::market
