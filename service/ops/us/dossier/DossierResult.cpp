#include "DossierResult.h"

#include "DutyComponent.h"
#include "ForwardingCheck.h"
#include "ImportDecision.h"
#include "RecallFinding.h"
#include "RegulatoryRouting.h"
#include "TariffFinding.h"
#include "core/Clock.h"
#include "ops/us/UsImportOffer.h"
#include "ops/us/readiness/ImportInput.h"

#include <QCryptographicHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us::DossierResult {

namespace {

// How long the dossier may be relied on: recalls and the schedule's revisions change.
constexpr qint64 ValiditySeconds = 24 * 3600;
// 19 CFR 143.21(a): informal entry for shipments valued at not over USD 2,500 (with exceptions).
constexpr qint64 InformalEntryLimitCents = 2'500 * 100;

QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue() : QJsonValue(s);
}

QJsonArray limitations()
{
    // docs/interface.md §2.2, content rules: every "not", in its words.
    return QJsonArray {
        u"It is not a binding classification: a declared HTS code is checked against the current revision of "
        "the schedule, otherwise the candidates of the tariff search are suggestions; only U.S. Customs and "
        "Border Protection rules bindingly."_s,
        u"It computes only a simple ordinary-duty component (MFN column 1, Free or simple ad valorem); it is "
        "not an exact landed cost."_s,
        u"It is not a complete restrictions screening: only the declared risk attributes are routed, and "
        "answers of no are not verified."_s,
        u"It is not a guarantee of importability."_s,
        u"It is not merchant or forwarder acceptance: the forwarding policy is as the buyer declared it."_s,
        u"It is not a purchase, not carrier acceptance and not customs clearance."_s,
        u"It never fetches a product page and never orders, pays, creates a mailbox or address, books a "
        u"carrier "
        "or creates a label."_s,
        u"Recall candidates come from the CPSC recall service by product name within a five-year window; a "
        "candidate is not proof of a recall of this product, and no candidate is not proof of safety."_s,
        u"Informational only, based on the cited official sources; not legal or customs advice."_s,
    };
}

QJsonObject entryPolicy(const ImportInput &in)
{
    const bool informal = in.customsValueCents <= InformalEntryLimitCents;
    return QJsonObject {
        { u"entry_type_indication"_s, informal ? u"informal_possible"_s : u"formal"_s },
        { u"entry_type_note"_s,
            informal
                ? u"A shipment valued at not over USD 2,500 may be entered informally (19 CFR 143.21), "
                  "unless its goods require formal entry."_s
                : u"A shipment valued over USD 2,500 needs formal entry, usually through a licensed customs "
                  "broker, and may need a customs bond."_s },
        { u"de_minimis"_s,
            u"Not applied: duty-free de minimis treatment (19 U.S.C. 1321) is assumed unavailable; the "
            u"ordinary "
            "duty is computed on the full customs value."_s },
        { u"customs_value_reading"_s, u"customs_value_usd is read as the value of the whole shipment"_s },
        { u"importer_use"_s, in.importerUse },
    };
}

QJsonObject costView(const ImportInput &in, const TariffFinding &tariff)
{
    QJsonObject view {
        { u"currency"_s, u"USD"_s },
        { u"customs_value_usd"_s, in.customsValueUsd },
        { u"ordinary_duty_usd"_s,
            tariff.dutyCents ? QJsonValue(DutyComponent::usd(*tariff.dutyCents)) : QJsonValue() },
        { u"complete"_s, false },
        { u"not_included"_s,
            QJsonArray { u"additional duties of Chapter 99"_s, u"merchandise processing fee"_s,
                u"harbor maintenance fee"_s, u"state and local taxes"_s, u"carrier and broker charges"_s,
                u"forwarder fees"_s, u"currency conversion"_s } },
    };
    view.insert(u"known_subtotal_usd"_s,
        tariff.dutyCents ? QJsonValue(DutyComponent::usd(in.customsValueCents + *tariff.dutyCents))
                         : QJsonValue());
    return view;
}

QJsonArray snapshots(const Parts &p)
{
    QJsonArray out;
    if (!p.tariff.snapshot.isEmpty()) {
        QJsonObject s = p.tariff.snapshot;
        s.insert(u"check"_s, u"tariff"_s);
        s.insert(u"revision"_s, p.tariff.tariff.value(u"revision"_s));
        out.append(s);
    }
    if (!p.recalls.snapshot.isEmpty()) {
        QJsonObject s = p.recalls.snapshot;
        s.insert(u"check"_s, u"recalls"_s);
        out.append(s);
    }
    out.append(QJsonObject {
        { u"check"_s, u"regulatory_routing"_s },
        { u"source"_s, u"ades:regulatory-routing"_s },
        { u"name"_s, u"Routing table bundled with this service (resources/us/regulatory-routing.json)"_s },
        { u"version"_s, RegulatoryRouting::tableVersion() },
    });
    return out;
}

} // namespace

QJsonObject build(const Parts &p, const ImportDecision &decision)
{
    const ImportInput &in = p.input;
    const QString recover = UsImportOffer::recoverPathOf(p.jobId);
    return QJsonObject {
        { u"contract"_s, UsImportOffer::Contract },
        { u"policy_version"_s, UsImportOffer::PolicyVersion },
        { u"decision"_s, decision.toJson() },
        { u"input_fingerprint"_s, in.fingerprint },
        { u"route"_s,
            QJsonObject {
                { u"dispatch_country"_s, in.dispatchCountry },
                { u"destination_country"_s, in.destinationCountry },
                { u"country_of_origin"_s, in.countryOfOrigin },
                { u"origin_is_dispatch_country"_s, in.countryOfOrigin == in.dispatchCountry },
                { u"importer_use"_s, in.importerUse },
            } },
        { u"product"_s,
            QJsonObject {
                { u"name"_s, in.productName },
                { u"description_sha256"_s,
                    QString::fromLatin1(
                        QCryptographicHash::hash(in.productDescription.toUtf8(), QCryptographicHash::Sha256)
                            .toHex()) },
                { u"material_or_composition"_s, in.materialOrComposition },
                { u"intended_use"_s, in.intendedUse },
                { u"brand"_s, orNull(in.brand) },
                { u"model"_s, orNull(in.model) },
                { u"gtin"_s, orNull(in.gtin) },
                { u"hts_code_declared"_s,
                    in.htsCode.isEmpty() ? QJsonValue() : QJsonValue(TariffFinding::dotted(in.htsCode)) },
                { u"customs_value_usd"_s, in.customsValueUsd },
                { u"quantity"_s, in.quantity },
            } },
        { u"tariff"_s, p.tariff.tariff },
        { u"ordinary_duty_component"_s, p.tariff.duty },
        { u"entry_policy"_s, entryPolicy(in) },
        { u"recalls"_s, p.recalls.recalls },
        { u"regulatory_routing"_s, p.routing },
        { u"forwarding"_s, p.forwarding.forwarding },
        { u"cost_view"_s, costView(in, p.tariff) },
        { u"source_snapshots"_s, snapshots(p) },
        { u"next_actions"_s, QJsonArray::fromStringList(decision.nextActions()) },
        { u"limitations"_s, limitations() },
        { u"validity"_s,
            QJsonObject {
                { u"checked_at"_s, isoUtc(p.now) },
                { u"valid_until"_s, isoUtc(p.now.addSecs(ValiditySeconds)) },
                { u"job_id"_s, p.jobId },
                { u"recoverable_until"_s, isoUtc(p.now.addSecs(UsImportOffer::RetentionSeconds)) },
                { u"recover"_s, recover },
                { u"note"_s,
                    u"Recalls and the tariff schedule change: run the dossier again after valid_until or "
                    u"when a "
                    "product fact changes."_s },
            } },
        { u"pricing"_s,
            QJsonObject {
                { u"price_usdc"_s, UsImportOffer::PriceText },
                { u"amount_atomic_units"_s, QString::number(UsImportOffer::PriceUnits) },
                { u"asset"_s, u"USDC"_s },
                { u"charged"_s,
                    u"only for a delivered dossier (HTTP 200); 400, 422 and 503 are never charged"_s },
                { u"free_check"_s, UsImportOffer::FreePath },
                { u"recovery"_s, u"free for 24 hours: no new lookup, no new charge"_s },
            } },
        { u"privacy"_s,
            QJsonObject {
                { u"product_url_accepted"_s, false },
                { u"addresses_collected"_s, false },
                { u"raw_request_body_stored"_s, false },
                { u"normalized_product_facts_in_signed_result"_s, true },
                { u"product_description"_s, u"only its SHA-256 is in the result"_s },
                { u"signed_result_recovery_retention_hours"_s, UsImportOffer::RetentionSeconds / 3600 },
            } },
    };
}

} // namespace ades::us::DossierResult
