#pragma once

#include <QStringView>
#include <optional>

namespace ades::web {

// How a URL host reads as IPv4 under the WHATWG URL standard (the "ends in a number" check and the IPv4
// parser), which is also how inet_aton and so getaddrinfo read it: 2130706433, 0x7f.1, 017700000001 and
// 127.1 are all 127.0.0.1. The guard must see the address a resolver or browser would see.
class Ipv4Spelling
{
public:
    enum class Kind
    {
        Name, // not numeric: a DNS name
        Invalid, // ends in a number but is no IPv4 address (1.2.3.4.5, 256.1.1.1)
        Address,
    };
    struct Reading
    {
        Kind kind = Kind::Name;
        quint32 address = 0;
        bool canonical = false; // four decimal parts without leading zeros ("8.8.8.8")
    };

    // `host`: ASCII, lower case, as the URL parser left it.
    static Reading read(QStringView host);

private:
    static std::optional<quint64> number(QStringView part);
};

} // namespace ades::web
