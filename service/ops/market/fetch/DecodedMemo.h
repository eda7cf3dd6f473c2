#pragma once

#include <QList>
#include <QMutex>
#include <QMutexLocker>
#include <QPair>
#include <QString>
#include <functional>
#include <memory>

namespace ades::market {

// The decoded form of the last few upstream bodies, by their SHA-256: a body the cache hands to many calls
// (Hyperliquid's market list, DeFiLlama's pools) is decoded once, not per call. Decoding must depend on the
// body alone. Thread-safe.
template <typename T> class DecodedMemo
{
public:
    explicit DecodedMemo(qsizetype keep = 4)
        : m_keep(keep)
    { }

    std::shared_ptr<const T> get(const QString &sha256, const std::function<T()> &decode)
    {
        {
            QMutexLocker locker(&m_mutex);
            for (const auto &[key, value] : std::as_const(m_entries))
                if (key == sha256)
                    return value;
        }
        auto value = std::make_shared<const T>(decode());
        QMutexLocker locker(&m_mutex);
        m_entries.prepend({ sha256, value });
        while (m_entries.size() > m_keep)
            m_entries.removeLast();
        return value;
    }

private:
    const qsizetype m_keep;
    QMutex m_mutex;
    QList<QPair<QString, std::shared_ptr<const T>>> m_entries;
};

} // namespace ades::market
