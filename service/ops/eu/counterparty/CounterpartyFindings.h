#pragma once

#include "CounterpartyDecision.h"
#include "catalog/Operation.h"
#include "core/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QStringList>
#include <optional>

namespace ades::eu {

struct GleifAnswer;
struct LeiAnalysis;

// Turns what each check answered into a CounterpartyFinding: its reasons, with their severity, and its
// evidence. One function per check; pure and thread-safe, so the decision table is tested without a
// network (tests/unit/TestCounterpartyDecision.cpp).
namespace CounterpartyFindings {

// Sanctions scores (0..1, the sanctions screening's scale): a hit at or above BlockScore blocks (the
// screening's default threshold, docs/sanctions.md); one within ReviewMargin below it asks for review.
inline constexpr double ReviewMargin = 0.10;
double blockScore();
double reviewScore();

CounterpartyFinding notRun(const QString &check, const QString &why);
// A check whose source failed (ServiceError of kind Unavailable).
CounterpartyFinding missing(const QString &check, const QStringList &sources, const ServiceError &error);

// `outcome` is what eu.vat.check (with VIES) answered; `givenName` the caller's name, or empty.
CounterpartyFinding vat(const Outcome &outcome, const QString &givenName);
// The eu.sanctions.screen arguments for `name`, whose outcome sanctions() reads: screened at reviewScore()
// on the EU, UN and UK lists, ten candidates at most. Empty when the name's NameMatch::key is too short to
// screen or already in `screenedKeys` (a name given twice is screened once); else the key is added there.
std::optional<QJsonObject> screeningArgs(const QString &name, QStringList &screenedKeys);
// One eu.sanctions.screen outcome per name screened (screened at reviewScore()).
CounterpartyFinding sanctions(const QList<QPair<QString, Outcome>> &screenings);
// What eu.iban.check answered; `checkedAt` is when.
CounterpartyFinding iban(const Outcome &outcome, const QDateTime &checkedAt);
// An LEI whose check digits failed: no GLEIF call was made.
CounterpartyFinding leiInvalid(const LeiAnalysis &analysis, const QDateTime &checkedAt);
// GLEIF's answer for an LEI the caller gave; name and country (may be empty) are compared with the record.
CounterpartyFinding leiLookup(const LeiAnalysis &analysis, const Result<GleifAnswer> &answer,
    const QString &givenName, const QString &country);
// GLEIF's answer to a name search (no LEI given).
CounterpartyFinding leiSearch(const QString &name, const QString &country, const Result<GleifAnswer> &answer);

} // namespace CounterpartyFindings

} // namespace ades::eu
