#pragma once

#include "catalog/Operation.h"
#include "ops/eu/lei/GleifClient.h"
#include "ops/eu/vat/VatCheck.h"

#include <memory>

namespace ades {
class Clock;
class Settings;
class UpstreamClient;
} // namespace ades

namespace ades::eu {

class SanctionsLists;

// Handler of eu.counterparty.check: starts the checks its inputs allow at once — VAT ID + VIES
// (eu.vat.check), a GLEIF LEI lookup or name search, IBAN (eu.iban.check), sanctions screening of every
// name given or disclosed (eu.sanctions.screen) — and decides when the last answers (CounterpartyDecision).
// The upstream calls run concurrently, so a call takes about as long as its slowest source. A source that
// is down makes its check "missing" (verdict review, never clear); only when no check could run at all is
// the answer an uncharged 503 naming the sources.
class CounterpartyCheck : public std::enable_shared_from_this<CounterpartyCheck>
{
public:
    // Keeps references: all of them must outlive the handler (they live as long as the service). `vies`
    // (the service-wide VIES gate and answer archive, VatCheck) is what the area passes: the VAT part then
    // waits its turn at the gate like eu.vat.check and its answers are archived.
    CounterpartyCheck(const UpstreamClient &upstream, const Settings &settings, const Clock &clock,
        const SanctionsLists &sanctions, ViesServices vies = {});

    // Arguments: name, vat, iban, lei, country (all optional strings, at least one of the first four).
    // `done` runs once on the calling thread: synchronously when no upstream is needed, else from the event
    // loop when the last upstream answered. Must be called through a std::shared_ptr.
    void run(const QJsonObject &arguments, const Completion &done) const;

    static QString disclaimer();

private:
    struct Run;
    void screen(const std::shared_ptr<Run> &run, const QString &name) const;
    void finishOne(const std::shared_ptr<Run> &run) const;
    void finish(Run &run) const;

    VatCheck m_vat;
    GleifClient m_gleif;
    Handler m_iban;
    Handler m_sanctions;
    const Clock &m_clock;
};

Handler makeCounterpartyCheckHandler(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies = {});

} // namespace ades::eu
