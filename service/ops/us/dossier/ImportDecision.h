#pragma once

#include "DecisionReason.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>

namespace ades::us {

// The decision table of docs/us-import.md, "Decision": DO_NOT_FORWARD when any reason stops forwarding;
// else REVIEW_REQUIRED when any reason asks for review or any check is missing (missing evidence and unknown
// answers are never approval, docs/interface.md §1 rule 2); else PROCEED_TO_CARRIER_QUOTE. Pure.
class ImportDecision
{
public:
    enum class Value
    {
        Proceed,
        Review,
        DoNotForward,
    };

    // `missingChecks`: the dossier parts whose source could not be read ("tariff", "recalls").
    static ImportDecision decide(const QList<DecisionReason> &reasons, const QStringList &missingChecks);

    Value value() const { return m_value; }
    static QString valueName(Value value); // "PROCEED_TO_CARRIER_QUOTE", "REVIEW_REQUIRED", "DO_NOT_FORWARD"
    // {"value", "reasons", "missing_checks", "summary"}
    QJsonObject toJson() const;
    // Stop reasons first, then review reasons, then the step after the decision.
    QStringList nextActions() const;

private:
    Value m_value = Value::Review;
    QList<DecisionReason> m_reasons;
    QStringList m_missingChecks;
};

} // namespace ades::us
