#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QPair>

namespace ades::web {

// Reads one HTTP/1.1 response (RFC 9112) as its bytes arrive from a web server the reader does not trust:
// status line, header fields, then the body framed by chunked transfer coding, Content-Length or the end of
// the connection. Every part is bounded (head 32 KiB, 100 fields, chunk-size lines, the body by the
// caller's cap) and anything malformed stops the reading; interim 1xx responses are skipped.
class HttpResponseReader
{
public:
    enum class State
    {
        Head,
        Body,
        Done,
        Failed,
    };
    enum class Failure
    {
        None,
        Malformed,
        TooLarge, // the body exceeds the cap
        Truncated, // the connection ended before the framing said the body ends
    };

    static constexpr qsizetype MaxHeadBytes = 32 * 1024;
    static constexpr int MaxFields = 100;

    explicit HttpResponseReader(qint64 maxBodyBytes);

    void feed(QByteArrayView data);
    // The connection ended: completes a body read to the end of the connection, fails anything else
    // unfinished.
    void finish();

    State state() const { return m_state; }
    Failure failure() const { return m_failure; }
    QByteArray problem() const { return m_problem; }
    bool headComplete() const { return m_state == State::Body || m_state == State::Done; }

    int status() const { return m_status; }
    // The field's values joined with ", " (RFC 9110 §5.3), empty when absent; `name` in lower case.
    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
    const QByteArray &body() const { return m_body; }

private:
    enum class Framing
    {
        None,
        Length,
        Chunked,
        UntilClose,
    };
    enum class ChunkStep
    {
        Size,
        Data,
        DataEnd,
        Trailer,
    };

    void fail(Failure failure, const QByteArray &problem);
    bool parseHead(QByteArrayView head);
    void startBody();
    void readBody();
    bool appendBody(QByteArrayView data);
    // One CRLF- (or LF-) terminated line from m_buffer at m_offset, without its terminator; false if none
    // yet.
    bool takeLine(QByteArray &line, qsizetype limit);

    qint64 m_maxBodyBytes;
    State m_state = State::Head;
    Failure m_failure = Failure::None;
    QByteArray m_problem;
    QByteArray m_buffer;
    int m_status = 0;
    QList<QPair<QByteArray, QByteArray>> m_fields;
    Framing m_framing = Framing::None;
    qint64 m_remaining = 0;
    ChunkStep m_chunkStep = ChunkStep::Size;
    int m_trailerFields = 0;
    QByteArray m_body;
};

} // namespace ades::web
