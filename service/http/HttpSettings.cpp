#include "HttpSettings.h"

#include "ClientAddress.h"
#include "core/Settings.h"

using namespace Qt::StringLiterals;

namespace ades {

SettingSpecs HttpSettings::all()
{
    return { MaxBodyBytes.spec, MaxUploadBytes.spec, MaxHeaderBytes.spec, RequestTimeoutMs.spec,
        IdleTimeoutMs.spec, MaxConnections.spec, MaxConnectionsPerAddress.spec, MaxConcurrentUploads.spec,
        BusyPercent.spec, BusyIdleTimeoutMs.spec, BusyHeaderTimeoutMs.spec, Threads.spec, TrustedProxies.spec,
        AccessLog.spec };
}

QString HttpSettings::trustedProxiesProblem(const QString &value)
{
    const QStringList entries = value.split(u',', Qt::SkipEmptyParts);
    for (const QString &entry : entries) {
        if (!entry.trimmed().isEmpty() && !ClientAddress::parseRange(entry.trimmed()))
            return u"'%1' is not an address or CIDR range"_s.arg(entry.trimmed());
    }
    return {};
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
    limits.maxConnectionsPerAddress = settings.get(MaxConnectionsPerAddress);
    limits.maxConcurrentUploads = settings.get(MaxConcurrentUploads);
    limits.trustedProxies = settings.get(TrustedProxies);
    limits.busyPercent = settings.get(BusyPercent);
    limits.busyIdleTimeoutMs = settings.get(BusyIdleTimeoutMs);
    limits.busyHeaderTimeoutMs = settings.get(BusyHeaderTimeoutMs);
    return limits;
}

} // namespace ades
