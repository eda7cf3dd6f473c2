#pragma once

#include "core/Result.h"

#include <QString>

namespace ades {

// Where the store lives: an SQLite file (the default, embedded) or a PostgreSQL database that several
// instances share (docs/deployment.md, Several instances). Both hold the same schema (Migrations.h).
//
// The delivery journal (DeliveryJournal.h) is always a local folder: what an instance journaled before a
// kill is replayed by the next process that opens the store from the same folder. With SQLite it sits beside
// the file; with PostgreSQL it is in the instance's data folder.
struct StoreLocation
{
    enum class Engine
    {
        Sqlite,
        Postgres,
    };

    Engine engine = Engine::Sqlite;
    QString sqlitePath; // Sqlite: the database file
    // Postgres, from a libpq connection URI (postgresql://user:password@host:port/database?options). Empty
    // fields are left to libpq's defaults (PGHOST, PGUSER, ~/.pgpass ...), so no password has to be written
    // into ades.ini.
    QString host; // a name, an address, or a Unix socket folder (starts with '/')
    int port = -1; // -1: libpq's default
    QString database;
    QString user;
    QString password;
    QString connectOptions; // libpq keywords, "sslmode=require;connect_timeout=5"
    QString journalFolder;

    // The SQLite file at `path`; its journal beside it.
    static StoreLocation sqlite(const QString &path);
    // The store `url` names: empty means SQLite in `dataDir` (ades.sqlite), "sqlite:PATH" an SQLite file
    // elsewhere, postgresql://... (or postgres://...) a PostgreSQL database, with the journal in `dataDir`.
    // Errors name what is wrong with the URL (store_url_invalid).
    static Result<StoreLocation> fromUrl(const QString &url, const QString &dataDir);
    // Why `url` cannot name a store, empty when it can (the setting's check).
    static QString problem(const QString &url);

    // For logs and the console: the file, or the URL without its password.
    QString displayName() const;
};

} // namespace ades
