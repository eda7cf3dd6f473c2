#include "BodyInflater.h"

#include "core/Inflate.h"

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

BodyInflater::Outcome inflated(const QByteArray &body, Inflate::Framing framing, qint64 maxBytes)
{
    const Inflate::Outcome outcome = Inflate::inflate(body, framing, maxBytes);
    if (outcome.bytes)
        return { outcome.bytes, {}, false };
    if (outcome.tooLarge)
        return { std::nullopt, u"the decompressed body exceeds the cap of %1 bytes"_s.arg(maxBytes), true };
    return { std::nullopt, u"the compressed body is damaged or incomplete (%1)"_s.arg(outcome.problem),
        false };
}

} // namespace

BodyInflater::Outcome BodyInflater::decode(
    const QByteArray &body, const QByteArray &encoding, qint64 maxBytes)
{
    const QByteArray coding = encoding.trimmed().toLower();
    if (coding.isEmpty() || coding == "identity") {
        if (body.size() > maxBytes)
            return { std::nullopt, u"the body exceeds the cap"_s, true };
        return { body, {}, false };
    }
    if (coding == "gzip" || coding == "x-gzip")
        return inflated(body, Inflate::Framing::Gzip, maxBytes);
    if (coding == "deflate") {
        // RFC 9110 "deflate" is zlib-wrapped; some servers send raw deflate, which the zlib header check
        // tells apart.
        Outcome wrapped = inflated(body, Inflate::Framing::Zlib, maxBytes);
        if (wrapped.bytes || wrapped.tooLarge)
            return wrapped;
        return inflated(body, Inflate::Framing::RawDeflate, maxBytes);
    }
    return { std::nullopt,
        u"the content coding \"%1\" is not supported (gzip, deflate)"_s.arg(
            QString::fromLatin1(coding.left(40))),
        false };
}

} // namespace ades::web
