#include "LiveChecks.h"

#include "ops/eu/counterparty/CounterpartyFindings.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu::LiveChecks {

namespace {

// The finding's worst reason decides; its code and message become the check's.
PayCheck fromFinding(const QString &id, const CounterpartyFinding &f)
{
    PayCheck c;
    c.id = id;
    c.live = true;
    c.evidence = f.detail;
    if (f.state != CounterpartyFinding::State::Ran) {
        c.status = PayCheck::Status::Missing;
        // "vies_unavailable", "sanctions_lists_unavailable": named for the source that failed.
        c.code = f.sources.value(0, f.check) + u"_unavailable"_s;
        c.message = f.missingReason.isEmpty() ? f.detail.value(u"reason"_s).toString() : f.missingReason;
        c.missingSources = f.sources;
        c.source = QJsonObject { { u"source"_s, f.sources.join(u","_s) }, { u"checked_at"_s, QJsonValue() } };
        return c;
    }
    const Severity worst = f.worst();
    for (const CounterpartyReason &r : f.reasons) {
        if (r.severity == worst) {
            c.code = r.code;
            c.message = r.message;
            break;
        }
    }
    c.status = worst == Severity::Blocked ? PayCheck::Status::DoNotPay
        : worst == Severity::Review       ? PayCheck::Status::Hold
                                          : PayCheck::Status::Pass;
    return c;
}

} // namespace

PayCheck supplierVat(const Outcome &outcome, const QString &sellerName)
{
    PayCheck c = fromFinding(u"supplier_vat_vies"_s, CounterpartyFindings::vat(outcome, sellerName));
    if (c.status != PayCheck::Status::Missing) {
        c.source = QJsonObject {
            { u"source"_s, u"vies"_s },
            { u"name"_s, u"VIES, European Commission"_s },
            { u"checked_at"_s, c.evidence.value(u"checked_at"_s) },
            { u"version"_s, c.evidence.value(u"consultation_number"_s) },
        };
    }
    return c;
}

PayCheck supplierVatAbsent()
{
    PayCheck c;
    c.id = u"supplier_vat_vies"_s;
    c.live = true;
    c.status = PayCheck::Status::Missing;
    c.code = u"supplier_vat_absent"_s;
    c.message = u"the invoice carries no seller VAT ID (BT-31) to check in VIES"_s;
    c.source = QJsonObject { { u"source"_s, u"vies"_s }, { u"checked_at"_s, QJsonValue() } };
    return c;
}

PayCheck sanctions(const QList<QPair<QString, Outcome>> &screenings)
{
    if (screenings.isEmpty()) {
        PayCheck c;
        c.id = u"sanctions"_s;
        c.live = true;
        c.status = PayCheck::Status::Missing;
        c.code = u"sanctions_no_name"_s;
        c.message = u"the invoice names no seller or payee to screen"_s;
        c.source = QJsonObject { { u"source"_s, u"sanctions_lists"_s } };
        return c;
    }
    PayCheck c = fromFinding(u"sanctions"_s, CounterpartyFindings::sanctions(screenings));
    if (c.status != PayCheck::Status::Missing) {
        QJsonArray lists;
        for (const QJsonValue &l : c.evidence.value(u"lists_screened"_s).toArray())
            lists.append(QString(l.toObject().value(u"list"_s).toString().toUpper() + u" "_s
                + l.toObject().value(u"generation_date"_s).toString()));
        c.source = QJsonObject {
            { u"source"_s, u"sanctions_lists"_s },
            { u"name"_s, u"EU, UN and UK consolidated sanctions lists"_s },
            { u"checked_at"_s, c.evidence.value(u"checked_at"_s) },
            { u"version"_s, lists },
        };
    }
    return c;
}

} // namespace ades::eu::LiveChecks
