// Fuzz target: the web reader's SSRF guard, the URL and IP parser between a caller's `url` and a connection.
// Input: the URL as UTF-8 (invalid sequences included).

#include "ops/web/fetch/Ipv4Spelling.h"
#include "ops/web/fetch/UrlGuard.h"
#include "upstream/AddressPolicy.h"

#include <cstdint>

using namespace ades;
using namespace ades::web;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString url = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    static const UrlGuard guard { FetchOptions() };
    const Result<GuardedUrl> result = guard.check(url);
    if (!result.ok()) {
        // A refusal is always an uncharged 400 about `url` that names its reason.
        const ServiceError &error = result.error();
        if (error.httpStatus() != 400 || error.param() != QStringLiteral("url")
            || !error.code().startsWith(QStringLiteral("url_")) || error.message().isEmpty())
            __builtin_trap();
        return 0;
    }
    const GuardedUrl &guarded = result.value();
    if (guarded.url.scheme() != QStringLiteral("https") || !guarded.url.userInfo().isEmpty()
        || guarded.port != 443 || guarded.host.isEmpty() || !guarded.requestTarget.startsWith('/'))
        __builtin_trap();
    // Whatever reads as an IP address is a public one, and it is the connection's literal address.
    const QHostAddress asAddress(guarded.host);
    if (!asAddress.isNull()
        && (AddressPolicy::refusal(asAddress) || !guarded.literal || *guarded.literal != asAddress))
        __builtin_trap();
    if (guarded.literal && AddressPolicy::refusal(*guarded.literal))
        __builtin_trap();
    const Ipv4Spelling::Reading ipv4 = Ipv4Spelling::read(guarded.host);
    if (ipv4.kind == Ipv4Spelling::Kind::Invalid
        || (ipv4.kind == Ipv4Spelling::Kind::Address && !ipv4.canonical))
        __builtin_trap();
    // The normalised URL passes again, to the same host and target: what is fetched is what was checked.
    const Result<GuardedUrl> again = guard.check(guarded.url.toString(QUrl::FullyEncoded));
    if (!again.ok() || again.value().host != guarded.host
        || again.value().requestTarget != guarded.requestTarget)
        __builtin_trap();
    return 0;
}
