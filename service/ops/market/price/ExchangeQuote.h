#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace ades::market {

// One exchange's last price for a coin, as the exchange sent it: the decimal string is kept verbatim for
// the evidence, the double only orders and compares quotes.
struct ExchangeQuote
{
    QString exchange; // source id: "binance"
    QString pair; // the exchange's own pair name: "BTCUSDT", "BTC-USD", "XXBTZUSD"
    QString quoteCurrency; // "USD" or "USDT": Binance quotes tether, the others dollars
    QString price; // decimal string as sent
    double value = 0;
    // The exchange's own time of the price where it sends one (Coinbase), else the fetch time.
    QDateTime quotedAt;
    bool exchangeTimestamp = false;
    QJsonObject source; // provenance of the fetch

    QJsonObject toJson(const QDateTime &now) const;
};

} // namespace ades::market
