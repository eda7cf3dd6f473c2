#pragma once

#include "SocialPost.h"
#include "core/Result.h"

#include <QByteArray>
#include <QDateTime>

namespace ades::market {

// Reads Bluesky's XRPC answers (../shared/reference/upstreams.md, "Bluesky"): app.bsky.feed.searchPosts
// into posts, com.atproto.server.createSession / refreshSession into a session. Every answer that is not
// usable becomes ServiceError::sourceUnavailable naming the source (bluesky for the public AppView,
// bluesky-pds for the signed-in path) with the problem in words. Pure; no network.
namespace BlueskyReader {

enum class Access
{
    Anonymous, // the public AppView
    SignedIn, // the operator's account through its PDS
};

// The posts of a searchPosts answer. A post without a readable URI, author or text is skipped and
// counted, not fatal; an answer without a posts array is malformed.
Result<SocialFeed> readSearch(int httpStatus, const QByteArray &body, Access access);

struct Session
{
    QString accessJwt;
    QString refreshJwt;
    // When the access token stops working, from its own "exp" claim; invalid when the token does not say
    // (it is then used until the PDS refuses it).
    QDateTime accessExpiresAt;
};

// A createSession or refreshSession answer.
Result<Session> readSession(int httpStatus, const QByteArray &body);

// https://bsky.app/profile/<handle>/post/<rkey> for an app.bsky.feed.post at:// URI, or empty when the URI
// is not one. The DID stands in for a handle Bluesky marks invalid ("handle.invalid") or that is not a
// domain name.
QString postLink(const QString &atUri, const QString &handle, const QString &did);

// The "exp" claim of a JWT, read without verifying it: only to refresh before the PDS refuses the token.
QDateTime jwtExpiry(const QString &jwt);

inline constexpr qsizetype MaxTextChars = 10000;

} // namespace BlueskyReader

} // namespace ades::market
