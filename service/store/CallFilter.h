#pragma once

#include <QDateTime>
#include <QString>

namespace ades {

struct CallRecord;

// Which call log rows the console's live calls page asks for (CallLog::findCalls). Every member left at its
// default matches every row; set members must all match.
struct CallFilter
{
    QString channel; // exact ("x402", "key", "free", "mcp")
    QString operationId; // exact ("eu.iban.check")
    // 0: any status; 1..5: that status class (4 matches 400-499); otherwise that exact status.
    int status = 0;
    QString principal; // a part of the key prefix or payer address, case-insensitive
    QDateTime from; // inclusive; invalid: no lower bound
    QDateTime to; // exclusive; invalid: no upper bound
    int limit = 2000; // the newest `limit` matching rows

    // Whether `record` passes every set member (not `limit`): the rule CallLog::findCalls states in SQL, for
    // records the store may not have written yet (the console keeps calls that arrived while it asked).
    bool matches(const CallRecord &record) const;

    bool operator==(const CallFilter &) const = default;
};

} // namespace ades
