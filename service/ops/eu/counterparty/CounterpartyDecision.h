#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ades::eu {

// How much one finding weighs in the traffic light.
enum class Severity
{
    Info, // says what was found; does not lower the verdict
    Review, // a person should look before paying or delivering
    Blocked, // do not proceed
};

// One reason of the verdict: which check found what ("sanctions", "sanctions_match").
struct CounterpartyReason
{
    QString check; // "vat", "sanctions", "iban", "lei"
    QString code; // stable, snake_case: "vat_not_registered"
    Severity severity = Severity::Info;
    QString message; // English, for a person

    QJsonObject toJson() const;
    static QString severityName(Severity severity); // "info", "review", "blocked"
};

// What one check contributed. A check not run (its input not given) or missing (its source down) has no
// reasons of its own: the decision adds them.
struct CounterpartyFinding
{
    enum class State
    {
        NotRun, // its input was not given
        Ran,
        Missing, // its source was down, timed out or sent an unusable answer
    };

    QString check;
    State state = State::NotRun;
    QList<CounterpartyReason> reasons;
    // The check's evidence for the result: source, checked_at and what it found.
    QJsonObject detail;
    // Upstream source ids the check needed ("vies", "gleif", "sanctions_lists"): named in `missing`.
    QStringList sources;
    // Why the source is missing (the ServiceError message), for Missing only.
    QString missingReason;

    Severity worst() const;
    // "ok", "review", "blocked", "missing", "not_run"
    QString status() const;
};

// The traffic light of docs/counterparty.md, "Decision table": blocked if any finding blocks; else review if
// any finding asks for review or any check that was asked for is missing; else review when sanctions
// screening did not run (no name was given or disclosed); else clear. Missing evidence never counts as
// approval (docs/interface.md §1 rule 2). Pure and thread-safe.
class CounterpartyDecision
{
public:
    enum class Verdict
    {
        Clear,
        Review,
        Blocked,
    };

    static CounterpartyDecision decide(const QList<CounterpartyFinding> &findings);

    // False when no check that was asked for could run: every source needed was down (the call is then an
    // uncharged 503, not a decision).
    bool delivered() const { return m_delivered; }
    Verdict verdict() const { return m_verdict; }
    static QString verdictName(Verdict verdict); // "clear", "review", "blocked"
    // Blocking reasons first, then review, then info; in check order within a severity.
    const QList<CounterpartyReason> &reasons() const { return m_reasons; }
    QString recommendation() const { return m_recommendation; }
    const QStringList &nextActions() const { return m_nextActions; }
    const QStringList &missingChecks() const { return m_missingChecks; }
    const QStringList &notRun() const { return m_notRun; }
    // Source ids of the missing checks, for the 503 `missing` member.
    const QStringList &missingSources() const { return m_missingSources; }

private:
    bool m_delivered = false;
    Verdict m_verdict = Verdict::Review;
    QList<CounterpartyReason> m_reasons;
    QString m_recommendation;
    QStringList m_nextActions;
    QStringList m_missingChecks;
    QStringList m_notRun;
    QStringList m_missingSources;
};

} // namespace ades::eu
