#pragma once

#include "core/SettingSpec.h"

namespace ades::KeySettings {

QString sha256HexProblem(const QString &value);

// The operator's gateway (x-gateway-proxy-secret, docs/interface.md §5): only the secret's SHA-256 is set.
inline const TextSetting GatewaySecretSha256 = secretSetting(QStringLiteral("gateway/proxy_secret_sha256"),
    QStringLiteral("hex SHA-256 of the x-gateway-proxy-secret a trusted gateway sends; empty: no gateway"),
    &sha256HexProblem);
inline const TextSetting GatewayName = textSetting(QStringLiteral("gateway/name"), QStringLiteral("gateway"),
    QStringLiteral("the gateway's account name (call log principal gateway:<name>)"));

SettingSpecs all();

} // namespace ades::KeySettings
