#include "RequestId.h"

#include <QRandomGenerator>
#include <atomic>

using namespace Qt::StringLiterals;

namespace ades::RequestId {

namespace {

QString processPrefix()
{
    // 40 random bits: two instances started together share a prefix with odds of about 1 in 10^12.
    const quint64 bits = QRandomGenerator::system()->generate64() & 0xFF'FFFF'FFFFull;
    return QString::number(bits, 36).rightJustified(8, u'0');
}

} // namespace

QString next()
{
    static const QString prefix = processPrefix();
    static std::atomic<quint64> counter { 0 };
    return prefix + u'-' + QString::number(counter.fetch_add(1, std::memory_order_relaxed) + 1, 36);
}

QString fromProxy(const QByteArray &header)
{
    const QByteArray id = header.trimmed();
    if (id.isEmpty() || id.size() > 128)
        return {};
    for (const char c : id) {
        const bool usable = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '.' || c == '_' || c == ':' || c == '-';
        if (!usable)
            return {};
    }
    return QString::fromLatin1(id);
}

} // namespace ades::RequestId
