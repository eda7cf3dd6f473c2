#include "CdpCredentials.h"

#include "FundingQrSettings.h"
#include "core/Settings.h"

#include <QCryptographicHash>
#include <QMutexLocker>

namespace ades::market {

CdpCredentials::Key CdpCredentials::current(const Settings &settings, State *state) const
{
    const QString id = settings.get(FundingQrSettings::CdpKeyId).trimmed();
    const QString secret = settings.get(FundingQrSettings::CdpKeySecret);
    if (id.isEmpty() || secret.trimmed().isEmpty()) {
        *state = State::NotConfigured;
        return { id, std::nullopt };
    }
    const QByteArray digest = QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256);
    QMutexLocker lock(&m_mutex);
    if (digest != m_secretDigest) {
        m_key = CdpSigningKey::fromSecret(secret);
        m_secretDigest = digest;
    }
    *state = m_key ? State::Ready : State::Unreadable;
    return { id, m_key };
}

} // namespace ades::market
