#pragma once

#include <QJsonObject>
#include <QString>

namespace ades::us {

// One thing a part of the dossier found that keeps it from PROCEED_TO_CARRIER_QUOTE (docs/us-import.md,
// "Decision"): Stop decides DO_NOT_FORWARD, Review decides REVIEW_REQUIRED.
struct DecisionReason
{
    enum class Weight
    {
        Review,
        Stop,
    };

    Weight weight = Weight::Review;
    QString code; // "risk_answer_unknown", "forwarding_prohibited", ...
    QString part; // the dossier member it comes from: "tariff", "recalls", "regulatory_routing", ...
    QString message;
    QString action; // what to do about it, for next_actions

    QJsonObject toJson() const
    {
        return QJsonObject {
            { QStringLiteral("code"), code },
            { QStringLiteral("weight"),
                weight == Weight::Stop ? QStringLiteral("do_not_forward") : QStringLiteral("review") },
            { QStringLiteral("part"), part },
            { QStringLiteral("message"), message },
        };
    }
};

} // namespace ades::us
