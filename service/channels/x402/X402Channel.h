#pragma once

#include "channels/CatalogRoutes.h"
#include "channels/HttpChannel.h"
#include "payments/FacilitatorClient.h"
#include "payments/X402Offers.h"

namespace ades {

class ServiceContext;

// Pay-per-call paths under /x402/ (SPEC.md §3, §4.1). Input is validated first, so nobody is asked to pay
// for a call that would fail with 400/422. Without configured receiving addresses the channel answers an
// uncharged 503; with them, an x402 v2 402 challenge. A PAYMENT-SIGNATURE passes the local pre-checks and
// then PaidCall (verify, handler, settle, ledger).
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
    x402::X402Offers m_offers;
    x402::FacilitatorClient m_facilitator;
};

} // namespace ades
