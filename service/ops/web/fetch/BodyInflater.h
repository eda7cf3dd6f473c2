#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::web {

// Undoes the Content-Encoding of a fetched body (gzip, deflate, identity) with a cap on the bytes it
// produces, so that a small compressed body cannot expand into gigabytes (a decompression bomb): inflating
// stops as soon as the output would pass the cap.
class BodyInflater
{
public:
    struct Outcome
    {
        std::optional<QByteArray> bytes;
        QString problem; // why there are no bytes
        bool tooLarge = false;
    };

    // `encoding`: the Content-Encoding field's value ("gzip", "x-gzip", "deflate", "identity" or empty).
    static Outcome decode(const QByteArray &body, const QByteArray &encoding, qint64 maxBytes);

private:
    static Outcome inflate(const QByteArray &body, int windowBits, qint64 maxBytes);
};

} // namespace ades::web
