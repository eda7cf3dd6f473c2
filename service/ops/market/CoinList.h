#pragma once

#include <QString>
#include <QStringList>

namespace ades::market {

// A comma-separated list of coin symbols in a setting (market/brief/coins, market/coin/archive_symbols).
namespace CoinList {
// Why `value` is not a list of at most `maxItems` symbols of 2 to 10 letters or digits, or empty.
QString problem(const QString &value, int maxItems);
// The symbols, trimmed and upper-case, at most `maxItems`.
QStringList parse(const QString &value, int maxItems);
} // namespace CoinList

} // namespace ades::market
