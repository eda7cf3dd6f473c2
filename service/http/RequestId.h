#pragma once

#include <QByteArray>
#include <QString>

namespace ades {

// The id of one request: returned as X-Request-Id, written in the access log line and the call log, so an
// operator can follow one call from the load balancer to the receipt. Behind several instances an id must
// not repeat across them, so it starts with a random prefix drawn once per process.
namespace RequestId {

// A fresh id: the process's prefix and a process-wide counter in base 36 ("q7k2m9xd-1f3"). Thread-safe.
QString next();
// The id a trusted reverse proxy sent (nginx's $request_id), when it is a usable one: 1 to 128 characters
// of letters, digits and ._:- ; empty otherwise. Only ask for it when the peer is a trusted proxy: a
// client's own header is never believed.
QString fromProxy(const QByteArray &header);

} // namespace RequestId

} // namespace ades
