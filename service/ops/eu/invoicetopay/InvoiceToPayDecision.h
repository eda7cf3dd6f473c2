#pragma once

#include "PayCheck.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::eu {

// The decision table of docs/invoice-to-pay.md: DO_NOT_PAY when any check says so (an IBAN that is not the
// trusted one, a sanctions match); else HOLD_FOR_REVIEW when any check holds or could not run (missing
// evidence is never approval, docs/interface.md §1 rule 2); else READY_FOR_BUYER_APPROVAL. Not delivered at
// all (an uncharged 503) when none of the live checks could run. Pure and thread-safe.
class InvoiceToPayDecision
{
public:
    enum class Value
    {
        Ready,
        Hold,
        DoNotPay,
    };

    static InvoiceToPayDecision decide(const QList<PayCheck> &checks);

    bool delivered() const { return m_delivered; }
    Value value() const { return m_value; }
    static QString valueName(Value value); // "READY_FOR_BUYER_APPROVAL", "HOLD_FOR_REVIEW", "DO_NOT_PAY"
    const QStringList &missingChecks() const { return m_missingChecks; }
    // Source ids of the missing checks (for the 503 `missing`).
    const QStringList &missingSources() const { return m_missingSources; }
    // What to do, most urgent first: one line per check that did not pass, then the approval step.
    const QStringList &nextActions() const { return m_nextActions; }
    // {"required", "ran", "missing_checks", "not_requested", "complete"}.
    QJsonObject coverage() const { return m_coverage; }

private:
    bool m_delivered = false;
    Value m_value = Value::Hold;
    QStringList m_missingChecks;
    QStringList m_missingSources;
    QStringList m_nextActions;
    QJsonObject m_coverage;
};

} // namespace ades::eu
