#pragma once

#include "core/SettingSpec.h"

namespace ades::MetricsSettings {

// Who may read GET /metrics (docs/deployment.md, "Metrics"). The figures say how much the service earns
// and how busy it is: by default only a scraper on the same machine reads them.
QString accessProblem(const QString &value);
inline const TextSetting Access = textSetting(QStringLiteral("metrics/access"), QStringLiteral("local"),
    QStringLiteral("who may read GET /metrics: local (clients on loopback, after http/trusted_proxies), open "
                   "(anyone) or off"),
    &accessProblem);
inline const TextSetting Token = secretSetting(QStringLiteral("metrics/token"),
    QStringLiteral("a bearer token that lets a scraper on another machine read GET /metrics (Authorization: "
                   "Bearer ...); empty: none"));

SettingSpecs all();

} // namespace ades::MetricsSettings
