// Fuzz target: a Mastodon hashtag-timeline answer body as market.social reads it, with the statuses read
// differently (200, 401, 404, 429, 503). Input: the raw body.

#include "ops/market/social/MastodonReader.h"

#include <cstdint>

using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const int status : { 200, 401, 404, 429, 503 }) {
        const auto feed = MastodonReader::readTimeline(status, body, QStringLiteral("mastodon.social"));
        if (!feed.ok()) {
            // A failure always names the source and is a 503, never an empty answer.
            if (feed.error().missing() != QStringList { QStringLiteral("mastodon") }
                || feed.error().httpStatus() != 503)
                __builtin_trap();
            continue;
        }
        if (status != 200)
            __builtin_trap();
        for (const SocialPost &post : feed.value().posts) {
            // Links are https or absent; the author is a full acct; the text is plain.
            if ((!post.link.isEmpty() && !post.link.startsWith(QStringLiteral("https://")))
                || (!post.authorUrl.isEmpty() && !post.authorUrl.startsWith(QStringLiteral("https://")))
                || !post.authorHandle.contains(u'@') || post.id.isEmpty() || !post.createdAt.isValid()
                || post.likes.value_or(0) < 0 || post.reposts.value_or(0) < 0 || post.replies.value_or(0) < 0)
                __builtin_trap();
            for (const QChar c : post.text) {
                if (c.unicode() < 0x20 && c != u'\n')
                    __builtin_trap();
            }
            (void)post.toJson();
        }
    }
    return 0;
}
