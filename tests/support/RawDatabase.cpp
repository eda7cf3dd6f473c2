#include "RawDatabase.h"

#include <QSqlQuery>
#include <atomic>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {
std::atomic<int> s_counter { 0 };
} // namespace

RawDatabase::RawDatabase(const QString &sqlitePath)
    : RawDatabase(StoreLocation::sqlite(sqlitePath))
{ }

RawDatabase::RawDatabase(const StoreLocation &location)
    : m_name(u"raw-%1"_s.arg(++s_counter))
{
    if (location.engine == StoreLocation::Engine::Sqlite) {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
        db.setDatabaseName(location.sqlitePath);
        db.open();
        return;
    }
    m_postgres = true;
    QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, m_name);
    db.setHostName(location.host);
    db.setPort(location.port);
    db.setDatabaseName(location.database);
    db.setUserName(location.user);
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

bool RawDatabase::poison(const QString &event, const QString &table, const QString &condition) const
{
    if (!m_postgres) {
        return exec(
            u"CREATE TRIGGER poison BEFORE %1 ON %2 %3 BEGIN SELECT RAISE(ABORT, 'poisoned'); END"_s.arg(
                event, table, condition.isEmpty() ? QString() : u"WHEN "_s + condition));
    }
    const QString test = condition.isEmpty() ? u"TRUE"_s : condition;
    return exec(u"CREATE OR REPLACE FUNCTION poison() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "IF %1 THEN RAISE EXCEPTION 'poisoned'; END IF; RETURN NEW; END $$"_s.arg(test))
        && exec(u"CREATE TRIGGER poison BEFORE %1 ON %2 FOR EACH ROW EXECUTE FUNCTION poison()"_s.arg(
            event, table));
}

bool RawDatabase::unpoison(const QString &table) const
{
    return exec(m_postgres ? u"DROP TRIGGER poison ON %1"_s.arg(table) : u"DROP TRIGGER poison"_s);
}

int storeConnectionCount()
{
    int count = 0;
    for (const QString &name : QSqlDatabase::connectionNames())
        count += name.startsWith(u"ades.store."_s) && name.contains(u'@') ? 1 : 0;
    return count;
}

} // namespace ades::test
