#include "SnapshotRecorder.h"

#include "CoinArchive.h"
#include "CoinFigures.h"
#include "CoinReading.h"
#include "CoinSettings.h"
#include "core/Settings.h"
#include "ops/market/MarketServices.h"

#include <QLoggingCategory>
#include <QTimer>

Q_LOGGING_CATEGORY(lcSnapshots, "ades.market.snapshots")

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

constexpr int CheckIntervalMs = 10 * 60 * 1000;
constexpr int FirstCheckMs = 5 * 1000;

} // namespace

void SnapshotRecorder::recordDue(const MarketServices &services)
{
    services.archive.purgeOlderThan(services.settings.get(CoinSettings::KeepDays));
    const QStringList symbols = CoinList::parse(
        services.settings.get(CoinSettings::ArchiveSymbols), CoinSettings::MaxArchiveSymbols);
    for (const QString &symbol : symbols) {
        if (services.archive.hasCurrentSlot(symbol))
            continue;
        CoinReading::read(services, symbol, [&services, symbol](CoinReading reading) {
            if (!reading.price->ok()) {
                qCInfo(lcSnapshots, "no %s reading this time: %s", qPrintable(symbol),
                    qPrintable(reading.price->error().message()));
                return;
            }
            const Result<bool> stored = services.archive.record(
                symbol, CoinFigures::of(reading.price->value(), reading.perp(symbol)));
            if (!stored.ok())
                qCWarning(lcSnapshots, "%s reading not stored: %s", qPrintable(symbol),
                    qPrintable(stored.error().message()));
        });
    }
}

void SnapshotRecorder::start(const MarketServices &services, QObject *owner)
{
    QTimer::singleShot(FirstCheckMs, owner, [&services]() { recordDue(services); });
    auto *timer = new QTimer(owner);
    timer->setInterval(CheckIntervalMs);
    QObject::connect(timer, &QTimer::timeout, owner, [&services]() { recordDue(services); });
    timer->start();
}

} // namespace ades::market
