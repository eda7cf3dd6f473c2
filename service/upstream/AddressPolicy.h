#pragma once

#include <QHostAddress>
#include <QString>
#include <optional>

namespace ades {

// Why an address is not a public one (the web reader will not connect to it, the onramp will not name it as
// an end user's address): `code` names the range for the 400's error code
// ("loopback", "private", "nat64_internal" ...), `range` says which one in words.
struct AddressRefusal
{
    QString code;
    QString range;
};

// Decides whether an IP address is a public, globally reachable unicast address (docs/web-reader.md,
// "Fetching safely"; the market area's funding-qr checks a client_ip with it too). Everything else is
// refused: the special-purpose ranges of the IANA IPv4 and IPv6 registries (RFC 6890 and successors), and
// IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo), since a socket or a
// gateway would reach that embedded address.
class AddressPolicy
{
public:
    // nullopt: public. `loopbackForTests` lets 127.0.0.0/8 through and nothing else; only the tests' fetch
    // options set it (FetchOptions::loopbackForTests), never a setting.
    static std::optional<AddressRefusal> refusal(const QHostAddress &address, bool loopbackForTests = false);
    static std::optional<AddressRefusal> refusalV4(quint32 address, bool loopbackForTests = false);
};

} // namespace ades
