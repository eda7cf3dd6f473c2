#pragma once

#include "VatIdValidator.h"
#include "ViesClient.h"
#include "catalog/Operation.h"

namespace ades {
class Clock;
class Settings;
class UpstreamClient;
} // namespace ades

namespace ades::eu {

// Handler of eu.vat.check: format and checksum first (never calls VIES for an impossible number), then
// VIES when asked for and possible. Results follow docs/interface.md §2.5, plus evidence members.
class VatCheck
{
public:
    // Keeps references: all of them must outlive the handler (they live as long as the service). The
    // services (the service-wide VIES gate and answer archive) are what the area passes; without them
    // VIES is asked without a bound and nothing is archived.
    VatCheck(const UpstreamClient &upstream, const Settings &settings, const Clock &clock,
        ViesServices services = {});

    // Arguments: vat_id (string), vies (boolean, default true). `done` runs once on the calling thread,
    // synchronously when VIES is not asked.
    void run(const QJsonObject &arguments, const Completion &done) const;
    // The same with a patience of its own (a batch item: bulk priority, retries until its deadline).
    void run(const QJsonObject &arguments, const ViesCheckOptions &options, const Completion &done) const;

    static QString viesTerms();

private:
    VatIdValidator m_validator;
    ViesClient m_vies;
    const Clock &m_clock;
};

ades::Handler makeVatCheckHandler(
    const UpstreamClient &upstream, const Settings &settings, const Clock &clock, ViesServices services = {});

} // namespace ades::eu
