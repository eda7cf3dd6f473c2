// Fuzz target: a Bluesky XRPC answer body as market.social reads it: a searchPosts answer (anonymous and
// signed in) and a createSession answer, with the statuses read differently (200, 400, 401, 403, 429,
// 502); the same bytes as an at:// URI and a JWT. Input: the raw body.

#include "ops/market/social/BlueskyReader.h"

#include <cstdint>

using namespace ades::market;

namespace {

bool headerSafe(const QString &token)
{
    for (const QChar c : token) {
        if (c.unicode() <= 0x20 || c.unicode() >= 0x7f)
            return false;
    }
    return !token.isEmpty();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const int status : { 200, 400, 401, 403, 429, 502 }) {
        for (const auto access : { BlueskyReader::Access::Anonymous, BlueskyReader::Access::SignedIn }) {
            const auto feed = BlueskyReader::readSearch(status, body, access);
            const QString source = access == BlueskyReader::Access::SignedIn ? QStringLiteral("bluesky-pds")
                                                                             : QStringLiteral("bluesky");
            if (!feed.ok()) {
                // A failure always names its source and is a 503, never an empty answer.
                if (feed.error().missing() != QStringList { source } || feed.error().httpStatus() != 503)
                    __builtin_trap();
                continue;
            }
            if (status != 200)
                __builtin_trap();
            for (const SocialPost &post : feed.value().posts) {
                // Every post delivered links to its page under its author's profile on bsky.app, has a time,
                // and sorts no later than it claims; counts are never negative.
                if (!post.link.startsWith(post.authorUrl + QStringLiteral("/post/"))
                    || post.authorHandle.isEmpty()
                    || post.authorUrl != QStringLiteral("https://bsky.app/profile/") + post.authorHandle
                    || !post.id.startsWith(QStringLiteral("at://")) || !post.createdAt.isValid()
                    || post.sortAt > post.createdAt || post.replies.value_or(0) < 0
                    || post.likes.value_or(0) < 0 || post.reposts.value_or(0) < 0
                    || post.quotes.value_or(0) < 0 || post.text.size() > BlueskyReader::MaxTextChars)
                    __builtin_trap();
                (void)post.toJson();
            }
        }
        const auto session = BlueskyReader::readSession(status, body);
        if (session.ok()) {
            // A token goes into an Authorization header: never empty, never with a line break.
            if (status != 200 || !headerSafe(session.value().accessJwt)
                || (!session.value().refreshJwt.isEmpty() && !headerSafe(session.value().refreshJwt)))
                __builtin_trap();
        } else if (session.error().missing() != QStringList { QStringLiteral("bluesky-pds") }) {
            __builtin_trap();
        }
    }
    const QString text = QString::fromUtf8(body.left(4096));
    const QString link = BlueskyReader::postLink(text, text, text);
    if (!link.isEmpty() && !link.startsWith(QStringLiteral("https://bsky.app/profile/")))
        __builtin_trap();
    (void)BlueskyReader::jwtExpiry(text);
    return 0;
}
