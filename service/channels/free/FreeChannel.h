#pragma once

#include "FreeQuotaCounter.h"
#include "channels/CatalogRoutes.h"
#include "channels/HttpChannel.h"
#include "http/ClientAddress.h"

namespace ades {

class ServiceContext;

// The keyless channel under /free/ (docs/interface.md §4.2, §5, §8): every catalog exposure with
// Channel::Free, GET with a query or POST with a JSON body, no key, no payment, never charged; results are
// signed and kept like the key channel's (Delivery).
//
// Each call spends one slot of a daily counter of the client's address (ClientAddress: the peer, or
// X-Forwarded-For from a trusted proxy), chosen by the exposure's FreeQuota: free operations
// (free/daily_calls, default 5: "5 calls a day per address") or free input checks (free/daily_input_checks,
// default 50: "daily abuse quota"). Counters are per UTC day and exact under concurrency (Store::
// consumeFreeCall is one conditional statement). Spent: 429 free_quota_exhausted with Retry-After (seconds to
// the next UTC midnight). Every answer of a free route carries X-Free-Quota-Limit and X-Free-Quota-Remaining.
class FreeChannel final : public HttpChannel
{
public:
    explicit FreeChannel(ServiceContext &context);
    // Serves `catalog`'s free exposures instead of the context's (tests register operations of their own);
    // `catalog` must outlive the channel.
    FreeChannel(ServiceContext &context, const Catalog &catalog);

    QStringList allowedMethods(const QString &path) const override;
    void handle(const HttpRequestData &request, HttpReply reply) override;

private:
    void call(const CatalogRoutes::Match &match, const HttpRequestData &request, HttpReply reply) const;

    ServiceContext &m_context;
    CatalogRoutes m_routes;
    ClientAddress m_clientAddress;
    FreeQuotaCounter m_quotas;
};

} // namespace ades
