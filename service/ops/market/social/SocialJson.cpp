#include "SocialJson.h"

#include <QJsonValue>
#include <cmath>

namespace ades::market {

std::optional<qint64> SocialJson::count(const QJsonObject &object, const QString &name)
{
    const QJsonValue value = object.value(name);
    if (!value.isDouble())
        return std::nullopt;
    const double number = value.toDouble();
    if (!(number >= 0 && number <= 9.0e15) || number != std::floor(number))
        return std::nullopt;
    return qint64(number);
}

QDateTime SocialJson::timestamp(const QJsonValue &value)
{
    if (!value.isString())
        return {};
    const QDateTime at = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    return at.isValid() ? at.toUTC() : QDateTime();
}

} // namespace ades::market
