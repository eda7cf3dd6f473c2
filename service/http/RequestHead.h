#pragma once

#include "core/Result.h"
#include "http/HttpExchange.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>

namespace ades {

// The request line and header fields of one request, read by the guard from the header block before
// QHttpServer parses it (docs/architecture.md, Qt 6.4 pitfalls: guard). QHttpServer 6.4 takes the first
// Content-Length, reads a value it cannot parse as "no body", treats any Transfer-Encoding containing
// "chunked" as chunked and checks no Host field; a request it would frame differently from a conforming
// server (request smuggling) or that RFC 9112 says to refuse is refused here instead. Pure: no socket.
struct RequestHead
{
    enum class Verdict
    {
        Incomplete,
        Valid,
        Invalid,
    };

    // request-line = method SP request-target SP HTTP-version (RFC 9112 §3), checked while it arrives, so
    // that binary garbage (a TLS hello on the plain port) is refused at its first bytes. `complete`: the
    // line end has arrived (`line` excludes the LF).
    static Verdict checkRequestLine(QByteArrayView line, bool complete);
    // Index just past the blank line that ends the header block, or -1. Same rule as QHttpServer 6.4: the
    // first "\n\n" or "\n\r\n" at or after `from`, so bare LF line ends count as they do there.
    static qsizetype blockEnd(QByteArrayView block, qsizetype from = 0);
    // The path of a request line, undecoded and without query ("POST /v1/einvoice?x=1 HTTP/1.1" ->
    // "/v1/einvoice").
    static QByteArrayView pathOf(QByteArrayView block);

    // A complete header block whose request line passed checkRequestLine(). Errors (all close the
    // connection): 400 invalid_content_length, conflicting_body_length, invalid_transfer_encoding (chunked
    // not the final coding or applied twice, any Transfer-Encoding in HTTP/1.0: RFC 9112 §6.1, §6.3),
    // missing_host / invalid_host (RFC 9112 §3.2); 501 unsupported_transfer_encoding (a coding other than
    // chunked, RFC 9112 §6.1).
    static Result<RequestHead> parse(QByteArrayView block);

    QByteArray method;
    QByteArray target; // as sent
    int minorVersion = 1; // HTTP/1.x
    HeaderList fields; // names and values as sent (values trimmed), in order
    qint64 contentLength = -1; // -1: none; saturates at the qint64 maximum
    bool chunked = false;
    bool expectContinue = false;
    // False when the connection closes after the response: `Connection: close`, or HTTP/1.0 without
    // `Connection: keep-alive` (RFC 9112 §9.3).
    bool keepAlive = true;

    // The request without its body, as a handler would see it (path decoded as QHttpServer decodes it).
    HttpRequestData toRequestData(const QHostAddress &peer) const;
};

} // namespace ades
