#include "PostgresCluster.h"

#include <QCollator>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <atomic>
#include <pwd.h>
#include <unistd.h>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

// The newest installed server version's binaries.
QString serverBinaries()
{
    QStringList versions = QDir(u"/usr/lib/postgresql"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCollator numeric;
    numeric.setNumericMode(true);
    std::sort(versions.begin(), versions.end(), numeric);
    for (auto it = versions.crbegin(); it != versions.crend(); ++it) {
        const QString bin = u"/usr/lib/postgresql/%1/bin"_s.arg(*it);
        if (QFile::exists(bin + u"/initdb"_s) && QFile::exists(bin + u"/pg_ctl"_s))
            return bin;
    }
    return {};
}

int freeLoopbackPort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

std::atomic<int> s_connections { 0 };

} // namespace

PostgresCluster::PostgresCluster() = default;

PostgresCluster::~PostgresCluster()
{
    if (m_running)
        run(m_binDir + u"/pg_ctl"_s,
            { u"-D"_s, m_dir->filePath(u"data"_s), u"-m"_s, u"immediate"_s, u"stop"_s }, 30000);
}

QString PostgresCluster::unavailableReason()
{
    if (serverBinaries().isEmpty())
        return u"no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (Debian package postgresql)"_s;
    if (!QSqlDatabase::isDriverAvailable(u"QPSQL"_s))
        return u"no Qt PostgreSQL driver (Debian package libqt6sql6-psql)"_s;
    if (::geteuid() == 0 && !::getpwnam("postgres"))
        return u"running as root without a postgres account to run the server as"_s;
    return {};
}

bool PostgresCluster::start()
{
    if (const QString reason = unavailableReason(); !reason.isEmpty()) {
        m_error = reason;
        return false;
    }
    m_binDir = serverBinaries();
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        m_error = u"no temporary folder"_s;
        return false;
    }
    if (::geteuid() == 0) {
        m_runAs = u"postgres"_s;
        if (QProcess::execute(u"chown"_s, { u"postgres:"_s, m_dir->path() }) != 0) {
            m_error = u"cannot hand the cluster folder to postgres"_s;
            return false;
        }
    }
    const QString data = m_dir->filePath(u"data"_s);
    if (!run(m_binDir + u"/initdb"_s,
            { u"-D"_s, data, u"-U"_s, u"ades"_s, u"-A"_s, u"trust"_s, u"-E"_s, u"UTF8"_s, u"--locale=C"_s,
                u"--no-sync"_s },
            120000))
        return false;
    m_port = freeLoopbackPort();
    const QString options
        = u"-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off "
          "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"_s.arg(m_port)
              .arg(m_dir->path());
    if (!run(m_binDir + u"/pg_ctl"_s,
            { u"-D"_s, data, u"-l"_s, m_dir->filePath(u"server.log"_s), u"-w"_s, u"-t"_s, u"60"_s, u"-o"_s,
                options, u"start"_s },
            90000))
        return false;
    m_running = true;
    return true;
}

QString PostgresCluster::url(const QString &database) const
{
    return u"postgresql://ades@127.0.0.1:%1/%2"_s.arg(m_port).arg(database);
}

bool PostgresCluster::createDatabase(const QString &name)
{
    return execAdmin(u"CREATE DATABASE \"%1\""_s.arg(name));
}

bool PostgresCluster::dropDatabase(const QString &name)
{
    return execAdmin(u"DROP DATABASE IF EXISTS \"%1\" WITH (FORCE)"_s.arg(name));
}

bool PostgresCluster::run(const QString &program, const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (m_runAs.isEmpty())
        process.start(program, arguments);
    else
        process.start(u"runuser"_s, QStringList { u"-u"_s, m_runAs, u"--"_s, program } + arguments);
    const bool finished = process.waitForFinished(timeoutMs);
    if (finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0)
        return true;
    if (!finished)
        process.kill();
    m_error
        = u"%1 failed: %2"_s.arg(QFileInfo(program).fileName(), QString::fromLocal8Bit(process.readAll()));
    return false;
}

bool PostgresCluster::execAdmin(const QString &sql)
{
    const QString name = u"postgres-cluster-admin-%1"_s.arg(++s_connections);
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
        db.setHostName(u"127.0.0.1"_s);
        db.setPort(m_port);
        db.setUserName(u"ades"_s);
        db.setDatabaseName(u"postgres"_s);
        if (db.open()) {
            QSqlQuery query(db);
            ok = query.exec(sql);
            if (!ok)
                m_error = query.lastError().text();
        } else {
            m_error = db.lastError().text();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

} // namespace ades::test
