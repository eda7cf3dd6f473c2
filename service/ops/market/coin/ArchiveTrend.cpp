#include "ArchiveTrend.h"

#include "core/Clock.h"
#include "ops/market/price/DecimalText.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

std::optional<double> figure(const MarketSnapshots::Snapshot &s, const QString &name)
{
    return signedDecimal(s.figures.value(name).toString());
}

QJsonValue change(const MarketSnapshots::Snapshot &from, const MarketSnapshots::Snapshot &to,
    const QString &name, bool relative)
{
    const auto a = figure(from, name);
    const auto b = figure(to, name);
    if (!a || !b || (relative && *a == 0))
        return QJsonValue();
    return decimalText(relative ? (*b - *a) / std::abs(*a) * 100 : *b - *a, 4);
}

} // namespace

QJsonObject ArchiveTrend::of(const QList<MarketSnapshots::Snapshot> &snapshots, qint64 kept)
{
    QJsonArray readings;
    for (const MarketSnapshots::Snapshot &s : snapshots)
        readings.append(QJsonObject { { u"slot"_s, isoUtc(s.slot) }, { u"taken_at"_s, isoUtc(s.takenAt) },
            { u"price"_s, s.figures.value(u"price"_s) },
            { u"funding_annualised_percent"_s, s.figures.value(u"funding_annualised_percent"_s) },
            { u"open_interest_usd"_s, s.figures.value(u"open_interest_usd"_s) } });
    QJsonObject trend { { u"interval_hours"_s, 6 }, { u"snapshots_kept"_s, kept },
        { u"snapshots_shown"_s, snapshots.size() }, { u"readings"_s, readings } };
    if (snapshots.size() < 2) {
        trend.insert(u"trend"_s, QJsonValue());
        trend.insert(u"note"_s,
            u"The service has %1 reading(s) of this coin so far; a trend needs two 6-hourly readings."_s.arg(
                kept));
        return trend;
    }
    const MarketSnapshots::Snapshot &oldest = snapshots.last();
    const MarketSnapshots::Snapshot &newest = snapshots.first();
    trend.insert(u"trend"_s,
        QJsonObject { { u"from"_s, isoUtc(oldest.slot) }, { u"to"_s, isoUtc(newest.slot) },
            { u"price_change_percent"_s, change(oldest, newest, u"price"_s, true) },
            { u"open_interest_change_percent"_s, change(oldest, newest, u"open_interest_usd"_s, true) },
            { u"funding_change_points"_s, change(oldest, newest, u"funding_annualised_percent"_s, false) } });
    return trend;
}

std::optional<double> ArchiveTrend::openInterestChange24h(
    const QList<MarketSnapshots::Snapshot> &snapshots, double openInterestNow, const QDateTime &now)
{
    const QDateTime target = now.addSecs(-24 * 3600);
    const MarketSnapshots::Snapshot *nearest = nullptr;
    for (const MarketSnapshots::Snapshot &s : snapshots)
        if (std::abs(s.takenAt.secsTo(target)) <= 6 * 3600
            && (!nearest || std::abs(s.takenAt.secsTo(target)) < std::abs(nearest->takenAt.secsTo(target))))
            nearest = &s;
    const auto before = nearest ? figure(*nearest, u"open_interest_usd"_s) : std::nullopt;
    if (!before || *before <= 0)
        return std::nullopt;
    return (openInterestNow - *before) / *before * 100;
}

} // namespace ades::market
