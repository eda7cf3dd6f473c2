#pragma once

#include "VatTreatmentCheck.h"
#include "catalog/Operation.h"
#include "ops/eu/iban/IbanValidator.h"
#include "ops/eu/vat/VatCheck.h"

#include <memory>

namespace ades {
class Clock;
class Settings;
class UpstreamClient;
} // namespace ades

namespace ades::eu {

class SanctionsLists;

// Handler of eu.invoice_to_pay.dossier (docs/invoice-to-pay.md): reads the one invoice, validates it
// completely (EN 16931 with the layers BT-24 selects, totals), then runs at once what needs an outside
// source — VIES for the seller's VAT ID (and the buyer's, when the VAT treatment rests on it, through the
// area's VIES gate and archive like eu.vat.check), EU/UN/UK sanctions screening of the seller, the payee and
// the name VIES registers — beside the local checks (trusted payee IBAN, expected amount, currency, buyer,
// supplier, purchase order, VAT treatment from the VAT rules), and decides (InvoiceToPayDecision). A check
// that could not run is in evidence_coverage.missing_checks and never allows READY; when no live check could
// run at all the answer is an uncharged 503 naming the sources. The result carries no full IBAN and no
// invoice number (only its hash); the document itself is never stored.
class InvoiceToPayDossier : public std::enable_shared_from_this<InvoiceToPayDossier>
{
public:
    // Keeps references: all of them must outlive the handler (they live as long as the service).
    InvoiceToPayDossier(const UpstreamClient &upstream, const Settings &settings, const Clock &clock,
        const SanctionsLists &sanctions, ViesServices vies);

    // `done` runs once on the calling thread. Must be called through a std::shared_ptr.
    void run(const QJsonObject &arguments, const Completion &done) const;

private:
    struct Run;
    void start(const std::shared_ptr<Run> &run) const;
    void screen(const std::shared_ptr<Run> &run, const QString &name) const;
    void finishOne(const std::shared_ptr<Run> &run) const;
    void finish(Run &run) const;

    VatCheck m_vat;
    Handler m_sanctions;
    VatTreatmentCheck m_vatTreatment;
    IbanValidator m_iban;
    const Clock &m_clock;
};

Handler makeInvoiceToPayDossierHandler(const UpstreamClient &upstream, const Settings &settings,
    const Clock &clock, const SanctionsLists &sanctions, ViesServices vies);

} // namespace ades::eu
