// Fuzz target: an Open-Meteo daily answer (/forecast or /archive) as market.commodities reads it, for one
// location and for two, with the statuses it treats differently (200, 400, 429); each parsed answer is then
// scored, so that no body can push a score outside 0..100. Input: the raw body.

#include "ops/market/commodities/OpenMeteoDaily.h"
#include "ops/market/commodities/RainfallNormals.h"
#include "ops/market/commodities/StressRule.h"

#include <cmath>
#include <cstdint>

using namespace Qt::StringLiterals;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::market;
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    QString problem;
    static const std::optional<RainfallNormals> normals
        = RainfallNormals::parse(u"*:260/190/170/70/50/20/15/20/60/120/200/270"_s, problem);
    const StressRule rule;
    for (const int status : { 200, 400, 429 }) {
        for (const int locations : { 1, 2 }) {
            const auto parsed = OpenMeteoDaily::parse(u"open-meteo"_s, status, body, locations);
            if (!parsed.ok()) {
                // Every failure form is the source unavailable, named, never an empty answer.
                if (parsed.error().missing() != QStringList { u"open-meteo"_s }
                    || parsed.error().httpStatus() != 503)
                    __builtin_trap();
                continue;
            }
            if (status != 200 || parsed.value().size() != locations)
                __builtin_trap();
            for (const DailySeries &series : parsed.value()) {
                if (series.days.size() > OpenMeteoDaily::MaxDays)
                    __builtin_trap();
                for (qsizetype i = 0; i < series.days.size(); ++i) {
                    const DailyValue &day = series.days.at(i);
                    if (!day.date.isValid() || (i > 0 && day.date <= series.days.at(i - 1).date))
                        __builtin_trap();
                    if (day.value
                        && (!std::isfinite(*day.value) || *day.value < 0
                            || *day.value > OpenMeteoDaily::MaxDailyMm))
                        __builtin_trap();
                }
                const BeltStress stress = rule.score(series.days, series.days, *normals->forBelt(u"any"_s));
                if (stress.days != series.days.size() || stress.missing != series.missingDays())
                    __builtin_trap();
                if (stress.score && (*stress.score < 0 || *stress.score > 100))
                    __builtin_trap();
                (void)stress.toJson();
            }
        }
    }
    return 0;
}
