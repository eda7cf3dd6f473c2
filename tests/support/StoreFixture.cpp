#include "StoreFixture.h"

#include "PostgresCluster.h"
#include "StoreSamples.h"
#include "store/Store.h"

#include <QCoreApplication>
#include <QRandomGenerator>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::test {

namespace {

// One cluster per test process, started on first use and stopped when the application object goes.
PostgresCluster *s_cluster = nullptr;

PostgresCluster *cluster()
{
    static bool tried = false;
    if (!tried) {
        tried = true;
        auto *started = new PostgresCluster;
        if (started->start()) {
            s_cluster = started;
            qAddPostRoutine([] {
                delete s_cluster;
                s_cluster = nullptr;
            });
        } else {
            qWarning("cannot start a PostgreSQL cluster: %s", qPrintable(started->error()));
            delete started;
        }
    }
    return s_cluster;
}

} // namespace

StoreFixture::StoreFixture()
    : m_clock(storeTestTime())
{ }

StoreFixture::~StoreFixture()
{
    clear();
}

bool StoreFixture::onPostgres()
{
    return qEnvironmentVariable("ADES_TEST_STORE") == u"postgres"_s;
}

bool StoreFixture::reset()
{
    clear();
    m_dir = std::make_unique<QTemporaryDir>();
    m_clock.setNow(storeTestTime());
    m_databasePrefix = u"t%1"_s.arg(QRandomGenerator::global()->generate64() & 0xffffffffffffULL, 0, 36);
    if (onPostgres() && !cluster())
        return false;
    return m_dir->isValid();
}

void StoreFixture::clear()
{
    if (s_cluster) {
        for (const QString &database : std::as_const(m_databases))
            s_cluster->dropDatabase(database);
    }
    m_databases.clear();
    m_dir.reset();
}

StoreLocation StoreFixture::location(const QString &fileName)
{
    if (!onPostgres())
        return StoreLocation::sqlite(filePath(fileName));
    static const QRegularExpression notName(u"[^a-z0-9]+"_s);
    const QString database = m_databasePrefix + u'_' + fileName.toLower().replace(notName, u"_"_s);
    if (!m_databases.contains(database) && cluster() && cluster()->createDatabase(database))
        m_databases.insert(database);
    Result<StoreLocation> location
        = StoreLocation::fromUrl(cluster() ? cluster()->url(database) : QString(), m_dir->path());
    StoreLocation found = location.ok() ? location.value() : StoreLocation();
    // Where the journal would be beside the SQLite file, so the journal tests look in the same place.
    found.journalFolder = filePath(fileName) + u"-deliveries"_s;
    return found;
}

std::unique_ptr<Store> StoreFixture::openStore(const QString &fileName, const StoreOptions &options)
{
    Result<std::unique_ptr<Store>> store = Store::open(location(fileName), &m_clock, options);
    if (!store.ok()) {
        qWarning("%s", qPrintable(store.error().message()));
        return {};
    }
    return std::move(store.value());
}

QString StoreFixture::filePath(const QString &name) const
{
    return m_dir->filePath(name);
}

} // namespace ades::test
