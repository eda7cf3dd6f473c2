#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <optional>

namespace ades::market {

// The two value forms both networks' readers share.
namespace SocialJson {

// A count both APIs declare as a non-negative integer; anything else (absent, negative, fractional, a
// string) is "not sent".
std::optional<qint64> count(const QJsonObject &object, const QString &name);
// An RFC 3339 timestamp in UTC, invalid when it is not one.
QDateTime timestamp(const QJsonValue &value);

} // namespace SocialJson

} // namespace ades::market
