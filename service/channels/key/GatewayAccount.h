#pragma once

#include "core/Result.h"
#include "store/ApiKeyRecord.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades {

class Settings;
class Store;

// The operator's gateway on the key channel (docs/interface.md §4.3, §5: some operations also accept header
// x-gateway-proxy-secret): a trusted front that serves its own users and calls ADES for them with a shared
// secret instead of an API key.
//
// Only the secret's SHA-256 is configured (gateway/proxy_secret_sha256), so the settings file and the
// environment never hold the secret itself; a presented secret is hashed and compared in constant time.
// Without a (well-formed) hash the gateway is off and the header is ignored.
//
// Calls are counted under one API key record labelled "gateway:<gateway/name>", unlimited, created on first
// use: /v1/usage-style counts per operation (Store::usage), the console's key list and `ades keys list`
// then show the gateway like any key. Its plan is "full" because the store's schema allows only free|full;
// the label marks it. The key's plaintext is discarded when it is created: the account can be reached only
// through the secret. Revoking that key stops the gateway (401 gateway_revoked) until the service restarts
// with an active key of that label (`ades keys create --label gateway:NAME --plan full`) or another name.
//
// One instance per key channel, used on that channel's thread only.
class GatewayAccount
{
public:
    GatewayAccount(const Settings &settings, Store &store);

    bool isConfigured() const { return !m_secretHash.isEmpty(); }
    QString name() const { return m_name; }
    // The call log principal: "gateway:<name>".
    QString principal() const;
    // True when `presentedSecret` hashes to the configured hash. False when the gateway is off.
    bool accepts(const QByteArray &presentedSecret) const;
    // Finds or creates the account (blocks briefly on the store the first time); 401 gateway_revoked when
    // its key was revoked, 503 when the store fails.
    Result<QString> accountId();
    // Counts one delivered call of `operationId`, exactly (one conditional UPDATE, like a limited key).
    Result<QuotaDecision> countCall(const QString &operationId, const QDateTime &at);

private:
    Result<QString> resolve();

    Store &m_store;
    QString m_name;
    QByteArray m_secretHash; // 32 raw bytes, or empty: gateway off
    std::optional<QString> m_accountId;
    bool m_revoked = false;
};

} // namespace ades
