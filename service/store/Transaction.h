#pragma once

#include <QString>
#include <QtGlobal>

class QSqlDatabase;

namespace ades {

// One transaction on a connection that rolls back unless committed: every early return leaves the
// database as it was. Use it in the connection's thread only.
class Transaction
{
public:
    explicit Transaction(QSqlDatabase &db);
    ~Transaction();
    Q_DISABLE_COPY_MOVE(Transaction)

    bool isActive() const { return m_active; }
    // False when the commit failed; the transaction is then rolled back and commitError() says why.
    bool commit();
    QString commitError() const { return m_commitError; }

private:
    QSqlDatabase &m_db;
    bool m_active;
    QString m_commitError;
};

} // namespace ades
