#pragma once

#include "core/ServiceError.h"

#include <QByteArray>
#include <QByteArrayView>

namespace ades {

// Follows the framing of a chunked request body (RFC 9112 §7.1) as it arrives, without keeping its data:
// each chunk-size line (hex digits, optional extensions, CRLF), the CRLF after each chunk's data, the last
// chunk and the trailer section (§7.1.2: field lines, then CRLF). QHttpServer 6.4 reads a size it cannot
// parse as the last chunk, does not check the CRLF after a chunk and stops reading two bytes after the last
// chunk, so that anything there would be parsed as the next request (docs/architecture.md, Qt 6.4 pitfalls:
// guard). Whatever this scanner accepts, QHttpServer frames the same way. Line ends must be CRLF. Pure.
class ChunkedBodyScanner
{
public:
    enum class State
    {
        InProgress,
        Complete,
        Invalid, // error() says why: 400 invalid_chunked_body
    };

    // `maxLineBytes` bounds a chunk-size line (extensions included) and each trailer field line;
    // `maxTrailerBytes` the whole trailer section.
    explicit ChunkedBodyScanner(qsizetype maxLineBytes = 4096, qsizetype maxTrailerBytes = 16 * 1024);

    // Scans the next bytes of the body. Returns how many belong to it: all of them while in progress, up to
    // the end of the body when it completes (the rest is the next request), up to the offending byte when
    // it turns invalid. Nothing more is taken once complete or invalid.
    qsizetype feed(QByteArrayView bytes);

    State state() const { return m_state; }
    ServiceError error() const { return m_error; }
    // Bytes of the body scanned so far, framing included.
    qint64 wireBytes() const { return m_wireBytes; }
    // Offset in the body just past the last chunk's size line ("0\r\n"), where the trailer section starts;
    // -1 before it arrived.
    qint64 trailerStart() const { return m_trailerStart; }

private:
    enum class Step
    {
        SizeLine,
        Data,
        DataCr,
        DataLf,
        TrailerLine,
    };

    bool endSizeLine();
    bool endTrailerLine();
    void fail(const QString &message);

    qsizetype m_maxLineBytes;
    qsizetype m_maxTrailerBytes;
    State m_state = State::InProgress;
    Step m_step = Step::SizeLine;
    ServiceError m_error;
    QByteArray m_line; // the line being read, without its line end
    bool m_sawCr = false; // the line's CR has arrived, its LF not yet
    qint64 m_dataLeft = 0;
    qint64 m_wireBytes = 0;
    qint64 m_trailerStart = -1;
};

} // namespace ades
