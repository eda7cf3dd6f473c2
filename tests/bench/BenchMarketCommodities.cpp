// The service's own cost of one market.commodities call without the upstream waits (issue 19: merging and
// scoring <= 100 us per call). parseAndScore: what a call does when an answer is new (once per fetch, so
// once an hour at most for the forecast): parse both Open-Meteo answers (30 archive days, 5 past + 16
// forecast days per belt, in the recorded bodies' format) and compose the scored result. sameAnswers: what
// every other call does while the cache serves the same answers: the result kept from the first, with this
// call's evidence and time. Rows: the five default belts, and twelve (the setting's maximum).
#include "ops/market/commodities/CoffeeStressResult.h"
#include "ops/market/commodities/CommoditiesSettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::market;

namespace {

// One Open-Meteo daily answer for `locations` points: `days` days from `first`, a null every 11th day.
QByteArray answer(int locations, const QDate &first, int days)
{
    QJsonArray all;
    for (int l = 0; l < locations; ++l) {
        QJsonArray time;
        QJsonArray values;
        for (int d = 0; d < days; ++d) {
            time.append(first.addDays(d).toString(Qt::ISODate));
            values.append(d % 11 == 10 ? QJsonValue() : QJsonValue(double((d * 7 + l) % 13) / 2.0));
        }
        all.append(QJsonObject {
            { u"latitude"_s, -21.5 + l },
            { u"longitude"_s, -45.5 },
            { u"elevation"_s, 905.0 },
            { u"timezone"_s, u"America/Sao_Paulo"_s },
            { u"daily_units"_s,
                QJsonObject { { u"time"_s, u"iso8601"_s }, { u"precipitation_sum"_s, u"mm"_s } } },
            { u"daily"_s, QJsonObject { { u"time"_s, time }, { u"precipitation_sum"_s, values } } },
            { u"location_id"_s, l },
        });
    }
    return QJsonDocument(all).toJson(QJsonDocument::Compact);
}

} // namespace

class BenchMarketCommodities : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseAndScore_data();
    void parseAndScore();
    void sameAnswers_data() { parseAndScore_data(); }
    void sameAnswers();

private:
    static CoffeeStressInputs inputs(int belts);
};

void BenchMarketCommodities::parseAndScore_data()
{
    QTest::addColumn<int>("belts");
    QTest::newRow("5-belts") << 5;
    QTest::newRow("12-belts") << 12;
}

CoffeeStressInputs BenchMarketCommodities::inputs(int belts)
{
    QString problem;
    QString setting;
    for (int i = 0; i < belts; ++i)
        setting += u"Belt %1:-20.5:-45.4,"_s.arg(i);
    CoffeeStressInputs in;
    in.belts = CoffeeBelts::parse(setting, problem);
    in.normals = *RainfallNormals::parse(CommoditiesSettings::normals().spec.defaultValue, problem);
    in.now = QDateTime(QDate(2026, 11, 29), QTime(15, 0), Qt::UTC);
    in.forecast.source = u"open-meteo"_s;
    in.archive.source = u"open-meteo-archive"_s;
    in.forecast.provenance = QJsonObject { { u"source"_s, u"open-meteo"_s } };
    in.archive.provenance = QJsonObject { { u"source"_s, u"open-meteo-archive"_s } };
    in.floorPrice = QJsonObject { { u"configured"_s, false } };
    in.forecast.series
        = OpenMeteoDaily::parse(in.forecast.source, 200, answer(belts, QDate(2026, 11, 24), 21), belts)
              .value();
    in.archive.series
        = OpenMeteoDaily::parse(in.archive.source, 200, answer(belts, QDate(2026, 10, 26), 30), belts)
              .value();
    return in;
}

void BenchMarketCommodities::parseAndScore()
{
    QFETCH(int, belts);
    CoffeeStressInputs in = inputs(belts);
    QCOMPARE(in.belts.size(), belts);
    const QByteArray forecastBody = answer(belts, QDate(2026, 11, 24), 21);
    const QByteArray archiveBody = answer(belts, QDate(2026, 10, 26), 30);

    Outcome out = ServiceError::internal(u"not run"_s);
    QBENCHMARK
    {
        auto forecast = OpenMeteoDaily::parse(in.forecast.source, 200, forecastBody, belts);
        auto archive = OpenMeteoDaily::parse(in.archive.source, 200, archiveBody, belts);
        in.forecast.series = forecast.value();
        in.archive.series = archive.value();
        out = CoffeeStressResult::compose(in);
    }
    QVERIFY(out.ok());
    QCOMPARE(out.value().data[u"belts"_s].toArray().size(), belts);
    QCOMPARE(out.value().data[u"belts"_s][0][u"days"_s].toInt(), 50); // 30 + 21, one day in both
    QVERIFY(out.value().data[u"aggregate"_s][u"score"_s].isDouble());
}

void BenchMarketCommodities::sameAnswers()
{
    QFETCH(int, belts);
    const CoffeeStressInputs in = inputs(belts);
    const QJsonObject kept = CoffeeStressResult::compose(in).value().data;
    const QJsonArray sources {
        QJsonObject { { u"source"_s, u"open-meteo-archive"_s }, { u"age_seconds"_s, 600 } },
        QJsonObject { { u"source"_s, u"open-meteo"_s }, { u"age_seconds"_s, 60 } },
    };
    const QDateTime later = in.now.addSecs(600);
    QJsonObject out;
    QBENCHMARK
    {
        out = CoffeeStressResult::withEvidence(kept, sources, later);
    }
    QCOMPARE(out[u"belts"_s][belts - 1][u"sources"_s][1][u"age_seconds"_s].toInt(), 60);
    QCOMPARE(out[u"computed_at"_s].toString(), u"2026-11-29T15:10:00.000Z"_s);
    QCOMPARE(out[u"belts"_s][0][u"score"_s], kept[u"belts"_s][0][u"score"_s]);
}

QTEST_APPLESS_MAIN(BenchMarketCommodities)
#include "BenchMarketCommodities.moc"
