#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ades::disclosure {

struct DisclosureFacts;

// Who a duty of Article 50 is addressed to (Art. 3(3) provider, Art. 3(4) deployer).
enum class Addressee
{
    Provider,
    Deployer,
};

// What a paragraph means for the declared facts.
enum class DutyStatus
{
    Applies, // triggered, no exception
    Limited, // triggered; an exception narrows it (para 4, evidently artistic or similar work)
    Exempt, // triggered, but an exception lifts it
    NotTriggered, // the facts that trigger it were not declared
    OutOfScope, // no Union nexus (Art. 2(1)): the Regulation does not reach this use
};

QString addresseeName(Addressee addressee);
QString statusName(DutyStatus status);

// An exception the paragraph provides, whether the facts claim it, and what it does then.
struct ExceptionConsidered
{
    QString id; // "law_enforcement", "obvious_ai", "artistic_work" ...
    QString provision; // "Art. 50(1), second sentence"
    bool claimed = false;
    bool effective = false; // claimed and its conditions met, so it changed the status
    QString effect; // what it does when it holds
};

struct Duty
{
    QString paragraph; // "50(1)", "50(4) first subparagraph"
    QString id; // "interaction_notice", "machine_readable_marking" ...
    QString title;
    Addressee addressee = Addressee::Provider;
    DutyStatus status = DutyStatus::NotTriggered;
    QStringList reasons;
    QList<ExceptionConsidered> exceptions;

    bool binds() const { return status == DutyStatus::Applies || status == DutyStatus::Limited; }
};

struct Assessment
{
    bool inScope = true;
    QString scopeBasis; // "Art. 2(1)(b)", "Art. 2(1)(c)", or empty when out of scope
    QString scopeReason;
    QList<Duty> duties; // paragraphs 1, 2, 3, 4 (deep fakes), 4 (public-interest text), in that order

    const Duty *duty(const QString &id) const;
    // A deployer or interaction notice is owed to the persons exposed (paras 1, 3, 4).
    bool noticeRequired() const;
    // Paragraph 2 binds: outputs must be marked machine-readably.
    bool markingRequired() const;
};

// The transparency duties of Article 50(1)-(4) of Regulation (EU) 2024/1689 for one piece of content and
// its declared circumstances, with the exceptions each paragraph provides and the territorial scope of
// Art. 2(1) and the personal-use exclusion of Art. 2(10). Pure and deterministic; docs/ai-disclosure.md holds
// the decision table the unit test checks. It is a reading of the text for the facts as declared, not a legal
// opinion, and it decides nothing about whether the content is AI-generated: that is declared.
class Article50
{
public:
    static Assessment assess(const DisclosureFacts &facts);
};

} // namespace ades::disclosure
