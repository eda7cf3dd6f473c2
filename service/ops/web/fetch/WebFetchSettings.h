#pragma once

#include "FetchOptions.h"
#include "core/SettingSpec.h"

namespace ades {
class Settings;
}

namespace ades::web {

// The operator's limits of the web reader's fetcher (docs/configuration.md, docs/web-reader.md). None of
// them can open an internal address: the loopback escape hatch of FetchOptions is for tests alone.
namespace WebFetchSettings {
extern const IntSetting MaxBodyBytes;
extern const IntSetting MaxInflatedBytes;
extern const IntSetting TimeoutMs;
extern const TextSetting ExtraPorts;
extern const IntSetting MaxConcurrent;

SettingSpecs all();
// FetchOptions from `settings`, with the system resolver and the system's trusted certificates.
FetchOptions options(const Settings &settings);
// The ports of an ExtraPorts value; why it is not acceptable in `problem` when not.
QList<quint16> ports(const QString &value, QString *problem = nullptr);
} // namespace WebFetchSettings

} // namespace ades::web
