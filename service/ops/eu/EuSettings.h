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
// CC0, so answers may be kept (unlike VIES answers).
inline const IntSetting GleifCacheMinutes = intSetting(QStringLiteral("gleif/cache_minutes"), 60, 0, 24 * 60,
    QStringLiteral("how long a GLEIF answer (an LEI record or a name search) is reused by the counterparty "
                   "check; 0 = never"));

SettingSpecs all();

} // namespace ades::eu::EuSettings
