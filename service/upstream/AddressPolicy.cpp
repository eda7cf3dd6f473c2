#include "AddressPolicy.h"

using namespace Qt::StringLiterals;

namespace ades {

namespace {

struct V4Range
{
    quint32 network;
    int prefix;
    const char16_t *code;
    const char16_t *range;
};

constexpr quint32 v4(int a, int b, int c, int d)
{
    return (quint32(a) << 24) | (quint32(b) << 16) | (quint32(c) << 8) | quint32(d);
}

// IANA IPv4 Special-Purpose Address Registry, plus multicast, the old class E and broadcast. Only the ranges
// that registry marks globally reachable are left out (none of them below).
constexpr V4Range V4Ranges[] = {
    { v4(0, 0, 0, 0), 8, u"this_network", u"0.0.0.0/8 (this network)" },
    { v4(10, 0, 0, 0), 8, u"private", u"10.0.0.0/8 (private, RFC 1918)" },
    { v4(100, 64, 0, 0), 10, u"cgnat", u"100.64.0.0/10 (shared address space, carrier-grade NAT)" },
    { v4(127, 0, 0, 0), 8, u"loopback", u"127.0.0.0/8 (loopback)" },
    { v4(169, 254, 0, 0), 16, u"link_local", u"169.254.0.0/16 (link-local, cloud metadata)" },
    { v4(172, 16, 0, 0), 12, u"private", u"172.16.0.0/12 (private, RFC 1918)" },
    { v4(192, 0, 0, 0), 24, u"reserved", u"192.0.0.0/24 (IETF protocol assignments)" },
    { v4(192, 0, 2, 0), 24, u"reserved", u"192.0.2.0/24 (documentation)" },
    { v4(192, 88, 99, 0), 24, u"reserved", u"192.88.99.0/24 (6to4 relay anycast)" },
    { v4(192, 168, 0, 0), 16, u"private", u"192.168.0.0/16 (private, RFC 1918)" },
    { v4(198, 18, 0, 0), 15, u"reserved", u"198.18.0.0/15 (benchmarking)" },
    { v4(198, 51, 100, 0), 24, u"reserved", u"198.51.100.0/24 (documentation)" },
    { v4(203, 0, 113, 0), 24, u"reserved", u"203.0.113.0/24 (documentation)" },
    { v4(224, 0, 0, 0), 4, u"multicast", u"224.0.0.0/4 (multicast)" },
    { v4(255, 255, 255, 255), 32, u"broadcast", u"255.255.255.255 (broadcast)" },
    { v4(240, 0, 0, 0), 4, u"reserved", u"240.0.0.0/4 (reserved)" },
};

bool inV4(quint32 address, quint32 network, int prefix)
{
    const quint32 mask = prefix == 0 ? 0 : ~quint32(0) << (32 - prefix);
    return (address & mask) == (network & mask);
}

quint32 v4At(const Q_IPV6ADDR &a, int offset)
{
    return (quint32(a[offset]) << 24) | (quint32(a[offset + 1]) << 16) | (quint32(a[offset + 2]) << 8)
        | quint32(a[offset + 3]);
}

bool prefixIs(const Q_IPV6ADDR &a, std::initializer_list<quint8> bytes)
{
    int i = 0;
    for (const quint8 b : bytes) {
        if (a[i++] != b)
            return false;
    }
    return true;
}

AddressRefusal refused(const char16_t *code, const QString &range)
{
    return { QString::fromUtf16(code), range };
}

// An IPv6 form whose last or middle 32 bits name an IPv4 host: refused outright when that host is internal
// (the gateway would carry the request there), with the embedded address named.
std::optional<AddressRefusal> embedded(const char16_t *code, const QString &form, quint32 address)
{
    if (const auto inner = AddressPolicy::refusalV4(address)) {
        return AddressRefusal { QString::fromUtf16(code),
            u"%1 embedding %2, %3"_s.arg(form, QHostAddress(address).toString(), inner->range) };
    }
    return std::nullopt;
}

} // namespace

std::optional<AddressRefusal> AddressPolicy::refusalV4(quint32 address, bool loopbackForTests)
{
    if (loopbackForTests && inV4(address, v4(127, 0, 0, 0), 8))
        return std::nullopt;
    for (const V4Range &r : V4Ranges) {
        if (inV4(address, r.network, r.prefix))
            return refused(r.code, QString::fromUtf16(r.range));
    }
    return std::nullopt;
}

std::optional<AddressRefusal> AddressPolicy::refusal(const QHostAddress &address, bool loopbackForTests)
{
    if (address.protocol() == QAbstractSocket::IPv4Protocol)
        return refusalV4(address.toIPv4Address(), loopbackForTests);
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return refused(u"invalid_address", u"not an IP address"_s);
    // A scope id (fe80::1%eth0) only exists on link-local and site addresses; refused whatever the address.
    if (!address.scopeId().isEmpty())
        return refused(u"link_local", u"a scoped IPv6 address"_s);

    const Q_IPV6ADDR a = address.toIPv6Address();
    bool firstTwelveZero = true;
    for (int i = 0; i < 12; ++i)
        firstTwelveZero = firstTwelveZero && a[i] == 0;
    const quint32 low = v4At(a, 12);
    if (firstTwelveZero) {
        if (low == 0)
            return refused(u"this_network", u"::/128 (unspecified)"_s);
        if (low == 1)
            return refused(u"loopback", u"::1/128 (loopback)"_s);
        return refused(u"ipv4_compatible",
            u"::/96 (IPv4-compatible IPv6, deprecated) for %1"_s.arg(QHostAddress(low).toString()));
    }
    bool mapped = a[10] == 0xff && a[11] == 0xff;
    for (int i = 0; i < 10; ++i)
        mapped = mapped && a[i] == 0;
    if (mapped) {
        return refused(
            u"ipv4_mapped", u"::ffff:0:0/96 (IPv4-mapped IPv6) for %1"_s.arg(QHostAddress(low).toString()));
    }
    // ::ffff:0:a.b.c.d (RFC 2765 IPv4-translated) is mapped in all but name.
    if (prefixIs(a, { 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0 }))
        return refused(u"ipv4_mapped", u"::ffff:0:0:0/96 (IPv4-translated IPv6)"_s);
    if (prefixIs(a, { 0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0 })) {
        if (auto r = embedded(u"nat64_internal", u"64:ff9b::/96 (NAT64)"_s, low))
            return r;
        return std::nullopt; // the well-known NAT64 prefix over a public IPv4 address is a public host
    }
    if (prefixIs(a, { 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01 }))
        return refused(u"nat64_internal", u"64:ff9b:1::/48 (local-use NAT64)"_s);
    if (prefixIs(a, { 0x20, 0x02 })) {
        if (auto r = embedded(u"6to4_internal", u"2002::/16 (6to4)"_s, v4At(a, 2)))
            return r;
        return std::nullopt;
    }
    if (prefixIs(a, { 0x20, 0x01, 0x00, 0x00 })) {
        // Teredo: the server's IPv4 address in bits 32-63, the client's obfuscated (inverted) in 96-127.
        if (auto r = embedded(u"teredo_internal", u"2001::/32 (Teredo)"_s, ~low))
            return r;
        if (auto r = embedded(u"teredo_internal", u"2001::/32 (Teredo server)"_s, v4At(a, 4)))
            return r;
        return refused(u"reserved", u"2001::/32 (Teredo)"_s);
    }
    if (prefixIs(a, { 0x01, 0x00, 0, 0, 0, 0, 0, 0 }))
        return refused(u"reserved", u"100::/64 (discard-only)"_s);
    if (prefixIs(a, { 0x20, 0x01, 0x0d, 0xb8 }))
        return refused(u"reserved", u"2001:db8::/32 (documentation)"_s);
    if (a[0] == 0x20 && a[1] == 0x01 && a[2] < 0x02)
        return refused(u"reserved", u"2001::/23 (IETF protocol assignments)"_s);
    if (a[0] == 0x3f && a[1] == 0xff && (a[2] & 0xf0) == 0x00)
        return refused(u"reserved", u"3fff::/20 (documentation)"_s);
    if ((a[0] & 0xfe) == 0xfc)
        return refused(u"unique_local", u"fc00::/7 (unique local)"_s);
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0x80)
        return refused(u"link_local", u"fe80::/10 (link-local)"_s);
    if (a[0] == 0xfe && (a[1] & 0xc0) == 0xc0)
        return refused(u"site_local", u"fec0::/10 (site-local, deprecated)"_s);
    if (a[0] == 0xff)
        return refused(u"multicast", u"ff00::/8 (multicast)"_s);
    // Global unicast is 2000::/3; everything outside it is unassigned or reserved by the IETF.
    if ((a[0] & 0xe0) != 0x20)
        return refused(u"reserved", u"outside 2000::/3 (not global unicast)"_s);
    return std::nullopt;
}

} // namespace ades
