#pragma once

#include "core/ServiceError.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QString>
#include <QVariant>
#include <optional>

class QSqlError;
class QSqlQuery;

Q_DECLARE_LOGGING_CATEGORY(lcStore)

namespace ades {

// What every store class shares when it binds and reads the portable column types (Migrations.h): text
// that is never NULL, BIGINT that may be, ISO-8601 UTC timestamps and UTC days as TEXT. Also the two
// failure shapes: a logged statement, and the retryable 503 of a working database that failed a write.

// QtSql binds a null QString as SQL NULL; the NOT NULL text columns want '' for "none".
QString sqlText(const QString &value);
// A NULL BIGINT (QtSql needs the type to bind NULL) or the value.
QVariant sqlNullableInt(std::optional<qint64> value);
std::optional<qint64> optionalInt(const QVariant &value);
// A timestamp column written with isoUtc(); invalid for NULL or ''.
QDateTime parseTime(const QVariant &value);
// The UTC day of `at` ("2025-03-14"): the key of usage and free_quota rows.
QString utcDay(const QDateTime &at);

// Runs the prepared query; on failure logs "cannot <what>: <SQL error>" to ades.store.
bool execLogged(QSqlQuery &query, const char *what);
// A failed statement on a working database (busy beyond the timeout, disk full): the caller may retry.
// Logged; the message reads "The store could not <what>; try again."
ServiceError storeUnavailable(const QString &what, const QSqlError &error);

} // namespace ades
