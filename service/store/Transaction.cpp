#include "Transaction.h"

#include <QSqlDatabase>
#include <QSqlError>

namespace ades {

Transaction::Transaction(QSqlDatabase &db)
    : m_db(db)
    , m_active(db.transaction())
{ }

Transaction::~Transaction()
{
    if (m_active)
        m_db.rollback();
}

bool Transaction::commit()
{
    m_active = false;
    if (m_db.commit())
        return true;
    m_commitError = m_db.lastError().text(); // before the rollback replaces it
    m_db.rollback();
    return false;
}

} // namespace ades
