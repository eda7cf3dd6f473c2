#include "RawDatabase.h"

#include <QSqlQuery>
#include <atomic>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {
std::atomic<int> s_counter { 0 };
} // namespace

RawDatabase::RawDatabase(const QString &path)
    : m_name(u"raw-%1"_s.arg(++s_counter))
{
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
    db.setDatabaseName(path);
    db.open();
}

RawDatabase::~RawDatabase()
{
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase RawDatabase::db() const
{
    return QSqlDatabase::database(m_name);
}

QVariant RawDatabase::scalar(const QString &sql) const
{
    QSqlQuery query(db());
    return query.exec(sql) && query.next() ? query.value(0) : QVariant();
}

bool RawDatabase::exec(const QString &sql) const
{
    QSqlQuery query(db());
    return query.exec(sql);
}

int storeConnectionCount()
{
    int count = 0;
    for (const QString &name : QSqlDatabase::connectionNames())
        count += name.startsWith(u"ades.store."_s) && name.contains(u'@') ? 1 : 0;
    return count;
}

} // namespace ades::test
