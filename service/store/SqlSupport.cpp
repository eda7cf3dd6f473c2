#include "SqlSupport.h"

#include <QSqlError>
#include <QSqlQuery>
#include <limits>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcStore, "ades.store")

namespace ades {

QString sqlText(const QString &value)
{
    return value.isNull() ? QString(u""_s) : value;
}

QVariant sqlNullableInt(std::optional<qint64> value)
{
    return value ? QVariant::fromValue(*value) : QVariant(QMetaType::fromType<qint64>());
}

std::optional<qint64> optionalInt(const QVariant &value)
{
    if (value.isNull())
        return std::nullopt;
    return value.toLongLong();
}

QDateTime parseTime(const QVariant &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs).toUTC();
}

QString utcDay(const QDateTime &at)
{
    if (!at.isValid())
        return at.toUTC().date().toString(Qt::ISODate);
    // Every counted call names its day: the text is kept per thread and written again only when the day
    // changes (formatting it was 5 K instructions of a key call, tests/bench/http).
    thread_local qint64 keptDay = std::numeric_limits<qint64>::min();
    thread_local QString keptText;
    constexpr qint64 MsPerDay = 86'400'000;
    const qint64 ms = at.toMSecsSinceEpoch();
    const qint64 day = ms / MsPerDay - (ms % MsPerDay < 0 ? 1 : 0); // floor: days before 1970 too
    if (day != keptDay) {
        keptText = at.toUTC().date().toString(Qt::ISODate);
        keptDay = day;
    }
    return keptText;
}

bool execLogged(QSqlQuery &query, const char *what)
{
    if (query.exec())
        return true;
    qCWarning(lcStore, "cannot %s: %s", what, qUtf8Printable(query.lastError().text()));
    return false;
}

ServiceError storeUnavailable(const QString &what, const QSqlError &error)
{
    qCWarning(lcStore, "cannot %s: %s", qUtf8Printable(what), qUtf8Printable(error.text()));
    return ServiceError(ServiceError::Kind::Unavailable, u"store_unavailable"_s,
        u"The store could not %1; try again."_s.arg(what))
        .setRetryable(true);
}

} // namespace ades
