#pragma once

#include "FetchSlots.h"
#include "HostResolver.h"

#include <QList>
#include <QSslCertificate>
#include <memory>

namespace ades {
class Clock;
}

namespace ades::web {

// The limits of one fetch (docs/web-reader.md, "Fetching safely"). The service builds them from
// WebFetchSettings; only the resolver, the trusted certificates and the loopback escape hatch below are
// for tests, and no setting reaches them.
struct FetchOptions
{
    qint64 maxBodyBytes = 5 * 1024 * 1024; // bytes on the wire (after chunked decoding)
    qint64 maxInflatedBytes = 10 * 1024 * 1024; // bytes after gzip/deflate
    int timeoutMs = 15'000; // the whole fetch, redirects included
    QList<quint16> extraPorts; // besides 443
    static constexpr int MaxRedirects = 5;
    // Shared by every copy of these options: the fetches running at once. Null: no bound (tests).
    std::shared_ptr<FetchSlots> slots;

    // Null: the system resolver.
    std::shared_ptr<HostResolver> resolver;
    // Stamps fetched_at; null: the system clock. Must outlive every fetch (the area's AreaContext clock).
    const Clock *clock = nullptr;
    // Certificates trusted besides the system's (the tests' self-signed fake servers).
    QList<QSslCertificate> extraCaCertificates;
    // TEST ONLY: lets 127.0.0.0/8 through the address check so that tests can reach their loopback fake
    // servers; every other internal range stays refused. Set in code by tests alone: WebFetchSettings never
    // sets it, and no setting, argument or environment variable maps to it.
    bool loopbackForTests = false;
};

} // namespace ades::web
