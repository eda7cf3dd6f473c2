#include "GatewayAccount.h"

#include "KeySettings.h"
#include "core/ConstantTime.h"
#include "core/Settings.h"
#include "crypto/Hex.h"
#include "store/ApiKeys.h"
#include "store/Quotas.h"
#include "store/Store.h"

#include <QCryptographicHash>
#include <QLoggingCategory>
#include <QMutex>
#include <QMutexLocker>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

Q_LOGGING_CATEGORY(lcGateway, "ades.gateway")

// Every I/O thread has its own key channel and account object; this keeps two of them from both creating
// the account on the first gateway calls that arrive together.
QMutex resolveMutex;

ServiceError revoked(const QString &principal)
{
    return ServiceError(ServiceError::Kind::Unauthorized, u"gateway_revoked"_s,
        u"The account of %1 has been revoked by the operator."_s.arg(principal))
        .setParam(u"x-gateway-proxy-secret"_s);
}

} // namespace

GatewayAccount::GatewayAccount(const Settings &settings, Store &store)
    : m_store(store)
    , m_name(settings.get(KeySettings::GatewayName))
{
    // The declaration lets only 64 hex digits through (anything else reads as unset): the gateway is on
    // exactly when a hash is configured.
    m_secretHash = decodeHex(settings.get(KeySettings::GatewaySecretSha256), 32).value_or(QByteArray());
}

QString GatewayAccount::principal() const
{
    return u"gateway:"_s + m_name;
}

bool GatewayAccount::accepts(const QByteArray &presentedSecret) const
{
    if (!isConfigured() || presentedSecret.isEmpty())
        return false;
    // Hashing first makes both sides 32 bytes: neither the comparison's time nor an early length mismatch
    // says anything about the configured secret.
    return constantTimeEquals(
        QCryptographicHash::hash(presentedSecret, QCryptographicHash::Sha256), m_secretHash);
}

Result<QString> GatewayAccount::accountId()
{
    if (m_revoked)
        return revoked(principal());
    if (m_accountId)
        return *m_accountId;
    Result<QString> id = resolve();
    if (id.ok())
        m_accountId = id.value();
    return id;
}

Result<QString> GatewayAccount::resolve()
{
    const QMutexLocker lock(&resolveMutex);
    // The oldest active key of the label wins, so accounts created by racing processes (a shared database)
    // still count under one.
    bool sawRevoked = false;
    const QList<ApiKeyRecord> keys = m_store.keys().list();
    for (const ApiKeyRecord &key : keys) {
        if (key.label != principal())
            continue;
        if (!key.isRevoked())
            return key.id;
        sawRevoked = true;
    }
    if (sawRevoked) {
        m_revoked = true;
        return revoked(principal());
    }
    const Result<NewApiKey> created = m_store.keys().create(principal(), u"full"_s, std::nullopt);
    if (!created.ok())
        return created.error();
    qCInfo(lcGateway, "created the account of %s (key %s)", qUtf8Printable(principal()),
        qUtf8Printable(created.value().prefix));
    return created.value().id;
}

Result<QuotaDecision> GatewayAccount::countCall(const QString &operationId, const QDateTime &at)
{
    const Result<QString> id = accountId();
    if (!id.ok())
        return id.error();
    Result<QuotaDecision> counted = m_store.quotas().consumeCall(id.value(), operationId, at);
    if (!counted.ok() && counted.error().kind() == ServiceError::Kind::Unauthorized) {
        // Revoked since it was resolved: a revocation is final for this account.
        m_accountId.reset();
        m_revoked = true;
        return revoked(principal());
    }
    return counted;
}

} // namespace ades
