#include "ViesArchive.h"

#include "ViesClient.h"
#include "core/Clock.h"
#include "store/ViesObservations.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

ViesArchive::ViesArchive(ViesObservations *observations, const Clock &clock, bool enabled)
    : m_observations(observations)
    , m_clock(clock)
    , m_enabled(enabled)
{ }

void ViesArchive::record(const QString &viesPrefix, const QString &number, const ViesAnswer &answer,
    const QString &requesterVatId) const
{
    if (!isEnabled())
        return;
    VatObservation o;
    // Our clock, not VIES' requestDate: SOAP sends only a day, and one clock orders every observation.
    o.observedAt = m_clock.now().toUTC();
    o.country = viesPrefix;
    o.number = number;
    o.valid = answer.valid;
    o.name = answer.name;
    o.address = answer.address;
    o.consultationNumber = answer.requestIdentifier;
    o.requesterVatId = requesterVatId.isEmpty() ? QString() : requesterVatId;
    o.endpoint = answer.endpoint;
    o.sourceUrl = answer.snapshot.value(u"url"_s).toString();
    o.viesRequestDate = answer.requestDateText;
    o.responseSha256 = answer.snapshot.value(u"sha256"_s).toString();
    m_observations->record(o);
}

} // namespace ades::eu
