#pragma once

#include <QByteArray>
#include <QString>

namespace ades::market {

// What an upstream said when it refused: the error body's own words, bounded and stripped of control
// characters, for the problem a result names ("HTTP 403: Forbidden"). Both networks answer errors as
// {"error": ...} (XRPC adds "message"); a proxy in front of them may answer plain text or HTML.
namespace UpstreamProblem {

// "HTTP 400: InvalidRequest: Params must have the property \"q\"", "HTTP 403: Forbidden", "HTTP 502".
QString describe(int httpStatus, const QByteArray &body);
// The body's {"error": "<name>"} member, or empty (XRPC error names such as "ExpiredToken").
QString errorName(const QByteArray &body);

inline constexpr qsizetype MaxDetail = 160;

} // namespace UpstreamProblem

} // namespace ades::market
