#include "ConnectionBudget.h"

#include <QMutexLocker>

namespace ades {

ConnectionBudget::ConnectionBudget(int maxPerAddress, int maxUploads, const QString &trustedProxies)
    : m_maxPerAddress(maxPerAddress)
    , m_maxUploads(maxUploads)
    , m_proxies(trustedProxies)
{ }

QString ConnectionBudget::keyOf(const QHostAddress &peer) const
{
    if (m_proxies.isTrustedProxy(peer))
        return QString();
    return ClientAddress::quotaKey(peer);
}

bool ConnectionBudget::admit(const QHostAddress &peer)
{
    const QString key = keyOf(peer);
    if (key.isEmpty())
        return true;
    const QMutexLocker lock(&m_mutex);
    int &open = m_perAddress[key];
    if (open >= m_maxPerAddress) {
        if (open == 0)
            m_perAddress.remove(key);
        return false;
    }
    ++open;
    return true;
}

void ConnectionBudget::release(const QHostAddress &peer)
{
    const QString key = keyOf(peer);
    if (key.isEmpty())
        return;
    const QMutexLocker lock(&m_mutex);
    const auto it = m_perAddress.find(key);
    if (it == m_perAddress.end())
        return;
    if (--it.value() <= 0)
        m_perAddress.erase(it);
}

int ConnectionBudget::connectionsFrom(const QHostAddress &peer) const
{
    const QString key = keyOf(peer);
    const QMutexLocker lock(&m_mutex);
    return key.isEmpty() ? 0 : m_perAddress.value(key);
}

bool ConnectionBudget::takeUploadSlot()
{
    const QMutexLocker lock(&m_mutex);
    if (m_uploads >= m_maxUploads)
        return false;
    ++m_uploads;
    return true;
}

void ConnectionBudget::returnUploadSlot()
{
    const QMutexLocker lock(&m_mutex);
    if (m_uploads > 0)
        --m_uploads;
}

int ConnectionBudget::uploadsInProgress() const
{
    const QMutexLocker lock(&m_mutex);
    return m_uploads;
}

} // namespace ades
