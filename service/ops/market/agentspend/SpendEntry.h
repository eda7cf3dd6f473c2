#pragma once

#include "EcbRates.h"
#include "TransferLog.h"

#include <QDateTime>
#include <optional>

namespace ades::market {

// One token transfer of the wallet as the statement shows it: the log, the time of its block, and its
// euro value at the ECB rate of its UTC day (absent when the ECB has no rate on or before that day).
struct SpendEntry
{
    enum class Direction
    {
        Out, // a payment: the wallet is the sender
        In, // received: the wallet is the recipient
        Self, // sender and recipient: neither paid nor received, kept out of every total
    };

    TransferLog log;
    QDateTime time; // UTC
    Direction direction = Direction::Out;
    std::optional<EcbRates::Rate> rate;
    std::optional<qint64> eurCents;

    const QString &counterparty() const { return direction == Direction::In ? log.from : log.to; }
    QDate day() const { return time.date(); }
    static Direction directionOf(const TransferLog &log, const QString &wallet);
    static QString directionName(Direction direction); // "out", "in", "self"
};

} // namespace ades::market
