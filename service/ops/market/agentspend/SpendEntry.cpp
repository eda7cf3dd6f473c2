#include "SpendEntry.h"

using namespace Qt::StringLiterals;

namespace ades::market {

SpendEntry::Direction SpendEntry::directionOf(const TransferLog &log, const QString &wallet)
{
    if (log.from == wallet && log.to == wallet)
        return Direction::Self;
    return log.from == wallet ? Direction::Out : Direction::In;
}

QString SpendEntry::directionName(Direction direction)
{
    switch (direction) {
    case Direction::Out:
        return u"out"_s;
    case Direction::In:
        return u"in"_s;
    case Direction::Self:
        break;
    }
    return u"self"_s;
}

} // namespace ades::market
