#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace ades {

struct HttpRequestData;

// The address per-address limits count under (docs/interface.md §5: 5 calls a day per address; signups per
// day). It is the TCP peer, unless the peer is one of the operator's reverse proxies (setting
// http/trusted_proxies): then it is the right-most X-Forwarded-For entry that is not itself a trusted proxy.
// Immutable after construction; safe to share between threads.
class ClientAddress
{
public:
    // `trustedProxies`: comma-separated addresses and CIDR ranges ("10.0.0.0/8, 2001:db8::1"). Entries
    // that are neither are logged to "ades.http" and skipped, so a typo never trusts more than written.
    explicit ClientAddress(const QString &trustedProxies = {});
    // One entry of http/trusted_proxies: an address (a /32 or /128 range) or a CIDR range; empty when it is
    // neither. The setting's declaration checks entries with it too.
    static std::optional<QPair<QHostAddress, int>> parseRange(const QString &entry);

    QHostAddress of(const HttpRequestData &request) const;
    // `forwardedFor`: the X-Forwarded-For value, several headers joined with ", ".
    QHostAddress of(const QHostAddress &peer, const QByteArray &forwardedFor) const;
    bool isTrustedProxy(const QHostAddress &address) const;
    // The entries of http/trusted_proxies that were skipped as unusable.
    QStringList rejectedEntries() const { return m_rejected; }

    // The key a per-address counter uses: the IPv4 address, or the /64 network of an IPv6 address
    // ("2001:db8:1:2::/64"), since one IPv6 subscriber holds at least a /64 and could otherwise use a fresh
    // address per call. Empty for a null address.
    static QString quotaKey(const QHostAddress &address);
    // IPv4-mapped IPv6 (::ffff:192.0.2.1, what a dual-stack socket reports) as IPv4, without scope id.
    static QHostAddress normalized(const QHostAddress &address);

private:
    QList<QPair<QHostAddress, int>> m_trusted;
    QStringList m_rejected;
};

} // namespace ades
