#pragma once

#include "VatCheck.h"
#include "catalog/Operation.h"

#include <memory>

namespace ades {
class Clock;
class Settings;
class UpstreamClient;
} // namespace ades

namespace ades::eu {

// Handler of eu.vat.batch (POST /v1/vat/batch, VatBatchReq {"vat_ids": [...], "vies": true}): up to 100 VAT
// IDs, each checked as eu.vat.check would, VIES asked through the service's gate at bulk priority with
// back-off and retries, the whole batch bounded by vies/batch_deadline_ms. Each item gets its result or its
// own uncharged error; the batch is one result (one receipt) that counts one call per distinct VAT ID with a
// result (OperationResult::calls). A batch where no item has a result is an uncharged error itself: 503 when
// VIES failed any item, else 422.
class VatBatch
{
public:
    // Keeps references (they live as long as the service). Without a gate in `services` the batch bounds
    // its own VIES traffic with one of the configured limits.
    VatBatch(const UpstreamClient &upstream, const Settings &settings, const Clock &clock,
        ViesServices services = {});
    ~VatBatch();

    // `done` runs once on the calling thread (which needs an event loop).
    void run(const QJsonObject &arguments, const Completion &done) const;

    static constexpr int MaxItems = 100;

private:
    static ViesServices withGate(ViesServices services, const std::unique_ptr<ViesGate> &own);

    std::unique_ptr<ViesGate> m_ownGate; // only when the services bring none
    VatCheck m_check;
    const Clock &m_clock;
    int m_deadlineMs;
};

ades::Handler makeVatBatchHandler(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services = {});

} // namespace ades::eu
