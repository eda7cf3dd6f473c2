#include "VatHistory.h"

#include "VatIdValidator.h"
#include "VatTimeline.h"
#include "ViesArchive.h"
#include "core/Clock.h"
#include "store/ViesObservations.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

Outcome history(const QJsonObject &arguments, const ViesArchive &archive, const Clock &clock)
{
    const VatIdAnalysis a = VatIdValidator().analyse(arguments.value(u"vat_id"_s).toString());
    if (!a.formatValid) {
        QString message = u"vat_id: not a valid VAT ID (%1): %2"_s.arg(a.errorClass(), a.message);
        if (!a.suggestedVatId.isEmpty())
            message += u" Did you mean %1?"_s.arg(a.suggestedVatId);
        return ServiceError::unprocessable(u"invalid_vat_id"_s, message, u"vat_id"_s);
    }
    if (!a.isViesMember || !a.viesCheckable)
        return ServiceError::unprocessable(u"not_in_vies"_s,
            u"vat_id: VIES does not cover %1, so it has no VIES history (VIES covers the EU member states "
            "and XI)."_s.arg(a.normalized),
            u"vat_id"_s);
    const QDateTime now = clock.now().toUTC();
    const Result<QDateTime> at = VatTimeline::parseAt(arguments.value(u"at"_s).toString(), now);
    if (!at.ok())
        return at.error();

    ViesObservations *store = archive.observations();
    QList<VatObservation> before;
    QList<VatObservation> after;
    QList<VatObservation> window;
    qint64 total = 0;
    if (store) {
        before = store->atOrBefore(a.viesPrefix, a.number, at.value(), VatTimeline::ListLimit);
        after = store->after(a.viesPrefix, a.number, at.value(), VatTimeline::ListLimit);
        // Each day has few answers; the bound only keeps a flood of checks from making one answer huge.
        window = store->between(a.viesPrefix, a.number,
            QDateTime(VatTimeline::windowStart(at.value()), QTime(0, 0), Qt::UTC),
            QDateTime(VatTimeline::windowEnd(at.value()), QTime(0, 0), Qt::UTC), 1000);
        const std::optional<qint64> counted = store->count(a.viesPrefix, a.number);
        if (!counted)
            return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
                u"The archive of VIES answers could not be read; try again."_s)
                .setRetryable(true);
        total = *counted;
    }
    QJsonObject data = VatTimeline::describe(before, after, window, total, at.value(), now.date());
    data.insert(u"input"_s, a.input);
    data.insert(u"normalized"_s, a.normalized);
    data.insert(u"country"_s, a.country);
    data.insert(u"archive_enabled"_s, archive.isEnabled());
    data.insert(u"queried_at"_s, isoUtc(now));
    return OperationResult { data, a.normalized };
}

} // namespace

ades::Handler makeVatHistoryHandler(const ViesArchive &archive, const Clock &clock)
{
    return [&archive, &clock](const QJsonObject &arguments, const CallContext &, Completion done) {
        done(history(arguments, archive, clock));
    };
}

} // namespace ades::eu
