#include "FacilitatorClient.h"

#include "upstream/UpstreamClient.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::x402 {

namespace {

const QString SourceId = u"facilitator"_s;

ServiceError facilitatorFailure(const QString &what)
{
    return ServiceError::sourceUnavailable(
        SourceId, u"The x402 facilitator %1; nothing was charged."_s.arg(what));
}

} // namespace

FacilitatorClient::FacilitatorClient(const UpstreamClient &upstream)
    : m_upstream(upstream)
{ }

UpstreamSource FacilitatorClient::sourceDefaults()
{
    // The public facilitator serves testnets only; mainnet facilitators need a key
    // (docs/configuration.md, upstream/facilitator).
    return UpstreamSource { SourceId, u"x402 facilitator"_s, QUrl(u"https://x402.org/facilitator"_s), 30000,
        {} };
}

QString FacilitatorClient::sourceId()
{
    return SourceId;
}

bool FacilitatorClient::probe(const UpstreamClient &upstream, std::function<void()> done)
{
    if (!upstream.source(SourceId))
        return false;
    UpstreamRequest request;
    request.source = SourceId;
    request.path = u"/supported"_s; // x402 v2 facilitator API: the kinds it supports, cheap and unpaid
    request.maxResponseBytes = 256 * 1024;
    upstream.fetch(request, [done = std::move(done)](const Result<UpstreamResponse> &) { done(); });
    return true;
}

void FacilitatorClient::post(const QString &path, const QJsonObject &paymentPayload,
    const QJsonObject &requirement, std::function<void(Result<QJsonObject>)> done) const
{
    UpstreamRequest request;
    request.source = SourceId;
    request.path = path;
    request.method = "POST";
    request.body
        = QJsonDocument(QJsonObject { { u"x402Version"_s, 2 }, { u"paymentPayload"_s, paymentPayload },
                            { u"paymentRequirements"_s, requirement } })
              .toJson(QJsonDocument::Compact);
    request.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    if (const UpstreamSource *source = m_upstream.source(SourceId); source && !source->apiKey.isEmpty())
        request.headers.append(
            qMakePair(QByteArray("Authorization"), QByteArray("Bearer " + source->apiKey.toUtf8())));
    m_upstream.fetch(request, [done](Result<UpstreamResponse> response) {
        if (!response.ok())
            return done(response.error());
        const QJsonDocument doc = QJsonDocument::fromJson(response.value().body);
        if (!doc.isObject())
            return done(facilitatorFailure(
                u"answered with something that is not JSON (HTTP %1)"_s.arg(response.value().httpStatus)));
        done(doc.object());
    });
}

void FacilitatorClient::verify(const QJsonObject &paymentPayload, const QJsonObject &requirement,
    std::function<void(Result<Verdict>)> done) const
{
    post(u"/verify"_s, paymentPayload, requirement, [done](Result<QJsonObject> answer) {
        if (!answer.ok())
            return done(answer.error());
        const QJsonObject body = answer.value();
        if (!body.value(u"isValid"_s).isBool())
            return done(facilitatorFailure(u"gave no verification verdict"_s));
        done(Verdict { body.value(u"isValid"_s).toBool(), body.value(u"invalidReason"_s).toString(),
            body.value(u"payer"_s).toString() });
    });
}

void FacilitatorClient::settle(const QJsonObject &paymentPayload, const QJsonObject &requirement,
    std::function<void(Result<Settlement>)> done) const
{
    post(u"/settle"_s, paymentPayload, requirement, [done](Result<QJsonObject> answer) {
        if (!answer.ok())
            return done(answer.error());
        const QJsonObject body = answer.value();
        if (!body.value(u"success"_s).isBool())
            return done(facilitatorFailure(u"gave no settlement result"_s));
        Settlement s;
        s.success = body.value(u"success"_s).toBool();
        s.reason = body.value(u"errorReason"_s).toString();
        s.transaction = body.value(u"transaction"_s).toString();
        s.network = body.value(u"network"_s).toString();
        s.payer = body.value(u"payer"_s).toString();
        s.response = QJsonObject { { u"success"_s, s.success }, { u"transaction"_s, s.transaction },
            { u"network"_s, s.network } };
        if (!s.payer.isEmpty())
            s.response.insert(u"payer"_s, s.payer);
        if (!s.reason.isEmpty())
            s.response.insert(u"errorReason"_s, s.reason);
        if (body.contains(u"amount"_s))
            s.response.insert(u"amount"_s, body.value(u"amount"_s));
        done(s);
    });
}

} // namespace ades::x402
