#include "ChainSettings.h"

#include "rpc/ChainInfo.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

QString endpointListProblem(const QString &value)
{
    for (const QString &item : value.split(u',', Qt::SkipEmptyParts)) {
        const QUrl url(item.trimmed(), QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty()
            || (url.scheme() != u"https"_s && url.scheme() != u"http"_s))
            return u"'%1' is not an http(s) URL"_s.arg(item.trimmed());
    }
    return {};
}

} // namespace

TextSetting ChainSettings::endpoints(const ChainInfo &chain)
{
    return listSetting(u"chain/"_s + chain.name + u"/endpoints"_s, chain.defaultEndpoints.join(u','),
        u"JSON-RPC endpoints of %1 (chain id %2) in order of preference; each must answer that chain id"_s
            .arg(chain.title)
            .arg(chain.chainId),
        &endpointListProblem);
}

SettingSpecs ChainSettings::all()
{
    SettingSpecs specs;
    for (const ChainInfo &chain : ChainInfo::all())
        specs.append(endpoints(chain).spec);
    specs += { RequestsPerMinute.spec, CooldownSeconds.spec };
    return specs;
}

} // namespace ades::chain
