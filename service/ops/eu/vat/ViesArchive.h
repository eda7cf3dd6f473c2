#pragma once

#include <QString>

namespace ades {
class Clock;
class ViesObservations;
} // namespace ades

namespace ades::eu {

struct ViesAnswer;

// Keeps every VIES answer the service obtains, whoever asked (a single check, a batch item, an operation
// built on the VAT check), in the store's archive (ViesObservations): time, VAT ID, verdict, name and
// address as returned, consultation number, requester, endpoint and the SHA-256 of the raw body. Recording
// is a queue append (the store writes behind the request path). Thread-safe.
class ViesArchive
{
public:
    // `observations` null or `enabled` false (vies/archive_answers): nothing is kept. Keeps references.
    ViesArchive(ViesObservations *observations, const Clock &clock, bool enabled);

    bool isEnabled() const { return m_observations && m_enabled; }
    ViesObservations *observations() const { return m_observations; }

    // viesPrefix + number as VIES was asked; requesterVatId compact or empty.
    void record(const QString &viesPrefix, const QString &number, const ViesAnswer &answer,
        const QString &requesterVatId) const;

private:
    ViesObservations *m_observations;
    const Clock &m_clock;
    bool m_enabled;
};

} // namespace ades::eu
