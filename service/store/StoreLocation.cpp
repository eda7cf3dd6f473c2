#include "StoreLocation.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

ServiceError invalidUrl(const QString &why)
{
    return ServiceError(ServiceError::Kind::Internal, u"store_url_invalid"_s, u"store/url: %1"_s.arg(why));
}

// The libpq keywords a URI's query may carry that QPSQL passes through (its connect options are libpq's
// conninfo keywords). host and port are fields of their own; the rest would be typos or options libpq
// rejects only at connect time, and a typo in sslmode silently weakens the connection.
bool isConnectOption(const QString &key)
{
    static const QStringList known { u"sslmode"_s, u"sslrootcert"_s, u"sslcert"_s, u"sslkey"_s, u"sslcrl"_s,
        u"connect_timeout"_s, u"application_name"_s, u"passfile"_s, u"target_session_attrs"_s,
        u"keepalives"_s, u"keepalives_idle"_s, u"keepalives_interval"_s, u"keepalives_count"_s,
        u"tcp_user_timeout"_s, u"options"_s, u"gssencmode"_s, u"channel_binding"_s };
    return known.contains(key);
}

Result<StoreLocation> postgresFrom(const QUrl &url, const QString &dataDir)
{
    StoreLocation location;
    location.engine = StoreLocation::Engine::Postgres;
    location.host = url.host();
    location.port = url.port(-1);
    location.user = url.userName();
    location.password = url.password();
    location.database = url.path().mid(1); // without the leading '/'
    if (location.database.contains(u'/'))
        return invalidUrl(u"the database name cannot contain '/'"_s);
    QStringList options;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == u"host"_s) {
            location.host = value; // libpq's spelling for a Unix socket folder
        } else if (key == u"port"_s) {
            bool ok = false;
            location.port = value.toInt(&ok);
            if (!ok || location.port < 1 || location.port > 65535)
                return invalidUrl(u"port %1 is not a port number"_s.arg(value));
        } else if (key == u"dbname"_s || key == u"user"_s || key == u"password"_s) {
            (key == u"dbname"_s        ? location.database
                    : key == u"user"_s ? location.user
                                       : location.password)
                = value;
        } else if (isConnectOption(key)) {
            if (value.contains(u';') || value.contains(u'\''))
                return invalidUrl(u"the value of %1 cannot contain ';' or quotes"_s.arg(key));
            options.append(key + u'=' + value);
        } else {
            return invalidUrl(u"%1 is not a PostgreSQL connection option ADES passes on"_s.arg(key));
        }
    }
    // A store that would wait forever for an unreachable server blocks the start; libpq has no default.
    if (!query.hasQueryItem(u"connect_timeout"_s))
        options.append(u"connect_timeout=10"_s);
    if (!query.hasQueryItem(u"application_name"_s))
        options.append(u"application_name=ades"_s);
    location.connectOptions = options.join(u';');
    location.journalFolder = QDir(dataDir).filePath(u"ades.postgres-deliveries"_s);
    return location;
}

} // namespace

StoreLocation StoreLocation::sqlite(const QString &path)
{
    StoreLocation location;
    location.sqlitePath = QFileInfo(path).absoluteFilePath();
    location.journalFolder = location.sqlitePath + u"-deliveries"_s;
    return location;
}

Result<StoreLocation> StoreLocation::fromUrl(const QString &url, const QString &dataDir)
{
    const QString text = url.trimmed();
    if (text.isEmpty())
        return sqlite(QDir(dataDir).filePath(u"ades.sqlite"_s));
    if (text.startsWith(u"sqlite:"_s)) {
        const QString path = text.mid(7);
        if (path.isEmpty())
            return invalidUrl(u"sqlite: names no file"_s);
        return sqlite(QDir(dataDir).filePath(path)); // relative paths are relative to the data folder
    }
    const QUrl parsed(text, QUrl::StrictMode);
    if (!parsed.isValid())
        return invalidUrl(u"not a URL: %1"_s.arg(parsed.errorString()));
    if (parsed.scheme() == u"postgresql"_s || parsed.scheme() == u"postgres"_s)
        return postgresFrom(parsed, dataDir);
    return invalidUrl(u"the scheme %1 is neither postgresql:// nor sqlite:"_s.arg(parsed.scheme()));
}

QString StoreLocation::problem(const QString &url)
{
    const Result<StoreLocation> location = fromUrl(url, QDir::tempPath());
    return location.ok() ? QString() : location.error().message();
}

QString StoreLocation::displayName() const
{
    if (engine == Engine::Sqlite)
        return sqlitePath;
    QString name = u"postgresql://"_s;
    if (!user.isEmpty())
        name += user + u'@';
    name += host.startsWith(u'/') ? QString() : host;
    if (port > 0)
        name += u':' + QString::number(port);
    name += u'/' + database;
    if (host.startsWith(u'/'))
        name += u"?host="_s + host;
    return name;
}

} // namespace ades
