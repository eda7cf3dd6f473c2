// Fuzz target: a request's header block as the guard reads it before QHttpServer (http/RequestHead):
// request line, header fields, Host, Content-Length, Transfer-Encoding, Connection. Input: the raw block.

#include "http/RequestHead.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype eol = input.indexOf('\n');
    const QByteArrayView line = eol < 0 ? QByteArrayView(input) : QByteArrayView(input).first(eol);
    (void)ades::RequestHead::checkRequestLine(line, eol >= 0);
    (void)ades::RequestHead::blockEnd(input);
    (void)ades::RequestHead::pathOf(input);
    const ades::Result<ades::RequestHead> head = ades::RequestHead::parse(input);
    if (head.ok()) {
        // One framing at most, and never one QHttpServer would read differently.
        if (head.value().chunked && head.value().contentLength >= 0)
            __builtin_trap();
        (void)head.value().toRequestData(QHostAddress(QHostAddress::LocalHost));
    } else {
        const int status = head.error().httpStatus();
        if (status != 400 && status != 501)
            __builtin_trap();
    }
    return 0;
}
