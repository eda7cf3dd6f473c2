#include "StoreFixture.h"

#include "StoreSamples.h"
#include "store/Store.h"

namespace ades::test {

StoreFixture::StoreFixture()
    : m_clock(storeTestTime())
{ }

StoreFixture::~StoreFixture() = default;

bool StoreFixture::reset()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_clock.setNow(storeTestTime());
    return m_dir->isValid();
}

void StoreFixture::clear()
{
    m_dir.reset();
}

std::unique_ptr<Store> StoreFixture::openStore(const QString &fileName, const StoreOptions &options)
{
    Result<std::unique_ptr<Store>> store = Store::open(filePath(fileName), &m_clock, options);
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
