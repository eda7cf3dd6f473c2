// Fuzz target: the web reader's HTTP/1.1 response reader, then content decoding and charset detection, all
// fed by a web server the reader does not trust. Input: the bytes the server sends, delivered in two parts
// split at the first byte's value (so framing is exercised across reads).

#include "ops/web/fetch/BodyInflater.h"
#include "ops/web/fetch/CharsetDecoder.h"
#include "ops/web/fetch/HttpResponseReader.h"

#include <cstdint>

using namespace ades::web;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    constexpr qint64 Cap = 4096;
    HttpResponseReader reader(Cap);
    const qsizetype split = input.isEmpty() ? 0 : qsizetype(quint8(input[0])) % (input.size() + 1);
    reader.feed(QByteArrayView(input).first(split));
    reader.feed(QByteArrayView(input).sliced(split));
    reader.finish();
    if (reader.body().size() > Cap)
        __builtin_trap();
    if (reader.state() == HttpResponseReader::State::Failed
        && reader.failure() == HttpResponseReader::Failure::None)
        __builtin_trap();
    if (reader.state() != HttpResponseReader::State::Done)
        return 0;
    if (reader.status() < 200 || reader.status() > 599)
        __builtin_trap();
    const BodyInflater::Outcome inflated
        = BodyInflater::decode(reader.body(), reader.header("content-encoding"), Cap);
    if (inflated.bytes && inflated.bytes->size() > Cap)
        __builtin_trap();
    const QByteArray bytes = inflated.bytes.value_or(reader.body());
    const CharsetDecoder::Decoded decoded
        = CharsetDecoder::decode(bytes, reader.header("content-type"), true);
    if (decoded.charset.isEmpty() || decoded.source.isEmpty()
        || (!bytes.isEmpty() && decoded.text.isEmpty() && !bytes.startsWith("\xEF\xBB\xBF")
            && !bytes.startsWith("\xFF\xFE") && !bytes.startsWith("\xFE\xFF")))
        __builtin_trap();
    return 0;
}
