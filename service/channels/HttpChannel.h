#pragma once

#include "channels/DocumentedRoute.h"
#include "host/NotInAreas.h"
#include "http/HttpExchange.h"

#include <QStringList>
#include <optional>

namespace ades {

// A group of HTTP paths served by one adapter (key channel, x402 channel, MCP, discovery). The front asks
// each channel which methods it serves on a path, so a wrong method is a 405 with Allow, not a 404.
class HttpChannel
{
public:
    virtual ~HttpChannel() = default;
    // Methods served on `path` ("GET", "POST"); empty when the path is not this channel's.
    virtual QStringList allowedMethods(const QString &path) const = 0;
    // Answers the request through `reply`, now or later on this thread.
    virtual void handle(const HttpRequestData &request, HttpReply reply) = 0;
    // A large upload on one of this channel's paths, before its body is read (docs/architecture.md, the
    // guard; `head` has no body): the answer the channel would give anyway when the headers alone decide it
    // (no or an unusable credential), so that an unauthenticated client cannot make the service read and
    // hold a large body. Nothing: read the body and handle() the request.
    virtual std::optional<HttpAnswer> answerBeforeBody(const HttpRequestData &head) const
    {
        Q_UNUSED(head);
        return std::nullopt;
    }
    // The channel's fixed paths, for the discovery documents. Paths taken from the catalog are not listed:
    // discovery reads those from the catalog itself.
    virtual QList<DocumentedRoute> documentedRoutes() const { return {}; }
};

} // namespace ades
