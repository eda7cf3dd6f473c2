#pragma once

#include "core/SettingSpec.h"
#include "store/StoreLocation.h"
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

// Where the store lives (StoreLocation::fromUrl). A secret: a PostgreSQL URL may carry a password, though
// ~/.pgpass or PGPASSWORD keep it out of ades.ini.
inline const TextSetting Url = secretSetting(QStringLiteral("store/url"),
    QStringLiteral("empty: SQLite in the data folder (ades.sqlite); sqlite:PATH: another SQLite file; "
                   "postgresql://user@host:port/database: a PostgreSQL database several instances share"),
    [](const QString &value) { return StoreLocation::problem(value); });

SettingSpecs all();
// The store's options with the days configured in `settings`.
StoreOptions options(const Settings &settings);
// The store `settings` name, for an instance whose data folder is `dataDir`.
Result<StoreLocation> location(const Settings &settings, const QString &dataDir);

} // namespace ades::StoreSettings
