#pragma once

#include "store/StoreLocation.h"

#include <QSqlDatabase>
#include <QString>
#include <QVariant>

namespace ades::test {

// A plain connection beside the Store, to look at or tamper with the database the way another program
// would. Use it in the thread that made it.
class RawDatabase
{
public:
    explicit RawDatabase(const QString &sqlitePath);
    explicit RawDatabase(const StoreLocation &location);
    ~RawDatabase();
    Q_DISABLE_COPY_MOVE(RawDatabase)

    QSqlDatabase db() const;
    // The first column of the first row; invalid when the statement failed or returned nothing.
    QVariant scalar(const QString &sql) const;
    bool exec(const QString &sql) const;
    // A trigger "poison" that makes every `event` ("INSERT", "UPDATE") on `table` fail, or only those whose
    // new row satisfies `condition` (SQL over NEW, "NEW.subject = 'poison'"); in the engine's own dialect.
    bool poison(const QString &event, const QString &table, const QString &condition = {}) const;
    bool unpoison(const QString &table) const;

private:
    QString m_name;
    bool m_postgres = false;
};

// Per-thread connections the Stores of this process hold open (ConnectionPool names them
// "ades.store.<n>@<m>").
int storeConnectionCount();

} // namespace ades::test
