#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::Inflate {

// How the compressed bytes are framed.
enum class Framing
{
    Gzip, // RFC 1952, one member or several one after another (as `gzip -dc` reads them); CRC-32 checked
    Zlib, // RFC 1950 (HTTP's "deflate")
    RawDeflate, // RFC 1951 without framing (what some servers send as "deflate")
};

struct Outcome
{
    std::optional<QByteArray> bytes;
    QString problem; // why there are no bytes, a sentence fragment ("it is truncated")
    bool tooLarge = false; // the output would have passed maxBytes
};

// Decompresses `data` in memory with zlib, never producing more than `maxBytes`: inflating stops as soon as
// the output would pass the cap, so a small hostile input cannot expand into gigabytes. Truncated input,
// damaged data and stray bytes after the compressed stream are problems, never partial output.
Outcome inflate(const QByteArray &data, Framing framing, qint64 maxBytes);

// Whether `data` starts with the gzip magic bytes.
bool isGzip(const QByteArray &data);

} // namespace ades::Inflate
