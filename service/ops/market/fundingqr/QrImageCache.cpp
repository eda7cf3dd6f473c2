#include "QrImageCache.h"

#include "QrCode.h"

#include <QMutexLocker>
#include <algorithm>

namespace ades::market {

std::optional<QrImage> QrImage::of(const QByteArray &text)
{
    const std::optional<QrCode> code = QrCode::encode(text);
    if (!code)
        return std::nullopt;
    return QrImage { code->version(), code->modules(), QString::fromLatin1(code->png().toBase64()) };
}

QrImageCache::QrImageCache(qsizetype capacity)
    : m_capacity(capacity)
{ }

std::optional<QrImage> QrImageCache::imageOf(const QString &link)
{
    {
        const QMutexLocker lock(&m_mutex);
        // A few dozen links: a linear search costs less than hashing a link would.
        for (qsizetype i = 0; i < m_entries.size(); ++i) {
            if (m_entries.at(i).link == link) {
                m_entries.move(i, 0);
                return m_entries.constFirst().image;
            }
        }
    }
    // Encoded outside the lock: two threads asking for the same new link both encode it, which costs less
    // than making every other link wait.
    std::optional<QrImage> image = QrImage::of(link.toUtf8());
    if (!image || m_capacity <= 0)
        return image;
    const QMutexLocker lock(&m_mutex);
    for (const Entry &entry : std::as_const(m_entries))
        if (entry.link == link)
            return image;
    m_entries.prepend({ link, *image });
    if (m_entries.size() > m_capacity)
        m_entries.removeLast();
    return image;
}

bool QrImageCache::contains(const QString &link) const
{
    const QMutexLocker lock(&m_mutex);
    return std::any_of(m_entries.cbegin(), m_entries.cend(), [&](const Entry &e) { return e.link == link; });
}

qsizetype QrImageCache::size() const
{
    const QMutexLocker lock(&m_mutex);
    return m_entries.size();
}

} // namespace ades::market
