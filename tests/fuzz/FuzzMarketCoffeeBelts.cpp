// Fuzz target: the operator settings market/commodities/belts and market/commodities/normals as their
// parsers read them (the console checks an edit with the same rule). Input: the setting's text, UTF-8.

#include "ops/market/commodities/CoffeeBelts.h"
#include "ops/market/commodities/RainfallNormals.h"

#include <QDate>
#include <QSet>
#include <cmath>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace ades::market;
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));

    QString problem;
    const QList<CoffeeBelt> belts = CoffeeBelts::parse(text, problem);
    // Either belts and no problem, or a problem and no belts.
    if (problem.isEmpty() == belts.isEmpty())
        __builtin_trap();
    if (belts.size() > CoffeeBelts::MaxBelts)
        __builtin_trap();
    QSet<QString> names;
    for (const CoffeeBelt &b : belts) {
        if (b.name.isEmpty() || b.name.size() > CoffeeBelts::MaxNameLength || b.name.contains(u':')
            || b.name.contains(u','))
            __builtin_trap();
        if (!std::isfinite(b.latitude) || std::abs(b.latitude) > 90 || !std::isfinite(b.longitude)
            || std::abs(b.longitude) > 180 || !(b.weight > 0 && b.weight <= 100))
            __builtin_trap();
        if (names.contains(b.name.toCaseFolded()))
            __builtin_trap();
        names.insert(b.name.toCaseFolded());
    }

    const std::optional<RainfallNormals> normals = RainfallNormals::parse(text, problem);
    if (normals.has_value() != problem.isEmpty())
        __builtin_trap();
    if (normals) {
        for (const CoffeeBelt &b : belts) {
            const RainfallNormal *normal = normals->forBelt(b.name);
            if (!normal)
                continue;
            for (int month = 1; month <= 12; ++month) {
                const double mm = normal->forDay(QDate(2026, month, 15));
                if (!std::isfinite(mm) || mm < 0)
                    __builtin_trap();
            }
        }
    }
    return 0;
}
