#pragma once

#include "core/Result.h"
#include "store/VatObservation.h"

#include <QDate>
#include <QDateTime>
#include <QJsonObject>
#include <QList>

namespace ades::eu {

// What the archived VIES answers say about one VAT ID around a moment (eu.vat.history). Pure: the
// observations come in, the answer goes out. The rule it keeps (docs/api.md, "VAT history"): validity is
// never carried across a day nobody observed. A day is a UTC day.
//
// - status_at: the answer of the observation on the day of `at` nearest to it, preferring the last one at
//   or before `at` (else the first one later that day); "unknown" when nothing was observed that day.
// - days: each day of the window around `at` (up to today) as "valid", "invalid", "mixed" (answers of
//   that day differ) or "unknown" (not observed).
// - previous / next: the last observation at or before `at` and the first after it, whatever their day.
class VatTimeline
{
public:
    static constexpr int WindowDays = 7; // each side of the day of `at`
    static constexpr int ListLimit = 10; // observations listed each side of `at`

    // `at` as the caller wrote it: an ISO date ("2026-11-20": the end of that UTC day) or date-time (with
    // Z or an offset; without one it is UTC). Empty: `now`. Error 422 naming "at".
    static Result<QDateTime> parseAt(const QString &text, const QDateTime &now);

    // before: up to ListLimit observations at or before `at`, oldest first; after: up to ListLimit after
    // it, oldest first; window: every observation of the window's days, oldest first; total: all kept.
    static QJsonObject describe(const QList<VatObservation> &before, const QList<VatObservation> &after,
        const QList<VatObservation> &window, qint64 total, const QDateTime &at, const QDate &today);

    // The first and the day after the last day of the window around `at` (for the store's query).
    static QDate windowStart(const QDateTime &at);
    static QDate windowEnd(const QDateTime &at);

    static QJsonObject observationJson(const VatObservation &observation);
};

} // namespace ades::eu
