#pragma once

#include "core/Clock.h"
#include "store/StoreOptions.h"

#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace ades {
class Store;
}

namespace ades::test {

// What every store test function starts from: an empty data folder of its own and a fixed clock at
// storeTestTime(), and the store opened over them.
class StoreFixture
{
public:
    StoreFixture();
    ~StoreFixture();

    // From init(): a new empty folder, the clock back at storeTestTime(). False when no folder could be made.
    bool reset();
    // From cleanup(): the folder and everything in it is removed.
    void clear();
    // The store in this folder (nullptr, with a warning, when it cannot be opened).
    std::unique_ptr<Store> openStore(
        const QString &fileName = QStringLiteral("ades.sqlite"), const StoreOptions &options = {});
    QString filePath(const QString &name) const;
    FixedClock &clock() { return m_clock; }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    FixedClock m_clock;
};

} // namespace ades::test
