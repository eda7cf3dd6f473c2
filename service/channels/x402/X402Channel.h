#pragma once

#include "channels/CatalogRoutes.h"
#include "channels/HttpChannel.h"

namespace ades {

class ServiceContext;

// Pay-per-call paths under /x402/ (docs/interface.md §3, §4.1). Input is validated first, so nobody is asked
// to pay for a call that would fail with 400/422. Without configured receiving addresses the channel answers
// an uncharged 503; with them, an x402 v2 402 challenge. The channel only binds the payment gate
// (payments/PaymentGate) to HTTP: the payment from PAYMENT-SIGNATURE, the outcome as status and headers.
class X402Channel final : public HttpChannel
{
public:
    explicit X402Channel(ServiceContext &context);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;

private:
    QString resourceUrl(const HttpRequestData &request) const;

    ServiceContext &m_context;
    CatalogRoutes m_routes;
};

} // namespace ades
