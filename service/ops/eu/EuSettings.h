#pragma once

#include "core/SettingSpec.h"

namespace ades::eu::EuSettings {

// At most 24 days: QTimer counts milliseconds in an int, which 25 days would overflow.
inline const IntSetting SanctionsRefreshHours = intSetting(QStringLiteral("sanctions/refresh_hours"), 24, 0,
    24 * 24,
    QStringLiteral("how often the official EU, UN and UK lists are downloaded (first run 10 minutes after "
                   "start; 0 = never)"));
QString requesterVatIdProblem(const QString &value);
inline const TextSetting RequesterVatId = textSetting(QStringLiteral("vies/requester_vat_id"), QString(),
    QStringLiteral(
        "the operator's own VAT ID; VIES then returns a consultation number for the signed result"),
    &requesterVatIdProblem);

// GLEIF asks clients to stay near 60 requests a minute and its data changes a few times a day; LEI data is
// CC0, so answers may be kept and reused (VIES answers are only archived, never reused as an answer).
inline const IntSetting GleifCacheMinutes = intSetting(QStringLiteral("gleif/cache_minutes"), 60, 0, 24 * 60,
    QStringLiteral("how long a GLEIF answer (an LEI record or a name search) is reused by the counterparty "
                   "check; 0 = never"));

// VIES traffic of the whole service (single checks, batches, anything else that asks VIES). The
// reference's advice: at most one or two concurrent calls per member state (../shared/reference/eu-vat.md
// §2.3).
inline const IntSetting ViesMaxConcurrent = intSetting(QStringLiteral("vies/max_concurrent"), 10, 1, 100,
    QStringLiteral("VIES requests in flight at once, over every caller of the service"));
inline const IntSetting ViesMaxConcurrentPerState
    = intSetting(QStringLiteral("vies/max_concurrent_per_state"), 2, 1, 50,
        QStringLiteral("VIES requests in flight at once for one member state"));
inline const IntSetting ViesBatchDeadlineMs = intSetting(QStringLiteral("vies/batch_deadline_ms"), 25000,
    1000, 120000,
    QStringLiteral("time a VAT batch may take; VAT IDs not checked by then get their own uncharged error"));
inline const IntSetting ViesRetryBaseMs = intSetting(QStringLiteral("vies/retry_base_ms"), 250, 10, 10000,
    QStringLiteral("first back-off of a batch item after a VIES rate limit or outage; doubled per retry"));
inline const BoolSetting ViesArchiveAnswers = boolSetting(QStringLiteral("vies/archive_answers"), true,
    QStringLiteral("keep every VIES answer (valid, name, address, consultation number) for /v1/vat/history"));

SettingSpecs all();

} // namespace ades::eu::EuSettings
