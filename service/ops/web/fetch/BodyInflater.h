#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::web {

// Undoes the Content-Encoding of a fetched body (gzip, deflate, identity) with a cap on the bytes it
// produces (core/Inflate.h), so that a small compressed body cannot expand into gigabytes.
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
};

} // namespace ades::web
