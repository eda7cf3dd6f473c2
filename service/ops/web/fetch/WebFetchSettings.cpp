#include "WebFetchSettings.h"

#include "core/Settings.h"

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

QString portsProblem(const QString &value)
{
    QString problem;
    WebFetchSettings::ports(value, &problem);
    return problem;
}

} // namespace

const IntSetting WebFetchSettings::MaxBodyBytes
    = intSetting(u"web/fetch/max_body_bytes"_s, 5 * 1024 * 1024, 64 * 1024, 64 * 1024 * 1024,
        u"largest page body the web reader transfers, in bytes (before decompression)"_s);

const IntSetting WebFetchSettings::MaxInflatedBytes
    = intSetting(u"web/fetch/max_inflated_bytes"_s, 10 * 1024 * 1024, 64 * 1024, 128 * 1024 * 1024,
        u"largest page body after gzip/deflate decompression, in bytes; inflating stops there"_s);

const IntSetting WebFetchSettings::TimeoutMs = intSetting(u"web/fetch/timeout_ms"_s, 15'000, 1'000, 60'000,
    u"time limit of one page fetch, lookups, connections and redirects included, in milliseconds"_s);

const TextSetting WebFetchSettings::ExtraPorts = listSetting(u"web/fetch/extra_ports"_s, QString(),
    u"https ports the web reader may fetch from besides 443 (comma-separated, e.g. 8443); empty: 443 only"_s,
    &portsProblem);

const IntSetting WebFetchSettings::MaxConcurrent = intSetting(u"web/fetch/max_concurrent"_s, 32, 1, 1024,
    u"page fetches the web reader runs at once; a read beyond them is refused with an uncharged 503"_s);

QList<quint16> WebFetchSettings::ports(const QString &value, QString *problem)
{
    QList<quint16> ports;
    for (const QString &part : value.split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const int port = part.trimmed().toInt(&ok);
        if (!ok || port < 1 || port > 65535) {
            if (problem)
                *problem = u"\"%1\" is not a port number (1-65535)"_s.arg(part.trimmed().left(20));
            return {};
        }
        ports.append(quint16(port));
    }
    if (ports.size() > 20 && problem)
        *problem = u"at most 20 extra ports"_s;
    return ports;
}

SettingSpecs WebFetchSettings::all()
{
    return { MaxBodyBytes.spec, MaxInflatedBytes.spec, TimeoutMs.spec, ExtraPorts.spec, MaxConcurrent.spec };
}

FetchOptions WebFetchSettings::options(const Settings &settings)
{
    FetchOptions options;
    options.maxBodyBytes = settings.get(MaxBodyBytes);
    options.maxInflatedBytes = settings.get(MaxInflatedBytes);
    options.timeoutMs = settings.get(TimeoutMs);
    options.extraPorts = ports(settings.get(ExtraPorts));
    options.slots = std::make_shared<FetchSlots>(settings.get(MaxConcurrent));
    return options;
}

} // namespace ades::web
