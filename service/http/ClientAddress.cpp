#include "ClientAddress.h"

#include "HttpExchange.h"

#include <QLoggingCategory>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

Q_LOGGING_CATEGORY(lcClientAddress, "ades.http")

// One X-Forwarded-For entry: "192.0.2.1", "2001:db8::1", and the forms with a port some proxies write
// ("192.0.2.1:4711", "[2001:db8::1]:4711"). Anything else (a host name, "unknown", junk) is a null address.
QHostAddress parseForwardedEntry(QByteArrayView entry)
{
    QByteArrayView text = entry.trimmed();
    if (text.startsWith('[')) {
        const qsizetype close = text.indexOf(']');
        if (close < 0)
            return {};
        const QByteArrayView rest = text.sliced(close + 1);
        if (!rest.isEmpty() && !(rest.startsWith(':') && rest.size() > 1))
            return {};
        text = text.sliced(1, close - 1);
    } else if (text.count(':') == 1) {
        text = text.first(text.indexOf(':'));
    }
    if (text.isEmpty() || text.size() > 64)
        return {};
    // Only the characters of a numeric address: QHostAddress also reads shorthand such as "127.1".
    for (const char c : text) {
        const bool allowed = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
            || c == '.' || c == ':';
        if (!allowed)
            return {};
    }
    const QString address = QString::fromLatin1(text);
    if (!address.contains(u':') && address.count(u'.') != 3)
        return {};
    QHostAddress parsed;
    if (!parsed.setAddress(address))
        return {};
    return ClientAddress::normalized(parsed);
}

} // namespace

std::optional<QPair<QHostAddress, int>> ClientAddress::parseRange(const QString &entry)
{
    QPair<QHostAddress, int> range;
    if (entry.contains(u'/')) {
        range = QHostAddress::parseSubnet(entry);
    } else if (QHostAddress single; single.setAddress(entry)) {
        range = { single, single.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128 };
    } else {
        return std::nullopt;
    }
    if (range.first.isNull() || range.second < 0)
        return std::nullopt;
    // A range of IPv4-mapped IPv6 addresses is the IPv4 range peers are compared in.
    if (range.first.protocol() == QAbstractSocket::IPv6Protocol && range.second >= 96) {
        const QHostAddress mapped = normalized(range.first);
        if (mapped.protocol() == QAbstractSocket::IPv4Protocol)
            range = { mapped, range.second - 96 };
    }
    return range;
}

ClientAddress::ClientAddress(const QString &trustedProxies)
{
    const QStringList entries = trustedProxies.split(u',', Qt::SkipEmptyParts);
    for (const QString &raw : entries) {
        const QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        if (const std::optional<QPair<QHostAddress, int>> range = parseRange(entry)) {
            m_trusted.append(*range);
            continue;
        }
        qCWarning(lcClientAddress, "http/trusted_proxies: ignoring \"%s\" (not an address or CIDR range)",
            qUtf8Printable(entry));
        m_rejected.append(entry);
    }
}

QHostAddress ClientAddress::normalized(const QHostAddress &address)
{
    if (address.protocol() == QAbstractSocket::IPv6Protocol) {
        bool isMapped = false;
        const quint32 v4 = address.toIPv4Address(&isMapped);
        if (isMapped)
            return QHostAddress(v4);
        QHostAddress plain = address;
        plain.setScopeId(QString());
        return plain;
    }
    return address;
}

bool ClientAddress::isTrustedProxy(const QHostAddress &address) const
{
    const QHostAddress candidate = normalized(address);
    for (const auto &range : m_trusted) {
        if (candidate.isInSubnet(range))
            return true;
    }
    return false;
}

QHostAddress ClientAddress::of(const HttpRequestData &request) const
{
    if (m_trusted.isEmpty())
        return normalized(request.remoteAddress);
    return of(request.remoteAddress, request.header("X-Forwarded-For"));
}

QHostAddress ClientAddress::of(const QHostAddress &peer, const QByteArray &forwardedFor) const
{
    const QHostAddress direct = normalized(peer);
    if (!isTrustedProxy(direct) || forwardedFor.trimmed().isEmpty())
        return direct;
    // Each proxy appends the address it received the request from, so the list reads client-first and only
    // its right end was written by our own proxies: anything to the left of the first address our proxies
    // did not add was sent by the client and may be invented. Walk from the right while the entries are our
    // proxies; the first one that is not is the client. Garbage on the trusted part of the chain means a
    // misconfigured proxy: count under the peer rather than guess.
    const QList<QByteArray> entries = forwardedFor.split(',');
    QHostAddress leftmostTrusted;
    for (qsizetype i = entries.size() - 1; i >= 0; --i) {
        const QHostAddress hop = parseForwardedEntry(entries.at(i));
        if (hop.isNull())
            return direct;
        if (!isTrustedProxy(hop))
            return hop;
        leftmostTrusted = hop;
    }
    // Every hop is one of ours (a client inside the proxies' own network): the first of them sent it.
    return leftmostTrusted.isNull() ? direct : leftmostTrusted;
}

QString ClientAddress::quotaKey(const QHostAddress &address)
{
    const QHostAddress plain = normalized(address);
    if (plain.isNull())
        return QString();
    if (plain.protocol() != QAbstractSocket::IPv6Protocol)
        return plain.toString();
    Q_IPV6ADDR bytes = plain.toIPv6Address();
    for (int i = 8; i < 16; ++i)
        bytes[i] = 0;
    return QHostAddress(bytes).toString() + u"/64"_s;
}

} // namespace ades
