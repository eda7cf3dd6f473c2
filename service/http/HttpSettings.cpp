#include "HttpSettings.h"

#include "core/Settings.h"

namespace ades {

SettingSpecs HttpSettings::all()
{
    return { MaxBodyBytes.spec, MaxUploadBytes.spec, MaxHeaderBytes.spec, RequestTimeoutMs.spec,
        IdleTimeoutMs.spec, MaxConnections.spec, Threads.spec };
}

GuardLimits HttpSettings::limits(const Settings &settings)
{
    GuardLimits limits;
    limits.maxBodyBytes = settings.get(MaxBodyBytes);
    limits.maxUploadBodyBytes = settings.get(MaxUploadBytes);
    limits.maxHeaderBytes = settings.get(MaxHeaderBytes);
    limits.requestTimeoutMs = settings.get(RequestTimeoutMs);
    limits.idleTimeoutMs = settings.get(IdleTimeoutMs);
    limits.maxConnections = settings.get(MaxConnections);
    return limits;
}

} // namespace ades
