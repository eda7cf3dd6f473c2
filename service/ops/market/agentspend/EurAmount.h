#pragma once

#include <QString>
#include <QtGlobal>
#include <optional>

namespace ades::market {

// USDC amounts turned into euro at an ECB reference rate, in exact integer arithmetic: the ECB rate is
// units of USD per 1 EUR as decimal text, USDC is taken as USD at par, and the euro amount is rounded to
// the cent, half away from zero, once per payment (totals add the rounded cents, as a ledger does).
namespace EurAmount {

// Cents of `usdcAtomic` (6 decimals) at `usdPerEur` ("1.0953"); nullopt for a rate that is not a
// positive decimal of at most 9 places or an amount whose product would not fit.
std::optional<qint64> centsOf(qint64 usdcAtomic, const QString &usdPerEur);
// "12.34", "-0.05", "0.00".
QString format(qint64 cents);
// "1.5", "0.000001": USDC atomic units as the shortest exact decimal.
QString usdc(qint64 atomic);

} // namespace EurAmount

} // namespace ades::market
