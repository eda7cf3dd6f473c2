#include "ImportDecision.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::us {

ImportDecision ImportDecision::decide(const QList<DecisionReason> &reasons, const QStringList &missingChecks)
{
    ImportDecision d;
    d.m_reasons = reasons;
    d.m_missingChecks = missingChecks;
    // Stop reasons first: they decide and lead next_actions.
    std::stable_sort(
        d.m_reasons.begin(), d.m_reasons.end(), [](const DecisionReason &a, const DecisionReason &b) {
            return a.weight == DecisionReason::Weight::Stop && b.weight != DecisionReason::Weight::Stop;
        });
    bool stop = false;
    for (const DecisionReason &r : std::as_const(d.m_reasons))
        stop = stop || r.weight == DecisionReason::Weight::Stop;
    if (stop)
        d.m_value = Value::DoNotForward;
    else if (!d.m_reasons.isEmpty() || !missingChecks.isEmpty())
        d.m_value = Value::Review;
    else
        d.m_value = Value::Proceed;
    return d;
}

QString ImportDecision::valueName(Value value)
{
    switch (value) {
    case Value::Proceed:
        return u"PROCEED_TO_CARRIER_QUOTE"_s;
    case Value::DoNotForward:
        return u"DO_NOT_FORWARD"_s;
    case Value::Review:
        break;
    }
    return u"REVIEW_REQUIRED"_s;
}

QJsonObject ImportDecision::toJson() const
{
    QJsonArray reasons;
    for (const DecisionReason &r : m_reasons)
        reasons.append(r.toJson());
    QString summary;
    switch (m_value) {
    case Value::Proceed:
        summary = u"Nothing found that stops or needs review: ask carriers for a quote. This is not customs "
                  "clearance or carrier acceptance."_s;
        break;
    case Value::Review:
        summary = u"Resolve the reasons (and any missing check) before buying or forwarding."_s;
        break;
    case Value::DoNotForward:
        summary = u"Do not buy this for forwarding to the United States."_s;
        break;
    }
    return QJsonObject {
        { u"value"_s, valueName(m_value) },
        { u"reasons"_s, reasons },
        { u"missing_checks"_s, QJsonArray::fromStringList(m_missingChecks) },
        { u"summary"_s, summary },
    };
}

QStringList ImportDecision::nextActions() const
{
    QStringList actions;
    for (const DecisionReason &r : m_reasons) {
        if (!r.action.isEmpty() && !actions.contains(r.action))
            actions.append(r.action);
    }
    if (m_value == Value::Proceed)
        actions.append(
            u"Ask carriers for a quote with the HTS code, country of origin, customs value and the "
            "product facts of this dossier; keep its receipt with the order."_s);
    else if (m_value == Value::Review)
        actions.append(
            u"Do not pay for the goods before the points above are resolved; then run the free check "
            "and the dossier again."_s);
    return actions;
}

} // namespace ades::us
