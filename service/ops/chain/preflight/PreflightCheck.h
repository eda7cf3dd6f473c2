#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace ades {
class CanonicalWriter;
}

namespace ades::chain {

// One of the preflight's six checks and how it came out.
struct PreflightCheck
{
    enum class Status
    {
        Pass,
        Warn, // needs a person's look: review
        Fail, // the transaction would fail or must not be sent: block
        Unknown, // could not run: never proceed (SPEC.md §1 rule 2)
        NotApplicable, // nothing to check (no token given)
    };

    QString name; // "gas_vs_balance"
    Status status = Status::Unknown;
    QString summary; // one English sentence
    QByteArray evidence; // one object as canonical JSON text; empty: {}

    static QString statusName(Status status);
    // {evidence, name, status, summary} as the next value of `out`.
    void write(CanonicalWriter &out) const;
};

// proceed / review / block from the checks: any failure blocks; any warning or unknown asks for review;
// only passes (and checks that do not apply) proceed. A check that could not run can never lead to proceed.
struct PreflightDecision
{
    enum class Verdict
    {
        Proceed,
        Review,
        Block,
    };

    Verdict verdict = Verdict::Review;
    QList<QString> reasons;

    static PreflightDecision decide(const QList<PreflightCheck> &checks);
    static QString verdictName(Verdict verdict);
};

} // namespace ades::chain
