#pragma once

#include <QString>
#include <QStringView>
#include <QtGlobal>
#include <iterator>
#include <optional>

namespace ades::market {

// USDC amounts turned into euro at an ECB reference rate, in exact integer arithmetic: the ECB rate is
// units of USD per 1 EUR as decimal text, USDC is taken as USD at par, and the euro amount is rounded to
// the cent, half away from zero, once per payment (totals add the rounded cents, as a ledger does).
namespace EurAmount {

// Cents of `usdcAtomic` (6 decimals) at `usdPerEur` ("1.0953"); nullopt for a rate that is not a
// positive decimal of at most 9 places or an amount whose product would not fit.
std::optional<qint64> centsOf(qint64 usdcAtomic, const QString &usdPerEur);
// A decimal amount written into the object itself: a statement writes two or three per transfer, and
// this way without an allocation each.
class Decimal
{
public:
    QStringView view() const { return QStringView(m_units + m_first, std::size(m_units) - m_first); }
    QString toString() const { return view().toString(); }

private:
    friend Decimal format(qint64 cents);
    friend Decimal usdc(qint64 atomic);
    char16_t m_units[24];
    qsizetype m_first = std::size(m_units);
};

// "12.34", "-0.05", "0.00".
Decimal format(qint64 cents);
// "1.5", "0.000001": USDC atomic units as the shortest exact decimal.
Decimal usdc(qint64 atomic);

} // namespace EurAmount

} // namespace ades::market
