// Fuzz target: a chunked request body as the guard scans it before QHttpServer (http/ChunkedBodyScanner).
// Input: the body, framing included. It is scanned whole and in pieces whose sizes come from the input, and
// both scans must agree: reads may split a body anywhere.

#include "http/ChunkedBodyScanner.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input(reinterpret_cast<const char *>(data), qsizetype(size));
    ades::ChunkedBodyScanner whole(256, 1024);
    const qsizetype taken = whole.feed(input);
    if (taken > input.size() || whole.wireBytes() != taken)
        __builtin_trap();

    ades::ChunkedBodyScanner pieces(256, 1024);
    qsizetype at = 0;
    qsizetype step = 1;
    while (at < input.size() && pieces.state() == ades::ChunkedBodyScanner::State::InProgress) {
        const qsizetype n = qMin(step, input.size() - at);
        const qsizetype used = pieces.feed(input.sliced(at, n));
        if (used > n)
            __builtin_trap();
        at += used;
        step = 1 + (uchar(input.at(at == input.size() ? 0 : at)) % 7);
    }
    if (pieces.state() != whole.state() || pieces.wireBytes() != whole.wireBytes()
        || pieces.trailerStart() != whole.trailerStart())
        __builtin_trap();
    if (whole.state() == ades::ChunkedBodyScanner::State::Invalid && whole.error().httpStatus() != 400)
        __builtin_trap();
    return 0;
}
