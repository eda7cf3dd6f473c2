#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

namespace ades::us {

// The ordinary duty component: customs value times an ad-valorem MFN rate, in integer cents (never a
// float), rounded half up to the cent. Pure.
namespace DutyComponent {

// `percent` as HtsRate writes it ("16.5", "0"): at most 3 integer and 4 fraction digits. std::nullopt when
// it is not such a number.
std::optional<qint64> cents(qint64 customsValueCents, const QString &percent);
// "1234.56"
QString usd(qint64 cents);

} // namespace DutyComponent

} // namespace ades::us
