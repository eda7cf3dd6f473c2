#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QVariant>

namespace ades::test {

// A plain connection beside the Store, to look at or tamper with the file the way another program would.
// Use it in the thread that made it.
class RawDatabase
{
public:
    explicit RawDatabase(const QString &path);
    ~RawDatabase();
    Q_DISABLE_COPY_MOVE(RawDatabase)

    QSqlDatabase db() const;
    // The first column of the first row; invalid when the statement failed or returned nothing.
    QVariant scalar(const QString &sql) const;
    bool exec(const QString &sql) const;

private:
    QString m_name;
};

// Per-thread connections the Stores of this process hold open (ConnectionPool names them
// "ades.store.<n>@<m>").
int storeConnectionCount();

} // namespace ades::test
