#pragma once

#include "core/SettingSpec.h"
#include "store/StoreOptions.h"

namespace ades {
class Settings;
}

namespace ades::StoreSettings {

// Retention (docs/reliability.md, Retention). The call log is an operational view: a month answers "what
// happened lately" without keeping who called what for longer than that needs. Receipts are evidence of
// what was delivered and charged; a client may dispute a delivery long after it, and commercial and tax
// record keeping runs up to ten years (e.g. Germany's §147 AO, §257 HGB), so they are kept ten years.
inline const IntSetting CallLogDays = intSetting(QStringLiteral("store/call_log_days"), 30, 0, 36500,
    QStringLiteral(
        "call log rows and probe counters older than this many days are purged hourly; 0 keeps them"));
inline const IntSetting ReceiptDays = intSetting(QStringLiteral("store/receipt_days"), 3650, 0, 36500,
    QStringLiteral("delivered receipts issued more than this many days ago are purged hourly; 0 keeps them"));

SettingSpecs all();
// The store's options with the days configured in `settings`.
StoreOptions options(const Settings &settings);

} // namespace ades::StoreSettings
