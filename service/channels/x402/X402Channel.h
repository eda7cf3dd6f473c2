#pragma once

#include "channels/CatalogRoutes.h"
#include "channels/HttpChannel.h"
#include "payments/PaymentGate.h"

namespace ades {

class ServiceContext;

// Pay-per-call paths under /x402/ (docs/interface.md §3, §4.1). Input is validated first, so nobody is asked
// to pay for a call that would fail with 400/422 — except a large upload (over http/max_body_bytes), which is
// challenged before its body is read unless it carries a payment that passes the local pre-check. Without
// configured receiving addresses the channel answers an uncharged 503; with them, an x402 v2 402 challenge.
// The channel only binds the payment gate (payments/PaymentGate) to HTTP: the payment from PAYMENT-SIGNATURE,
// the outcome as status and headers.
class X402Channel final : public HttpChannel
{
public:
    explicit X402Channel(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;
    std::optional<HttpAnswer> answerBeforeBody(const HttpRequestData &head) const override;

private:
    QString resourceUrl(const HttpRequestData &request) const;
    // The payment gate's call for `operation` on this request, without its arguments.
    x402::PaymentGate::Call paidCall(
        const Operation &operation, const Exposure &exposure, const HttpRequestData &request) const;
    static HttpAnswer challengeAnswer(const QJsonObject &paymentRequired);

    ServiceContext &m_context;
    CatalogRoutes m_routes;
};

} // namespace ades
