#pragma once

#include "core/Clock.h"
#include "store/StoreLocation.h"
#include "store/StoreOptions.h"

#include <QSet>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace ades {
class Store;
}

namespace ades::test {

// What every store test function starts from: an empty data folder of its own and a fixed clock at
// storeTestTime(), and the store opened over them.
//
// With ADES_TEST_STORE=postgres in the environment (the "*.postgres" ctest runs of the store tests) every
// store is a fresh database on a PostgreSQL cluster this process starts for itself (PostgresCluster.h),
// one database per file name, dropped by clear(); the delivery journal stays in the folder, where it would
// be beside the SQLite file. Tests of what only SQLite has (its file, PRAGMAs) skip there.
class StoreFixture
{
public:
    // Whether this run puts its stores on PostgreSQL; QSKIPs with the reason when it should and cannot.
    static bool onPostgres();

    StoreFixture();
    ~StoreFixture();

    // From init(): a new empty folder, the clock back at storeTestTime(). False when no folder could be made.
    bool reset();
    // From cleanup(): the folder and everything in it is removed.
    void clear();
    // The store in this folder (nullptr, with a warning, when it cannot be opened).
    std::unique_ptr<Store> openStore(
        const QString &fileName = QStringLiteral("ades.sqlite"), const StoreOptions &options = {});
    // Where openStore(fileName) puts its store: the file in the folder, or its PostgreSQL database (created
    // on first use).
    StoreLocation location(const QString &fileName = QStringLiteral("ades.sqlite"));
    QString filePath(const QString &name) const;
    FixedClock &clock() { return m_clock; }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    FixedClock m_clock;
    QString m_databasePrefix; // PostgreSQL: this reset()'s databases start with it
    QSet<QString> m_databases; // PostgreSQL: created since reset()
};

} // namespace ades::test
