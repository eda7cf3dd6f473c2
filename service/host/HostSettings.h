#pragma once

#include "core/SettingSpec.h"

namespace ades::HostSettings {

// Where the service listens and how it names itself in receipts and discovery documents.
inline const TextSetting Listen = textSetting(QStringLiteral("service/listen"),
    QStringLiteral("127.0.0.1:8402"),
    QStringLiteral("where `ades serve` and the console listen, HOST:PORT (--listen overrides for serve)"));
inline const TextSetting PublicUrl = urlSetting(QStringLiteral("service/public_url"), QString(),
    QStringLiteral("public base URL used in receipts, x402 resources and discovery documents; default "
                   "http:// + the address actually listened on"));
inline const TextSetting Name = textSetting(QStringLiteral("service/name"), QStringLiteral("ADES"),
    QStringLiteral("the `service` field of receipts"));
inline const TextSetting IssuerName = textSetting(QStringLiteral("issuer/name"), QString(),
    QStringLiteral("display name shown by GET /verify; default service/name"));
inline const TextSetting IssuerKeyFile = textSetting(QStringLiteral("issuer/key_file"), QString(),
    QStringLiteral("issuer key location; default DIR/issuer.key"));
inline const IntSetting ReceiptValidityDays = intSetting(QStringLiteral("receipts/validity_days"), 365, 1,
    3650, QStringLiteral("valid_until = issued_at + this many days"));
inline const IntSetting DrainTimeoutMs
    = intSetting(QStringLiteral("service/drain_timeout_ms"), 20000, 0, 600000,
        QStringLiteral("on SIGTERM, how long ades serve waits for calls in flight after it stops accepting"));

SettingSpecs all();

} // namespace ades::HostSettings
