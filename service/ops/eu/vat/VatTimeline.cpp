#include "VatTimeline.h"

#include "core/Clock.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

QJsonValue orNull(const QString &text)
{
    return text.isNull() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QString verdict(bool valid)
{
    return valid ? u"valid"_s : u"invalid"_s;
}

ServiceError badAt(const QString &text)
{
    return ServiceError::unprocessable(u"invalid_value"_s,
        u"at: '%1' is neither an ISO date (2026-11-20) nor an ISO date-time (2026-11-20T09:30:00Z)"_s.arg(
            text.left(40)),
        u"at"_s);
}

} // namespace

Result<QDateTime> VatTimeline::parseAt(const QString &text, const QDateTime &now)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return now.toUTC();
    static const QRegularExpression dateOnly(u"^\\d{4}-\\d{2}-\\d{2}$"_s);
    if (dateOnly.match(t).hasMatch()) {
        const QDate day = QDate::fromString(t, Qt::ISODate);
        if (!day.isValid())
            return badAt(t);
        // The whole day: "was it valid on 2026-11-20" reads the day's last word.
        return QDateTime(day, QTime(23, 59, 59, 999), Qt::UTC);
    }
    static const QRegularExpression dateTime(
        u"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?$"_s);
    if (!dateTime.match(t).hasMatch())
        return badAt(t);
    QDateTime at = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!at.isValid())
        return badAt(t);
    if (at.timeSpec() == Qt::LocalTime)
        at.setTimeSpec(Qt::UTC); // no zone given: UTC, whatever the server's zone
    return at.toUTC();
}

QDate VatTimeline::windowStart(const QDateTime &at)
{
    return at.toUTC().date().addDays(-WindowDays);
}

QDate VatTimeline::windowEnd(const QDateTime &at)
{
    return at.toUTC().date().addDays(WindowDays + 1);
}

QJsonObject VatTimeline::observationJson(const VatObservation &o)
{
    return QJsonObject {
        { u"observed_at"_s, isoUtc(o.observedAt) },
        { u"day"_s, o.observedAt.toUTC().date().toString(Qt::ISODate) },
        { u"valid"_s, o.valid },
        { u"name"_s, orNull(o.name) },
        { u"address"_s, orNull(o.address) },
        { u"consultation_number"_s, orNull(o.consultationNumber) },
        { u"requester_vat_id"_s, orNull(o.requesterVatId) },
        { u"endpoint"_s, o.endpoint },
        { u"source_url"_s, o.sourceUrl },
        { u"vies_request_date"_s, o.viesRequestDate },
        { u"response_sha256"_s, o.responseSha256 },
    };
}

QJsonObject VatTimeline::describe(const QList<VatObservation> &before, const QList<VatObservation> &after,
    const QList<VatObservation> &window, qint64 total, const QDateTime &at, const QDate &today)
{
    const QDate day = at.toUTC().date();

    // The day of `at`: its observation nearest to `at`, the last one at or before it first.
    const VatObservation *lastUpToAt = nullptr;
    const VatObservation *firstAfterAt = nullptr;
    std::optional<bool> dayValid;
    bool consistent = true;
    for (const VatObservation &o : window) {
        if (o.observedAt.toUTC().date() != day)
            continue;
        if (dayValid && *dayValid != o.valid)
            consistent = false;
        dayValid = o.valid;
        if (o.observedAt <= at)
            lastUpToAt = &o; // oldest first: the last one wins
        else if (!firstAfterAt)
            firstAfterAt = &o;
    }
    const VatObservation *basis = lastUpToAt ? lastUpToAt : firstAfterAt;

    QJsonArray days;
    for (QDate d = windowStart(at); d < windowEnd(at) && d <= today; d = d.addDays(1)) {
        int count = 0;
        int valid = 0;
        for (const VatObservation &o : window) {
            if (o.observedAt.toUTC().date() == d) {
                ++count;
                valid += o.valid;
            }
        }
        const QString status = count == 0 ? u"unknown"_s
            : valid == count              ? u"valid"_s
            : valid == 0                  ? u"invalid"_s
                                          : u"mixed"_s;
        days.append(QJsonObject {
            { u"date"_s, d.toString(Qt::ISODate) }, { u"status"_s, status }, { u"observations"_s, count } });
    }

    QJsonArray listed;
    for (const QList<VatObservation> *side : { &before, &after }) {
        for (const VatObservation &o : *side)
            listed.append(observationJson(o));
    }

    const QJsonValue previous = before.isEmpty() ? QJsonValue() : QJsonValue(observationJson(before.last()));
    const QJsonValue next = after.isEmpty() ? QJsonValue() : QJsonValue(observationJson(after.first()));
    QString hint;
    if (basis) {
        hint = u"VIES said %1 on %2 (observed %3)"_s.arg(
            verdict(basis->valid), day.toString(Qt::ISODate), isoUtc(basis->observedAt));
        if (!consistent)
            hint += u"; its answers differed that day (see days)"_s;
        if (!basis->consultationNumber.isNull())
            hint += u"; consultation number %1"_s.arg(basis->consultationNumber);
    } else {
        hint = u"No VIES answer of %1 is archived, so validity that day is unknown; it is never inferred "
               "from other days. "_s.arg(day.toString(Qt::ISODate));
        if (before.isEmpty() && after.isEmpty())
            hint += u"This VAT ID was never observed."_s;
        else
            hint += u"Nearest observations: %1 before, %2 after."_s.arg(before.isEmpty()
                    ? u"none"_s
                    : u"%1 (%2)"_s.arg(isoUtc(before.last().observedAt), verdict(before.last().valid)),
                after.isEmpty()
                    ? u"none"_s
                    : u"%1 (%2)"_s.arg(isoUtc(after.first().observedAt), verdict(after.first().valid)));
    }

    return QJsonObject {
        { u"at"_s, isoUtc(at) },
        { u"at_day"_s, day.toString(Qt::ISODate) },
        { u"status_at"_s, basis ? verdict(basis->valid) : u"unknown"_s },
        { u"status_basis"_s, basis ? QJsonValue(observationJson(*basis)) : QJsonValue() },
        { u"day_consistent"_s, basis ? QJsonValue(consistent) : QJsonValue() },
        { u"previous"_s, previous },
        { u"next"_s, next },
        { u"observations"_s, listed },
        { u"observations_total"_s, total },
        { u"days"_s, days },
        { u"hint"_s, hint },
    };
}

} // namespace ades::eu
