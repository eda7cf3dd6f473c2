#pragma once

#include "core/SettingSpec.h"

namespace ades::chain {

struct ChainInfo;

namespace ChainSettings {

// chain/<name>/endpoints: the JSON-RPC endpoints of one chain in order of preference, comma-separated;
// defaults to the public endpoints of ../shared/reference/upstreams.md. The per-request timeout is the
// chain's upstream source setting, upstream/evm-<name>/timeout_ms.
TextSetting endpoints(const ChainInfo &chain);

// Public endpoints are rate-limited per client; staying under their limits keeps us from being banned.
inline const IntSetting RequestsPerMinute
    = intSetting(QStringLiteral("chain/endpoint_requests_per_minute"), 100, 1, 100000,
        QStringLiteral("requests one JSON-RPC endpoint gets per minute at most; beyond it the next "
                       "endpoint of the chain is used"));
inline const IntSetting CooldownSeconds
    = intSetting(QStringLiteral("chain/endpoint_cooldown_seconds"), 30, 1, 3600,
        QStringLiteral("how long an endpoint that timed out, answered 429 or 5xx is left alone (doubled per "
                       "failure in a row, at most 8 times)"));

SettingSpecs all();

} // namespace ChainSettings

} // namespace ades::chain
